"""The Star Wars module's rules as the engine plays them, and perft counts.

Perft: the number of action sequences of a given length from a fixed position
(every legal action, picks and unpicks included). A change in the rules or
the data changes these numbers; if the change was meant, update them and say
why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires.engine import apply, legal_actions, prompt, setup
from warp_empires.engine.battle import totals
from warp_empires.module import load_module

from .builder import blank, card, give, put, stack, tid

SW = Path(__file__).parents[2] / "modules" / "star_wars"


@pytest.fixture(scope="module")
def sw():
    return load_module(SW)


def perft(s, depth: int) -> int:
    if depth == 0 or s.winner >= 0:
        return 1
    n = 0
    for a in legal_actions(s):
        c = s.clone(log=False)
        apply(c, prompt(c).side, a)
        n += perft(c, depth - 1)
    return n


def test_perft_from_the_opening(sw):
    s = setup(sw, 1)
    # arranging is one entry of the Move list now, not one per unit (RULINGS H2)
    assert [perft(s, d) for d in (1, 2, 3)] == [6, 30, 92]


def test_perft_from_the_rebels_first_move_phase(sw):
    s = setup(sw, 1)
    apply(s, 0, ("start", tid(s, "hoth")))
    assert prompt(s).kind == "move"
    assert [perft(s, d) for d in (1, 2, 3)] == [5, 15, 64]


def test_perft_from_a_battle(sw):
    s = blank(sw)
    put(s, 0, "corellia", "luke_skywalker", "x_wing_squad", "corellian_corvette")
    put(s, 1, "corellia", "darth_vader", "imperial_star_destroyer", "tie_fighter_squad")
    give(s, 0, "use_the_force", "weak_spot", "laser_cannons")
    give(s, 1, "ion_cannons", "turbolasers", "surprise_attack")
    apply(s, 0, ("end",))
    assert prompt(s).kind == "battle_card"
    assert [perft(s, d) for d in (1, 2, 3, 4)] == PERFT_BATTLE


# depth 1: Use the Force, Weak Spot, Laser Cannons, or pass
PERFT_BATTLE = [4, 7, 23, 49]


def test_s2_s3_star_wars_setup(sw):
    # RULINGS S2, S3
    s = setup(sw, 9)
    cor = tid(s, "coruscant")
    assert s.control[cor] == 1
    names = stack(s, 1, "coruscant")
    assert names[:2] == ["emperor_palpatine", "darth_vader"] and len(names) == 7
    starts = {a[1] for a in legal_actions(s) if a[0] == "start"}
    edge = {t.index for t in sw.map.territories if t.edge and t.revenue > 0}
    assert starts == edge and prompt(s).side == 0
    apply(s, 0, ("start", min(starts)))
    rebels = stack(s, 0, sw.map.territories[min(starts)].id)
    assert rebels[:2] == ["luke_skywalker", "princess_leia"] and len(rebels) == 6
    assert s.control[min(starts)] == 0


def test_b5_star_wars_majorities_and_leader_bonus(sw):
    # RULINGS B5: two bombarding capitals against one: +2; one point defense each: none
    s = blank(sw)
    put(s, 0, "corellia", "luke_skywalker", "assault_frigate", "dauntless_cruiser",
        "x_wing_squad")
    put(s, 1, "corellia", "victory_ii_star_destroyer", "tie_fighter_squad")
    apply(s, 0, ("end",))
    t = totals(s)
    assert t[0]["majority"] == 2 and t[1]["majority"] == 0
    assert t[0]["leader"] == 5
    assert t[0]["units"] == 5 + 5 + 8 + 2


@pytest.mark.parametrize("cid,unit,expect", [
    ("turbolasers", "imperial_star_destroyer", 1),
    ("stand_off", "imperial_star_destroyer", 2),
    ("strafing_run", "tie_bomber_squad", 2),
    ("surprise_attack", "imperial_star_destroyer", 5),
])
def test_b4_star_wars_bonus_cards(sw, cid, unit, expect):
    # RULINGS B4
    s = blank(sw)
    put(s, 1, "kessel", unit)
    put(s, 0, "kessel", "corellian_frigate")
    give(s, 1, cid)
    s.active = 1
    apply(s, 1, ("end",))
    apply(s, 1, ("play", card(s, cid)))
    assert totals(s)[1]["cards"] == expect


def test_b4_use_the_force_and_weak_spot_on_the_death_star(sw):
    s = blank(sw)
    luke, = put(s, 0, "endor", "luke_skywalker")
    ds, = put(s, 1, "endor", "death_star")
    give(s, 0, "use_the_force", "weak_spot")
    apply(s, 0, ("end",))
    apply(s, 0, ("play", card(s, "weak_spot")))
    apply(s, 0, ("target", ds))
    assert ds in s.piles[1] and s.battle is None  # RULINGS B4: the Death Star too
    assert s.stacks[0][tid(s, "endor")] == (luke,)


def test_k2_star_wars_control_needs_bombard_transport_or_diplomacy(sw):
    # RULINGS K2
    from .builder import advance

    s = blank(sw)
    put(s, 0, "kessel", "x_wing_squad")  # point defense only
    put(s, 0, "sullust", "princess_leia")  # diplomacy
    put(s, 0, "tatooine", "bulk_transport")  # transport
    put(s, 1, "endor", "tie_fighter_squad")
    advance(s, "upkeep_over")
    assert s.control[tid(s, "kessel")] == -1
    assert s.control[tid(s, "sullust")] == 0
    assert s.control[tid(s, "tatooine")] == 0


def test_w1_star_wars_rebel_victory(sw):
    # RULINGS W1
    from warp_empires.engine.victory import check

    s = blank(sw)
    put(s, 0, "coruscant", "x_wing_squad")
    put(s, 1, "hoth", "tie_fighter_squad")
    s.control[tid(s, "coruscant")] = 0
    for uid in ("emperor_palpatine", "darth_vader"):
        chit = next(c for c in s.piles[1] if s.unit(c).id == uid)
        s.piles[1].remove(chit)
        s.captives[0].append(chit)
        if uid == "emperor_palpatine":
            assert not check(s.clone())
    assert check(s) and s.winner == 0


def test_w2_star_wars_empire_victory(sw):
    # RULINGS W2
    from warp_empires.engine.victory import check

    s = blank(sw)
    put(s, 0, "hoth", "x_wing_squad")
    put(s, 1, "coruscant", "tie_fighter_squad")
    luke = next(c for c in s.piles[0] if s.unit(c).id == "luke_skywalker")
    s.piles[0].remove(luke)
    s.captives[1].append(luke)
    assert check(s) and s.winner == 1

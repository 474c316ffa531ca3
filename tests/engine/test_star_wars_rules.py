"""The Star Wars module's rules as the engine plays them, and perft counts:
RULINGS S2, S3 (setup), M6, D1, M8 (its one-sided and non-battle cards: Probe
Droid, Imperial Agents, Bothan Spies, Sabotage), B4, B5, B8 (its battle cards,
bonuses and the winner's losses), K2 (control traits), W1 and W2 (its
victories). The same rules on the tiny test theme are in test_turn.py,
test_battle.py and test_economy.py.

Perft: the number of action sequences of a given length from a fixed position
(every legal action, picks and unpicks included). A change in the rules or
the data changes these numbers; if the change was meant, update them and say
why in the commit.
"""

from __future__ import annotations

import pytest

from warp_empires.engine import apply, legal_actions, prompt, setup, view
from warp_empires.engine.battle import totals
from warp_empires.engine.victory import check

from .builder import (
    advance,
    blank,
    card,
    give,
    lose,
    pass_both,
    pick_all,
    picks,
    put,
    stack,
    star_wars,
    tid,
)


@pytest.fixture(scope="module")
def sw():
    return star_wars()


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


def test_m6_d1_a_card_of_the_other_side_can_only_be_discarded(sw):
    s = blank(sw)
    put(s, 0, "hoth", "luke_skywalker")
    put(s, 1, "coruscant", "darth_vader")
    s.control[tid(s, "hoth")] = 0
    give(s, 0, "probe_droid", "imperial_agents", "bothan_spies")
    assert ("play", card(s, "probe_droid")) not in legal_actions(s)
    assert ("play", card(s, "imperial_agents")) not in legal_actions(s)
    assert ("play", card(s, "bothan_spies")) in legal_actions(s)
    advance(s, "new_turn")  # the Rebels' Draw phase: discard first (RULINGS D1)
    assert prompt(s).kind == "predraw_discard" and prompt(s).side == 0
    assert card(s, "probe_droid") in picks(s)
    pick_all(s, 0, [card(s, "probe_droid")])
    apply(s, 0, ("draw",))
    assert card(s, "probe_droid") in s.discard


def test_m8_spy_needs_a_target_probe_droid_without_a_rebel_stack(sw):
    s = blank(sw)
    put(s, 1, "coruscant", "darth_vader")
    s.active = 1
    give(s, 1, "probe_droid", "imperial_agents")
    acts = legal_actions(s)
    assert ("play", card(s, "probe_droid")) not in acts
    assert ("play", card(s, "imperial_agents")) in acts


def test_m8_sabotage_destroys_one_fortification_of_the_named_stack_at_random(sw):
    # RULINGS M8: the card names an enemy stack, any of them; one of its
    # fortifications, drawn at random, is destroyed; no second choice, and no
    # list of what the stack holds (H9). Both sides learn the outcome.
    s = blank(sw)
    put(s, 0, "hoth", "luke_skywalker")
    forts = put(s, 1, "coruscant", "darth_vader", "imperial_base", "ion_cannon",
                "shield_generator", "ion_cannon")[1:]
    put(s, 1, "endor", "tie_fighter_squad")  # no fortification, still a stack to name
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    assert prompt(s).kind == "card_target"
    assert legal_actions(s) == [("target", tid(s, x)) for x in sorted(
        ("coruscant", "endor"), key=lambda x: tid(s, x))]
    apply(s, 0, ("target", tid(s, "coruscant")))
    assert prompt(s).kind == "move"  # no second step
    gone = [c for c in forts if c in s.piles[1]]
    assert len(gone) == 1
    assert stack(s, 1, "coruscant")[0] == "darth_vader" and len(stack(s, 1, "coruscant")) == 4
    name = s.unit(gone[0]).name
    for side in (0, 1):
        assert any(name in e["text"] and "destroyed" in e["text"] for e in view(s, side).log)


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


def test_b8_winner_picks_only_among_units_worth_something_and_pays_at_least_half(sw):
    # RULINGS B8 on Star Wars: the loser lost Force 5 (Ion Cannon fortification
    # destroyed outright), the winner owes 3 and chooses.
    s = blank(sw)
    put(s, 0, "kessel", "corellian_corvette", "x_wing_squad", "y_wing_squad")
    put(s, 1, "kessel", "ion_cannon")
    apply(s, 0, ("end",))
    pass_both(s)
    assert s.battle.lost_force == 5 and prompt(s).owed == 3
    choices = {s.unit(c).id for c in picks(s)}
    assert choices == {"corellian_corvette", "x_wing_squad", "y_wing_squad"}
    x = next(c for c in s.stacks[0][tid(s, "kessel")] if s.unit(c).id == "x_wing_squad")
    pick_all(s, 0, [x])
    assert prompt(s).owed == 1 and prompt(s).side == 0 and ("confirm",) not in legal_actions(s)
    y = next(c for c in s.stacks[0][tid(s, "kessel")] if s.unit(c).id == "y_wing_squad")
    lose(s, 0, y)
    assert s.battle is None and stack(s, 0, "kessel") == ["corellian_corvette"]


def test_k2_star_wars_control_needs_bombard_transport_or_diplomacy(sw):
    # RULINGS K2
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
    s = blank(sw)
    put(s, 0, "hoth", "x_wing_squad")
    put(s, 1, "coruscant", "tie_fighter_squad")
    luke = next(c for c in s.piles[0] if s.unit(c).id == "luke_skywalker")
    s.piles[0].remove(luke)
    s.captives[1].append(luke)
    assert check(s) and s.winner == 1

"""Traits and classes with rule effects (docs/rules.md G11-G14), by ruling,
on the punic test theme: Hannibal's trait moves his group one space more,
Scipio's gives +2 against elephants, elephants make forts count 0, and a
group moves only with a general, cavalry, a fleet or elephants."""

from __future__ import annotations

from pathlib import Path

from tests.engine.builder import blank, put, tid
from warp_empires.engine import apply, legal_actions
from warp_empires.engine.api import STEPS
from warp_empires.engine.board import reachable
from warp_empires.engine.passage import chits_passage, group_speed
from warp_empires.engine.pending import Battle, Moving
from warp_empires.engine.strength import battle_totals
from warp_empires.module import load_module

PUNIC = load_module(Path(__file__).parents[1] / "themes" / "punic")


def _types(*ids: tuple[int, str]) -> list[int]:
    return [PUNIC.unit_by_id(side, uid).index for side, uid in ids]


def _moving(s, groups: int = 1) -> None:
    """The side plays a move card: its groups' starts are asked next."""
    s.pend, s.step = Moving(PUNIC.card_by_id("march").index, groups, []), "move_from"


# G11: movement


def test_g11_a_group_with_the_marcher_moves_one_space_more():
    mercs = _types((1, "mercenaries"))
    assert group_speed(PUNIC, mercs + _types((1, "numidians"))) == 2  # medium, as before
    assert group_speed(PUNIC, mercs + _types((1, "hannibal"))) == 3
    assert group_speed(PUNIC, _types((1, "hannibal"))) == 3


def test_g11_the_legal_list_reaches_as_far_as_the_bonus_takes_it():
    s = blank(PUNIC)
    s.active = 1
    chits = put(s, 1, "africa", "hannibal", "mercenaries")
    _moving(s)
    apply(s, 1, ("from", tid(s, "africa")))
    for c in chits:
        apply(s, 1, ("pick", s.pend.group.items.index(c)))
    got = sorted(a[1] for a in legal_actions(s) if a[0] == "to")
    passage = chits_passage(s, chits)
    assert got == reachable(s, 1, tid(s, "africa"), 3, passage)
    assert set(got) > set(reachable(s, 1, tid(s, "africa"), 2, passage))


# G12: a battle bonus against a kind of unit


def _totals(rome: list[str], carthage: list[str], zeroed=()) -> list[dict]:
    stacks = [[(i, PUNIC.unit_by_id(0, u).index) for i, u in enumerate(rome)],
              [(100 + i, PUNIC.unit_by_id(1, u).index) for i, u in enumerate(carthage)]]
    return battle_totals(PUNIC, stacks, set(zeroed), [])


def test_g12_scipio_gains_against_elephants_only():
    with_elephants = _totals(["scipio", "legion"], ["elephants"])
    without = _totals(["scipio", "legion"], ["mercenaries"])
    assert with_elephants[0]["powers"] == 2 and "powers" not in without[0]
    assert with_elephants[0]["total"] == without[0]["total"] + 2


def test_g12_a_zeroed_unit_adds_no_power():
    # R B5's zeroed unit gains nothing, from cards or from its traits
    assert "powers" not in _totals(["scipio"], ["elephants"], zeroed=[0])[0]


# G13: ignoring fortifications


def test_g13_elephants_make_the_enemy_forts_count_nothing():
    against_elephants = _totals(["legion", "castra"], ["elephants"])
    against_mercenaries = _totals(["legion", "castra"], ["mercenaries"])
    castra = PUNIC.unit_by_id(0, "castra").force
    assert against_elephants[0]["units"] == against_mercenaries[0]["units"] - castra
    # the elephants' own side is counted as usual
    assert against_elephants[1]["units"] == PUNIC.unit_by_id(1, "elephants").force


def test_g13_the_battle_uses_the_same_totals():
    s = blank(PUNIC)
    put(s, 0, "sicily", "legion", "castra")
    put(s, 1, "sicily", "elephants")
    s.battle = Battle(tid(s, "sicily"), 1, 1)
    from warp_empires.engine.battle import totals

    assert totals(s)[0]["units"] == PUNIC.unit_by_id(0, "legion").force


# G14: what a group needs to move


def test_g14_a_stack_without_a_leading_unit_is_not_a_start():
    s = blank(PUNIC)
    put(s, 0, "latium", "legion", "legion")
    put(s, 0, "campania", "legion", "equites")
    _moving(s)
    starts = [a[1] for a in legal_actions(s) if a[0] == "from"]
    assert starts == [tid(s, "campania")]
    assert not STEPS["move_from"].check(s, ("from", tid(s, "latium")))
    assert STEPS["move_from"].check(s, ("from", tid(s, "campania")))


def test_g14_a_group_without_one_has_no_destination_until_one_joins():
    s = blank(PUNIC)
    legion, equites = put(s, 0, "campania", "legion", "equites")
    _moving(s)
    apply(s, 0, ("from", tid(s, "campania")))
    apply(s, 0, ("pick", s.pend.group.items.index(legion)))
    assert not any(a[0] == "to" for a in legal_actions(s))
    far = next(iter(PUNIC.map.territories[tid(s, "campania")].neighbours))
    assert not STEPS["move_units"].check(s, ("to", far))
    apply(s, 0, ("pick", s.pend.group.items.index(equites)))
    assert any(a[0] == "to" for a in legal_actions(s))


def test_g14_the_fast_check_agrees_with_the_legal_list():
    # move_check beside move_legal, in games where most stacks cannot lead
    from tests.engine.test_fuzz import checks_agree

    compared, seen = checks_agree(PUNIC, range(900, 902), 12, sample_seed=2)
    assert compared > 1000 and {"move_from", "move_units"} <= seen


# G15: blockade


def _revenue(s, side: int) -> int:
    from warp_empires.engine.economy import collect_revenue

    s.active, s.banks = side, [0, 0]
    collect_revenue(s)
    return s.banks[side]


def test_g15_an_enemy_fleet_next_to_a_port_halves_its_revenue():
    s = blank(PUNIC)
    africa = tid(s, "africa")
    s.control[africa] = 1
    full = PUNIC.map.territories[africa].revenue
    assert _revenue(s, 1) == full
    sea = next(n for n in PUNIC.map.territories[africa].neighbours
               if PUNIC.map.territories[n].kind == "sea")
    put(s, 0, PUNIC.map.territories[sea].id, "legion", "quinqueremes")
    assert _revenue(s, 1) == full // 2
    assert "blockaded, so halved: Africa" in s.log[-1]["text"]


def test_g15_only_the_units_and_kinds_the_module_names_blockade():
    s = blank(PUNIC)
    latium, etruria = tid(s, "latium"), tid(s, "etruria")  # a port, a province
    s.control[latium] = s.control[etruria] = 0
    before = _revenue(s, 0)  # Latium 3, Etruria 1
    put(s, 1, "campania", "numidians")  # no fleet: no blockade of the port of Latium
    assert _revenue(s, 0) == before == 4
    put(s, 1, "tyrrhenian", "squadron")  # next to Latium, a port: 3 becomes 1
    assert _revenue(s, 0) == 2 and PUNIC.map.territories[etruria].kind == "province"


def test_g15_adjacent_false_takes_a_unit_in_the_port_itself():
    import dataclasses

    rules = dataclasses.replace(PUNIC.rules, blockade=dataclasses.replace(
        PUNIC.rules.blockade, adjacent=False))
    s = blank(dataclasses.replace(PUNIC, rules=rules))
    africa = tid(s, "africa")
    s.control[africa] = 1
    full = PUNIC.map.territories[africa].revenue
    sea = next(n for n in PUNIC.map.territories[africa].neighbours
               if PUNIC.map.territories[n].kind == "sea")
    put(s, 0, PUNIC.map.territories[sea].id, "quinqueremes")
    assert _revenue(s, 1) == full
    put(s, 0, "africa", "quinqueremes")
    assert _revenue(s, 1) == full // 2


def test_whole_random_games_use_the_new_rules_and_keep_every_invariant():
    # the punic theme's random games draw from each side's deck (G10), meet
    # blockades (G15) and stay possible positions; powers in battle are rare
    # in random play, so their rulings have tests of their own above
    import random

    from warp_empires.engine import Game
    from warp_empires.engine.invariants import broken

    seen: set[str] = set()
    for seed in range(2):
        game, r = Game.new(PUNIC, seed), random.Random(seed)
        while not game.over and game.state.turn <= 16:
            side = game.prompt().side
            game.apply(side, r.choice(game.legal_actions()))
            assert broken(game.state) == [], (seed, game.state.turn)
        texts = [e["text"] for e in game.state.log]
        seen |= {key for key, words in (("reshuffle", "The discard pile of"),
                                         ("blockade", "blockaded, so halved"))
                 if any(words in t for t in texts)}
    assert seen == {"reshuffle", "blockade"}

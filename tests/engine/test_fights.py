"""Units that fight only some units (docs/rules.md G23), on the punic test
theme, whose fleets fight only fleets: a fleet facing no fleet counts 0 Force,
and a unit no enemy unit fights is never lost. Legion 3, quinqueremes 2,
squadron 2, mercenaries 2 (Force)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.engine.builder import blank, first_casualties, pass_both, put, stack, tid, to_battle
from warp_empires.engine import legal_actions, prompt
from warp_empires.engine.invariants import broken
from warp_empires.engine.strength import battle_totals
from warp_empires.module import load_module

PUNIC = load_module(Path(__file__).parents[1] / "themes" / "punic")
QUIET = dataclasses.replace(PUNIC, rules=dataclasses.replace(PUNIC.rules, elimination=False))


def _totals(rome: list[str], carthage: list[str]) -> list[dict]:
    stacks = [[(i, PUNIC.unit_by_id(0, u).index) for i, u in enumerate(rome)],
              [(100 + i, PUNIC.unit_by_id(1, u).index) for i, u in enumerate(carthage)]]
    return battle_totals(PUNIC, stacks, set(), [])


def test_g23_a_fleet_facing_no_fleet_counts_nothing():
    assert _totals(["legion", "quinqueremes"], ["mercenaries"])[0]["units"] == 3
    assert _totals(["legion", "quinqueremes"], ["squadron"])[0]["units"] == 5
    assert _totals(["legion"], ["squadron"])[1]["units"] == 0  # a squadron alone, idle


def test_g23_a_unit_fought_by_nobody_is_never_lost():
    # Rome wins 5 to 2 at Sicily: the squadron is lost, and Rome owes Force 1;
    # only the Punic squadron could hit, and it fights fleets: Rome loses the
    # quinqueremes, never the legion
    s = blank(QUIET)
    put(s, 0, "sicily", "legion", "quinqueremes")
    put(s, 1, "sicily", "squadron")
    to_battle(s)
    pass_both(s)
    first_casualties(s)
    assert stack(s, 1, "sicily") == []
    assert stack(s, 0, "sicily") == ["legion"]
    assert broken(s) == []


def test_g23_a_loser_loses_only_units_that_can_be_hit():
    # Carthage loses 2 to 3: its squadron faces no fleet and counts 0, but the
    # legion fights every unit, so either Punic unit may be picked
    s = blank(QUIET)
    put(s, 0, "sicily", "legion")
    put(s, 1, "sicily", "squadron", "mercenaries")
    to_battle(s)
    pass_both(s)
    b = s.fight()
    assert b.winner == 0 and b.totals[1]["units"] == 2  # the mercenaries alone count
    assert prompt(s).kind == "casualty"
    offered = {s.pend.items[a[1]] for a in legal_actions(s) if a[0] == "pick"}
    assert {PUNIC.units[s.chits[c]].id for c in offered} == {"squadron", "mercenaries"}


def test_g23_the_winner_pays_only_with_units_the_loser_fought():
    # Carthage's squadron and mercenaries beat Rome's quinqueremes 4 to 2 and
    # owe Force 1: the quinqueremes fight only fleets, so the squadron pays,
    # never the mercenaries
    s = blank(QUIET)
    put(s, 0, "sicily", "quinqueremes")
    put(s, 1, "sicily", "mercenaries", "squadron")
    to_battle(s)
    pass_both(s)
    first_casualties(s)
    assert stack(s, 0, "sicily") == []
    assert stack(s, 1, "sicily") == ["mercenaries"]
    assert broken(s) == []


def test_g23_star_wars_fights_as_before():
    star_wars = load_module("star_wars")
    assert not star_wars.fighting and not PUNIC.unit_by_id(0, "legion").power
    assert PUNIC.fighting and tid(blank(QUIET), "sicily") >= 0

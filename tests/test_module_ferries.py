"""What `validate` says of ferries, arrivals next to a port, a limited random
loss, filters naming unit ids, units that move alone and units that fight
only some units (docs/rules.md G17-G21, G23): one line each, with its file,
key path and code; what the loaded module holds; and the schema's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.module import load_module
from warp_empires.module.codes import code_of
from warp_empires.module.jsonschema import file_schema

PUNIC = Path(__file__).parent / "themes" / "punic"
FLEET = 'cargo = { class = ["general", "legion", "cavalry", "elephant"] }, ferry = true'
ALONE = 'move_alone = [{ class = "fleet" }]'
STORM = 'kinds = ["sea"], stacks = "enemy"'


@pytest.mark.parametrize("file, old, new, says, code", [
    ("module.toml", f"carries = 2, {FLEET}", "ferry = true",
     "classes.fleet.ferry: a ferry needs carries = N", "E310"),
    ("module.toml", "ferry = true,", 'ferry = "yes",',
     "classes.fleet.ferry: must be true or false", "E103"),
    ("module.toml", 'move_needs = [{ class = ["general", "cavalry", "elephant"] }]', "",
     "rules.move_alone: move_alone needs move_needs", "E310"),
    ("module.toml", ALONE, 'move_alone = [{ class = "fleets" }]',
     "rules.move_alone[1].class: unknown class 'fleets'", "E107"),
    ("map.toml", 'sea = "adjacent"', 'sea = "anywhere"',
     "map.arrive.sea: unknown arrive value 'anywhere'", "E107"),
    ("map.toml", 'sea = "adjacent"', 'ocean = "adjacent"',
     "map.arrive.ocean: unknown kind 'ocean'", "E107"),
    ("cards.toml", STORM, 'kinds = ["ocean"], stacks = "enemy"',
     "card[10].effect.kinds[1]: unknown kind 'ocean'", "E107"),
    ("cards.toml", STORM, 'kinds = ["sea"], stacks = "theirs"',
     "card[10].effect.stacks: unknown stacks value 'theirs'", "E107"),
    ("module.toml", 'fights = [{ class = "fleet" }]', "fights = []",
     "classes.fleet.fights: name at least one filter", "E308"),
    ("module.toml", 'fights = [{ class = "fleet" }]', 'fights = [{ class = "fleets" }]',
     "classes.fleet.fights[1].class: unknown class 'fleets'", "E107"),
    ("cards.toml", 'filter = { units = ["equites"] }', 'filter = { units = ["equite"] }',
     "card[8].effect.filter.units[1]: unknown unit 'equite' (no side has a unit of that id)",
     "E107"),
])
def test_a_mistake_is_one_line_with_its_key_line_and_code(tmp_path, file, old, new, says, code):
    problems = problems_after(tmp_path, PUNIC, file, old, new)
    hits = [p for p in problems if says in p]
    assert hits, problems
    assert all(p.startswith(f"{file}:") for p in hits), problems
    assert code_of(hits[0].split(": ", 2)[2]) == code, hits[0]


def test_the_rules_are_read_into_the_module():
    m = load_module(PUNIC)
    assert m.carriers["fleet"].ferry and m.map.arrive == {"sea": "adjacent"}
    storm = m.card_by_id("storm").effect
    assert storm.kinds == {"sea"} and storm.enemy
    assert not m.card_by_id("plague").effect.enemy and not m.card_by_id("plague").effect.kinds
    turncoats = m.card_by_id("turncoats").effect.filter
    assert turncoats.units == {"equites"} and turncoats.matches(m.unit_by_id(0, "equites"))
    (alone,) = m.rules.move_alone
    assert alone.matches(m.unit_by_id(0, "quinqueremes"))
    (fleets,) = m.unit_by_id(0, "quinqueremes").power.fights
    assert fleets.matches(m.unit_by_id(1, "squadron")) and m.fighting
    star_wars = load_module("star_wars")
    assert not star_wars.map.arrive and not star_wars.rules.move_alone


def test_the_schema_knows_the_new_keys():
    top = file_schema("module.toml")["properties"]
    fleet = top["classes"]["additionalProperties"]["anyOf"][1]["properties"]
    assert fleet["ferry"]["type"] == "boolean" and fleet["fights"]["type"] == "array"
    assert "move_alone" in top["rules"]["properties"]
    head = file_schema("map.toml")["properties"]["map"]["properties"]
    assert head["arrive"]["additionalProperties"]["enum"] == ["adjacent"]
    effect = file_schema("cards.toml")["properties"]["card"]["items"]["properties"]["effect"]
    assert {"kinds", "stacks"} <= effect["properties"].keys()
    assert effect["properties"]["filter"]["properties"]["units"]["type"] == "array"

"""What `validate` says of traits and classes with rule effects and of what a
group needs to move (docs/rules.md G11-G14): one line each, with its line and
key path; and what the loaded module holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.module import load_module
from warp_empires.module.jsonschema import file_schema

PUNIC = Path(__file__).parent / "themes" / "punic"


@pytest.mark.parametrize("old, new, says", [
    ('abbr = "M", move = 1', 'abbr = "M", move = 0', "traits.marcher.move: must be at least 1"),
    ('abbr = "M", move = 1', 'abbr = "M", move = "far"', "traits.marcher.move: must be an "
     "integer"),
    ('against = { class = "elephant" }, bonus = 2', 'against = { class = "elephants" }, '
     'bonus = 2', "traits.tactician.battle_bonus.against.class: unknown class 'elephants'"),
    ('against = { class = "elephant" }, bonus = 2', 'against = { class = "elephant" }',
     "traits.tactician.battle_bonus: missing required key 'bonus'"),
    ('against = { class = "elephant" }, bonus = 2', 'against = { class = "elephant" }, '
     'bonus = -1', "traits.tactician.battle_bonus.bonus: must be at least 1"),
    ('role = "none", ignores_forts = true', 'role = "none", ignores_forts = "yes"',
     "classes.elephant.ignores_forts: must be true or false"),
    ('move_needs = [{ class = ["general", "cavalry", "elephant"] }]',
     'move_needs = [{ class = ["generals"] }]', "rules.move_needs[1].class[1]: unknown class "
     "'generals'"),
    ('move_needs = [{ class = ["general", "cavalry", "elephant"] }]\n'
     '# rules.md G21: but fleets sail alone (a group of fleets only needs none)\n'
     'move_alone = [{ class = "fleet" }]',
     'move_needs = [{ class = "elephant" }]', "rules.move_needs: no unit of rome matches any "
     "filter: its stacks could never move"),
])
def test_a_power_mistake_is_one_line_with_its_key_and_line(tmp_path, old, new, says):
    problems = problems_after(tmp_path, PUNIC, "module.toml", old, new)
    assert any(says in p for p in problems), problems
    assert all(p.startswith("module.toml:") for p in problems), problems


def test_the_powers_are_read_unit_by_unit():
    m = load_module(PUNIC)
    hannibal, scipio = m.unit_by_id(1, "hannibal"), m.unit_by_id(0, "scipio")
    elephants, legion = m.unit_by_id(1, "elephants"), m.unit_by_id(0, "legion")
    assert m.powered and hannibal.power.move == 1 and not hannibal.power.against
    ((against, bonus),) = scipio.power.against
    assert bonus == 2 and against.matches(elephants) and not against.matches(legion)
    assert elephants.power.ignores_forts and legion.power is None
    assert len(m.rules.move_needs) == 1 and m.rules.move_needs[0].matches(hannibal)
    assert not load_module("star_wars").powered


def test_the_schema_knows_the_powers():
    top = file_schema("module.toml")["properties"]
    trait = top["traits"]["additionalProperties"]["properties"]
    assert {"move", "battle_bonus", "ignores_forts"} <= trait.keys()
    assert "move_needs" in top["rules"]["properties"]


@pytest.mark.parametrize("old, new, says", [
    ('kinds = ["port"]', 'kinds = ["harbour"]', "rules.blockade.kinds[1]: unknown kind "
     "'harbour'"),
    ('by = [{ class = "fleet" }]', 'by = [{ class = "fleets" }]',
     "rules.blockade.by[1].class: unknown class 'fleets'"),
    ('by = [{ class = "fleet" }], ', "", "rules.blockade: missing required table 'by'"),
    ('by = [{ class = "fleet" }]', "by = []", "rules.blockade.by: name at least one filter"),
])
def test_a_blockade_mistake_is_one_line(tmp_path, old, new, says):
    # docs/rules.md G15
    problems = problems_after(tmp_path, PUNIC, "module.toml", old, new)
    assert any(says in p for p in problems), problems


def test_the_blockade_is_read():
    b = load_module(PUNIC).rules.blockade
    assert b.kinds == {"port"} and b.adjacent and len(b.by) == 1
    assert "blockade" in file_schema("module.toml")["properties"]["rules"]["properties"]


def test_the_help_rules_tab_says_the_modules_own_rules_in_its_words():
    # docs/rules.md G10-G15, G21 as a player reads them; nothing for Star Wars
    from warp_empires.tui.screens.help import rules_markdown

    text = rules_markdown(load_module(PUNIC))
    assert "## This module's own rules" in text
    for line in ("- Each side draws from a deck of its own",
                 "- Scipio: +2 in a battle where the enemy has Elephant units.",
                 "- Hannibal: a group holding it moves 1 space more.",
                 "- War Elephants: in its battles the enemy's Fort units count 0 Force.",
                 "- A group moves only with one of: Cavalry or Elephant or General",
                 "- A group of only Fleet units moves without one.",
                 "- One of the enemy's Fleet units in or next to a Port halves its revenue."):
        assert line in text, line
    assert "own rules" not in rules_markdown(load_module("star_wars"))

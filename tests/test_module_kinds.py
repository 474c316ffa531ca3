"""What `validate` says of territory kinds that rule entry ([map.enter],
docs/rules.md G1) and of classes that carry (`carries`, `cargo`, G2): each
mistake in one line with its file and line, and what the schema knows."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.module import load_module
from warp_empires.module.jsonschema import file_schema

ROME_DIR = Path(__file__).parent / "themes" / "punic"


def _problems(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    return problems_after(tmp_path, ROME_DIR, file, old, new)


@pytest.mark.parametrize("file, old, new, says", [
    ("map.toml", 'sea = [{ class = "fleet" }]', 'ocean = [{ class = "fleet" }]',
     "map.toml:8: map.enter.ocean: unknown kind 'ocean'"),
    ("map.toml", 'sea = [{ class = "fleet" }]', 'sea = [{ class = "ships" }]',
     "map.toml:8: map.enter.sea[1].class: unknown class 'ships'"),
    ("map.toml", 'sea = [{ class = "fleet" }]', 'sea = "fleet"',
     "map.toml:8: map.enter.sea: must be a list of at least one filter"),
    ("map.toml", 'sea = [{ class = "fleet" }]', 'sea = [{ traits = ["fleet"] }]',
     "'fleet' is a class, not a trait"),
    ("module.toml", "carries = 2, ", "carries = 0, ",
     "module.toml:33: classes.fleet.carries: must be at least 1"),
    ("module.toml", "carries = 2, ", "",
     "module.toml:33: classes.fleet.cargo: a cargo needs carries = N"),
    ("module.toml", 'cargo = { class = ["general",', 'cargo = { class = ["generals",',
     "classes.fleet.cargo.class[1]: unknown class 'generals'"),
    ("module.toml", "carries = 2", 'carries = "two"',
     "classes.fleet.carries: must be an integer"),
])
def test_a_mistake_is_one_line_with_file_and_line(tmp_path, file, old, new, says):
    problems = _problems(tmp_path, file, old, new)
    assert any(says in p for p in problems), problems
    assert len(problems) <= 2, problems


def test_a_start_inland_draws_no_fleet(tmp_path):
    # G22: Gaul is a province: Carthage may start there, and its random draw
    # brings only units that may stand there, never a squadron
    import shutil

    from warp_empires.engine import setup as new_game

    folder = tmp_path / "punic"
    shutil.copytree(ROME_DIR, folder)
    path = folder / "module.toml"
    path.write_text(path.read_text().replace('start_choices = ["africa", "hispania"]',
                                             'start = "gaul"', 1))
    module = load_module(folder)
    gaul = module.map.by_id("gaul").index
    for seed in range(12):
        s = new_game(module, seed)
        assert s.stacks[1][gaul], seed
        assert all(module.units[s.chits[c]].cls != "fleet" for c in s.stacks[1][gaul]), seed


def test_a_placed_unit_must_be_able_to_stand_at_the_start(tmp_path):
    problems = _problems(tmp_path, "module.toml", 'start = "latium"\nunits = ["scipio", '
                         '"castra"]', 'start = "etruria"\nunits = ["scipio", "castra", '
                         '"quinqueremes"]')
    # Etruria is a province: the fleet Rome starts with may not stand there
    assert any("setup.rome.start: 'etruria' is of kind 'province'" in p
               and "'quinqueremes'" in p and "placed there" in p for p in problems), problems


def test_the_loaded_module_says_who_may_enter_and_who_carries():
    rome = load_module(ROME_DIR)
    legion, fleet = rome.unit_by_id(0, "legion"), rome.unit_by_id(0, "quinqueremes")
    assert not rome.may_enter(legion, "sea") and rome.may_enter(legion, "port")
    assert rome.may_enter(fleet, "sea") and not rome.may_enter(fleet, "province")
    assert rome.carriers["fleet"].capacity == 2
    assert rome.carriers["fleet"].cargo.matches(legion)
    assert not rome.carriers["fleet"].cargo.matches(fleet)


def test_the_schema_knows_enter_carries_and_cargo():
    head = file_schema("map.toml")["properties"]["map"]["properties"]
    enter = head["enter"]
    assert enter["additionalProperties"]["items"]["properties"].keys() >= {"class", "traits"}
    classes = file_schema("module.toml")["properties"]["classes"]["additionalProperties"]
    table = next(s for s in classes["anyOf"] if s.get("type") == "object")
    assert table["properties"]["carries"]["minimum"] == 1
    assert "class" in table["properties"]["cargo"]["properties"]


def test_the_rules_tab_says_who_goes_where_in_the_modules_words():
    from warp_empires.tui.screens.help import rules_markdown

    text = rules_markdown(load_module(ROME_DIR))
    assert "- Only Fleet units may enter a Sea." in text
    assert "Each Fleet carries up to 2 of Cavalry or Elephant or General or Legion" in text
    star_wars = load_module(Path(__file__).parents[1] / "modules" / "star_wars")
    assert "Who goes where" not in rules_markdown(star_wars)

"""What `validate` says of victory timing (docs/rules.md G4: when, hold, a
turn limit with a score) and of a flagship (G5: enemy_lost): one line each,
with its key path and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.module import load_module
from warp_empires.module.jsonschema import file_schema

ROME_DIR = Path(__file__).parent / "themes" / "punic"


def _problems(tmp_path: Path, old: str, new: str) -> list[str]:
    return problems_after(tmp_path, ROME_DIR, "module.toml", old, new)


@pytest.mark.parametrize("old, new, says", [
    ('when = "round"', 'when = "dusk"', "scenario[1].victory[2].when: unknown when 'dusk'"),
    ("hold = 2", 'hold = 2\nwhen = "round"', "scenario[1].victory[1].hold: give when or hold, "
     "not both"),
    ("hold = 2", "hold = -1", "scenario[1].victory[1].hold: must not be negative"),
    ('enemy_lost = ["hexeres"]', 'enemy_lost = ["quinqueremes"]',
     "scenario[1].victory[3].all[1].enemy_lost: 'quinqueremes' must start on the map in "
     "scenario 'sicily'"),
    ('enemy_lost = ["hexeres"]', 'enemy_lost = ["hannibal"]',
     "scenario[1].victory[3].all[1].enemy_lost[1]: unknown unit 'hannibal' of side 'rome'"),
    ('at_turn_limit = { score = "revenue", tie = "carthage" }', "",
     "scenario[1]: turn_limit needs at_turn_limit"),
    ('score = "revenue"', 'score = "gold"', "scenario[1].at_turn_limit.score: unknown score "
     "'gold'"),
    ('tie = "carthage"', 'tie = "nobody"', "scenario[1].at_turn_limit.tie: unknown side"),
    ("turn_limit = 15", "turn_limit = -2", "scenario[1].turn_limit: must be at least 1"),
    ("turn_limit = 15", "turn_limit = 0", "scenario[1].at_turn_limit: needs turn_limit = N"),
    ("[rules]\n", '[rules]\nat_turn_limit = { score = "units", tie = "rome" }\n',
     "rules.at_turn_limit: needs turn_limit = N"),
])
def test_a_timing_mistake_is_one_line(tmp_path, old, new, says):
    problems = _problems(tmp_path, old, new)
    assert any(says in p for p in problems), problems
    assert all(p.startswith("module.toml:") for p in problems), problems


def test_the_module_level_turn_limit_is_read():
    folder_text = (ROME_DIR / "module.toml").read_text()
    assert "turn_limit" not in folder_text.split("[[scenario]]")[0]
    rome = load_module(ROME_DIR)
    assert rome.rules.turn_limit == 0
    (sc,) = rome.scenarios
    assert sc.limit == (15, "revenue", 1)
    assert [(v.when, v.hold) for v in sc.victory] == [("phase", 2), ("round", 0), ("phase", 0)]


def test_the_schema_knows_the_timing_keys():
    top = file_schema("module.toml")["properties"]
    victory = top["victory"]["items"]["properties"]
    assert {"when", "hold"} <= victory.keys()
    assert "turn_limit" in top["rules"]["properties"]
    assert "at_turn_limit" in top["scenario"]["items"]["properties"]


@pytest.mark.parametrize("old, new, says", [
    ("start = { rome = 2, carthage = 3 }", "start = { rome = 2, carthago = 3 }",
     "rules.battle_points.start.carthago: unknown side 'carthago'"),
    ("start = { rome = 2, carthage = 3 }", "start = { rome = -2, carthage = 3 }",
     "rules.battle_points.start.rome: must not be negative"),
    ("most = 2 }", "most = 2, each = 1 }", "rules.battle_points.each: unknown key 'each'"),
])
def test_a_battle_points_mistake_is_one_line(tmp_path, old, new, says):
    # docs/rules.md G9
    problems = _problems(tmp_path, old, new)
    assert any(says in p for p in problems), problems


def test_the_pool_is_read():
    rome = load_module(ROME_DIR)
    assert (rome.rules.points_start, rome.rules.points_name, rome.rules.points_most) == (
        (2, 3), "Fortune", 2)
    assert "battle_points" in file_schema("module.toml")["properties"]["rules"]["properties"]

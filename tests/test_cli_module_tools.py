"""The modder's tools: `module new` to start from, `validate` lines an editor can
open (the folder as given) and problems as records with --json."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.module import load_module

ROME = Path(__file__).parent / "themes" / "rome"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_module_new_writes_a_valid_module_that_plays(tmp_path, capsys):
    code, out, _ = run(capsys, "module", "new", "my_theme", "--path", str(tmp_path))
    assert code == 0 and out.startswith(f"{tmp_path / 'my_theme'}: module my_theme written")
    module = load_module(tmp_path / "my_theme")
    assert module.id == "my_theme" and module.class_roles["general"] == "leader"
    code, out, _ = run(capsys, "simulate", "--module", str(tmp_path / "my_theme"),
                       "--games", "2", "--max-turns", "20")
    assert code == 0 and "errors 0" in out


def test_module_new_goes_to_the_users_modules_folder_and_is_found_by_name(
        tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert run(capsys, "module", "new", "carthago")[0] == 0
    assert (tmp_path / "data" / "warp-empires" / "modules" / "carthago" / "units.toml").is_file()
    assert load_module("carthago").id == "carthago"


def test_module_new_copies_another_module_and_refuses_bad_names_and_clashes(tmp_path, capsys):
    assert run(capsys, "module", "new", "sw2", "--from", "star_wars", "--path",
               str(tmp_path))[0] == 0
    assert load_module(tmp_path / "sw2").sides[0].id == "rebels"
    code, out, err = run(capsys, "module", "new", "sw2", "--path", str(tmp_path))
    assert code == 1 and out == "" and err == f"{tmp_path / 'sw2'}: already exists; choose " \
        "another name or folder\n"
    code, _, err = run(capsys, "module", "new", "Bad Name", "--path", str(tmp_path))
    assert code == 1 and "a module name is an id" in err and err.count("\n") == 1


def _broken_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rome"  # the folder name is the module's id
    shutil.copytree(ROME, folder)
    units = (folder / "units.toml").read_text().replace('speed = "fast"', 'speed = "fsat"', 1)
    (folder / "units.toml").write_text(units)
    return folder


def test_validate_lines_start_with_the_folder_as_given(tmp_path, capsys, monkeypatch):
    _broken_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "validate", "./rome")
    assert code == 1
    (line,) = out.splitlines()
    assert line.startswith("./rome/units.toml:") and "speed 'fsat'" in line
    # an editor can open it: the file is there, the line and column hold the key
    path, number, column, rest = line.split(":", 3)
    text = Path(path).read_text().splitlines()[int(number) - 1]
    assert text[int(column) - 1:].startswith("speed") and "fsat" in text
    assert rest.startswith(" E107 unit[")


def test_validate_json_gives_records_with_the_hint_apart(tmp_path, capsys, monkeypatch):
    _broken_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "validate", "./rome", "--json")
    data = json.loads(out)
    assert code == 1 and data["valid"] is False and data["problem_count"] == 1
    (problem,) = data["problems"]
    assert problem["file"] == "./rome/units.toml" and problem["line"] > 1
    assert problem["key"].endswith(".speed") and problem["hint"] == "fast"
    assert problem["code"] == "E107" and problem["column"] == 1
    assert "did you mean" not in problem["message"] and "fsat" in problem["message"]


def test_every_problem_the_broken_modules_show_has_a_code(tmp_path):
    # the catalogue of broken modules (tests/broken_modules) and the checks of
    # meaning: none of them falls through to the catch-all code
    from tests.test_module_broken import CASES, build_case
    from warp_empires.module import ModuleError
    from warp_empires.module.codes import CODES, code_of

    seen = set()
    for n, name in enumerate(CASES):
        folder, _ = build_case(name, tmp_path / str(n))
        try:
            load_module(folder)
        except ModuleError as err:
            for problem in err.details or ():
                code = code_of(problem.message)
                assert code != "E999", problem.message
                seen.add(code)
    assert len(seen) >= 12
    assert len({c for c, _, _ in CODES}) == len(CODES)  # codes are unique


def test_the_problems_of_the_rules_a_module_may_add_have_codes():
    # A modder-tester's placement problems came out as E999: the messages of
    # check_setup, check_decks, check_powers and the turn limit, as written
    from warp_empires.module.codes import code_of

    for message, code in (
        ("'hoplite' may not stand at 'aegean', of kind 'sea' (map.enter.sea)", "E306"),
        ("'aegean' is of kind 'sea', which 'hoplite' may not enter (map.enter.sea), but it "
         "is placed there: start where every starting unit may enter", "E306"),
        ("'pericles' must start on the map in the setup (in its units or place): a unit "
         "that is not there is lost from the start", "E306"),
        ("places 3 'trireme' but the side has only 2", "E306"),
        ("a card needs at least 1 copy in some deck", "E307"),
        ('decks needs [rules] decks = "side" in module.toml', "E307"),
        ("only 'athens' plays this card (side), so the other side's deck may not hold it",
         "E307"),
        ("the deck of sparta has no cards (rules.decks = \"side\")", "E307"),
        ("60 cards in the deck in all, more than the 50 allowed", "E003"),  # a limit
        ("name at least one filter: the units that blockade", "E308"),
        ("no unit of athens matches any filter: its stacks could never move", "E308"),
        ("a cargo needs carries = N: how many units each unit of the class carries", "E308"),
        ("needs turn_limit = N: the number of rounds the game lasts", "E309"),
        ('turn_limit needs at_turn_limit = { score = "revenue", tie = "SIDE" }: who wins '
         "when the limit is reached", "E309"),
    ):
        assert code_of(message) == code, message

"""The command line: validate, module show/list, exit codes, no tracebacks."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from warp_empires import cli

BROKEN = Path(__file__).parent / "broken_modules"
TINY = str(BROKEN / "tiny")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "usage: warp-empires" in out and "validate" in out and "module" in out


def test_no_arguments_run_the_default_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "DEFAULT_ARGS", ["validate", TINY])
    code, out, _ = run(capsys)
    assert code == 0 and "tiny: Tiny 0.1.0 (format 1) is valid" in out
    monkeypatch.setattr(cli, "DEFAULT_ARGS", [])
    code, out, _ = run(capsys)
    assert code == 0 and out.startswith("usage: warp-empires")


def test_validate_valid_module(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", TINY)
    assert code == 0, err
    assert out.splitlines()[0] == "tiny: Tiny 0.1.0 (format 1) is valid"
    assert "5 territories, 3 with revenue" in out
    assert "14 cards of 10 kinds" in out
    assert "north (Northern League): 4 unit types, 7 chits" in out


def test_validate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", TINY, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["module"] == "tiny" and data["valid"] is True
    counts = (data["territories"], data["revenue_territories"], data["cards"], data["card_types"])
    assert counts == (
        5,
        3,
        14,
        10,
    )
    assert data["sides"]["north"]["unit_types"] == 4 and data["sides"]["north"]["chits"] == 7
    assert data["sides"]["south"] == {"name": "Southern Pact", "unit_types": 4, "chits": 6}


def broken_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    units = folder / "units.toml"
    units.write_text(
        units.read_text().replace("force = 3", "forse = 3").replace("count = 3", "count = 0")
    )
    return folder


def test_validate_broken_module_lists_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = broken_copy(tmp_path)
    code, out, err = run(capsys, "validate", str(folder))
    assert code == 1
    # each line: the folder as given and the file (a path to open), line and
    # column, the problem's stable code, the key and what is wrong
    assert out.splitlines() == [
        f"{folder}/units.toml:15:1: E104 unit[2].count: must be at least 1, not 0",
        f"{folder}/units.toml:25:1: E101 unit[3].forse: unknown key 'forse' "
        "(did you mean 'force'?)",
    ]
    assert "2 problems" in err and "Traceback" not in err


def test_validate_broken_module_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(broken_copy(tmp_path)), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["valid"] is False and len(data["problems"]) == 2


def test_validate_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", "no_such_module")
    assert code == 1
    assert out.startswith("no module named 'no_such_module'") and len(out.splitlines()) == 1


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "validate")[0] == 2
    assert run(capsys, "no-such-command")[0] == 2
    code, _, err = run(capsys, "module")
    assert code == 2 and "show" in err


def test_module_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "module", "show", TINY)
    assert code == 0
    for title in ("Sides", "Units of Northern League", "Cards", "Territories", "Rules", "Setup"):
        assert f"\n{title}\n" in out
    assert "Victory" in out
    lines = out.splitlines()
    cruiser = next(line.split() for line in lines if line.split()[:1] == ["cruiser"])
    assert cruiser == ["cruiser", "Cruiser", "slow", "(1)", "2", "3", "capital", "bombardment"]
    alpha = next(line for line in lines if line.startswith("  alpha "))
    assert "beta, capital, delta, epsilon" in alpha and "edge" in alpha


def test_module_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "module", "show", TINY, "--json")
    assert code == 0
    data = json.loads(out)
    north = data["sides"][0]
    assert north["id"] == "north"
    assert north["units"][2] == {
        "id": "cruiser",
        "name": "Cruiser",
        "speed": "slow",
        "move": 1,
        "count": 2,
        "force": 3,
        "class": "capital",
        "traits": ["bombardment"],
        "role": "",
        "power": None,
    }
    cards = {c["id"]: c for c in data["cards"]}
    assert cards["spies"]["side"] == "north" and cards["move"]["side"] == "any"
    assert cards["hero"]["effect"] == {
        "kind": "target_bonus",
        "amount": 7,
        "filter": {"class": ["capital", "leader"], "traits": ["bombardment"]},
    }
    assert cards["move"]["effect"] == {"kind": "move", "groups": 1}
    delta = next(t for t in data["territories"] if t["id"] == "delta")
    assert delta == {
        "id": "delta",
        "name": "Delta",
        "kind": "space",
        "revenue": 0,
        "edge": True,
        "key": "d",
        "neighbours": ["alpha", "capital"],
    }
    assert data["setup"]["south"]["start_choices"] == ["alpha", "epsilon"]
    assert data["victory"][1]["all"][0] == {"controls": "capital"}


def test_module_show_broken_module_prints_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "module", "show", str(broken_copy(tmp_path)))
    assert code == 1 and out == ""
    assert "unknown key 'forse'" in err and "Traceback" not in err


def test_module_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    shutil.copytree(TINY, tmp_path / "tiny")
    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(tmp_path))
    code, out, _ = run(capsys, "module", "list", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["search_path"][0] == str(tmp_path)
    assert {"name": "tiny", "path": str(tmp_path / "tiny")} in data["modules"]
    code, out, _ = run(capsys, "validate", "tiny")  # found by name on the path
    assert code == 0 and str(tmp_path / "tiny") in out


def test_internal_errors_are_one_line(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    def explode(path: str) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("warp_empires.commands.module_cmds.load_module", explode)
    monkeypatch.delenv(cli.DEBUG_ENV, raising=False)
    code, _, err = run(capsys, "module", "show", TINY)
    assert code == 1
    assert err.strip().splitlines() == [
        f"warp-empires: internal error: RuntimeError: boom (set {cli.DEBUG_ENV}=1 to see where)"
    ]


def test_python_dash_m_is_the_same_command(tmp_path: Path) -> None:
    # The package may not be installed (pytest puts the checkout on sys.path itself).
    root = str(Path(cli.__file__).parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "warp_empires", "validate", TINY, "--json"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["module"] == "tiny"


def test_module_show_tells_the_rules_a_module_may_add(capsys):
    # A modder-tester: `module show` left out who may enter each kind,
    # carrying, powers, the deck per side, what a group needs to move, the
    # blockade, placed garrisons, victory timing and the scenarios
    # (docs/rules.md G1-G15), in text and in --json alike.
    punic = str(Path(__file__).parent / "themes" / "punic")
    code, out, _ = run(capsys, "module", "show", punic, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["map"]["enter"]["sea"] == [{"class": ["fleet"], "traits": []}]
    assert data["carries"]["fleet"]["carries"] == 2
    rules = data["rules"]
    assert rules["decks"] == "side" and rules["blockade"]["kinds"] == ["port"]
    assert rules["move_needs"] and rules["battle_points"]["name"] == "Fortune"
    powered = [u for side in data["sides"] for u in side["units"] if u["power"]]
    assert any(u["power"]["battle_bonus"] for u in powered)
    assert all(c["decks"] for c in data["cards"])
    sicily = next(sc for sc in data["scenarios"] if sc["id"] == "sicily")
    assert sicily["turn_limit"] and any(s["place"] for s in sicily["setup"].values())
    assert {v["when"] for v in data["victory"] + sicily["victory"]} >= {"phase"}
    code, out, _ = run(capsys, "module", "show", punic)
    for title in ("Who may enter", "Carrying", "Scenario sicily"):
        assert f"\n{title}" in out, title
    assert "(rome 5, carthage 4)" in out  # each deck's copies of a card


def test_module_show_tells_every_effect_key_and_victory_clause(capsys):
    # A modder-tester (Pacific theme): `module show` dropped a defection's
    # filter and unit, a random loss's kinds and stacks (G7, G19, G20), and
    # showed `enemy_lost: true` instead of the units (G5).
    punic = str(Path(__file__).parent / "themes" / "punic")
    code, out, _ = run(capsys, "module", "show", punic, "--json")
    assert code == 0
    data = json.loads(out)
    effects = {c["id"]: c["effect"] for c in data["cards"]}
    assert effects["bribe"]["filter"]["class"] == ["legion"]
    assert effects["bribe"]["into"] == "legion" and effects["turncoats"]["into"] == "numidians"
    assert effects["plague"]["stacks"] == "any" and effects["plague"]["kinds"] == []
    assert effects["storm"]["stacks"] == "enemy" and effects["storm"]["kinds"] == ["sea"]
    sicily = next(sc for sc in data["scenarios"] if sc["id"] == "sicily")
    assert {"enemy_lost": ["hexeres"]} in [c for v in sicily["victory"] for c in v["all"]]
    code, out, _ = run(capsys, "module", "show", punic)
    assert "defect filter=legion into=legion" in out

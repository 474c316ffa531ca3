"""Bad command-line input gets one line and an exit status: never a traceback,
a hang or a game that cannot be saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_saves_support import make_doc, wrap_obj
from warp_empires.cli import main
from warp_empires.engine import Game
from warp_empires.module import load_module

SEED_MAX = (1 << 64) - 1


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code in (1, 2), (argv, code)
    assert out == "" and err.count("\n") == 1, (argv, out, err)
    assert "internal error" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize("argv, says", [
    (["play", "--pace", "inf"], "argument --pace: 'inf' is not in 0..60 seconds"),
    (["play", "--pace", "nan"], "argument --pace: 'nan' is not in 0..60 seconds"),
    (["play", "--pace", "-1"], "argument --pace: '-1' is not in 0..60 seconds"),
    (["play", "--pace", "soon"], "argument --pace: 'soon' is not a number of seconds"),
    (["play", "--seed", str(SEED_MAX + 1)], f"argument --seed: {SEED_MAX + 1} is not in 0.."),
    (["play", "--seed", "-3"], "argument --seed: -3 is not in 0.."),
    (["play", "--seed", "9" * 5001], "argument --seed: '99999999999999999999'... is not a"),
    (["play", "--max-turns", "0"], "argument --max-turns: 0 is not in 1..100000"),
    (["simulate", "--games", "0"], "argument --games: 0 is not in 1..1000000"),
    (["simulate", "--games", "1e9"], "argument --games: '1e9' is not a whole number"),
    (["simulate", "--max-turns", "9" * 5001], "argument --max-turns: '9999"),
    (["simulate", "--seed", str(SEED_MAX), "--games", "2"], "runs past the largest seed"),
    (["replay", "x", "--side", "a", "--reveal-all"], "not allowed with argument --side"),
    (["play", "--players", "human,bot:insane"], "unknown player 'bot:insane'"),
    (["simulate", "--players", "bot:insane,heuristic"], "--players wants two of"),
])
def test_bad_numbers_and_options_are_one_line(capsys: pytest.CaptureFixture[str],
                                               argv: list[str], says: str) -> None:
    assert says in one_line_refusal(capsys, *argv)


def test_the_largest_seed_is_played_and_saved(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--games", "1", "--seed", str(SEED_MAX),
                       "--max-turns", "2", "--players", "random,random",
                       "--saves-dir", str(tmp_path))
    assert code == 0 and "1 games" in out
    assert (tmp_path / f"sim-star_wars-{SEED_MAX}.wes").is_file()


def test_a_seed_out_of_range_is_refused_by_the_engine_too() -> None:
    module = load_module("star_wars")
    for seed in (SEED_MAX + 1, -1, 2.5):
        with pytest.raises(ValueError, match="a seed is a whole number"):
            Game.new(module, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("saved_at", ["0001-01-01T00:00:00+14:00",
                                      "9999-12-31T23:59:59-14:00"])
def test_a_save_with_an_odd_date_is_listed_as_damaged(tmp_path: Path, saved_at: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    good = make_doc(name="good").to_dict()
    odd = make_doc(name="odd").to_dict()
    odd["meta"]["saved_at"] = saved_at
    (tmp_path / "good.wes").write_bytes(wrap_obj(good))
    (tmp_path / "odd.wes").write_bytes(wrap_obj(odd))
    code, out, err = run(capsys, "saves", "--saves-dir", str(tmp_path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2 and "good" in lines[0]
    assert lines[1].startswith(f"{tmp_path / 'odd.wes'}: DAMAGED: bad save data at "
                               "meta.saved_at") and "outside the years" in lines[1]


def test_a_date_at_the_edge_of_what_a_clock_shows_is_listed(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]):
    doc = make_doc(name="edge").to_dict()
    doc["meta"]["saved_at"] = "9998-12-31T23:59:59-14:00"
    (tmp_path / "edge.wes").write_bytes(wrap_obj(doc))
    code, out, _ = run(capsys, "saves", "--saves-dir", str(tmp_path))
    assert code == 0 and "edge" in out and "DAMAGED" not in out


def test_play_without_a_terminal_is_refused_not_hung(capsys: pytest.CaptureFixture[str]) -> None:
    # under pytest stdin is not a terminal: the app would wait for keys for ever
    err = one_line_refusal(capsys, "play", "--players", "human,bot")
    assert err == ("warp-empires: play needs a terminal: run it in one, or use --headless "
                   "with computer players on both sides\n")


@pytest.mark.parametrize("argv, says", [
    (["replay", "~nosuchuser"], "no such file"),
    (["replay", "a" * 300], "no such file"),
    (["replay", ""], "SAVE is empty"),
    (["simulate", "--games", "1", "--saves-dir", "a" * 300], "File name too long"),
    (["saves", "--saves-dir", "~nosuchuser/x"], "no saves in"),
])
def test_odd_paths_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                says: str) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    text = out + err
    assert text.count("\n") == 1 and says in text, text
    assert "internal error" not in text and "Traceback" not in text

"""`warp-empires saves` and `warp-empires replay`."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.engine import Game, legal_actions, prompt
from warp_empires.module import load_module
from warp_empires.saves import read_save, save_game
from warp_empires.saves.format import encode


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game.new(load_module("star_wars"), 5)
    rnd = random.Random(5)
    for _ in range(80):
        if g.over:
            break
        choices = [a for a in legal_actions(g.state) if a[0] != "resign"]
        g.apply(prompt(g.state).side, rnd.choice(choices))
    return g


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_saves_json_lists_newest_first(tmp_path: Path, game: Game,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    save_game(game, "first", dir=tmp_path, players=("human", "bot"))
    doc = read_save(tmp_path / "first.wes")
    later = dataclasses.replace(doc.meta, name="second", saved_at="2099-01-01T00:00:00+00:00")
    (tmp_path / "second.wes").write_bytes(encode(dataclasses.replace(doc, meta=later), "x"))
    (tmp_path / "junk.wes").write_bytes(b"junk")
    code, out, _ = run(capsys, "saves", str(tmp_path), "--json")
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["name"] for r in rows] == ["second", "first", None]
    first = rows[1]
    assert first["path"] == str(tmp_path / "first.wes")
    assert (first["module"], first["turn"], first["phase"], first["active"]) == (
        "star_wars", game.state.turn, game.state.phase,
        game.module.sides[game.state.active].id)
    assert first["saved_at"] == doc.meta.saved_at
    assert rows[2]["error"].startswith("not a Warp Empires save")


def test_saves_text(tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    save_game(game, "Hoth campaign", dir=tmp_path)
    (tmp_path / "bad.wes").write_bytes(b"WARPSAVE\x00\x02" + bytes(50))
    code, out, _ = run(capsys, "saves", str(tmp_path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert "Hoth campaign  [star_wars 1.0.0, turn" in lines[0]
    assert lines[1] == f"{tmp_path / 'bad.wes'}: DAMAGED: checksum mismatch (file damaged or " \
                       "truncated)"


def test_saves_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "saves", str(tmp_path / "none"))
    assert code == 0 and "does not exist" in out
    code, out, _ = run(capsys, "saves", str(tmp_path), "--json")
    assert code == 0 and out == ""


def test_saves_default_folder_from_environment(tmp_path: Path, game: Game,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("WARP_EMPIRES_SAVES", str(tmp_path))
    save_game(game, "env")
    code, out, _ = run(capsys, "saves", "--json")
    assert code == 0 and json.loads(out)["path"] == str(tmp_path / "env.wes")


def test_replay_verify(tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert (code, err) == (0, "")
    assert f"{len(game.actions)} actions replay to the saved state" in out
    # By name, in a given folder.
    code, _, _ = run(capsys, "replay", "g", "--dir", str(tmp_path), "--verify")
    assert code == 0


def test_replay_verify_fails_in_one_line(tmp_path: Path, game: Game,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    doc = read_save(path)
    snapshot = {**doc.snapshot, "banks": [99, 99]}
    path.write_bytes(encode(dataclasses.replace(doc, snapshot=snapshot), str(path)))
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and out == ""
    assert err.count("\n") == 1
    assert err.startswith(f"warp-empires: {path}: replaying the action log does not reproduce")


@pytest.mark.parametrize("damage", ["truncate", "missing", "garbage"])
def test_replay_damaged_file(tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str],
                             damage: str) -> None:
    path = save_game(game, tmp_path / "g.wes")
    if damage == "truncate":
        path.write_bytes(path.read_bytes()[:-10])
    elif damage == "missing":
        path.unlink()
    else:
        path.write_bytes(b"\x00" * 100)
    code, out, err = run(capsys, "replay", str(path), "--verify")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"warp-empires: {path}: ")


def test_replay_prints_the_actions(tmp_path: Path, game: Game,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, _ = run(capsys, "replay", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(game.actions)
    assert lines[0].split()[0] == "1" and "turn" in lines[0]

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
    assert f"Hoth campaign  [star_wars {game.module.version}, turn" in lines[0]
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
    # what was proved, and what was only read (saves/proof.py)
    assert out.startswith(f"{path}: ok: {len(game.actions)} decisions replay from the seed "
                          f"and the options to the saved position (turn {game.state.turn}")
    assert "read, not checked: the options and labels" in out
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


def _private(game: Game, side: int) -> list[str]:
    """What only `side` read: its own form of its events, and its enemy's form
    of the enemy's (which a bystander also reads, board.log_pair)."""
    return [e["text"] for e in game.state.log if e["to"] == side]


def _secret(game: Game, side: int) -> list[str]:
    """The words only `side` read that say more than anyone may know."""
    return [e["text"] for e in game.state.log if e["to"] == side and not e["public"]]


def test_replay_shows_only_public_events_by_default(tmp_path: Path, game: Game,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # RULINGS H8: a replay shows what both sides saw unless a side is chosen
    path = save_game(game, tmp_path / "g.wes")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.startswith("What both sides saw")
    public = [e["text"] for e in game.state.log if e["public"]]
    assert any(e["to"] is not None for e in game.state.log if e["public"])  # "a group of 2"
    for text in public:
        assert text in out
    for side in (0, 1):
        secret = [t for t in _secret(game, side) if t not in public]
        assert secret and not any(t in out for t in secret)
    assert " > " not in out  # no decision of either side


def test_replay_for_one_side_shows_its_view_and_decisions(
        tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, _ = run(capsys, "replay", str(path), "--side", "empire", "--spoil")
    empire = game.module.sides.index(next(s for s in game.module.sides if s.id == "empire"))
    assert code == 0 and out.startswith(f"What {game.module.sides[empire].the()} saw")
    # RULINGS H8: a game going on says whose secrets these are, as the app does
    assert not game.over and out.splitlines()[1] == (
        f"The game is not over: this holds what only {game.module.sides[empire].the()} "
        f"may see.")
    assert all(t in out for t in _private(game, empire))
    public = {e["text"] for e in game.state.log if e["to"] is None}
    own = set(_private(game, empire))  # the same words may be its own line too
    leaked = [t for t in _private(game, 1 - empire) if t not in public and t not in own
              and t in out]
    assert not leaked, leaked
    decided = [line for line in out.splitlines() if " > " in line]
    assert decided and all(game.module.sides[empire].name + ":" in line for line in decided)
    assert len(decided) == sum(1 for who, _ in game.actions if who == empire)


def test_replay_reveal_all_is_named_a_spoiler(tmp_path: Path, game: Game,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, _ = run(capsys, "replay", str(path), "--reveal-all", "--spoil")
    assert code == 0 and out.startswith("SPOILER")
    assert all(e["text"] in out for e in game.state.log)
    assert sum(1 for line in out.splitlines() if " > " in line) == len(game.actions)


def test_replay_refuses_an_unknown_side(tmp_path: Path, game: Game,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, err = run(capsys, "replay", str(path), "--side", "jedi")
    assert code == 1 and out == "" and err.count("\n") == 1 and "no side 'jedi'" in err


def test_replay_finds_an_autosave_by_name(tmp_path: Path, game: Game,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    from warp_empires.saves import autosave

    autosave(game, tmp_path)
    # autosave-1 names the newest autosave of the game autosaved last
    code, out, _ = run(capsys, "replay", "autosave-1", "--saves-dir", str(tmp_path), "--verify")
    assert code == 0 and out.startswith(str(tmp_path / f"autosave-{game.id[:8]}-1.wes"))


def test_play_a_save_that_cannot_be_read_is_one_line(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "play", "no-such-save", "--saves-dir", str(tmp_path))
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err == f"warp-empires: {tmp_path / 'no-such-save.wes'}: no such file\n"
    code, _, err = run(capsys, "play", "x", "--seed", "3")
    assert code == 1 and "SAVE resumes a saved game" in err


def test_a_save_name_is_found_whatever_its_case(tmp_path: Path, game: Game,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    save_game(game, "Hoth campaign", dir=tmp_path)
    assert (tmp_path / "Hoth-campaign.wes").is_file()
    code, out, _ = run(capsys, "replay", "hoth-campaign", "--saves-dir", str(tmp_path),
                       "--verify")
    assert code == 0 and "Hoth-campaign.wes: ok" in out


def test_an_empty_side_is_refused(tmp_path: Path, game: Game,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "g.wes")
    code, out, err = run(capsys, "replay", str(path), "--side", "")
    assert code == 1 and out == "" and "no side ''" in err


def test_verify_prints_a_path_with_control_characters_escaped(
        tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    path = save_game(game, tmp_path / "evil\n\x1b[31mred\x07.wes")
    code, out, _ = run(capsys, "replay", str(path), "--verify")
    assert code == 0 and out.count("\n") == 1 and "\x1b" not in out and "\x07" not in out


@pytest.mark.parametrize("shown", [["--side", "empire"], ["--reveal-all"]])
def test_an_unfinished_games_secrets_are_printed_only_on_purpose(
        tmp_path: Path, game: Game, shown: list[str], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # RULINGS H7, H8: an autosave of a hot-seat game going on holds the other
    # side's hand; printing it takes a word typed at a terminal, or --spoil
    assert not game.over
    path = save_game(game, tmp_path / "g.wes")
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    code, out, err = run(capsys, "replay", str(path), *shown)
    assert code == 1 and out == "" and "add --spoil" in err and err.count("\n") == 1
    assert ("the Empire's secrets" if shown[0] == "--side" else "both sides' secrets") in err
    word = "empire" if shown[0] == "--side" else "everything"
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    code, out, err = run(capsys, "replay", str(path), *shown)
    assert code == 1 and out == "" and "nothing shown" in err
    monkeypatch.setattr("builtins.input", lambda prompt: word.upper())
    code, out, _ = run(capsys, "replay", str(path), *shown)
    assert code == 0 and ("SPOILER" in out or "What the Empire saw" in out)

"""Saves of format 2 (written by Warp Empires before the decisions were
reshaped) keep loading: real files kept in tests/fixtures/saves_v2, made by
that version, one mid-game in a half-chosen group move, one finished."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from warp_empires.engine import can_undo, decider, legal_actions
from warp_empires.engine.invariants import broken
from warp_empires.saves import load_game, save_game
from warp_empires.saves.store import read_save

FIXTURES = Path(__file__).parent / "fixtures" / "saves_v2"


def test_the_fixtures_really_are_format_2():
    for path in FIXTURES.glob("*.wes"):
        assert path.read_bytes()[8:10] == b"\x00\x02", path.name


def test_a_mid_game_format_2_save_loads_and_plays_on(tmp_path):
    game = load_game(FIXTURES / "random_mid_move.wes")
    s = game.state
    assert not game.over and s.turn == 12
    assert broken(s) == []
    # the half-chosen group (the old "add" picks) is asked again from its start
    assert s.step == "move_from" and s.pend.moved == []
    assert game.base is not None and game.actions == []
    # RULINGS H7: format 2 logged the seed; the carried-over log does not
    assert not any("seed" in e["text"] for e in s.log)
    rng = random.Random(3)
    while not game.over and game.state.turn < 16:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
        assert broken(game.state) == []
    # saved again in the current format, it replays from its base to the same state
    again = load_game(save_game(game, tmp_path / "again.wes"))
    assert again.state.to_data() == game.state.to_data()
    assert read_save(tmp_path / "again.wes").base["format"] == 3


def test_a_format_2_save_opens_without_replaying_too():
    game = load_game(FIXTURES / "random_mid_move.wes", verify=False)
    assert game.state.step == "move_from" and broken(game.state) == []


def test_a_finished_format_2_save_loads_as_finished():
    game = load_game(FIXTURES / "heuristic_finished.wes")
    assert game.over and game.state.winner == 0
    assert not can_undo(game.state, 0)


def test_a_damaged_base_state_is_refused(tmp_path):
    from warp_empires.saves import SaveError
    from warp_empires.saves.store import write_save

    path = tmp_path / "mid.wes"
    shutil.copy(FIXTURES / "random_mid_move.wes", path)
    doc = read_save(path)
    base = {"format": 2, "state": dict(doc.base["state"], piles=[[], []])}  # chits vanish
    from dataclasses import replace

    write_save(path, replace(doc, base=base))
    with pytest.raises(SaveError) as err:
        load_game(path)
    assert "base state" in str(err.value) and "chits are nowhere" in str(err.value)

"""Saves of format 3 (written before saves dropped the event log and named
their game) keep loading: real files kept in tests/fixtures/saves_v3, made by
that version, one mid-game in a half-picked group move, one finished."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from warp_empires.engine import decider, legal_actions
from warp_empires.engine.invariants import broken
from warp_empires.saves import load_game, open_game, read_save, save_game
from warp_empires.saves.format import decode
from warp_empires.saves.game import LATER_FIELDS, without_words

FIXTURES = Path(__file__).parent / "fixtures" / "saves_v3"


def test_the_fixtures_really_are_format_3():
    for path in FIXTURES.glob("*.wes"):
        assert path.read_bytes()[8:10] == b"\x00\x03", path.name
    assert len(list(FIXTURES.glob("*.wes"))) == 2


def test_a_mid_game_format_3_save_replays_and_plays_on(tmp_path):
    game = load_game(FIXTURES / "random_mid_move.wes")
    s = game.state
    assert (s.turn, s.step) == (10, "move_units") and s.pend.group.picked  # half-made pick
    assert len(game.actions) == 189 and game.base is None
    # the log the old file carried is rebuilt by the replay
    assert s.log[0]["kind"] == "setup" and len(s.log) > 100
    rng = random.Random(3)
    while not game.over and game.state.turn < 14:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
        assert broken(game.state) == []
    # saved again in the current format, it loads to the same position
    path = save_game(game, tmp_path / "again.wes")
    assert path.read_bytes()[8:10] == b"\x00\x05"
    again = load_game(path)
    assert again.state.to_data() == game.state.to_data()


def test_every_save_of_one_old_game_gets_the_same_game_id(tmp_path):
    old = FIXTURES / "random_mid_move.wes"
    first = read_save(old).meta.game
    copy = tmp_path / "copy.wes"
    shutil.copy(old, copy)
    assert read_save(copy).meta.game == first
    other = read_save(FIXTURES / "heuristic_finished.wes").meta.game
    assert other != first and len(first) == 16


def test_a_finished_format_3_save_opens_as_finished():
    game, doc = open_game(FIXTURES / "heuristic_finished.wes")
    assert game.over and doc.meta.active == -1
    replayed = load_game(FIXTURES / "heuristic_finished.wes")
    assert replayed.state.winner == game.state.winner
    # the same position; only the wording kept for players may have changed,
    # and what the engine keeps since (LATER_FIELDS) is only in the replay
    def position(g):
        data = without_words(g.state.to_data(log=False))
        return {k: v for k, v in data.items() if k not in LATER_FIELDS}
    assert position(replayed) == position(game)
    assert "shown" not in game.state.to_data() and replayed.state.shown  # a battle was fought


def test_the_old_event_log_is_not_carried_into_the_new_format():
    data = (FIXTURES / "heuristic_finished.wes").read_bytes()
    doc, version = decode(data, "x")
    assert version == 3 and "log" not in doc.snapshot

"""The compact record of decisions (engine/record.py), which saves store as it is."""

from __future__ import annotations

import random
import re

import pytest

from warp_empires.engine import Game, decider, legal_actions
from warp_empires.engine.record import ActionLog, BadRecord, starts_of
from warp_empires.module import load_module

STAR_WARS = load_module("star_wars")


def test_entries_read_back_as_they_went_in():
    entries = [[0, ["start", 18]], [1, ["pass"]], [0, ["pick", 3]], [1, ["top", 200]],
               [0, ["pick", 3]], [1, ["end"]]]
    log = ActionLog.of(entries)
    assert list(log) == entries and len(log) == 6
    assert log[2] == [0, ["pick", 3]] and log[-1] == [1, ["end"]] and log[1:3] == entries[1:3]
    assert log.verbs == ["start", "pass", "pick", "top", "end"]
    # two ints for `pick 3`, one for `pass`: the form a save stores
    assert log.flat[:5] == [0 * 8 + 0 + 1, 18, 1 * 8 + 4 + 0, 2 * 8 + 0 + 1, 3]
    assert ActionLog(log.verbs, log.flat) == log


def test_pop_takes_back_the_latest_and_a_new_verb_after_it_is_numbered_again():
    log = ActionLog.of([[0, ["pick", 1]], [0, ["undo_me", 7]]])
    assert log.pop() == [0, ["undo_me", 7]]
    assert list(log) == [[0, ["pick", 1]]] and len(log.flat) == 2
    log.append(1, ("draw",))
    assert list(log) == [[0, ["pick", 1]], [1, ["draw"]]]
    copy = log.copy()
    copy.pop()
    assert len(log) == 2 and len(copy) == 1


def test_arguments_must_be_small_non_negative_ints():
    log = ActionLog()
    for bad in (("to", -1), ("to", "3"), ("x", 1, 2, 3, 4)):
        with pytest.raises(ValueError):
            log.append(0, bad)
    assert len(log) == 0 and log.flat == []


@pytest.mark.parametrize("flat, verbs, problem", [
    ([1], 1, "runs past the end"),
    ([8], 1, "names verb number 1 of 1"),
    ([0, 0, 9, 4], 1, "decision 3 (value 2) names verb number 1"),
])
def test_a_record_that_does_not_decode_names_the_place(flat, verbs, problem):
    with pytest.raises(BadRecord, match=re.escape(problem)):
        starts_of(flat, verbs)


def test_a_game_records_its_decisions_and_replays_from_them():
    game = Game.new(STAR_WARS, 3)
    rng = random.Random(3)
    while game.state.turn < 4:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
    again = Game.replay(STAR_WARS, 3, game.options, list(game.actions))
    assert again.state.to_data() == game.state.to_data()
    assert again.actions == game.actions

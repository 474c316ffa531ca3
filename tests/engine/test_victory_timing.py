"""Victory timing (docs/rules.md G4) and a flagship whose loss ends the game
(G5), ruling by ruling on the Rome theme's scenario "sicily": Rome wins by
holding Sicily and Africa at the end of 2 of its turns in a row, Carthage by
holding Latium and Campania at the end of a round, or when the Roman flagship
is lost; after 15 rounds the side with more revenue wins (a tie: Carthage)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from warp_empires.engine import Game, decider, legal_actions
from warp_empires.engine.flow import run
from warp_empires.engine.invariants import broken
from warp_empires.engine.state import NO_SIDE
from warp_empires.engine.victory import check
from warp_empires.module import load_module

ROME = load_module(Path(__file__).parents[1] / "themes" / "punic")


def _game(seed: int = 3) -> Game:
    return Game.new(ROME, seed, {"scenario": "sicily"})


def _tid(name: str) -> int:
    return ROME.map.by_id(name).index


def _end_turn(game: Game) -> None:
    """The active side's player-turn ends now (its Control phase is done)."""
    s = game.state
    s.pend, s.battle = None, None
    run(s, "turn_over")


def test_a_held_victory_needs_its_turns_in_a_row():
    game = _game()
    s = game.state
    s.active = 0
    for name in ("sicily", "africa"):
        s.control[_tid(name)] = 0
    assert not check(s)  # not after a phase: only at the end of Rome's turns
    _end_turn(game)
    assert s.winner == NO_SIDE and s.held
    assert "1 of 2 turns in a row" in s.log[-3]["text"] or any(
        "1 of 2 turns in a row" in e["text"] for e in s.log[-5:])
    s.active = 0
    _end_turn(game)
    assert s.winner == 0 and s.win_reason == "Rome holds Sicily and Africa."


def test_a_held_victory_starts_again_when_it_lapses():
    game = _game()
    s = game.state
    s.active = 0
    for name in ("sicily", "africa"):
        s.control[_tid(name)] = 0
    _end_turn(game)
    s.active = 0
    s.control[_tid("africa")] = 1
    _end_turn(game)
    assert s.held == []
    s.control[_tid("africa")] = 0
    s.active = 0
    _end_turn(game)
    assert s.winner == NO_SIDE and s.held == [[0, 1]]


def test_a_round_victory_is_checked_only_when_a_round_ends():
    game = _game()
    s = game.state
    s.control[_tid("latium")] = s.control[_tid("campania")] = 1
    assert not check(s)  # not after a phase: only when a round ends
    s.turn, s.active = 1, 0
    _end_turn(game)  # turn 1 ends: half a round
    assert s.winner == NO_SIDE
    s.turn, s.active = 2, 1
    _end_turn(game)
    assert s.winner == 1 and s.win_reason == "Carthage holds Latium and Campania."


def test_losing_the_flagship_ends_the_game_at_once():
    # G5: checked like any clause after phases and battles (RULINGS B12)
    game = _game()
    s = game.state
    hexeres = next(c for c, u in enumerate(s.chits) if ROME.units[u].id == "hexeres")
    t = s.where(hexeres)
    s.stacks[0][t] = tuple(c for c in s.stacks[0][t] if c != hexeres)
    s.piles[0].append(hexeres)
    assert check(s) and s.winner == 1 and s.win_reason == "The Roman flagship is lost."


def test_a_flagship_waiting_in_the_hangar_is_not_lost():
    game = Game.new(ROME, 3, {"scenario": "sicily"})
    s = game.state
    hexeres = next(c for c, u in enumerate(s.chits) if ROME.units[u].id == "hexeres")
    t = s.where(hexeres)
    s.stacks[0][t] = tuple(c for c in s.stacks[0][t] if c != hexeres)
    s.hangar = [[hexeres, 2, s.turn]]
    assert not check(s)


@pytest.mark.parametrize("rome, carthage, winner, says", [
    (("latium", "campania", "sicily"), ("africa",), 0, "Rome has more revenue, 7 to 3"),
    (("latium",), ("africa",), 1, "both have 3 revenue; a tie goes to the Carthaginians"),
])
def test_the_turn_limit_is_decided_by_the_score(rome, carthage, winner, says):
    game = _game()
    s = game.state
    s.control = [NO_SIDE] * len(s.control)
    for name in rome:
        s.control[_tid(name)] = 0
    for name in carthage:
        s.control[_tid(name)] = 1
    s.turn, s.active = 29, 0
    _end_turn(game)
    assert s.winner == NO_SIDE  # round 15 is not over yet
    s.turn, s.active = 30, 1
    _end_turn(game)
    assert s.winner == winner
    assert s.win_reason == f"The turn limit (15 rounds) is reached: {says}."


def test_other_scores_count_what_they_say():
    from warp_empires.engine.victory import _score

    s = _game().state
    assert _score(s, 0, "units") == 6 and _score(s, 1, "units") == 6
    assert _score(s, 0, "force") == 3 + 3 + 3 + 4 + 3 + 2
    assert _score(s, 0, "territories") == 2


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_end_by_the_scenarios_rules(seed):
    game = _game(seed)
    rng = random.Random(seed)
    while not game.over and game.state.turn <= 40:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
        assert broken(game.state) == []
    assert game.over  # 15 rounds at most: the limit always ends it


def test_the_star_wars_module_keeps_checking_after_every_phase():
    star_wars = load_module(Path(__file__).parents[2] / "modules" / "star_wars")
    from warp_empires.engine.tables import tables

    assert tables(star_wars).timed == () and star_wars.rules.turn_limit == 0
    assert all(v.when == "phase" and not v.hold for v in star_wars.victory)
    assert dataclasses.replace(star_wars.rules) == star_wars.rules


def test_help_names_who_takes_a_tie_at_the_turn_limit_as_sentences_do():
    # the modder's Help read "a tie goes to Allies" where the log says "the Allies"
    from warp_empires.tui.screens.help import module_markdown

    assert "wins; a tie goes to the Carthaginians." in module_markdown(_game().state.module)

"""Stepping through a finished or saved game (RULINGS H8): every position
the game passed through, rebuilt from its seed and decisions, and the view of
it one side had, or what both sides saw. No Textual here: the screen
(screens/replay.py) only draws what this gives it."""

from __future__ import annotations

from typing import Any

from warp_empires.engine import Game, State, View, apply, setup, view

PUBLIC = -1  # the point of view that shows only what both sides saw


class Replay:
    """The positions of one game, from its setup to where it stands."""

    def __init__(self, game: Game) -> None:
        self.module = game.module
        s = setup(game.module, game.seed, game.options) if game.base is None \
            else State.from_data(game.module, game.base)
        # Positions without their logs: the log only grows, so each position's
        # log is the start of the final one (`log_at`), kept once.
        events = s.log
        assert events is not None  # setup and from_data keep a log
        self.states: list[State] = [s.clone(log=False)]
        self._log_lengths = [len(events)]
        self.decisions: list[tuple[int, tuple[Any, ...]]] = []
        for side, action in game.actions:
            act = tuple(action)
            apply(s, side, act)
            self.states.append(s.clone(log=False))
            self._log_lengths.append(len(events))
            self.decisions.append((side, act))
        self._log = events

    def __len__(self) -> int:
        return len(self.states)

    def log_at(self, i: int, side: int) -> list[dict[str, Any]]:
        """The events logged up to position i that `side` read (PUBLIC: what
        anyone may read: the events for both, and the enemy's form of a side's
        own, e.g. "a group of 2 moves", board.log_pair)."""
        return [e for e in self._log[: self._log_lengths[i]]
                if e["to"] == side or (e.get("public") if side == PUBLIC else e["to"] is None)]

    def view_at(self, i: int, side: int) -> View:
        """Position i as `side` saw it; PUBLIC: what a bystander saw (no hand,
        no hidden units, no private log lines)."""
        s = self.states[i]
        v = view(s, side if side != PUBLIC else s.active, log=False, public=side == PUBLIC)
        v.log = self.log_at(i, side)
        return v

    def _mark(self, i: int, by: str) -> tuple[Any, ...]:
        s = self.states[i]
        return (s.turn,) if by == "turn" else (s.turn, s.phase)

    def next_start(self, i: int, by: str) -> int:
        """The first position after i in another phase (by="phase") or
        player-turn (by="turn"); the last position if none."""
        here = self._mark(i, by)
        for j in range(i + 1, len(self.states)):
            if self._mark(j, by) != here:
                return j
        return len(self.states) - 1

    def previous_start(self, i: int, by: str) -> int:
        """The first position of the phase or turn before the one holding i
        (of the one holding i, when i is not its first position)."""
        start = i
        while start > 0 and self._mark(start - 1, by) == self._mark(i, by):
            start -= 1
        if start < i:
            return start
        if start == 0:
            return 0
        j = start - 1
        while j > 0 and self._mark(j - 1, by) == self._mark(start - 1, by):
            j -= 1
        return j

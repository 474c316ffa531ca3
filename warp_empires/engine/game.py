"""A game: its module, seed, options, state and the log of every action."""

from __future__ import annotations

import os
import secrets
from typing import Any

from warp_empires.module.defs import Module

from .actions import Action
from .api import Prompt, apply, legal_actions, prompt
from .options import RULES, RULES_KEY
from .record import ActionLog
from .start import setup
from .state import State
from .views import hand_as_drawn, view
from .viewtypes import View

SEED_MAX = (1 << 64) - 1  # the generator's state is one unsigned 64-bit int (rng.py)


class Game:
    """The state plus what is needed to rebuild it: same seed and actions, same game."""

    def __init__(self, module: Module, seed: int, options: dict[str, Any], state: State,
                 actions: ActionLog | list[list[Any]], base: dict[str, Any] | None = None,
                 id: str | None = None) -> None:
        self.module = module
        # Names the game in its saves, so that saving one game never silently
        # replaces another's save. Random: it must say nothing of the seed.
        self.id = id if id is not None else secrets.token_hex(8)
        self.seed = seed
        self.options = options
        self.state = state
        # the decisions that stand: [[side, [verb, arg...]], ...], kept compact
        self.actions = actions if isinstance(actions, ActionLog) else ActionLog.of(actions)
        self.base = base  # the state data the actions start from; None: setup(seed)

    @classmethod
    def new(cls, module: Module, seed: int | None = None,
            options: dict[str, Any] | None = None) -> Game:
        options = dict(options or {})
        # written down, so that the save replays under these rules when they change
        options.setdefault(RULES_KEY, RULES)
        if seed is None:
            # RULINGS H7: a fresh secret seed unless one is given
            seed = int.from_bytes(os.urandom(8), "big")
        elif type(seed) is not int or not 0 <= seed <= SEED_MAX:
            raise ValueError(f"a seed is a whole number in 0..{SEED_MAX}, not {seed!r:.40}")
        else:
            options.setdefault("seeded", True)  # labelled: anyone with the seed can replay it
        state = setup(module, seed, options)
        game = cls(module, seed, dict(state.options), state, [])  # optional rules sorted
        game.state.undo = []  # people may take back decisions (RULINGS Z1)
        return game

    @classmethod
    def replay(cls, module: Module, seed: int, options: dict[str, Any],
               actions: list[list[Any]], base: dict[str, Any] | None = None,
               id: str | None = None) -> Game:
        """Rebuilds a game by applying its action log to a fresh setup, or to
        `base` (a state's data) when the game did not start from its seed."""
        start = setup(module, seed, options) if base is None else State.from_data(module, base)
        game = cls(module, seed, dict(options), start, [], base, id)
        for side, action in actions:
            game.apply(side, tuple(action))
        game.state.undo = []
        return game

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        events = apply(self.state, side, action)
        if action[0] == "undo":
            self.actions.pop()  # a save holds the decisions that stand (RULINGS Z1)
        else:
            self.actions.append(side, action)
        return events

    def prompt(self) -> Prompt:
        return prompt(self.state)

    def legal_actions(self, side: int | None = None) -> list[Action]:
        return legal_actions(self.state, side)

    def view(self, side: int, log: bool = True, public: bool = False) -> View:
        return view(self.state, side, log, public)

    def hand_as_drawn(self, side: int) -> list[int]:
        """`side`'s own hand in the order drawn (views.hand_as_drawn)."""
        return hand_as_drawn(self.state, side)

    @property
    def over(self) -> bool:
        return self.state.winner >= 0

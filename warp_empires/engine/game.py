"""A game: its module, seed, options, state and the log of every action."""

from __future__ import annotations

import os
from typing import Any

from warp_empires.module.defs import Module

from .actions import Action
from .api import Prompt, apply, legal_actions, prompt
from .setup import setup
from .state import State
from .view import view


class Game:
    """The state plus what is needed to rebuild it: same seed and actions, same game."""

    def __init__(self, module: Module, seed: int, options: dict[str, Any], state: State,
                 actions: list[list[Any]]) -> None:
        self.module = module
        self.seed = seed
        self.options = options
        self.state = state
        self.actions = actions  # [[side, [verb, arg...]], ...]

    @classmethod
    def new(cls, module: Module, seed: int | None = None,
            options: dict[str, Any] | None = None) -> Game:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "big")
        options = dict(options or {})
        return cls(module, seed, options, setup(module, seed, options), [])

    @classmethod
    def replay(cls, module: Module, seed: int, options: dict[str, Any],
               actions: list[list[Any]]) -> Game:
        """Rebuilds a game by applying its action log to a fresh setup."""
        game = cls.new(module, seed, options)
        for side, action in actions:
            game.apply(side, tuple(action))
        return game

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        events = apply(self.state, side, action)
        self.actions.append([side, list(action)])
        return events

    def prompt(self) -> Prompt:
        return prompt(self.state)

    def legal_actions(self, side: int | None = None) -> list[Action]:
        return legal_actions(self.state, side)

    def view(self, side: int, log: bool = True) -> dict[str, Any]:
        return view(self.state, side, log)

    @property
    def over(self) -> bool:
        return self.state.winner >= 0

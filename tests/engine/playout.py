"""Plays whole games with computer players, for fuzz and determinism tests."""

from __future__ import annotations

from collections.abc import Callable

from warp_empires.bots import make_player
from warp_empires.engine import Game
from warp_empires.module.defs import Module


def play(module: Module, seed: int, kinds: tuple[str, str] = ("random", "random"),
         max_turns: int = 60, each: Callable[[Game], None] | None = None,
         optional: tuple[str, ...] = ()) -> Game:
    """One game between computer players, with the optional rules named."""
    game = Game.new(module, seed, {"optional": list(optional)} if optional else None)
    players = [make_player(k, module, seed * 2 + i) for i, k in enumerate(kinds)]
    while not game.over and game.state.turn <= max_turns:
        p = game.prompt()
        action = players[p.side].choose(game.view(p.side, log=False), game.legal_actions())
        game.apply(p.side, action)
        if each is not None:
            each(game)
    return game

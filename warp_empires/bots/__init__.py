"""Computer players. Each sees only `view(state, side)` and the legal actions,
and answers through the same `apply` as a person."""

from __future__ import annotations

from warp_empires.module.defs import Module

from .base import Player
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer

PLAYER_KINDS = ("random", "heuristic")
STRONGEST = "heuristic"


def make_player(kind: str, module: Module, seed: int = 0) -> Player:
    """A computer player by name; 'bot' means the strongest there is."""
    if kind == "bot":
        kind = STRONGEST
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(module, seed)
    raise ValueError(f"unknown player kind {kind!r} (choose from bot, "
                     f"{', '.join(PLAYER_KINDS)})")


__all__ = ["PLAYER_KINDS", "Player", "STRONGEST", "make_player"]

"""Computer players. Each sees only `view(state, side)` and the legal actions,
and answers through the same `apply` as a person."""

from __future__ import annotations

from warp_empires.module.defs import Module

from .base import Player
from .heuristic import HeuristicPlayer
from .random_player import RandomPlayer
from .solo import SoloPlayer

# `solo` (RULINGS O6) needs the module's [solo] tables; make_player says so.
PLAYER_KINDS = ("random", "heuristic", "solo")
STRONGEST = "heuristic"


def unavailable(kind: str, module: Module) -> str | None:
    """Why this kind of player cannot play with this module, or None."""
    if kind == "solo" and module.solo is None:
        return (f"the solo opponent needs the module's [solo] tables, and {module.name} "
                f"has none")
    return None


def make_player(kind: str, module: Module, seed: int = 0) -> Player:
    """A computer player by name; 'bot' means the strongest there is."""
    if kind == "bot":
        kind = STRONGEST
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(module, seed)
    if kind == "solo":
        return SoloPlayer(module, seed)
    raise ValueError(f"unknown player kind {kind!r} (choose from bot, "
                     f"{', '.join(PLAYER_KINDS)})")


__all__ = ["PLAYER_KINDS", "Player", "STRONGEST", "make_player", "unavailable"]

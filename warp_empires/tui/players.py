"""Computer players as the TUI sees them: a kind name and `choose(view, legal)`.

The real players live in warp_empires.bots; this module only adapts them, and
keeps a plain random player for when that package is not there.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from warp_empires.engine import Action

HUMAN = "human"


class Player(Protocol):
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class _RandomPlayer:
    """Uniform over legal actions, never resigning."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        options = [a for a in legal if a[0] != "resign"] or legal
        return self._rng.choice(options)


def _bots() -> Any | None:
    try:
        import warp_empires.bots as bots
    except ImportError:
        return None
    return bots


def computer_kinds() -> list[str]:
    """Names of the computer players on offer, strongest first when known."""
    bots = _bots()
    names = list(getattr(bots, "PLAYER_KINDS", ())) if bots is not None else []
    return names or ["random"]


def player_kinds() -> list[str]:
    return [HUMAN, *computer_kinds()]


def make_player(kind: str, seed: int) -> Player:
    """A computer player of that kind; 'bot' means the strongest available."""
    bots = _bots()
    if bots is not None and hasattr(bots, "make_player"):
        return bots.make_player(kind, seed)
    return _RandomPlayer(seed)

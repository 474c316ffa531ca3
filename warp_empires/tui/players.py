"""Who can play a side: a person at this keyboard, or a computer player from
warp_empires.bots ('bot' alone is the search player's normal level).

The computer players (and the engine they run) are loaded when first asked
for, not when the app starts: the title screen needs none of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from warp_empires.bots import Player
    from warp_empires.engine import Action
    from warp_empires.module.defs import Module

HUMAN = "human"
# the search player's normal level: what 'bot' alone means (bots.STRONGEST)
STRONGEST = "bot:normal"


def computer_kinds() -> list[str]:
    from warp_empires.bots import PLAYER_KINDS

    return list(PLAYER_KINDS)


def player_kinds() -> list[str]:
    return [HUMAN, *computer_kinds()]


def canonical(kind: str) -> str:
    """One name per player: 'bot' alone is the normal level (STRONGEST)."""
    return STRONGEST if kind == "bot" else kind


def is_known(kind: str) -> bool:
    from warp_empires.bots import known_kind

    return kind == HUMAN or known_kind(kind)


def make_player(kind: str, module: Module, seed: int = 0, timed: bool = False) -> Player:
    """A computer player (bots.make_player)."""
    from warp_empires.bots import make_player as make

    return make(kind, module, seed, timed)


def unavailable(kind: str, module: Module) -> str | None:
    """Why a computer player cannot play `module`, or None (bots.unavailable)."""
    if kind == HUMAN:
        return None
    from warp_empires.bots import unavailable as why

    return why(kind, module)


def fallback(legal: list[Action]) -> Action:
    """What a computer player does when its answer fails: the first action
    that goes forward (bots.base.forward: an unpick could loop for ever)."""
    from warp_empires.bots.base import forward

    return forward(legal)[0]


__all__ = ["HUMAN", "STRONGEST", "canonical", "computer_kinds", "fallback", "is_known",
           "make_player", "player_kinds", "unavailable"]

"""Who can play a side: a person at this keyboard, or a computer player from
warp_empires.bots ('bot' alone is the search player's normal level)."""

from __future__ import annotations

from warp_empires.bots import PLAYER_KINDS, STRONGEST, Player, known_kind, make_player

HUMAN = "human"


def computer_kinds() -> list[str]:
    return list(PLAYER_KINDS)


def player_kinds() -> list[str]:
    return [HUMAN, *computer_kinds()]


def canonical(kind: str) -> str:
    """One name per player: 'bot' alone is the normal level (STRONGEST)."""
    return STRONGEST if kind == "bot" else kind


def is_known(kind: str) -> bool:
    return kind == HUMAN or known_kind(kind)


__all__ = ["HUMAN", "STRONGEST", "Player", "canonical", "computer_kinds", "is_known",
           "make_player", "player_kinds"]

"""Who can play a side: a person at this keyboard, or a computer player from
warp_empires.bots ('bot' is the strongest one)."""

from __future__ import annotations

from warp_empires.bots import PLAYER_KINDS, STRONGEST, Player, make_player

HUMAN = "human"


def computer_kinds() -> list[str]:
    return ["bot", *PLAYER_KINDS]


def player_kinds() -> list[str]:
    return [HUMAN, *computer_kinds()]


def is_known(kind: str) -> bool:
    return kind in player_kinds()


__all__ = ["HUMAN", "STRONGEST", "Player", "computer_kinds", "is_known", "make_player",
           "player_kinds"]

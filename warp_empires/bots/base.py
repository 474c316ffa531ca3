"""What every computer player offers."""

from __future__ import annotations

from typing import Any, Protocol

from warp_empires.engine import Action


class Player(Protocol):
    kind: str

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """One of `legal`, decided from what `view` shows this side."""
        ...


def without_resign(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a[0] != "resign"] or legal

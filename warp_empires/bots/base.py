"""What every computer player offers."""

from __future__ import annotations

from typing import Protocol

from warp_empires.engine import Action, View


class Player(Protocol):
    kind: str

    def choose(self, view: View, legal: list[Action]) -> Action:
        """One of `legal`, decided from what `view` shows this side."""
        ...


BACKWARD = frozenset({"unpick", "undo", "resign"})


def forward(legal: list[Action]) -> list[Action]:
    """The actions that go forward: a computer player never takes back a pick."""
    return [a for a in legal if a[0] not in BACKWARD] or legal

"""Where a side's cards come from and go to: the shared deck and discard pile
(RULINGS D2), or, in a module with per-side decks, the side's own
(docs/rules.md G10). A state with per-side decks keeps `deck` and `discard`
empty and holds `decks` and `discards`, one list a side; a state with the
shared deck keeps those two empty, and its data is what it always was."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from warp_empires.module.defs import Module

    from .state import State


def deck_of(s: State, side: int) -> list[int]:
    """The deck `side` draws from (the next draw last)."""
    return s.decks[side] if s.decks else s.deck


def discard_of(s: State, side: int) -> list[int]:
    """The discard pile the cards `side` plays or discards go to."""
    return s.discards[side] if s.decks else s.discard


def full_decks(module: Module) -> tuple[list[int], list[list[int]]]:
    """A new game's shared deck and per-side decks, unshuffled; one of them empty."""
    if not module.side_decks:
        return [c.index for c in module.cards for _ in range(c.count)], []
    return [], [[c.index for c in module.cards for _ in range((c.decks or (0, 0))[side])]
                for side in (0, 1)]


def cards_left(s: State) -> int:
    """Cards in the deck or decks, together: what a draw lessens."""
    return len(s.deck) + sum(map(len, s.decks))


def cards_discarded(s: State) -> int:
    return len(s.discard) + sum(map(len, s.discards))

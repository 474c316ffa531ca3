"""A hand shown in the order its owner drew it (play-test: a resumed game
showed the hand sorted by kind, not as drawn, and the rows a player had
learnt moved). Kept apart from rows.py's HandOrder, which it extends."""

from __future__ import annotations

from collections.abc import Callable

from warp_empires.present.rows import HandOrder


def positions_as_drawn(hand: list[int], drawn: list[int]) -> list[int] | None:
    """The positions of `hand` (the view's hand, sorted by kind) in the order of
    `drawn` (the same cards in the order drawn); None when they are not the
    same cards (a view of another moment), so the caller keeps its own order.
    Of two cards of one kind either may stand for the other."""
    if sorted(hand) != sorted(drawn):
        return None
    unused = list(range(len(hand)))
    order: list[int] = []
    for kind in drawn:
        i = next(i for i in unused if hand[i] == kind)
        unused.remove(i)
        order.append(i)
    return order


class DrawnHandOrder(HandOrder):
    """The hand in the order its owner drew it, given by `drawn(side)` (that
    side's own hand as drawn: Game.hand_as_drawn). A card held keeps its place
    and cards drawn come after, as drawn; a game opened from a save shows the
    hand as before, since the save holds that order. Of two cards of one kind
    the first is the one that leaves, as in the engine, so that the order
    seen while playing is the order a resumed game shows. Only that side's
    knowledge, only ever used to order that side's own screen; HandOrder's
    memory stands in when there is no such order (a view of another moment)."""

    def __init__(self, drawn: Callable[[int], list[int]]) -> None:
        super().__init__()
        self._drawn = drawn

    def arrange(self, side: int, hand: list[int]) -> list[int]:
        order = positions_as_drawn(hand, self._drawn(side))
        if order is None:
            return super().arrange(side, hand)
        seen = [hand[i] for i in order]
        if seen != self.to_data(side):
            self.restore(side, seen)
            self.changed(side)
        return order

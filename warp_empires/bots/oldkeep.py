"""The discards of the computer players before issue 39, kept as a named
baseline for benchmarks only (player kinds ending in BASELINE, such as
`heuristic:oldkeep`; bots.make_player): no list a person chooses from
names them.

The heuristic let its lowest-valued card go, one at a time (CARD_VALUE: a
hand of move cards pushed every battle card out); the search player kept
a mix by timing (each further card of a timing kept worth DECAY of the one
before) and above all a card that wins at once (bots.hand.winning_now).
bots.hand's weighing replaced both (and the app's `a` key's).
"""

from __future__ import annotations

from warp_empires.engine import Action, View
from warp_empires.module.defs import Module

from .fighting import CARD_VALUE
from .hand import winning_now

BASELINE = ":oldkeep"
DECAY = 0.7


def card_worth(module: Module, side: int, kind: int) -> float:
    """A card's worth alone, as the heuristic counts it; below zero for a
    card marked for the other side (RULINGS M6)."""
    card = module.cards[kind]
    if card.side is not None and card.side != side:
        return -1.0
    return CARD_VALUE.get(card.effect.kind, 1) + card.effect.amount * 0.1


def heuristic_discard(module: Module, view: View, legal: list[Action]) -> Action:
    """The heuristic's old pick: its lowest-valued card."""
    sel = view.pend.selection
    items = sel.items if sel is not None else []
    picks = [a for a in legal if a[0] == "pick"]
    if not picks:
        return ("confirm",)
    return min(picks, key=lambda a: card_worth(module, view.side, items[a[1]]))


def search_discard(module: Module, view: View, legal: list[Action]) -> Action | None:
    """The search player's old pick: the card that adds least to the mix."""
    picks = {a[1]: a for a in legal if a[0] == "pick"}
    if not picks:
        return None
    sel = view.pend.selection
    items = sel.items if sel is not None else []
    worth = winning_now(module, view)
    left = list(range(len(items)))
    kept: list[int] = []
    count: dict[str, int] = {}
    while left:
        def gain(i: int) -> float:
            w = worth[items[i]] if items[i] in worth else card_worth(module, view.side, items[i])
            return w * DECAY ** count.get(module.cards[items[i]].timing, 0) if w > 0 else w
        best = max(left, key=lambda i: (gain(i), -i))
        left.remove(best)
        kept.append(best)
        timing = module.cards[items[best]].timing
        count[timing] = count.get(timing, 0) + 1
    return picks[next(i for i in reversed(kept) if i in picks)]

"""Which cards a computer player keeps when it must discard (RULINGS D1).

The heuristic discards its lowest-valued cards one by one (CARD_VALUE), so a
hand of move cards, each worth the most alone, pushed out the battle cards
that win fights: a play-test saw it discard Weak Spot and Use the Force while
keeping five move cards (issue 11). A card here is worth less for every card
of its timing (move, battle, other) kept before it: the third move card adds
less to a hand than the first battle card. Pure functions of the module and
the side's own cards (RULINGS H9).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from warp_empires.module.defs import Module

from .heuristic import CARD_VALUE

# What each further card of a timing already kept is worth, as a share of the
# last: move cards 7, 4.9, 3.4, ...: about the two or three a turn uses.
DECAY = 0.7


def card_worth(module: Module, side: int, kind: int) -> float:
    """A card's worth alone, as the heuristic counts it; below zero for a
    card marked for the other side, which this side can never play (RULINGS M6)."""
    card = module.cards[kind]
    if card.side is not None and card.side != side:
        return -1.0
    return CARD_VALUE.get(card.effect.kind, 1) + card.effect.amount * 0.1


def idle_cards(module: Module, view: dict[str, Any]) -> set[int]:
    """Card kinds of no use to the viewing side as things stand, from its own
    view: a bonus for its own units of a kind it has none of on the map, a
    rescue with none of its leaders held captive (play-test: the suggested
    discards kept Use the Force with no Force-aware unit on the map, and two
    Daring Rescues over two Surprise Attacks)."""
    side = view["side"]
    units = module.units
    own = [units[u["unit"]] for st in view["stacks"][side] if st for u in st.get("units", [])]
    held = any(units[u].side == side and units[u].is_leader for u in view["captives"][1 - side])
    idle = set()
    for kind, card in enumerate(module.cards):
        effect = card.effect
        if effect.kind in ("unit_bonus", "target_bonus") \
                and not any(effect.filter.matches(u) for u in own):
            idle.add(kind)
        elif effect.kind == "rescue" and not held:
            idle.add(kind)
    return idle


def keep_order(module: Module, side: int, cards: list[int],
               idle: Collection[int] = ()) -> list[int]:
    """Indices into `cards`, the one to keep first first: each time the card
    that adds most to what is kept already. Cards of `idle` kinds (see
    idle_cards) come last but for those the other side only may play."""
    left = list(range(len(cards)))
    kept: list[int] = []
    count: dict[str, int] = {}
    while left:
        def gain(i: int) -> float:
            worth = card_worth(module, side, cards[i])
            if worth > 0 and cards[i] in idle:
                worth = 0.0
            return worth * DECAY ** count.get(module.cards[cards[i]].timing, 0) \
                if worth > 0 else worth
        best = max(left, key=lambda i: (gain(i), -i))
        left.remove(best)
        kept.append(best)
        timing = module.cards[cards[best]].timing
        count[timing] = count.get(timing, 0) + 1
    return kept

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

import math
from collections.abc import Mapping

from warp_empires.engine import View
from warp_empires.engine.forecast import last_marker
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


def board_worth(module: Module, view: View) -> dict[int, float]:
    """What card kinds are worth to the viewing side as things stand, where
    that is not card_worth: a bonus for its own units, the Force it adds to
    its stack with most of them (none: 0); a rescue with none of its leaders
    held captive, 0; a card that removes a control marker, while the enemy
    has one revenue marker left, which ends the game (forecast.last_marker;
    RULINGS M8, U1, W3), above all. From its own view (H9). For the app's
    suggested discards (play-tests: they kept a bonus for a kind of unit the
    side had none of on the map, two rescues over two side bonuses, and let
    fighter bonuses go beside eight fighter squads). The computer players keep
    card_worth but for winning_now: the hard level discarding by all of this
    won 32 of 53 games against normal where it had won 34 of the same deals."""
    side = view.side
    units = module.units
    stacks = [[units[u.unit] for u in st.units or ()]
              for st in view.stacks[side] if st]
    held = any(units[u].side == side and units[u].is_leader for u in view.captives[1 - side])
    out = winning_now(module, view)
    for kind, card in enumerate(module.cards):
        if card.side is not None and card.side != side:
            continue
        effect = card.effect
        if effect.kind in ("unit_bonus", "target_bonus"):
            most = max((sum(1 for u in st if effect.filter.matches(u)) for st in stacks),
                       default=0)
            out[kind] = float(effect.amount * (min(most, 1) if effect.kind == "target_bonus"
                                                else most))
        elif effect.kind == "rescue" and not held:
            out[kind] = 0.0
    return out


def winning_now(module: Module, view: View) -> dict[int, float]:
    """Card kinds the viewing side may play that end the game, above every
    other card: one that removes a control marker while the enemy holds one
    revenue marker (forecast.last_marker; RULINGS M8, U1, W3). Every computer
    player keeps them at the hand limit (play-test: hard let one go at turn 7
    when it would have won at once)."""
    side = view.side
    last = [t for t in range(len(view.control)) if last_marker(module, view, t)]
    if not last:
        return {}
    # RULINGS M8: a card that takes only unguarded markers is decisive only
    # while no enemy unit stands on that last one
    open_ = any(not view.stacks[1 - side][t] for t in last)
    return {kind: math.inf for kind, card in enumerate(module.cards)
            if card.effect.kind == "remove_control" and card.side in (None, side)
            and (open_ or card.effect.targets == "any")}


def keep_order(module: Module, side: int, cards: list[int],
               worth: Mapping[int, float] | None = None) -> list[int]:
    """Indices into `cards`, the one to keep first first: each time the card
    that adds most to what is kept already. `worth` (board_worth) stands for
    card_worth where it has the kind."""
    left = list(range(len(cards)))
    kept: list[int] = []
    count: dict[str, int] = {}
    while left:
        def gain(i: int) -> float:
            w = worth[cards[i]] if worth and cards[i] in worth \
                else card_worth(module, side, cards[i])
            return w * DECAY ** count.get(module.cards[cards[i]].timing, 0) if w > 0 else w
        best = max(left, key=lambda i: (gain(i), -i))
        left.remove(best)
        kept.append(best)
        timing = module.cards[cards[best]].timing
        count[timing] = count.get(timing, 0) + 1
    return kept

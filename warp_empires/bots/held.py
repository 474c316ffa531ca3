"""Which cards an enemy's hand tends to hold, for dealing the worlds a search
player plays out (engine.determinize `hand_weight`).

A hand that has been played from is not a random deal: on its own turn a side
spends its move cards and keeps its battle cards for the fights to come, and
at the hand limit it lets go first of cards it cannot play (RULINGS M6, D1).
Dealt at random, the enemy's hand held half the battle cards it really held,
so every attack looked safer than it was (issue 40: hard sent its chief
leaders at an enemy who held the cards to tie the battle).

Measured (2026-12-02), the heuristic against itself, 30 games, at the start
of each Move phase, the real enemy hand against four hands dealt from the
mover's view at each, as battle cards / move cards / other cards / cards the
enemy cannot play (hands of 5.8 cards; the last before UNPLAYABLE):
- the shipped module: real 3.37 / 1.20 / 1.26 / 0.18; dealt at random 2.25 / 2.12 /
  1.47 / 0.39; dealt by these weights 3.51 / 1.31 / 1.02 / 0.28 (move cards
  at 0.5: 3.57 / 1.17 / 1.10). The battle cards' worth to the enemy (bots.hand)
  summed: real 29.2, at random 15.1, by weight 23.0. Normal against the
  heuristic alike (real 3.21 battle cards, 2.22 at random).
- the `module new` template: real 1.82 / 2.19 / 1.61 / 0.21; at random 1.27 /
  2.48 / 1.88 / 0.26; by these weights 1.86 / 2.09 / 1.68 / 0.24 (move cards at
  0.5: 1.92 / 1.91 / 1.80, too few).
One set of weights fits both: the pattern is the turn's, not a theme's
(tests/engine/test_held.py checks it on fewer games). The hard level deals so
(bots.levels `held`: what it bought is recorded there).
"""

from __future__ import annotations

from collections.abc import Callable

from warp_empires.module.defs import Module

# How much likelier than at random a card is to be in the enemy's hand, by
# its timing (module.defs CardDef.timing).
BY_TIMING = {"battle": 2.0, "move": 0.6, "action": 0.7}
# A card only this side may play, in the enemy's hand (RULINGS M6): kept by
# the enemy only while nothing else must go.
UNPLAYABLE = 0.5


def held_weight(module: Module, side: int) -> Callable[[int], float]:
    """A card kind's weight in the hand of `side`'s enemy (see the module
    docstring)."""
    enemy = 1 - side
    weights = []
    for card in module.cards:
        w = BY_TIMING.get(card.timing, 1.0)
        if card.side is not None and card.side != enemy:
            w *= UNPLAYABLE
        weights.append(w)
    return weights.__getitem__

"""When a card is worth playing, worked out from what a side can see: how much
a battle card would change the battle's totals (engine.forecast.card_gain,
which the app shows too), and where a sabotage or defection card (G7) may find
something to act on. Pure functions of the module and a view (RULINGS H9), shared by the
computer players.

Issue 11's play-test saw cards spent for nothing: Sabotage named at stacks
holding no fortification, class bonuses played when every unit of the class
had been zeroed (RULINGS B4; docs/rules.md: zeroed units stay zero), cards
thrown into battles too far gone to turn.
"""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.module.defs import Module


def sabotage_target(module: Module, view: View, kind: int,
                    full_hand: bool = False) -> int | None:
    """The enemy stack a sabotage card should name: one seen to hold a unit it
    destroys (its top unit, or any unit of a stack shown in full); failing
    that, with a full hand (the card would go at the next discard anyway), the
    largest stack not seen in full. None: keep the card."""
    flt = module.cards[kind].effect.filter
    units = module.units
    guess: tuple[int, int] | None = None
    for t, st in enumerate(view.stacks[view.enemy]):
        if not st:
            continue
        seen = st.known()
        if any(flt.matches(units[u]) for u in seen):
            return t
        if full_hand and st.units is None and (guess is None or st.size > guess[0]):
            guess = (st.size, t)
    return guess[1] if guess is not None else None

"""The heuristic player's battles and cards: which card to play in a battle
(the cheapest that puts it ahead), whom a card strikes, where to retreat, and
the optional rules' interceptions and withdrawals (RULINGS O1-O3). A mixin of
HeuristicPlayer, which supplies the module (`m`), distances (`dist`) and
`_estimate` (bots.planning)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.engine import Action, View
from warp_empires.engine.forecast import card_gain
from warp_empires.engine.viewtypes import InterceptView, StackEntry
from warp_empires.module.defs import Module

from .cardplay import sabotage_target
from .measures import threatened
from .planning import ATTACK_MARGIN

CARD_VALUE = {"move": 7, "destroy": 6, "side_bonus": 5, "target_bonus": 5, "zero_force": 5,
              "unit_bonus": 3, "rescue": 6, "sabotage": 2, "remove_control": 2, "spy": 1,
              "revenue": 3, "defect": 3, "random_loss": 1}  # docs/rules.md G6-G8


class Fighting:
    m: Module
    dist: list[list[int]]
    if TYPE_CHECKING:
        def _estimate(self, foe: StackEntry | None, enemy: int) -> float: ...

    def _card_value(self, view: View, kind: int) -> float:
        card = self.m.cards[kind]
        if card.side is not None and card.side != view.side:
            return -1  # can never be played by us (RULINGS M6)
        return CARD_VALUE.get(card.effect.kind, 1) + card.effect.amount * 0.1

    def _choose_battle(self, view: View, legal: list[Action]) -> Action:
        return legal[0]

    def _battle_card(self, view: View, legal: list[Action]) -> Action:
        b = view.battle
        if b is None:
            return ("pass",)
        side, enemy = view.side, view.enemy
        t = b.totals
        margin = t[side]["total"] - t[enemy]["total"]
        defender = b.att != side
        if margin > 4 or (margin == 0 and defender and self.m.rules.tie_winner == "defender"):
            return ("pass",)
        gains = [(a, card_gain(self.m, view, a[1])) for a in legal if a[0] == "play"]
        gains = [(a, g) for a, g in gains if g > 0]
        if not gains and ("spend",) in legal and -3 <= margin <= 0:
            return ("spend",)  # docs/rules.md G9: a point where a few turn it
        if not gains or margin + sum(g for _, g in gains) < 0:
            return ("pass",)  # nothing would change, or not enough to turn it: keep them
        # the least valuable card that puts it ahead, else the one that helps most
        ahead = [a for a, g in gains if margin + g > 0]
        if ahead:
            return min(ahead, key=lambda a: self._card_value(view, a[1]))
        return max(gains, key=lambda x: x[1])[0]

    def _card_target(self, view: View, legal: list[Action]) -> Action:
        if ("hand",) in legal:
            return ("hand",)
        card = view.pend.card
        if card >= 0 and self.m.cards[card].effect.kind in ("sabotage", "defect"):
            t = sabotage_target(self.m, view, card, full_hand=True)
            if ("target", t) in legal:
                return ("target", t)
        if view.pend.targets == "territory" or legal[0][0] == "place":
            enemy = view.stacks[view.enemy]
            terr = self.m.map.territories

            def worth(a: Action) -> int:
                st = enemy[a[1]]
                return terr[a[1]].revenue + (st.size if st else 0)
            return max(legal, key=worth)
        units = self.m.units
        zeroed = set(view.battle.zeroed) if view.battle else set()
        return max(legal, key=lambda a: (a[1] not in zeroed,
                                         units[self._unit_of(view, a[1])].force))

    def _unit_of(self, view: View, chit: int) -> int:
        for side_rows in view.stacks:
            for st in side_rows:
                if st:
                    for u in st.units or st.seen:
                        if u.chit == chit:
                            return u.unit
        return 0

    def _retreat(self, view: View, legal: list[Action]) -> Action:
        side = view.side

        def safety(a: Action) -> int:
            t = a[1]
            own = view.stacks[side][t]
            return ((own.size if own else 0) * 2 + (view.control[t] == side) * 3
                    - threatened(view, t, self.dist) * 5)
        return max(legal, key=safety)

    # Optional rules (RULINGS O2, O3): the same choices as their standard cousins

    _withdraw_to = _retreat

    def _move_on(self, view: View, legal: list[Action]) -> Action:
        """Goes on after a failed interception: the destination was chosen (O1)."""
        return ("on",)

    def _intercept(self, view: View, legal: list[Action]) -> Action:
        """Catches the group where its own mobile units there look stronger (O1)."""
        side, enemy = view.side, view.enemy
        units = self.m.units
        group = view.pend.data
        if not isinstance(group, InterceptView):
            return ("decline",)
        target = self._estimate(view.stacks[enemy][group.t], enemy)

        def mobile_force(a: Action) -> int:
            st = view.stacks[side][a[1]]
            return sum(units[u.unit].force for u in (st.units or () if st else ())
                       if units[u.unit].move)
        tries = [a for a in legal if a[0] == "intercept"]
        best = max(tries, key=mobile_force, default=None)
        if best is not None and mobile_force(best) > target * ATTACK_MARGIN:
            return best
        return ("decline",)

    def _withdraw(self, view: View, legal: list[Action]) -> Action:
        """Slips away from a battle it expects to lose (the stacks are shown, B2)."""
        if view.battle is None:
            return ("fight",)
        totals = view.battle.totals
        behind = totals[view.side]["total"] < totals[view.enemy]["total"]
        return ("withdraw",) if behind else ("fight",)

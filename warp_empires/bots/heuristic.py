"""A simple rule-of-thumb player: buys what it can keep, attacks where it expects
to win, heads for its victory conditions and keeps its leaders in strong stacks.

It reads only the view and the module's public data, so it never cheats.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from warp_empires.engine import Action, View
from warp_empires.module.defs import Module

from .base import forward
from .cardplay import sabotage_target
from .fighting import Fighting
from .groups import units_shown
from .hand import discard_action, worth_now
from .losses import Losses
from .measures import avg_force, distances, selection_items
from .planning import Planning
from .recruiting import Recruiting

# A move card is spent only on a plan worth this much: a step of one space
# towards a goal (score 1) is not worth a card that could win a battle later.
PLAY_MOVE_WORTH = 2.5


class HeuristicPlayer(Planning, Fighting, Recruiting, Losses):
    kind = "heuristic"

    def __init__(self, module: Module, seed: int = 0) -> None:
        self.m = module
        self.rng = random.Random(seed)
        self.dist = distances(module)
        self.avg_force = [avg_force(module, side) for side in (0, 1)]
        # per unit type, looked up in every plan's score
        self.force_of = [u.force for u in module.units]
        self.leader_of = [u.is_leader for u in module.units]
        self.claims_of = [module.rules.can_control(u) for u in module.units]
        self.plan: tuple[int, int, list[int]] | None = None
        self.been: tuple[int, dict[int, set[int]]] = (-1, {})
        # Starts given up under the current card: a plan the rules refuse is not
        # proposed again (else from/back could loop for ever).
        self.refused: set[int] = set()
        # Down to the hand limit: bots.hand's weighing, the app's `a` key's too
        # (a baseline player of bots.oldkeep has the old one)
        self.discard: Callable[[Module, View, list[Action]], Action | None] = discard_action

    def choose(self, view: View, legal: list[Action]) -> Action:
        legal = forward(legal)
        if len(legal) == 1:
            return legal[0]
        step = view.step
        handler = getattr(self, "_" + step, None)
        choice = handler(view, legal) if handler else None
        return choice if choice in legal else self.rng.choice(legal)

    # Cards

    def _predraw_discard(self, view: View, legal: list[Action]) -> Action:
        """Only the cards this side can never play (RULINGS M6): any other
        card let go before the draw is a choice lost, since the discard down
        to the hand limit comes after it (D1)."""
        items = selection_items(view)
        worth = worth_now(self.m, view)
        for a in legal:
            if a[0] == "pick" and worth[items[a[1]]].first < 0:
                return a
        return ("draw",)

    def _discard_down(self, view: View, legal: list[Action]) -> Action | None:
        return self.discard(self.m, view, legal)

    # Setup

    def _choose_start(self, view: View, legal: list[Action]) -> Action:
        terr = self.m.map.territories
        return max(legal, key=lambda a: (terr[a[1]].revenue, self.rng.random()))

    # Move phase: a plan is (source, destination, units) with a score

    def _move(self, view: View, legal: list[Action]) -> Action:
        plays = [a for a in legal if a[0] == "play"]
        full = len(view.hand) >= self.m.rules.hand_limit
        for a in plays:
            kind = self.m.cards[a[1]].effect.kind
            # a defection, like sabotage, needs a stack seen to hold a unit it sways (G7)
            if kind in ("rescue", "remove_control", "revenue") or (kind in ("sabotage", "defect")
                    and sabotage_target(self.m, view, a[1], full) is not None):
                return a
            # G8 strikes any stack: worth it when most units on the map are the
            # enemy's, or always when it strikes only the enemy's (G19)
            if kind == "random_loss" and (self.m.cards[a[1]].effect.enemy or
                                          units_shown(view, view.enemy)
                                          > 2 * units_shown(view, view.side)):
                return a
        moves = [a for a in plays if self.m.cards[a[1]].effect.kind == "move"]
        self.refused = set()
        # units engaged this phase may not move again (RULINGS M9)
        engaged = view.pend.engaged
        # Issue 11, the stall once the chit pile is empty: a step towards a
        # target (score 1) was never worth a card, so every Move phase ended at
        # once. With a full hand the next Draw discards down to the hand limit
        # anyway (RULINGS D1): a card is then spent on any move worth making.
        worth = 0.5 if full else PLAY_MOVE_WORTH
        if moves and self._best_plan(view, engaged, worth=worth) is not None:
            return max(moves, key=lambda a: self.m.cards[a[1]].effect.amount)
        return ("end",)

    def _move_from(self, view: View, legal: list[Action]) -> Action:
        sources = [a[1] for a in legal if a[0] == "from" and a[1] not in self.refused]
        pend = view.pend
        plan = self._best_plan(view, pend.moved + pend.engaged, sources)
        self.plan = plan
        return ("from", plan[0]) if plan else ("stop",)

    def _move_units(self, view: View, legal: list[Action]) -> Action:
        plan = getattr(self, "plan", None)
        pend = view.pend
        if pend.selection is None:
            return ("back",)
        if not plan or plan[0] != pend.src:
            # the source was chosen for it (the only stack a card can move is
            # taken at once in the app: present.suggest.evident_move; a forced
            # decision): a plan from there, rather than back and the same again
            plan = self._best_plan(view, pend.moved + pend.engaged, [pend.src])
            self.plan = plan
            if plan is None:
                return ("back",)
        items, picked = pend.selection.items, pend.selection.picked
        chosen = {items[i] for i in picked}
        offered = {items[a[1]]: a for a in legal if a[0] == "pick"}
        for chit in plan[2]:
            if chit not in chosen:
                alike = self._alike(view, chit, set(offered) - chosen)
                if alike is not None:
                    chosen.add(alike)
                    return offered[alike]
        if ("to", plan[1]) in legal:
            self.plan = None
            self._remember_move(view, pend.src, plan[1], [items[i] for i in picked])
            return ("to", plan[1])
        self.plan = None
        self.refused.add(pend.src)
        return ("back",)

    def _remember_move(self, view: View, src: int, dest: int, chits: list[int]) -> None:
        places = self._places(view)
        for c in chits:
            places.setdefault(c, set()).update((src, dest))

    def _alike(self, view: View, chit: int, offered: set[int]) -> int | None:
        if chit in offered:
            return chit
        unit = self._unit_of(view, chit)
        for c in offered:
            if self._unit_of(view, c) == unit:
                return c
        return None

    def _best_plan(self, view: View, moved: list[int], sources: list[int] | None = None,
                   worth: float = 0.5) -> tuple[int, int, list[int]] | None:
        plans = self.plans(view, moved, sources)
        if not plans or plans[0][0] <= worth:
            return None
        return plans[0][1]

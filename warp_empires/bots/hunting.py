"""Attacks made two moves off: with another move card in hand, a step that
brings an enemy stack it outweighs within the group's pace is worth half that
attack, since the enemy cannot move between the two cards. A mixin of
HeuristicPlayer, which supplies the module (`m`), distances (`dist`) and
`_attack`; only a searching level sets `hunt` (bots.search.HUNT), so that its
playouts play the enemy as a search player does (issue 40)."""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.engine.passage import group_speed
from warp_empires.engine.viewtypes import StackEntry
from warp_empires.module.defs import Module


class Hunting:
    m: Module
    dist: list[list[int]]
    # what an attack gains for each enemy leader it sees in the stack
    # attacked, beyond its Force (0: the heuristic of before issue 40)
    hunt: float = 0.0

    def _attack(self, foe: StackEntry, enemy: int, mine: float) -> float | None:
        raise NotImplementedError  # HeuristicPlayer's

    def _next_card(self, view: View) -> bool:
        """Whether a move card will still be in hand for a later step this
        phase: at the Move step, besides the one a plan is weighed for."""
        cards = self.m.cards
        held = sum(1 for k in view.hand if cards[k].effect.kind == "move")
        return held >= (2 if view.step == "move" else 1)

    def _approach(self, view: View, group: list[int], at: int, mine: float) -> float:
        """Half the best attack `group` (with `mine` Force) could make from
        `at` under the next move card: on an enemy stack within its pace (0:
        none, or no such card in hand)."""
        if not self.hunt or not self._next_card(view):
            return 0.0
        enemy = view.enemy
        speed = group_speed(self.m, group)
        row = self.dist[at]
        best = 0.0
        for e, foe in enumerate(view.stacks[enemy]):
            if foe and e != at and row[e] <= speed:
                best = max(best, self._attack(foe, enemy, mine) or 0.0)
        return best / 2

"""Attacks made two moves off: with another move card in hand, a step that
brings an enemy stack it outweighs within the group's pace is worth half that
attack, since the enemy cannot move between the two cards. A mixin of
HeuristicPlayer, which supplies the module (`m`), distances (`dist`) and
`_attack`; only a searching level sets `hunt` (bots.search.HUNT), so that its
playouts play the enemy as a search player does (issue 40)."""

from __future__ import annotations

import math

from warp_empires.engine import View
from warp_empires.engine.passage import group_speed
from warp_empires.engine.viewtypes import StackEntry
from warp_empires.module.defs import Module

from .measures import cheapest_set


class Hunting:
    m: Module
    dist: list[list[int]]
    # what an attack gains for each enemy leader it sees in the stack
    # attacked, beyond its Force (0: the heuristic of before issue 40)
    hunt: float = 0.0
    # whether an attack's worth is net of what winning it costs (win_price;
    # a level's Level.priced, searching levels only)
    priced: bool = False

    def _attack(self, foe: StackEntry, enemy: int, mine: float) -> float | None:
        raise NotImplementedError  # HeuristicPlayer's

    def _estimate(self, foe: StackEntry | None, enemy: int) -> float:
        raise NotImplementedError  # HeuristicPlayer's

    def win_price(self, together: list[int], foe: StackEntry, enemy: int,
                  leader_risk: float) -> float:
        """What winning an attack with the unit types `together` costs (RULINGS
        B7, B8): the loser loses about half its Force, and the winner units
        worth half of that at least, its cheapest (leaders last), each leader
        among them `leader_risk` more. A lone big unit against a small stack
        pays with itself (play-test 17: a Super Star Destroyer, Force 15, sent
        alone against a transport of Force 1, was the price of its own win;
        issue 40: a leader paid for the win and the last was taken next turn)."""
        owed = math.ceil(self._estimate(foe, enemy) / 4)  # half of about half
        if owed <= 0:
            return 0.0
        units = self.m.units
        best = cheapest_set([((), units[u]) for u in together], owed)
        paid = [u for _, u in best[1]] if best is not None else [units[u] for u in together]
        return sum(u.force + (leader_risk if u.is_leader else 0.0) for u in paid)

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

"""Attacks made two moves off: with another move card in hand, a step that
brings an enemy stack it outweighs within the group's pace is worth half that
attack, since the enemy cannot move between the two cards. The base of
bots.planning's Planning, which supplies `_attack` and `_odds` (and, through
HeuristicPlayer, the module `m` and distances `dist`); only a searching level
sets `hunt` (bots.search.HUNT), so that its playouts play the enemy as a
search player does (issue 40)."""

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
    # the view _foes last worked on, and its table
    _foes_of: tuple[View, list[tuple[int, float, float]] | None] | None = None

    def _attack(self, foe: StackEntry, enemy: int, mine: float) -> float | None:
        raise NotImplementedError  # Planning's

    def _odds(self, foe: StackEntry, enemy: int) -> tuple[float, float]:
        raise NotImplementedError  # Planning's: (Force needed, worth) of _attack

    def _next_card(self, view: View) -> bool:
        """Whether a move card will still be in hand for a later step this
        phase: at the Move step, besides the one a plan is weighed for."""
        cards = self.m.cards
        held = sum(1 for k in view.hand if cards[k].effect.kind == "move")
        return held >= (2 if view.step == "move" else 1)

    def _approach(self, view: View, group: list[int], at: int, mine: float,
                  speed: int | None = None) -> float:
        """Half the best attack `group` (with `mine` Force) could make from
        `at` under the next move card: on an enemy stack within its pace (0:
        none, or no such card in hand). `speed`: the group's, if known."""
        if not self.hunt:
            return 0.0
        foes = self._foes(view)
        if foes is None:
            return 0.0
        if speed is None:
            speed = group_speed(self.m, group)
        row = self.dist[at]
        best = 0.0
        for e, need, worth in foes:
            if e != at and row[e] <= speed and mine >= need:
                best = max(best, worth)
        return best / 2

    def _foes(self, view: View) -> list[tuple[int, float, float]] | None:
        """Each enemy stack's territory with _odds, or None without a next
        move card (_next_card): worked out once a view, as every group move
        of a decision asks (the playouts' time)."""
        if self._foes_of is None or self._foes_of[0] is not view:
            enemy = view.enemy
            table = ([(e, *self._odds(foe, enemy)) for e, foe in enumerate(view.stacks[enemy])
                      if foe] if self._next_card(view) else None)
            self._foes_of = (view, table)
        return self._foes_of[1]

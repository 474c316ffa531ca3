"""The cut-off evaluation of a search player: how good a position is for one
side when a playout stops before the game is over.

It is only ever called on a dealt world (engine.determinize) or a playout
from one, never on the real game: the world is the searcher's own guess, so
reading all of it is fair (RULINGS H9 concerns the real state).
"""

from __future__ import annotations

import math

from warp_empires.engine import State
from warp_empires.engine.state import NO_SIDE
from warp_empires.engine.victory import holds
from warp_empires.module.defs import Module

from .heuristic import CARD_VALUE

# Weights, in points of printed Force (what a unit costs to recruit, RULINGS R1).
REVENUE_WORTH = 4.0  # a revenue point a turn buys about that much over a game's horizon
BANK_WORTH = 0.6  # revenue points kept: Force not yet bought
LEADER_WORTH = 12.0  # a leader on the map beyond its Force: the victory conditions turn on them
CARD_WORTH = 0.6  # per point of the heuristic's card value (bots.heuristic.CARD_VALUE)
CAPTIVE_WORTH = 15.0  # an enemy leader held (RULINGS B9)
PROGRESS_WORTH = 40.0  # every clause of a victory condition met, shared out among them
SCALE = 60.0  # a lead of this many points is worth about three quarters of a win
# A playout stops before the other side has answered: a stack that a stronger
# enemy stack can reach on its next move (THREAT_REACH spaces) is counted as
# this share lost, its leaders as captured. A cheap stand-in for searching the
# enemy's reply.
THREAT_REACH = 2
THREAT_SHARE = 0.5
THREAT_EDGE = 5  # Force the attacker is thought to add: a leader or a battle card


class Evaluator:
    """Scores positions for a module; built once per player (the unit table)."""

    def __init__(self, module: Module, dist: list[list[int]]) -> None:
        self.m = module
        self.dist = dist
        units = module.units
        self.force = [u.force for u in units]
        self.leader = [u.is_leader for u in units]
        self.revenue = [t.revenue for t in module.map.territories]
        # a card kept is worth something: a card played only to win by more is a waste
        self.card = [[CARD_WORTH * max(0.0, CARD_VALUE.get(c.effect.kind, 1))
                      if c.side in (None, side) else 0.0 for c in module.cards]
                     for side in (0, 1)]

    def material(self, s: State, side: int) -> float:
        """What `side` has: units on the map, territory, bank, captives and
        progress towards its victory."""
        unit_of = s.chits
        force, leader = self.force, self.leader
        total = 0.0
        for st in s.stacks[side]:
            for c in st:
                u = unit_of[c]
                total += force[u] + (LEADER_WORTH if leader[u] else 0.0)
        total += REVENUE_WORTH * sum(r for t, r in enumerate(self.revenue)
                                     if s.control[t] == side)
        total += BANK_WORTH * s.banks[side]
        worth = self.card[side]
        total += sum(worth[k] for k in s.hands[side])
        total += CAPTIVE_WORTH * sum(1 for c in s.captives[side] if leader[unit_of[c]])
        for v in self.m.victory:
            if v.side == side and v.all:
                met = sum(1 for c in v.all if holds(s, side, c))
                total += PROGRESS_WORTH * met / len(v.all)
        return total

    def at_risk(self, s: State, side: int) -> float:
        """What `side` stands to lose before it moves again: each of its stacks
        within reach of a stronger enemy stack (see THREAT_SHARE)."""
        enemy = 1 - side
        unit_of, force, leader = s.chits, self.force, self.leader
        foes = [(t, sum(force[unit_of[c]] for c in st))
                for t, st in enumerate(s.stacks[enemy]) if st]
        if not foes:
            return 0.0
        lost = 0.0
        for t, st in enumerate(s.stacks[side]):
            if not st:
                continue
            mine = sum(force[unit_of[c]] for c in st)
            row = self.dist[t]
            strongest = max((f for e, f in foes if row[e] <= THREAT_REACH), default=0)
            if strongest and strongest + THREAT_EDGE > mine:
                leaders = sum(1 for c in st if leader[unit_of[c]])
                lost += THREAT_SHARE * (mine + leaders * (LEADER_WORTH + CAPTIVE_WORTH))
        return lost

    def score(self, s: State, side: int) -> float:
        """From -1 (lost) to 1 (won) for `side`."""
        if s.winner != NO_SIDE:
            return 1.0 if s.winner == side else -1.0
        lead = self.material(s, side) - self.material(s, 1 - side)
        # the side that moves next threatens the other's stacks
        mover = s.active if s.phase in ("draw", "move") else 1 - s.active
        risk = self.at_risk(s, 1 - mover)
        lead += risk if mover == side else -risk
        return math.tanh(lead / SCALE)

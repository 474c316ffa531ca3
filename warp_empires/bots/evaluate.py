"""The cut-off evaluation of a search player: how good a position is for one
side when a playout stops before the game is over.

The score is a logistic model of who wins: each side's features (what it has
on the map, its revenue, its leaders, its captives, its progress to victory)
weighted, the difference taken, as log-odds. The weights were fitted on the
outcomes of games between heuristic players (`benchmarks/fit_eval.py`, which
prints them and how well they and the hand-set ones before them predicted
held-out games). Hand-set weights in points of Force, with a threat term
standing in for the enemy's reply, had the normal search player beat the
heuristic in about half its games (50-52% of 40-60); with the fitted ones it
won 71% of 200 (benchmarks/bench_bot.py, sides alternating). The weights were
fitted on the module the benchmarks play; since issue 40 they are data, a
module's own in its weights.json (bots/weights.py chooses which apply).

It is only ever called on a dealt world (engine.determinize) or a playout
from one, never on the real game: the world is the searcher's own guess, so
reading all of it is fair (RULINGS H9 concerns the real state).
"""

from __future__ import annotations

import math

from warp_empires.engine import State, view
from warp_empires.engine.state import NO_SIDE
from warp_empires.engine.victory import holds
from warp_empires.module.defs import Module
from warp_empires.module.weights import FEATURES, V1_FEATURES

from .fighting import CARD_VALUE
from .measures import distances
from .sight import Sight

# What is counted for a side is FEATURES, in the order of the weights
# (module/weights.py names them, for weights files): V1_FEATURES read from the
# dealt world, the richer ones of issue 40 (bots/sight.py) from the searching
# side's view of it.
# Log-odds of winning per unit of lead in each feature, fitted as fit_eval.py
# does (4,000 heuristic mirror games, seeds 10000-13999, a quarter of them held
# out; 40,201 positions): on the held-out games they call the winner right
# 78% of the time against 73% for the hand-set weights (log-loss 0.44 / 0.85).
# A revenue point is worth ~13 points of Force on the map, a leader with Force
# 3 ~35. The fit weighs a hand of cards slightly against its holder (-0.0122:
# a side that cannot use its cards is losing), but that is the hand's
# symptom, not its worth: in a search it paid for playing cards for nothing,
# spending move cards on single steps and splitting one move over several
# cards (issue 11). The cards term is hand-set instead (CARD_WORTH).
# Since issue 40 they are data: a module's weights.json holds them, and
# bots/weights.py picks a module's; these stay as the named baseline's
# (`bot:hard:v1`, bots.make_player) that later rounds are measured against.
CARD_WORTH = 0.004  # a move card (7) ~ 5 points of Force on the map
V1_WEIGHTS = (0.0057, -0.1986, 0.1324, 0.0727, 0.0003, CARD_WORTH, 0.1761, 0.1067, 0.0737)


class Evaluator:
    """Scores positions for a module; built once per player (the unit table)."""

    def __init__(self, module: Module, dist: list[list[int]] | None = None,
                 weights: tuple[float, ...] = V1_WEIGHTS) -> None:
        self.m = module
        self.weights = weights
        self.dist = dist
        n = len(V1_FEATURES)
        self.base, self.rich = weights[:n], weights[n:]
        # the richer features cost a view per position: counted only when weighed
        self.sight = Sight(module, dist or distances(module)) if any(self.rich) else None
        units = module.units
        self.force = [u.force for u in units]
        self.leader = [u.is_leader for u in units]
        self.revenue = [t.revenue for t in module.map.territories]
        self.card = [[max(0.0, CARD_VALUE.get(c.effect.kind, 1))
                      if c.side in (None, side) else 0.0 for c in module.cards]
                     for side in (0, 1)]
        self.goals = [[v.all for v in module.victory if v.side == side and v.all]
                      for side in (0, 1)]

    def features(self, s: State, side: int) -> list[float]:
        """V1_FEATURES of `side` in `s`."""
        unit_of, force, leader = s.chits, self.force, self.leader
        units = leaders = leader_force = stacks = 0
        for st in s.stacks[side]:
            if not st:
                continue
            stacks += 1
            for c in st:
                u = unit_of[c]
                if leader[u]:
                    leaders += 1
                    leader_force += force[u]
                else:
                    units += force[u]
        revenue = sum(r for t, r in enumerate(self.revenue) if s.control[t] == side)
        worth = self.card[side]
        cards = sum(worth[k] for k in s.hands[side])
        captives = sum(1 for c in s.captives[side] if leader[unit_of[c]])
        progress = sum(sum(1 for c in clauses if holds(s, side, c)) / len(clauses)
                       for clauses in self.goals[side])
        return [units, leaders, leader_force, revenue, s.banks[side], cards, captives,
                progress, stacks]

    def value(self, s: State, side: int) -> float:
        """`side`'s features weighted: its share of the log-odds."""
        return sum(w * f for w, f in zip(self.base, self.features(s, side), strict=True))

    def lead(self, s: State, side: int) -> float:
        """`side`'s log-odds of winning: its weighted features less the enemy's,
        the richer ones as `side` sees them."""
        lead = self.value(s, side) - self.value(s, 1 - side)
        if self.sight is not None:
            mine, theirs = self.sight.features(view(s, side, log=False))
            lead += sum(w * (a - b) for w, a, b in zip(self.rich, mine, theirs, strict=True))
        return lead


    def score(self, s: State, side: int) -> float:
        """From -1 (lost) to 1 (won) for `side`: 2 p - 1, p the chance to win."""
        if s.winner != NO_SIDE:
            return 1.0 if s.winner == side else -1.0
        return math.tanh(self.lead(s, side) / 2)


__all__ = ["CARD_WORTH", "FEATURES", "V1_FEATURES", "V1_WEIGHTS", "Evaluator"]

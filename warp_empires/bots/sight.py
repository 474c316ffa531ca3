"""The evaluation's richer features (issue 40), read from one side's view
only, for itself and for its enemy: a position's features can then be
counted on a real game (`train`'s data) as well as on a dealt world, and two
positions that differ only in what the rules hide from that side give the
same numbers (RULINGS H1-H4, H9).

- exposed_leaders: leaders in stacks that enemy stacks within reach outweigh
  (an enemy's hidden stack counts its top unit only: that is all it shows);
- capital_threat: for each territory the enemy's victories need and this side
  holds, the Force within reach of it beyond the Force defending it;
- victory_near: of its victories naming territories, the best share of those
  it holds or could take next turn (its Force within reach of one beats the
  defence there);
- buying_power: the bank it can turn into units it may keep (RULINGS R1, U1);
- idle_bank: the bank beyond that.

A stack seen from outside counts its top unit's Force and the side's average
for each unit below it; it reaches as far as its top unit moves (the only
unit shown), at least one space.
"""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.module.defs import Module
from warp_empires.module.weights import RICH_FEATURES as RICH

from .measures import avg_force, leaders_seen, stack_force


class Sight:
    """Counts RICH for a module; built once per player (its unit tables)."""

    def __init__(self, module: Module, dist: list[list[int]]) -> None:
        units = module.units
        self.dist = dist
        self.force = [u.force for u in units]
        self.leader = [u.is_leader for u in units]
        self.move = [u.move for u in units]
        self.avg = [avg_force(module, side) for side in (0, 1)]
        self.upkeep = module.rules.upkeep_per_revenue
        # per side, each of its victories' territories to control
        self.goals = [[g for g in ([c.territory for c in v.all if c.kind == "controls"]
                                   for v in module.victory if v.side == side) if g]
                      for side in (0, 1)]

    def features(self, v: View) -> tuple[list[float], list[float]]:
        """RICH for the viewer (`v.side`), then for its enemy, as it sees them."""
        n = len(v.control)
        strength: list[list[float]] = [[0.0] * n, [0.0] * n]
        leaders: list[list[int]] = [[0] * n, [0] * n]
        stacks: list[list[tuple[int, float, int]]] = [[], []]  # (territory, strength, reach)
        force, leader, move = self.force, self.leader, self.move
        for who in (0, 1):
            for t, st in enumerate(v.stacks[who]):
                if not st:
                    continue
                power = stack_force(force, st, self.avg[who])
                if st.units is not None:
                    reach = max(move[u.unit] for u in st.units)
                else:
                    reach = max(1, *(move[k] for k in st.known()))
                strength[who][t] = power
                leaders[who][t] = leaders_seen(leader, st)
                stacks[who].append((t, power, reach))
        dist = self.dist
        # the Force of `who`'s stacks that could be at each territory next turn
        within = [[0.0] * n, [0.0] * n]
        for who in (0, 1):
            row = within[who]
            for e, power, reach in stacks[who]:
                if reach <= 0:
                    continue
                d = dist[e]
                for t in range(n):
                    if d[t] <= reach:
                        row[t] += power
        out = []
        for who in (v.side, v.enemy):
            foe = 1 - who
            exposed = sum(leaders[who][t] for t, power, _ in stacks[who]
                          if leaders[who][t] and within[foe][t] > power)
            threat = sum(max(0.0, within[foe][g] - strength[who][g])
                         for goal in self.goals[foe] for g in goal if v.control[g] == who)
            near = max((sum(1 for g in goal if v.control[g] == who
                            or within[who][g] > strength[foe][g]) / len(goal)
                        for goal in self.goals[who]), default=0.0)
            on_map = sum(st.size for st in v.stacks[who] if st)
            room = max(0, self.upkeep * v.revenue[who] - on_map)
            bank = v.banks[who]
            buying = min(float(bank), room * self.avg[who])
            out.append([float(exposed), threat, near, buying, bank - buying])
        return out[0], out[1]


__all__ = ["RICH", "Sight"]

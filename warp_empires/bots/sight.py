"""The evaluation's richer features (issue 40), read from one side's view
only, for itself and for its enemy: a position's features can then be
counted on a real game (`train`'s data) as well as on a dealt world, and two
positions that differ only in what the rules hide from that side give the
same numbers (RULINGS H1-H4, H9).

- exposed_leaders: of the side that does not move next (the side to move can
  still pull its leaders back), leaders in stacks that the enemy stacks able
  to reach them (engine.board.reach: never through a stack of this side)
  outweigh, each weighted by how sure the enemy is to attack and win: nothing
  at even Force, all of it where a rule-of-thumb player attacks (Force beyond
  a quarter more and 3, bots.heuristic's ATTACK_MARGIN), in between pro rata
  (issue 40: counted for both sides wherever a playout stopped, it kept the
  search's own leaders out of battles, where a capture needs one, RULINGS B9);
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

from warp_empires.engine import View, board
from warp_empires.module.defs import Module
from warp_empires.module.weights import RICH_FEATURES as RICH

from .measures import avg_force

# What the side to move next may still do before an enemy stack can attack:
# the phases of its turn up to its Move phase (docs/rules.md, a player-turn).
BEFORE_MOVING = ("setup", "draw", "move")
# A rule-of-thumb attacker's margin over the defence (bots.heuristic: Force
# beyond a quarter more and 3): a leader's stack outweighed that much is taken.
SURE_SHARE, SURE_EXTRA = 0.25, 3.0


class Sight:
    """Counts RICH for a module; built once per player (its unit tables)."""

    def __init__(self, module: Module, dist: list[list[int]]) -> None:
        units = module.units
        self.dist = dist
        self.force = [u.force for u in units]
        self.leader = [u.is_leader for u in units]
        self.move = [u.move for u in units]
        self.territories = module.map.territories
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
                if st.units is not None:
                    power = float(sum(force[u.unit] for u in st.units))
                    heads = sum(1 for u in st.units if leader[u.unit])
                    reach = max(move[u.unit] for u in st.units)
                else:
                    power = force[st.top] + (st.size - 1) * self.avg[who]
                    heads = int(leader[st.top])
                    reach = max(1, move[st.top])
                strength[who][t] = power
                leaders[who][t] = heads
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
        # the side whose Move phase comes next; its leaders are not exposed yet
        nxt = v.active if v.phase in BEFORE_MOVING else 1 - v.active
        out = []
        for who in (v.side, v.enemy):
            foe = 1 - who
            exposed = 0.0 if who == nxt else self._exposed(v, who, stacks, leaders)
            threat = sum(max(0.0, within[foe][g] - strength[who][g])
                         for goal in self.goals[foe] for g in goal if v.control[g] == who)
            near = max((sum(1 for g in goal if v.control[g] == who
                            or within[who][g] > strength[foe][g]) / len(goal)
                        for goal in self.goals[who]), default=0.0)
            on_map = sum(st.size for st in v.stacks[who] if st)
            room = max(0, self.upkeep * v.revenue[who] - on_map)
            bank = v.banks[who]
            buying = min(float(bank), room * self.avg[who])
            out.append([exposed, threat, near, buying, bank - buying])
        return out[0], out[1]

    def _exposed(self, v: View, who: int, stacks: list[list[tuple[int, float, int]]],
                 leaders: list[list[int]]) -> float:
        """`who`'s leaders the enemy's stacks can reach and beat, each weighted
        by how sure that attack is (the module docstring)."""
        guarded = [(t, power) for t, power, _ in stacks[who] if leaders[who][t]]
        if not guarded:
            return 0.0
        attack: dict[int, float] = {}
        blockers = v.stacks[who]
        for e, power, reach in stacks[1 - who]:
            for t in board.reach(self.territories, blockers, e, reach):
                if leaders[who][t]:
                    attack[t] = attack.get(t, 0.0) + power
        out = 0.0
        for t, power in guarded:
            beyond = attack.get(t, 0.0) - power
            if beyond > 0:
                out += leaders[who][t] * min(1.0, beyond / (SURE_SHARE * power + SURE_EXTRA))
        return out


__all__ = ["RICH", "Sight"]

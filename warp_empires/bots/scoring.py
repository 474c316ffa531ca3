"""How the heuristic player scores one group move (a mixin of HeuristicPlayer,
which supplies the module `m`, distances `dist` and the unit tables): what it
attacks, claims and heads for, and what it risks of its leaders.

Issue 40, leaders guarded: in 60 heuristic games, 134 of 179 leaders captured
had come by a group move of the turn before into a territory that enemy Force
within reach outweighed (76 by a plain move, 58 by an attack that left the
winners there), 118 of them with an escort: the rule of thumb of before
weighed only leaders left with no escort at all. With the guard a leader is
weighed as exposed where the strongest enemy stack that could come next turn
outweighs its stack, read from what the side sees as bots/sight.py reads it.
The strongest stack, not all of them together (as the evaluation's
`exposed_leaders` counts): in 300 heuristic games each against the heuristic
without the guard, leaders lost per 100 player-turns were 16.6 against 19.5
that way, 18.8 against 18.8 counting them together.
"""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.engine.viewtypes import StackEntry
from warp_empires.module.defs import Module

from .measures import Outlook
from .sight import seen_stacks, within_reach

ATTACK_MARGIN = 1.25
# What risking a leader's capture costs a plan: capturing leaders is how a side
# wins or loses in many themes (victory conditions that count captives, RULINGS W1, W2).
LEADER_RISK = 20


class Scoring:
    m: Module
    dist: list[list[int]]
    force_of: list[int]
    leader_of: list[bool]
    claims_of: list[bool]
    move_of: list[int]
    avg_force: list[float]
    # whether a plan weighs its leaders' exposure in escorted stacks too (issue
    # 40): only for the search's guarded shortlist (bots/search.py)
    guard: bool

    def _score(self, view: View, group: list[int], src: int | None, dest: int,
               detached: bool = False, left: list[int] | None = None,
               board: Outlook | None = None) -> float:
        b = board if board is not None else Outlook(self.m, self.dist, self._goals(view), view)
        side, enemy = view.side, view.enemy
        force, leader, claims = self.force_of, self.leader_of, self.claims_of
        terr = self.m.map.territories[dest]
        # a group joining a friendly stack fights beside it (RULINGS M3)
        there = view.stacks[side][dest]
        joined = [u.unit for u in there.units or ()] if there else []
        together = group + joined
        mine = sum(force[u] for u in together)
        leaders = any(leader[u] for u in group)
        if leaders or any(leader[u] for u in joined):
            mine += self.m.rules.leader_bonus
        foe = view.stacks[enemy][dest]
        score = 0.0
        est = 0.0
        # only leaders, with no other unit to shield them: a capture waiting to happen
        bare = leaders and all(leader[u] for u in together)
        only_leaders = src is not None and all(leader[u] for u in group)
        if foe:
            est = self._estimate(foe, enemy)
            if mine < est * ATTACK_MARGIN + 3 or bare:
                return -100.0
            score += 8 + est
        elif bare and dest in b.reached:
            # Issue 11: a leader alone where an enemy stack can reach it next turn
            # is captured (RULINGS B9), not only one right beside an enemy stack.
            score -= LEADER_RISK
        elif detached and dest in b.near1:
            score -= 4  # a lone unit next to an enemy stack is lost
        elif only_leaders and src in b.reached and not any(not leader[u] for u in (left or ())):
            # leaders left alone (by a battle, or by the units that left them)
            # within enemy reach: getting them to safety is worth a card
            score += LEADER_RISK / 2
        elif joined and dest in b.reached and not only_leaders \
                and all(leader[u] for u in joined):
            score += LEADER_RISK / 2  # an escort for leaders left alone there
        if left and src is not None and src in b.reached and all(leader[u] for u in left):
            score -= LEADER_RISK  # leaves its leaders alone within an enemy stack's reach
        elif self.guard and not bare:
            score += self._guarding(view, b, group, joined, src, dest, est, left or [])
        control = view.control
        claim = terr.is_revenue and control[dest] != side
        claimer = any(claims[u] for u in group)
        if claim and claimer:
            score += terr.revenue * 5 + (4 if control[dest] == enemy else 0)
        if src is not None and claimer and src in b.unclaimed \
                and not any(claims[u] for u in (left or ())):
            # Leaving a territory the group would have claimed itself loses that claim.
            score -= b.worth[src] * 5 + (4 if control[src] == enemy else 0)
        if dest in b.goals and not detached:
            score += 15 if mine >= 30 else 1
        if src is not None and not detached:
            if b.targets:
                score += (b.to_target(src) - b.to_target(dest)) * 1.0
            if src in b.held and src in b.near2 and not only_leaders:
                score -= 6  # leaders alone do not hold a territory anyway
        if detached and src is not None and not claim:
            score -= 3  # a lone unit only moves to claim something
        return score

    def _guarding(self, view: View, b: Outlook, group: list[int], joined: list[int],
                  src: int | None, dest: int, est: float, left: list[int]) -> float:
        """What the move does to its leaders' exposure, escorted or not: taking
        them (or leaving them) where the strongest enemy stack within reach outweighs
        their stack costs LEADER_RISK unless they were so exposed already;
        bringing exposed leaders to safety, or an escort that makes them safe,
        is worth half of it. Printed Force only, as bots/sight.py counts it."""
        force, leader = self.force_of, self.leader_of
        moving = sum(leader[u] for u in group)
        staying = sum(leader[u] for u in left)
        if not (moving or staying or any(leader[u] for u in joined)):
            return 0.0
        threat = self._threat(view, b)
        power = sum(force[u] for u in group)
        here = sum(force[u] for u in joined)
        score = 0.0
        safe_before = True  # the stack they stood in (a recruit's place: safe)
        if src is not None:
            whole = power + sum(force[u] for u in left)
            safe_before = threat[src] <= whole
            if staying and safe_before and threat[src] > whole - power:
                score -= LEADER_RISK  # leaves its leaders outweighed
        # the winner of a battle pays at least half the loser's printed Force
        # (RULINGS B8), and the stack it beat no longer threatens it
        after = power + here - est / 2
        safe_after = threat[dest] - est <= after
        if moving and safe_before and not safe_after:
            score -= LEADER_RISK
        elif moving and not safe_before and safe_after:
            score += LEADER_RISK / 2  # leaders brought out of reach of a stronger enemy
        elif not moving and any(leader[u] for u in joined) and threat[dest] > here \
                and safe_after:
            score += LEADER_RISK / 2  # an escort that makes them safe
        return score

    def _threat(self, view: View, b: Outlook) -> list[float]:
        """The Force of the strongest enemy stack that could be at each
        territory next turn, as this side sees it; worked out once per Outlook."""
        if b.threat is None:
            enemy = view.enemy
            seen = seen_stacks(view, enemy, self.force_of, self.leader_of, self.move_of,
                               self.avg_force[enemy])
            b.threat = within_reach(seen, self.dist, len(view.control), strongest=True)
        return b.threat

    def _goals(self, view: View) -> list[int]:
        side = view.side
        out: list[int] = []
        for v in self.m.victory:
            if v.side == side:
                out.extend(c.territory for c in v.all if c.kind == "controls"
                           and view.control[c.territory] != side)
        return out

    def _estimate(self, foe: StackEntry | None, enemy: int) -> float:
        if foe is None:
            return 0.0
        units = self.m.units
        if foe.units is not None:
            return sum(units[u.unit].force for u in foe.units)
        return units[foe.top].force + (foe.size - 1) * self.avg_force[enemy]

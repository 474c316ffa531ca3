"""The heuristic player's group moves, weighed: every group a stack can send
and each place it can reach, scored by what the move gains (a battle it
expects to win, a claim, a step towards a goal or an enemy it outweighs)
less what it risks (leaders left within an enemy stack's reach). A mixin of
HeuristicPlayer, which supplies the module (`m`), distances (`dist`), the unit
tables and where its units have been this Move phase (`been`); a search
player takes its shortlist from `plans`."""

from __future__ import annotations

from dataclasses import dataclass

from warp_empires.engine import View
from warp_empires.engine.board import reach
from warp_empires.engine.passage import group_speed
from warp_empires.engine.viewtypes import StackEntry, UnitEntry
from warp_empires.module.defs import Module

from .groups import alone_group, carried_group, leading, view_passage
from .hunting import Hunting
from .measures import Outlook, leaders_seen, stack_force

ATTACK_MARGIN = 1.25
# What risking a leader's capture costs a plan: capturing leaders is how a side
# wins or loses in many themes (victory conditions that count captives, RULINGS W1, W2).
LEADER_RISK = 20


class Planning(Hunting):
    m: Module
    dist: list[list[int]]
    avg_force: list[float]
    force_of: list[int]
    leader_of: list[bool]
    claims_of: list[bool]
    # Where each unit has been this Move phase, so that no stack goes back
    # to where it came from (the shuttling of issue 11): (turn, chit -> places).
    been: tuple[int, dict[int, set[int]]]

    def _places(self, view: View) -> dict[int, set[int]]:
        """Where each own unit has been this turn's Move phase."""
        if self.been[0] != view.turn:
            self.been = (view.turn, {})
        return self.been[1]

    def plans(self, view: View, moved: list[int], sources: list[int] | None = None
              ) -> list[tuple[float, tuple[int, int, list[int]]]]:
        """Every group move worth a look, best first: (score, (source,
        destination, chits)). A search player takes its shortlist from here."""
        side = view.side
        units = self.m.units
        # RULINGS M9: a unit that entered an enemy stack moves no more this phase
        stuck = set(moved) | set(view.pend.engaged)
        places = self._places(view)
        board = Outlook(self.m, self.dist, self._goals(view), view)
        joins: dict[int, Facts] = {}  # the own stack at each destination
        out: list[tuple[float, tuple[int, int, list[int]]]] = []
        for t, st in enumerate(view.stacks[side]):
            if not st or (sources is not None and t not in sources):
                continue
            free = [u for u in st.units or () if u.chit not in stuck and units[u.unit].move > 0]
            if not free:
                continue
            for group in self._groups(view, t, free):
                types = [u.unit for u in group]
                speed = group_speed(self.m, types)  # RULINGS M1, docs/rules.md G2
                chits = [u.chit for u in group]
                left = [u.unit for u in st.units or () if u.chit not in chits]
                facts = self._facts(types, t, len(group) < len(free), left, speed)
                for d in self._reach(view, t, speed, types, chits):
                    if any(d in places.get(c, ()) for c in chits):
                        continue  # never back to where it was this phase: no shuttling
                    if d not in joins:
                        joins[d] = self._facts(_types(view.stacks[side][d]))
                    out.append((self._score(view, facts, d, joins[d], board), (t, d, chits)))
        out.sort(key=lambda x: -x[0])
        return out

    def _groups(self, view: View, t: int, free: list[UnitEntry]) -> list[list[UnitEntry]]:
        """The whole stack, its carriers with as much cargo as they carry
        (docs/rules.md G2: a group too big to carry cannot cross), its units
        that move alone (G21), single non-leader units able to take control."""
        units, rules = self.m.units, self.m.rules
        out = [free]
        out.extend(carried_group(self.m, free) + alone_group(self.m, free))
        seen: set[int] = set()
        for u in free:
            unit = units[u.unit]
            if unit.is_leader or u.unit in seen or len(free) == 1:
                continue
            if rules.can_control(unit):
                seen.add(u.unit)
                out.append([u])
        return leading(self.m, out)  # docs/rules.md G14, as the engine's legal list has it

    def _reach(self, view: View, start: int, steps: int, types: list[int],
               chits: list[int]) -> list[int]:
        # docs/rules.md G1, G2, G17: where the group may end, as the engine has it
        return reach(self.m.map.territories, view.stacks[view.enemy], start, steps,
                     view_passage(self.m, view, types, chits))

    def _facts(self, types: list[int], src: int | None = None, detached: bool = False,
               left: list[int] | None = None, speed: int = 0) -> Facts:
        """What _score asks of a group (or of the stack a group joins), worked
        out once for all its destinations: the playouts score millions."""
        leader, claims = self.leader_of, self.claims_of
        left = left or []
        return Facts(types, src, detached, left, speed, sum(self.force_of[u] for u in types),
                     any(leader[u] for u in types), all(leader[u] for u in types),
                     any(claims[u] for u in types), all(leader[u] for u in left),
                     any(claims[u] for u in left))

    def _score(self, view: View, g: Facts, dest: int, joined: Facts, b: Outlook) -> float:
        """A group move's worth to the plan list: group `g` to `dest`, where it
        joins the own stack `joined` (empty Facts where there is none)."""
        side, enemy = view.side, view.enemy
        src, detached, left = g.src, g.detached, g.left
        terr = self.m.map.territories[dest]
        # a group joining a friendly stack fights beside it (RULINGS M3)
        mine = g.force + joined.force
        leaders = g.any_leader
        if leaders or joined.any_leader:
            mine += self.m.rules.leader_bonus
        foe = view.stacks[enemy][dest]
        score = 0.0
        # only leaders, with no other unit to shield them: a capture waiting to happen
        bare = leaders and g.all_leaders and joined.all_leaders
        only_leaders = src is not None and g.all_leaders
        if foe:
            worth = self._attack(foe, enemy, mine)
            if worth is None or bare:
                return -100.0
            score += worth
        elif bare and dest in b.reached:
            # Issue 11: a leader alone where an enemy stack can reach it next turn
            # is captured (RULINGS B9), not only one right beside an enemy stack.
            score -= LEADER_RISK
        elif detached and dest in b.near1:
            score -= 4  # a lone unit next to an enemy stack is lost
        elif only_leaders and src in b.reached and g.left_all_leaders:
            # leaders left alone (by a battle, or by the units that left them)
            # within enemy reach: getting them to safety is worth a card
            score += LEADER_RISK / 2
        elif joined.types and dest in b.reached and not only_leaders and joined.all_leaders:
            score += LEADER_RISK / 2  # an escort for leaders left alone there
        if left and src is not None and src in b.reached and g.left_all_leaders:
            score -= LEADER_RISK  # leaves its leaders alone within an enemy stack's reach
        if not foe and not bare and src is not None:
            score += self._approach(view, g.types, dest, mine, g.speed)  # bots.hunting
        control = view.control
        claim = terr.is_revenue and control[dest] != side
        claimer = g.claims
        if claim and claimer:
            score += terr.revenue * 5 + (4 if control[dest] == enemy else 0)
        if src is not None and claimer and src in b.unclaimed and not g.left_claims:
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

    def _goals(self, view: View) -> list[int]:
        side = view.side
        out: list[int] = []
        for v in self.m.victory:
            if v.side == side:
                out.extend(c.territory for c in v.all if c.kind == "controls"
                           and view.control[c.territory] != side)
        return out

    def _attack(self, foe: StackEntry, enemy: int, mine: float) -> float | None:
        """What attacking the enemy stack `foe` with `mine` Force is worth to
        a plan; None where it would not outweigh the stack as an attack must.
        Each leader seen in it adds `hunt` (bots.hunting)."""
        need, worth = self._odds(foe, enemy)
        return None if mine < need else worth

    def _odds(self, foe: StackEntry, enemy: int) -> tuple[float, float]:
        """The Force an attack on `foe` needs, and what it is then worth (_attack)."""
        est = self._estimate(foe, enemy)
        return (est * ATTACK_MARGIN + 3,
                8 + est + (self.hunt * leaders_seen(self.leader_of, foe) if self.hunt else 0.0))

    def _estimate(self, foe: StackEntry | None, enemy: int) -> float:
        if foe is None:
            return 0.0
        return stack_force(self.force_of, foe, self.avg_force[enemy])


@dataclass(frozen=True)
class Facts:
    """A group's (or a stack's) facts that its every destination's score reads."""

    types: list[int]
    src: int | None
    detached: bool
    left: list[int]  # the units it leaves behind at `src`
    speed: int
    force: int
    any_leader: bool
    all_leaders: bool  # True for no units
    claims: bool  # some unit may take control
    left_all_leaders: bool  # True where it leaves none
    left_claims: bool


def _types(entry: StackEntry | None) -> list[int]:
    return [u.unit for u in entry.units or ()] if entry else []

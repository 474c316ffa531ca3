"""Plain measures of a map and a view that computer players share: distances
between territories, a side's average unit Force, whether a territory is
within an enemy stack's reach, and the cheapest set of losses that pays what
is owed, and the Outlook a Move-phase decision is scored against. Pure
functions of what a side can see (RULINGS H9)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from warp_empires.engine import Action, View, board
from warp_empires.engine.viewtypes import StackEntry
from warp_empires.module.defs import Module, UnitDef

# What a unit is worth beyond its Force when choosing losses: it can still take
# control, block, and absorb a later loss (RULINGS B7 counts units, not Force).
UNIT_WORTH = 1.5
def selection_items(view: View) -> list[int]:
    """The items of the open selection (none when there is none)."""
    sel = view.pend.selection
    return sel.items if sel is not None else []


def cheapest_cover(choices: list[tuple[Action, Any]], owed: int,
                   last: frozenset[int] = frozenset()) -> Action | None:
    """The first pick of the set of units with Force at least `owed` that costs
    least: units of the types in `last` (their loss ends the game) last of all,
    then leaders, then the Force lost plus UNIT_WORTH for each unit, so one
    unit of Force 4 goes before three of Force 1 (issue 11)."""
    best = cheapest_set(choices, owed, last)
    if best is None:
        return None
    return max(best[1], key=lambda x: x[1].force)[0]


def cheapest_set(choices: list[tuple[Action, Any]], owed: int, last: frozenset[int] = frozenset()
                 ) -> tuple[tuple[int, int, float, int], list[tuple[Action, Any]]] | None:
    """cheapest_cover's set and its cost (units of `last`, leaders, Force
    with UNIT_WORTH each, units), or None where no set of up to 4 pays it.
    Of sets that cost alike, the first in the order of
    itertools.combinations over the pool (the playouts' games depend on it)."""
    # Sets of up to 4 from the 12 strongest: a stack's losses are rarely more.
    pool = sorted(choices, key=lambda x: -x[1].force)[:12]
    force = [u.force for _, u in pool]
    marks = [(u.index in last, u.is_leader) for _, u in pool]
    size = len(pool)
    best: list[Any] = [None, None]  # cost, indices

    # Depth first in combinations' order. A branch is cut where even the
    # strongest units left cannot pay (the pool is strongest first), or where
    # what it has taken already costs no less than the best set (a set's cost
    # only grows as units join it, and a later set must cost less to win).
    def grow(start: int, left: int, n: int, picked: list[int], lasts: int, leaders: int,
             paid: int) -> None:
        cost = best[0]
        if cost is not None and (lasts, leaders, paid + UNIT_WORTH * n, n) >= cost:
            return
        if left == 0:
            if paid >= owed:
                best[0], best[1] = (lasts, leaders, paid + UNIT_WORTH * n, n), list(picked)
            return
        for i in range(start, size - left + 1):
            if paid + sum(force[i:i + left]) < owed:
                return  # the units after i are no stronger
            picked.append(i)
            grow(i + 1, left - 1, n, picked, lasts + marks[i][0], leaders + marks[i][1],
                 paid + force[i])
            picked.pop()

    for n in range(1, min(4, size) + 1):
        grow(0, n, n, [], 0, 0, 0)
    if best[0] is None:
        return None
    return best[0], [pool[i] for i in best[1]]


def distances(module: Module) -> list[list[int]]:
    """Moves between every two territories (10**6: no way)."""
    return [hops_from(module, start) for start in range(len(module.map.territories))]


def hops_from(module: Module, start: int) -> list[int]:
    """Each territory's distance in moves from `start`, breadth first."""
    return board.hops_from(module.map.territories, start)


def avg_force(module: Module, side: int) -> float:
    forces = [u.force for u in module.units if u.side == side for _ in range(u.count)]
    return sum(forces) / max(1, len(forces))


def stack_force(force: list[int], entry: StackEntry, average: float) -> float:
    """A stack's Force as a side sees it (`force`: each unit type's): its
    units' when they are shown; else its top unit's and the ones known to be
    there (StackEntry.known), and `average` for each other unit (RULINGS H2:
    only the top of an unseen stack shows)."""
    known = entry.known()
    return sum(force[k] for k in known) + (entry.size - len(known)) * average


def fast_force(module: Module, side: int) -> list[float]:
    """For each number of spaces d, the mean over `side`'s chits of the Force
    of a unit that moves d spaces or more: what each unit below the top of
    an unseen stack is expected to bring to an attack d spaces off."""
    pool = [u for u in module.units if u.side == side for _ in range(u.count)]
    top = max((u.move for u in pool), default=0)
    return [sum(u.force for u in pool if u.move >= d) / max(1, len(pool))
            for d in range(top + 2)]


def force_within(units: Sequence[UnitDef], entry: StackEntry, fast: list[float], d: int) -> float:
    """The Force of a stack that could attack d spaces off (a group moves at
    its slowest unit's speed, RULINGS M1): the units known to be there
    (StackEntry.known: all of a stack shown, else its top and any seen) that
    are fast enough, and fast[d] for each other unit (RULINGS H2). Immobile
    units never attack."""
    known = entry.known()
    below = fast[min(d, len(fast) - 1)] * (entry.size - len(known))
    return sum(units[k].force for k in known if units[k].move >= d) + below


def leaders_seen(leader: list[bool], entry: StackEntry) -> int:
    """The leaders a side sees in a stack (`leader`: whether each unit type
    is one): of the units known to be there (StackEntry.known, RULINGS H2)."""
    return sum(1 for k in entry.known() if leader[k])


def threatened(view: View, t: int, dist: list[list[int]], reach: int = 2) -> bool:
    enemy = view.stacks[view.enemy]
    return any(st and dist[t][e] <= reach for e, st in enumerate(enemy))


class Outlook:
    """What every group move of one Move-phase decision is scored against,
    worked out once: goals, the territories near enemy stacks, distances."""

    def __init__(self, module: Module, dist: list[list[int]], goals: list[int],
                 view: View, graded: bool = False) -> None:
        """`graded`: an enemy stack threatens each territory with only the
        units fast enough to get there (force_within), not all of it
        everywhere its top unit reaches (see the threat below)."""
        side = view.side
        terr = module.map.territories
        control = view.control
        self.dist = dist
        self.goals = goals
        self.targets = self.goals or [t.index for t in terr if t.is_revenue
                                      and control[t.index] != side]
        self.worth = [t.revenue for t in terr]
        self.unclaimed = {t.index for t in terr if t.is_revenue and control[t.index] != side}
        self.held = {t.index for t in terr if t.is_revenue and control[t.index] == side}
        foe_stacks = [(e, st) for e, st in enumerate(view.stacks[view.enemy]) if st]
        foes = [e for e, _ in foe_stacks]
        near = _nearest(dist[:len(terr)], foes)
        self.near1 = {t for t, d in enumerate(near) if d <= 1}
        self.near2 = {t for t, d in enumerate(near) if d <= 2}
        # Where an enemy stack could attack next turn: within the speed of its
        # top unit (the only one seen of a hidden stack; a group moves at the
        # speed of its slowest unit, RULINGS M1), at least one space.
        units = module.units
        self.reached = set(self.near1)
        # the Force of the strongest enemy stack that could attack each
        # territory next turn (a hidden one: its top unit and the side's
        # average below it), to tell which of its own stacks with leaders
        # it outweighs (issue 40: leaders lost beside stronger stacks).
        # Graded (normal's): where one stack reached every destination, the
        # whole-stack count made them all alike, and normal walked its leaders
        # next to that stack (seed 134 against the heuristic).
        self.threat = [0.0] * len(terr)
        average = avg_force(module, view.enemy)
        force = [u.force for u in units]
        fast = fast_force(module, view.enemy) if graded else []
        for e, st in foe_stacks:
            speed = max(1, units[st.top].move)
            row = self.dist[e]
            whole = stack_force(force, st, average)
            for t in range(len(terr)):
                if row[t] > speed:
                    continue
                self.reached.add(t)
                if not graded:
                    power = whole
                elif row[t] == 0:
                    continue  # a stack attacked is no threat to who takes its place
                else:
                    power = force_within(units, st, fast, row[t])
                if power > self.threat[t]:
                    self.threat[t] = power
        self._to_target: dict[int, int] = {}

    def to_target(self, t: int) -> int:
        d = self._to_target.get(t)
        if d is None:
            d = self._to_target[t] = min(self.dist[t][g] for g in self.targets)
        return d


def _nearest(rows: list[list[int]], foes: list[int]) -> list[int]:
    """For each territory's row of distances, the nearest of `foes` (10**6:
    none); an Outlook is made for every group-move decision of a playout."""
    if not foes:
        return [10**6] * len(rows)
    if len(foes) == 1:
        e = foes[0]
        return [row[e] for row in rows]
    get = itemgetter(*foes)
    return [min(get(row)) for row in rows]

"""The heuristic player's Recruit choices: buy what it can keep, place where
its stacks are or are threatened, never leave a new leader alone near an
enemy (what it disbands at Upkeep: bots/losses.py). A mixin of HeuristicPlayer,
which supplies the module (`m`), distances (`dist`) and the unit tables."""

from __future__ import annotations

from warp_empires.engine import Action, View
from warp_empires.module.defs import Module

from .measures import threatened


class Recruiting:
    m: Module
    dist: list[list[int]]
    force_of: list[int]
    leader_of: list[bool]

    def _recruit(self, view: View, legal: list[Action]) -> Action:
        side = view.side
        sel = view.pend.selection
        if sel is None:
            return ("done",)
        on_map = sum(st.size for st in view.stacks[side] if st) + len(sel.picked)
        limit = self.m.rules.upkeep_per_revenue * view.revenue[side]
        buys = [a for a in legal if a[0] == "pick"]
        if not buys or on_map >= limit:
            return ("done",)
        units, rules = self.m.units, self.m.rules
        unclaimed = sum(1 for t in self.m.map.territories
                        if t.is_revenue and view.control[t.index] != side)
        by_chit = {r.chit: units[r.unit] for r in view.recruit}
        items = sel.items

        def worth(a: Action) -> int:
            u = by_chit[items[a[1]]]
            claimer = u.move > 0 and rules.can_control(u) and unclaimed > 0
            return (u.is_leader * 6 + u.force + claimer * 4 - (u.move == 0) * 2)
        return max(buys, key=worth)

    def _place(self, view: View, legal: list[Action]) -> Action:
        side = view.side
        placing = view.pend.placing or [-1]
        unit = next((r.unit for r in view.recruit if r.chit == placing[0]), None)
        if unit is not None and self.leader_of[unit]:
            return self._place_leader(view, legal)

        def weight(a: Action) -> int:
            st = view.stacks[side][a[1]]
            return (st.size if st else 0) + threatened(view, a[1], self.dist) * 3
        return max(legal, key=weight)

    def _place_leader(self, view: View, legal: list[Action]) -> Action:
        """A new leader joins the strongest escort it can, and is never put
        alone where an enemy stack is near (issue 11: leaders left alone are
        captured, RULINGS B9)."""
        side = view.side
        force, leader = self.force_of, self.leader_of

        def weight(a: Action) -> tuple[int, bool]:
            st = view.stacks[side][a[1]]
            escort = sum(force[u.unit] for u in st.units or () if not leader[u.unit]) \
                if st else 0
            return (escort, not threatened(view, a[1], self.dist))
        return max(legal, key=weight)

    # Optional rule (RULINGS O5): the same choice as its standard cousin
    _hangar_return = _place  # a repaired ship enters like a recruit

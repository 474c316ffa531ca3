"""The heuristic player's choices of units to lose: a battle's losses (its
own, and the loser's first when it won), upkeep disbands and attrition. The
cheapest go first and leaders last; last of all a unit whose loss wins the
game for the enemy (docs/rules.md G5, a flagship). A modder's theme lost all
25 of its games that ended on a flagship because the heuristic gave its own
up as a winner's loss, the cheapest cover of what it owed (RULINGS B8). Picking
the enemy's first loss, such a unit goes first. A mixin of HeuristicPlayer,
which supplies the module (`m`) and `_unit_of`."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from warp_empires.engine import Action, View
from warp_empires.engine.strength import loser_loses, winner_owes
from warp_empires.module.defs import Module, UnitDef

from .measures import cheapest_cover, cheapest_set, selection_items


def game_ending_units(module: Module) -> frozenset[int]:
    """Unit types whose loss is part of a victory of the other side (G5)."""
    return frozenset(u for v in module.victory for c in v.all if c.kind == "enemy_lost"
                     for u in c.units)


class Losses:
    m: Module
    if TYPE_CHECKING:
        def _unit_of(self, view: View, chit: int) -> int: ...

    @cached_property
    def _precious(self) -> frozenset[int]:
        return game_ending_units(self.m)

    def _last(self, unit: UnitDef) -> tuple[bool, bool, int]:
        """Sort key of a unit to lose: the least worth keeping first."""
        return unit.index in self._precious, unit.is_leader, unit.force

    def _casualty(self, view: View, legal: list[Action]) -> Action:
        b = view.battle
        if ("confirm",) in legal or b is None:
            return legal[0]
        units = self.m.units
        items = selection_items(view)
        choices = [(a, units[self._unit_of(view, items[a[1]])]) for a in legal
                   if a[0] == "pick"]
        if b.stage == "loser" and b.loser != view.side:
            return self._first_loss(view, choices)
        if b.stage == "winner":
            # RULINGS B8: the cheapest set whose printed Force meets what is owed
            cheapest = cheapest_cover(choices, view.prompt.owed, self._precious)
            if cheapest is not None:
                return cheapest
        return min(choices, key=lambda x: self._last(x[1]))[0]

    def _first_loss(self, view: View, choices: list[tuple[Action, UnitDef]]) -> Action:
        """The winner's pick of the loser's first loss (RULINGS B7): one that
        ends the game; else the one whose price is least to the winner, who
        then loses half the Force the loser lost (B8), in its own leaders and
        game-ending units, then a leader to capture (B9), then the most
        Force taken for the least paid. Play-test: the app's suggestion took a
        Force 15 ship, and the winner's two leaders went to pay for it."""
        b = view.battle
        assert b is not None
        units = self.m.units
        theirs_entry, mine_entry = view.stacks[b.loser][b.t], view.stacks[view.side][b.t]
        theirs = [units[u.unit] for u in (theirs_entry.units or () if theirs_entry else ())]
        forts = sum(u.force for u in theirs if u.is_fortification)
        k = loser_loses(sum(not u.is_fortification for u in theirs))
        mine = [(("pick", i), units[u.unit])
                for i, u in enumerate(mine_entry.units or () if mine_entry else ())]
        worth = sum(u.force for _, u in mine)
        paying: dict[int, Any] = {}  # cheapest_set by what is owed: many choices owe alike

        def key(choice: tuple[Action, UnitDef]) -> tuple:
            action, unit = choice
            # the loser pays the rest of its losses with its cheapest units
            rest = sorted(u.force for a, u in choices if a != action)[:max(0, k - 1)]
            owed = winner_owes(forts + unit.force + sum(rest))
            if owed not in paying:
                paying[owed] = cheapest_set(mine, owed, self._precious)
            paid = paying[owed]
            if paid is None or owed >= worth:  # the whole stack goes
                price = (sum(u.index in self._precious for _, u in mine),
                         sum(u.is_leader for _, u in mine), float(worth))
            else:
                price = paid[0][:2] + (float(sum(u.force for _, u in paid[1])),)
            return (unit.index in self._precious, -price[0], -price[1], unit.is_leader,
                    unit.force - price[2])

        return max(choices, key=key)[0]

    def _upkeep(self, view: View, legal: list[Action]) -> Action:
        sel = view.pend.selection
        if ("confirm",) in legal or sel is None:
            return legal[0]
        units = self.m.units
        items = sel.items
        own = {u.chit: units[u.unit] for st in view.stacks[view.side] if st
               for u in st.units or ()}
        picks = [a for a in legal if a[0] == "pick"]
        return min(picks, key=lambda a: self._last(own[items[a[1]]]))

    # Optional rule (RULINGS O2): the same choice as its standard cousin
    _attrition = _upkeep  # the cheapest units go first

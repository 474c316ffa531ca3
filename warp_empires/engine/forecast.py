"""What a side can work out ahead from its own view: the upkeep its revenue
will allow (RULINGS U1) and why Control would not claim a territory (K1, K2).
Pure functions of a view, like board.reach, so a front end or a computer
player can run them on what it sees; nothing here reads the real state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warp_empires.module.defs import Module


@dataclass(frozen=True, slots=True)
class Upkeep:
    units: int  # the side's units on the map, leaders and fortifications too
    revenue: int  # what its control markers will bring in this turn's Revenue phase
    limit: int  # upkeep_per_revenue x revenue

    @property
    def over(self) -> int:
        """Units that upkeep would disband if nothing changed before it."""
        return max(0, self.units - self.limit)


def revenue_of(module: Module, view: dict[str, Any], side: int) -> int:
    """The revenue of every territory bearing `side`'s marker (RULINGS V1);
    markers are public (H5)."""
    territories = module.map.territories
    return sum(territories[t].revenue for t, c in enumerate(view["control"]) if c == side)


def upkeep(module: Module, view: dict[str, Any], side: int) -> Upkeep:
    """The upkeep `side` faces if the markers stay as they are (RULINGS U1).
    Stack sizes and markers are public, so this reads the same for both sides."""
    units = sum(e["size"] for e in view["stacks"][side] if e)
    revenue = revenue_of(module, view, side)
    return Upkeep(units, revenue, module.rules.upkeep_per_revenue * revenue)


def unclaimed_reason(module: Module, view: dict[str, Any], t: int) -> str | None:
    """Why the viewer's Control phase would not put its marker on territory
    `t` where its units stand, or None when it would (or nothing to say: no
    units of its own there, not a revenue territory, already its marker)."""
    side = view["side"]
    mine = view["stacks"][side][t]
    territory = module.map.territories[t]
    if not mine or not territory.is_revenue or view["control"][t] == side:
        return None
    if view["stacks"][1 - side][t]:
        return "an enemy stack is here too (RULINGS K1)"
    units = mine.get("units")
    if units is None:
        return None  # the view does not list them (a shared screen)
    if any(module.rules.can_control(module.units[u["unit"]]) for u in units):
        return None
    who = "; or ".join(f.words(module.classes, module.traits)
                       for f in module.rules.control_filters)
    return f"no unit here can take control: that needs {who} (RULINGS K2)"

"""Groups and counts the computer players weigh that the engine's rules
make worth a look: a carrying group (docs/rules.md G2), units on the map."""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.engine.powers import may_move
from warp_empires.engine.viewtypes import UnitEntry
from warp_empires.module.defs import Module


def carried_group(module: Module, free: list[UnitEntry]) -> list[list[UnitEntry]]:
    """The stack's carriers with the cargo they have room for, leaders and the
    strongest first; none when that is the whole stack (a group too big to
    carry cannot cross, so the whole stack alone never would)."""
    units, carriers = module.units, module.carriers
    ships = [u for u in free if units[u.unit].cls in carriers]
    if not ships:
        return []
    room = sum(carriers[units[u.unit].cls].capacity for u in ships)
    cargo = [u for u in free if u not in ships and any(
        carriers[units[s.unit].cls].cargo.matches(units[u.unit]) for s in ships)]
    cargo.sort(key=lambda u: (not units[u.unit].is_leader, -units[u.unit].force))
    group = ships + cargo[:room]
    return [group] if len(group) < len(free) else []


def units_shown(view: View, side: int) -> int:
    """How many units of `side` the view shows on the map (stack sizes are public)."""
    return sum(st.size for st in view.stacks[side] if st)


def leading(module: Module, groups: list[list[UnitEntry]]) -> list[list[UnitEntry]]:
    """The groups that may move at all: with a unit the module's `move_needs`
    names (docs/rules.md G14); every group where it names none."""
    if not module.rules.move_needs:
        return groups
    return [g for g in groups if may_move(module, [u.unit for u in g])]

"""Groups and counts the computer players weigh that the engine's rules
make worth a look: a carrying group (docs/rules.md G2), units on the map."""

from __future__ import annotations

from warp_empires.engine import View
from warp_empires.engine.passage import Passage, group_passage, with_ferries
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


def alone_group(module: Module, free: list[UnitEntry]) -> list[list[UnitEntry]]:
    """The stack's units that move alone (docs/rules.md G21), as a group of
    their own; none when that is the whole stack or the module names none."""
    alone = module.rules.move_alone
    if not alone:
        return []
    group = [u for u in free if any(f.matches(module.units[u.unit]) for f in alone)]
    return [group] if group and len(group) < len(free) else []


def view_passage(module: Module, view: View, types: list[int],
                 chits: list[int]) -> Passage | None:
    """Where a group of these unit types (these chits of the viewing side)
    may end and pass, with its side's ferries as the view shows them (G17)."""
    passage = group_passage(module, types) if types else None
    if passage is None or not module.carriers:
        return passage
    own = [[u.unit for u in st.units or () if u.chit not in chits] if st else []
           for st in view.stacks[view.side]]
    return with_ferries(module, passage, types, own, view.stacks[view.enemy])


def units_shown(view: View, side: int) -> int:
    """How many units of `side` the view shows on the map (stack sizes are public)."""
    return sum(st.size for st in view.stacks[side] if st)


def leading(module: Module, groups: list[list[UnitEntry]]) -> list[list[UnitEntry]]:
    """The groups that may move at all: with a unit the module's `move_needs`
    names (docs/rules.md G14); every group where it names none."""
    if not module.rules.move_needs:
        return groups
    return [g for g in groups if may_move(module, [u.unit for u in g])]

"""Traits and classes with rule effects (docs/rules.md G11-G14) and a
blockade (G15), each rule written once here for the engine, its forecast
and the computer players. A module that gives none takes none of these
paths: the callers ask `Module.powered` (or the rule's own setting) first."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from warp_empires.module.defs import Module

from .state import State


def move_bonus(module: Module, unit_types: Sequence[int]) -> int:
    """G11: the spaces a group of these unit types moves beyond its pace: the
    largest bonus among its units. A group that may not move (its slowest
    unit is immobile, R M5) gains nothing: the caller adds it only to a pace
    above 0."""
    powers = (module.units[u].power for u in unit_types)
    return max((p.move for p in powers if p is not None), default=0)


def may_move(module: Module, unit_types: Sequence[int]) -> bool:
    """G14: whether a group of these unit types may move in the Move phase:
    one of them matches one of the module's `move_needs` (none: any group),
    or every one of them matches one of its `move_alone` (G21)."""
    needs = module.rules.move_needs
    if not needs:
        return True
    units = module.units
    if any(f.matches(units[u]) for u in unit_types for f in needs):
        return True
    alone = module.rules.move_alone
    return bool(alone) and all(any(f.matches(units[u]) for f in alone) for u in unit_types)


def may_start(module: Module, unit_types: Sequence[int]) -> bool:
    """G14, G21: whether a stack whose units free to move are these may start
    a group: some group of them may move (one matches `move_needs`, or one
    moves alone and forms a group by itself)."""
    if may_move(module, unit_types):
        return True
    alone, units = module.rules.move_alone, module.units
    return any(f.matches(units[u]) for u in unit_types for f in alone)


def fights(module: Module, unit: int, enemy: int) -> bool:
    """G23: whether a unit of type `unit` fights one of type `enemy`: it names
    none (every unit) or one that matches."""
    power, units = module.units[unit].power, module.units
    return power is None or not power.fights or any(f.matches(units[enemy])
                                                     for f in power.fights)


def idle(module: Module, mine: Sequence[tuple[int, int]],
         theirs: Sequence[tuple[int, int]]) -> set[int]:
    """G23: the chits of `mine` (chit, unit type) that fight no unit of
    `theirs`: they count 0 Force, as a zeroed unit (R B5)."""
    return {c for c, u in mine if not any(fights(module, u, e) for _, e in theirs)}


def exposed(module: Module, mine: Sequence[tuple[int, int]],
            theirs: Collection[int]) -> list[int]:
    """G23: the chits of `mine` (chit, unit type) some unit of the unit types
    `theirs` fights: the only ones it may lose in the battle."""
    return [c for c, u in mine if any(fights(module, e, u) for e in theirs)]


def forts_ignored(module: Module, enemy: Sequence[tuple[int, int]]) -> bool:
    """G13: whether the enemy stack (chit, unit type) holds a unit that makes
    this side's fortifications count 0 Force."""
    powers = (module.units[u].power for _, u in enemy)
    return any(p is not None and p.ignores_forts for p in powers)


def against_bonus(module: Module, mine: Sequence[tuple[int, int]],
                  enemy: Sequence[tuple[int, int]], zeroed: Collection[int]) -> int:
    """G12: each unit of `mine` (not counting 0, R B5) with a bonus against a
    kind of unit adds it when the enemy stack holds one of that kind."""
    units = module.units
    out = 0
    for c, u in mine:
        power = units[u].power
        if power and power.against and c not in zeroed:
            out += sum(bonus for f, bonus in power.against
                       if any(f.matches(units[e]) for _, e in enemy))
    return out


def blockaded(s: State, side: int, places: Sequence[int]) -> list[int]:
    """G15: which of `side`'s revenue territories `places` are blockaded: of a
    kind the module names, with an enemy unit that blockades in it or, when
    the module says so, in a neighbour."""
    b = s.module.rules.blockade
    if b is None:
        return []
    territories, units, chits = s.module.map.territories, s.module.units, s.chits
    enemy = s.stacks[1 - side]

    def blockades(t: int) -> bool:
        return any(f.matches(units[chits[c]]) for c in enemy[t] for f in b.by)

    return [t for t in places if territories[t].kind in b.kinds and (
        blockades(t) or b.adjacent and any(map(blockades, territories[t].neighbours)))]

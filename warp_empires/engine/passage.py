"""Territory kinds that rule who may enter (docs/rules.md G1) and units that
carry others through them (G2): where a group may end its move, where it may
only pass, and where other arrivals (a retreat, a recruit) may go.

A module without `[map.enter]` admits every unit everywhere: every function
here then answers at once (None, True or everything), so such a module's
games take the same paths as before these rules existed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from warp_empires.module.defs import Carry, Module

from .per_module import PerModule
from .powers import move_bonus
from .state import State


@dataclass(frozen=True, slots=True)
class Passage:
    """For one group, by territory: whether it may end its move there (every
    unit may enter), and whether it may pass through (every unit may enter or
    is carried, G2); `links`: the territories it reaches in one move besides
    the neighbours, across its side's ferries (G17)."""

    end: tuple[bool, ...]
    cross: tuple[bool, ...]
    links: dict[int, tuple[int, ...]] | None = None


# per module, by sorted unit types: its Passage; for as long as the module
# lives (per_module.py)
_CACHE: PerModule[Passage | None] = PerModule()


def group_passage(module: Module, unit_types: Iterable[int]) -> Passage | None:
    """Where a group of these unit types may end and pass; None when it may
    go anywhere (no kind bars any of its units). Pure on the module, so that
    computer players ask it of their own units."""
    if not module.map.enter:
        return None
    types = tuple(sorted(unit_types))
    own = _CACHE.of(module)
    if types in own:
        return own[types]
    by_kind = {kind: _kind_passage(module, types, kind) for kind in module.map.kinds}
    passage = None
    if not all(end for end, _ in by_kind.values()):
        territories = module.map.territories
        passage = Passage(tuple(by_kind[t.kind][0] for t in territories),
                          tuple(by_kind[t.kind][1] for t in territories))
    if len(own) > 4096:  # groups are few, but a long session must not grow forever
        own.clear()
    own[types] = passage
    return passage


def chits_passage(s: State, chits: Sequence[int]) -> Passage | None:
    """group_passage for these chits of a game, with the links its side's
    ferries give it where they stand (G17)."""
    module = s.module
    if not module.map.enter:
        return None
    types = [s.chits[c] for c in chits]
    passage = group_passage(module, types)
    if passage is None or not chits or not any(c.ferry for c in module.carriers.values()):
        return passage
    side, group = module.units[types[0]].side, set(chits)
    own = [[s.chits[c] for c in st if c not in group] for st in s.stacks[side]]
    return with_ferries(module, passage, types, own, s.stacks[1 - side])


def with_ferries(module: Module, passage: Passage, group: Sequence[int],
                 own: Sequence[Sequence[int]], enemy_at: Sequence[Any]) -> Passage:
    """The passage of a group of these unit types with the links its side's
    ferries give it (G17): `own` is, by territory, the unit types of the
    side's other units; `enemy_at` is truthy where the enemy has a stack.
    Pure, so that computer players ask it of what their view shows."""
    if not any(c.ferry for c in module.carriers.values()):
        return passage
    links = _ferry_links(module, passage, group, own, enemy_at)
    return replace(passage, links=links) if links else passage


def _ferry_links(module: Module, passage: Passage, group: Sequence[int],
                 own: Sequence[Sequence[int]], enemy_at: Sequence[Any]
                 ) -> dict[int, tuple[int, ...]]:
    """G17: the group crosses a territory it may not pass where its side has
    ferrying carriers (not of the group) with room for all of it and the enemy
    has no stack; a chain of such territories is crossed in the same move.
    Each territory next to a chain links to every other one next to it."""
    units, territories = module.units, module.map.territories
    barred = list(group)
    ferries = set()
    for t, stack in enumerate(own):
        if not stack or passage.cross[t] or enemy_at[t]:
            continue
        carriers = [carry for u in stack
                    if (carry := module.carriers.get(units[u].cls)) is not None and carry.ferry]
        if carriers and _carried(module, barred, carriers):
            ferries.add(t)
    links: dict[int, set[int]] = {}
    seen: set[int] = set()
    for first in sorted(ferries):
        if first in seen:
            continue
        chain, todo = {first}, [first]
        while todo:  # the chain of ferries next to each other
            t = todo.pop()
            for n in territories[t].neighbours:
                if n in ferries and n not in chain:
                    chain.add(n)
                    todo.append(n)
        seen |= chain
        shores = {n for t in chain for n in territories[t].neighbours} - chain
        for a in shores:
            links.setdefault(a, set()).update(shores - {a})
    return {a: tuple(sorted(b)) for a, b in links.items()}


def group_speed(module: Module, unit_types: Sequence[int]) -> int:
    """Spaces a group of these unit types may move: that of its slowest unit
    (RULINGS M1), leaving out units that ride (docs/rules.md G2): when the
    group's carriers have room for every other unit matching their cargo,
    those units ride and the carriers set the pace; a unit's movement power
    adds to a pace above 0 (G11)."""
    pace = _pace(module, unit_types)
    if module.powered and pace > 0:  # docs/rules.md G11: a unit's power adds to it
        pace += move_bonus(module, unit_types)
    return pace


def _pace(module: Module, unit_types: Sequence[int]) -> int:
    units = module.units
    slowest = min(units[u].move for u in unit_types)
    if not module.carriers:
        return slowest
    carriers = [module.carriers[units[u].cls] for u in unit_types
                if units[u].cls in module.carriers]
    if not carriers:
        return slowest
    riders = [i for i, u in enumerate(unit_types) if units[u].cls not in module.carriers
              and any(c.cargo.matches(units[u]) for c in carriers)]
    if not riders or not _carried(module, [unit_types[i] for i in riders], carriers):
        return slowest
    left = set(range(len(unit_types))) - set(riders)
    return min(units[unit_types[i]].move for i in left)


def admits(module: Module, unit_type: int, t: int) -> bool:
    """Whether a unit of this type may enter territory t (G1)."""
    if not module.map.enter:
        return True
    return module.may_enter(module.units[unit_type], module.map.territories[t].kind)


def admits_all(s: State, chits: Iterable[int], t: int) -> bool:
    """Whether every one of these chits may enter territory t (G1): where a
    retreat, a withdrawal or an interception may go."""
    module = s.module
    if not module.map.enter:
        return True
    kind = module.map.territories[t].kind
    units = module.units
    return all(module.may_enter(units[s.chits[c]], kind) for c in chits)


def _kind_passage(module: Module, types: tuple[int, ...], kind: str) -> tuple[bool, bool]:
    units = module.units
    barred = [u for u in types if not module.may_enter(units[u], kind)]
    if not barred:
        return True, True
    carriers = [module.carriers[units[u].cls] for u in types
                if units[u].cls in module.carriers and module.may_enter(units[u], kind)]
    return False, _carried(module, barred, carriers)


def _carried(module: Module, barred: list[int], carriers: list[Carry]) -> bool:
    """Whether the carriers have room for every barred unit, each in a carrier
    whose cargo it matches (a matching of units to places, G2)."""
    if sum(c.capacity for c in carriers) < len(barred):
        return False
    units = module.units
    slots = [i for i, c in enumerate(carriers) for _ in range(min(c.capacity, len(barred)))]
    fits = [[k for k, i in enumerate(slots) if carriers[i].cargo.matches(units[u])]
            for u in barred]
    taken: dict[int, int] = {}  # slot -> barred unit

    def place(b: int, seen: set[int]) -> bool:
        for k in fits[b]:
            if k in seen:
                continue
            seen.add(k)
            if k not in taken or place(taken[k], seen):
                taken[k] = b
                return True
        return False

    return all(place(b, set()) for b in range(len(barred)))

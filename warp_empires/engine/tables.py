"""What a module fixes for every game, worked out once per module: per chit
its side, mobility, spaces, Force and name, each side's leaders; per card kind
when each side may play it and its name; per territory its revenue and name.
Rules read these flat tuples in their hot loops instead of walking the module's
definitions every time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warp_empires.module.defs import Module, VictoryDef

from .per_module import PerModule
from .viewtypes import StackEntry, UnitEntry


@dataclass(frozen=True, slots=True, weakref_slot=True)  # a test sees them go
class Tables:
    chit_side: tuple[int, ...]
    chit_mobile: tuple[bool, ...]  # speed above 0 (RULINGS M5)
    chit_move: tuple[int, ...]  # spaces per move (RULINGS M1)
    chit_force: tuple[int, ...]
    chit_name: tuple[str, ...]
    chit_entry: tuple[UnitEntry, ...]  # what a view lists of it (views.view)
    # per side, per card kind: when that side may play it ("move", "battle" or
    # "action"), or "" for a card only the other side may play (RULINGS M6)
    card_timing: tuple[tuple[str, ...], tuple[str, ...]]
    revenue: tuple[int, ...]  # territories with revenue
    territory_revenue: tuple[int, ...]  # by territory: its revenue, 0 for none
    territory_name: tuple[str, ...]
    card_name: tuple[str, ...]  # by card kind
    unit_controls: tuple[bool, ...]  # by unit type: can take control (RULINGS K2)
    unit_chits: tuple[frozenset[int], ...]  # by unit type: its chits
    leaders: tuple[frozenset[int], frozenset[int]]  # each side's leader chits
    # each side's victories as (text, conditions), in module order, the
    # conditions that are cheapest and most often false first (they are pure:
    # order is free)
    victory: tuple[tuple[tuple[str, tuple[Any, ...]], ...], ...]
    # the victories checked at the end of a turn or round (docs/rules.md G4),
    # with their index in the module's list
    timed: tuple[tuple[int, VictoryDef], ...]
    # what State.says and State.the have worked out, by their arguments: the
    # module's sides never change, so a phrase is made once, not at every log line
    phrases: dict[tuple[Any, ...], str]
    # the stack entries views.view has made, by the stack's chits: listing its
    # units, and seen from outside. Here, not in a table of views.py's own, so
    # that they go with the module (a table keyed by these tables kept every
    # module a server ever loaded: issue 38's soak, 3.9 MB per 100 games)
    listed: dict[tuple[int, ...], StackEntry]
    hidden: dict[tuple[int, ...], StackEntry]


# for as long as the module lives (per_module.py)
_CACHE: PerModule[Tables] = PerModule()
# one look at a list, a count, a few set tests, a pass over the leaders
_COST = {"controls": 0, "captives_at_least": 1, "holds_captive": 2, "no_enemy_leaders_on_map": 3,
         "enemy_lost": 3}


def tables(module: Module) -> Tables:
    """The tables of `module` (modules are frozen, so one build serves all games)."""
    own = _CACHE.of(module)
    if None in own:
        return own[None]
    units = module.units
    chits = [u.index for u in units for _ in range(u.count)]
    t = Tables(
        chit_side=tuple(units[c].side for c in chits),
        chit_mobile=tuple(units[c].move > 0 for c in chits),
        chit_move=tuple(units[c].move for c in chits),
        chit_force=tuple(units[c].force for c in chits),
        chit_name=tuple(units[c].name for c in chits),
        chit_entry=tuple(UnitEntry(c, u) for c, u in enumerate(chits)),
        card_timing=(_timing(module, 0), _timing(module, 1)),
        revenue=tuple(t.index for t in module.map.territories if t.is_revenue),
        territory_revenue=tuple(t.revenue if t.is_revenue else 0
                                for t in module.map.territories),
        territory_name=tuple(t.name for t in module.map.territories),
        card_name=tuple(c.name for c in module.cards),
        unit_controls=tuple(module.rules.can_control(u) for u in units),
        unit_chits=tuple(frozenset(c for c, u in enumerate(chits) if u == unit.index)
                         for unit in units),
        leaders=(_leaders(module, chits, 0), _leaders(module, chits, 1)),
        victory=tuple(tuple((v.text, tuple(sorted(v.all, key=lambda c: _COST.get(c.kind, 9))))
                            for v in module.victory
                            if v.side == side and v.when == "phase" and not v.hold)
                      for side in (0, 1)),
        timed=tuple((i, v) for i, v in enumerate(module.victory)
                    if v.when != "phase" or v.hold),
        phrases={},
        listed={},
        hidden={},
    )
    own[None] = t
    return t


def _timing(module: Module, side: int) -> tuple[str, ...]:
    """Per card kind, when `side` may play it, or "" for the other side's card."""
    return tuple(c.timing if c.side is None or c.side == side else "" for c in module.cards)


def _leaders(module: Module, chits: list[int], side: int) -> frozenset[int]:
    units = module.units
    return frozenset(c for c, u in enumerate(chits)
                     if units[u].is_leader and units[u].side == side)

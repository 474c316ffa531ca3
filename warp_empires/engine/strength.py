"""A battle's totals (RULINGS B5) from the units of both stacks: one function
for the engine's battles and for a forecast worked out on a side's own view
(engine/forecast.py), so that what a card row promises is what the battle does."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from warp_empires.module.defs import Module

from .powers import against_bonus, forts_ignored, idle


def battle_totals(module: Module, stacks: Sequence[Sequence[tuple[int, int]]],
                  zeroed: Collection[int], played: Iterable[Sequence[int]],
                  spent: Sequence[int] = ()) -> list[dict[str, Any]]:
    """Each side's total and its breakdown. `stacks[side]` holds the (chit,
    unit type) pairs of its stack; `zeroed` the chits counting 0 Force (a
    zeroed unit still counts towards a majority); `played` the battle's
    (side, card, target) plays; `spent` each side's battle points spent, +1
    each (docs/rules.md G9; the breakdown has "points" only once any is).
    Units' powers (G12, G13): enemy fortifications that count 0, and bonuses
    against kinds of enemy units ("powers", only when there are any)."""
    rules = module.rules
    units = module.units
    played = list(played)
    if module.fighting:  # docs/rules.md G23: a unit facing none it fights counts 0
        zeroed = set(zeroed) | idle(module, stacks[0], stacks[1]) | idle(module, stacks[1],
                                                                          stacks[0])
    held = majorities(module, [[u for _, u in st] for st in stacks])
    out: list[dict[str, Any]] = []
    for side in (0, 1):
        mine, theirs = stacks[side], stacks[1 - side]
        base = sum(units[u].force for c, u in mine if c not in zeroed)
        powers = 0
        if module.powered:  # docs/rules.md G12, G13
            if forts_ignored(module, theirs):
                base -= sum(units[u].force for c, u in mine
                            if c not in zeroed and units[u].is_fortification)
            powers = against_bonus(module, mine, theirs, zeroed)
        bonus = 0
        for who, kind, target in played:
            if who != side:
                continue
            eff = module.cards[kind].effect
            if eff.kind == "side_bonus":
                bonus += eff.amount
            elif eff.kind == "unit_bonus":
                bonus += eff.amount * sum(1 for c, u in mine if c not in zeroed
                                          and eff.filter.matches(units[u]))
            elif eff.kind == "target_bonus" and target not in zeroed \
                    and any(c == target for c, _ in mine):
                bonus += eff.amount
        has_leader = any(units[u].is_leader for _, u in mine)
        enemy_leader = any(units[u].is_leader for _, u in theirs)
        leader = rules.leader_bonus if has_leader and not enemy_leader else 0
        majority = sum(rules.majority_bonuses[i].bonus for i in held[side])
        part = {"units": base, "cards": bonus, "leader": leader, "majority": majority,
                "total": base + bonus + leader + majority}
        if powers:  # only where some unit's power counts (G12)
            part["powers"] = powers
            part["total"] += powers
        if spent:
            part["points"] = spent[side]
            part["total"] += spent[side]
        out.append(part)
    return out


def majorities(module: Module, types: Sequence[Sequence[int]]) -> list[list[int]]:
    """The majority bonuses each side holds (indices into the rules'
    majority_bonuses), from the unit types of both stacks: more units of the
    kind than the other stack; equal counts give no one the bonus."""
    units = module.units
    held: list[list[int]] = [[], []]
    for i, mb in enumerate(module.rules.majority_bonuses):
        n = [sum(1 for u in types[side] if mb.filter.matches(units[u])) for side in (0, 1)]
        if n[0] != n[1]:
            held[0 if n[0] > n[1] else 1].append(i)
    return held


def loser_loses(units: int) -> int:
    """Of a losing stack's units other than fortifications, how many it
    loses: half, rounded up (RULINGS B7; its fortifications all go)."""
    return (units + 1) // 2


def winner_owes(lost_force: int) -> int:
    """The printed Force a winner loses for `lost_force` lost by the loser:
    at least half, exactly half being enough (RULINGS B8)."""
    return (lost_force + 1) // 2


def winner(att: int, present: Sequence[bool], totals: Sequence[int], tie_winner: str) -> int:
    """Who wins a battle whose card play is over, with at least one stack
    left: the side whose stack alone is left, else the higher total, else
    the side the tie rule names (RULINGS B6). One rule for the engine's
    battles and for what a side foresees of them (engine/forecast.py)."""
    dfn = 1 - att
    if not present[att]:
        return dfn
    if not present[dfn]:
        return att
    if totals[att] != totals[dfn]:
        return att if totals[att] > totals[dfn] else dfn
    return dfn if tie_winner == "defender" else att

"""A loaded Module as plain JSON-ready data, in the vocabulary of the TOML files."""

from __future__ import annotations

from typing import Any

from .defs import (
    QUALITY_DICE,
    Condition,
    Effect,
    Module,
    OptionDef,
    SideSetup,
    UnitDef,
    VictoryDef,
)


def module_to_data(module: Module) -> dict[str, Any]:
    territories = module.map.territories
    side_ids = [s.id for s in module.sides]
    return {
        "id": module.id,
        "name": module.name,
        "version": module.version,
        "format": module.format,
        "description": module.description,
        "path": module.path,
        "fingerprint": module.fingerprint,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "short": s.short,
                "colour": s.colour,
                "units": [unit_to_data(u) for u in module.units if u.side == s.index],
            }
            for s in module.sides
        ],
        "classes": dict(module.classes),
        "traits": {k: {"name": n, "abbr": a} for k, (n, a) in module.traits.items()},
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "count": c.count,
                "side": "any" if c.side is None else side_ids[c.side],
                "text": c.text,
                "effect": effect_to_data(module, c.effect),
            } | ({} if c.decks is None else {"decks": dict(zip(side_ids, c.decks, strict=True))})
            for c in module.cards
        ],
        "territories": [
            {
                "id": t.id,
                "name": t.name,
                "kind": t.kind,
                "revenue": t.revenue,
                "edge": t.edge,
                "key": t.key,
                "neighbours": [territories[n].id for n in t.neighbours],
            }
            for t in territories
        ],
        "map": {
            "kinds": dict(module.map.kinds),
            "void": module.map.void,
            "looks": {kind: {"fill": look.fill, "colour": look.colour}
                      for kind, look in module.map.looks.items()},
            "picture": list(module.map.picture),
            # docs/rules.md G1: who may enter each kind (absent: anyone)
            "enter": {kind: [f.to_data() for f in filters]
                      for kind, filters in module.map.enter.items()},
            "arrive": dict(module.map.arrive),  # G18
        },
        "class_roles": dict(module.class_roles),
        "carries": {cls: {"carries": c.capacity, "cargo": c.cargo.to_data(),  # G2
                          "ferry": c.ferry}  # G17
                    for cls, c in module.carriers.items()},
        "rules": rules_to_data(module),
        "setup": setups_to_data(module, module.setup),
        "victory": victories_to_data(module, module.victory),
        "scenarios": [  # docs/rules.md G3
            {
                "id": sc.id,
                "name": sc.name,
                "text": sc.text,
                "first_side": "roll" if sc.first_roll else side_ids[sc.first_side],
                "setup": setups_to_data(module, sc.setup),
                "victory": victories_to_data(module, sc.victory),
            } | ({} if sc.limit is None else {"turn_limit": sc.limit[0], "at_turn_limit": {
                "score": sc.limit[1], "tie": side_ids[sc.limit[2]]}})
            for sc in module.scenarios
        ],
        "options": {name: option_to_data(module, o) for name, o in module.options.items()},
        "solo": None if module.solo is None else {
            "orders": [{"up_to": u, "order": o} for u, o in module.solo.orders],
            **module.solo.modifiers,
            "postures": [{"below": b, "charge": c, "stand": st}
                         for b, c, st in module.solo.postures],
        },
    }


def setups_to_data(module: Module, setups: tuple[SideSetup, ...]) -> dict[str, Any]:
    territories, side_ids = module.map.territories, [s.id for s in module.sides]
    return {
        side_ids[s.side]: {
            "control": [territories[t].id for t in s.control],
            "start": None if s.start is None else territories[s.start].id,
            "start_choices": [territories[t].id for t in s.start_choices],
            "control_start": s.control_start,
            "units": [module.units[u].id for u in s.units],
            "random_units": s.random_units,
            # docs/rules.md G3: garrisons placed in territories of their own
            "place": {territories[t].id: [module.units[u].id for u in units]
                      for t, units in s.placed},
        }
        for s in setups
    }


def victories_to_data(module: Module, victories: tuple[VictoryDef, ...]) -> list[dict[str, Any]]:
    side_ids = [s.id for s in module.sides]
    return [
        {
            "side": side_ids[v.side],
            "text": v.text,
            "all": [condition_to_data(module, c) for c in v.all],
            "when": v.when,  # docs/rules.md G4
            "hold": v.hold,  # G5
        }
        for v in victories
    ]


def option_to_data(module: Module, o: OptionDef) -> dict[str, Any]:
    """An optional rule's own keys (RULINGS O1-O5), as in [options.<id>]."""
    side_ids = [s.id for s in module.sides]
    keys: dict[str, Any] = {
        "interception": {"roll": o.roll},
        "withdrawal": {"roll": o.roll, "pursuit": o.pursuit.to_data()},
        "attrition": {"stack": o.stack, "divide_controlled": o.divide_controlled,
                      "divide_elsewhere": o.divide_elsewhere},
        "initiative": {"quality": {
            side_ids[i]: next(q for q, d in QUALITY_DICE.items() if d == o.dice[i])
            for i in (0, 1)}},
        "repair_hangar": {"fate": list(o.fate), "two_lives": {
            side_ids[i]: sorted(module.units[u].id for u in o.two_lives
                                if module.units[u].side == i) for i in (0, 1)},
                          "two_lives_turns": o.two_lives_turns,
                          "repairs": o.repairs.to_data()},
        "advance": {},  # docs/rules.md G16: its text alone
    }[o.id]
    return {"text": o.text, **keys}


def unit_to_data(unit: UnitDef) -> dict[str, Any]:
    return {
        "id": unit.id,
        "name": unit.name,
        "speed": unit.speed,
        "move": unit.move,
        "count": unit.count,
        "force": unit.force,
        "class": unit.cls,
        "traits": sorted(unit.traits),
        "role": unit.role,
        # docs/rules.md G11-G13: its class's and traits' powers together
        "power": None if not unit.power else {
            "move": unit.power.move,
            "battle_bonus": [{"against": f.to_data(), "bonus": n} for f, n in unit.power.against],
            "ignores_forts": unit.power.ignores_forts,
            "fights": [f.to_data() for f in unit.power.fights],  # G23
        },
    }


def effect_to_data(module: Module, effect: Effect) -> dict[str, Any]:
    """An effect in its module file's form (a modder's Pacific theme: `module
    show` left out a defection's filter and unit and a random loss's limits)."""
    data: dict[str, Any] = {"kind": effect.kind}
    if effect.kind == "move":
        data["groups"] = effect.amount
    elif effect.kind == "spy":
        data["hand"] = effect.hand
        data["stack"] = effect.stack
    elif effect.kind == "remove_control":
        data["targets"] = effect.targets
    elif effect.amount:
        data["amount"] = effect.amount
    f = effect.filter
    if f.classes or f.traits or f.units:
        data["filter"] = f.to_data()
    if effect.kind == "defect":  # docs/rules.md G7
        data["into"] = module.units[effect.unit].id
    elif effect.kind == "random_loss":  # G8, G19
        data["kinds"] = sorted(effect.kinds)
        data["stacks"] = "enemy" if effect.enemy else "any"
    return data


def rules_to_data(module: Module) -> dict[str, Any]:
    r = module.rules
    return {
        "first_side": module.sides[r.first_side].id,
        "draw": r.draw,
        "hand_limit": r.hand_limit,
        "leader_bonus": r.leader_bonus,
        "tie": r.tie_winner,
        "upkeep_per_revenue": r.upkeep_per_revenue,
        "recruit_draw": r.recruit_draw,
        "recruit_bonus_die": r.recruit_bonus_die,
        "recruit_bonus_times": r.recruit_bonus_times,
        "control_units": [f.to_data() for f in r.control_filters],
        "capture_needs_leader": r.capture_needs_leader,
        "winner_lost_leaders": r.winner_lost_leaders,
        "elimination": r.elimination,
        "majority_bonus": [{"filter": b.filter.to_data(), "bonus": b.bonus}
                           for b in r.majority_bonuses],
        "speeds": dict(r.speeds),
        # the rules a module may add (docs/rules.md G3-G15)
        "first_roll": r.first_roll,
        "turn_limit": r.turn_limit,
        "at_turn_limit": {"score": r.limit_score, "tie": module.sides[r.limit_tie].id}
        if r.turn_limit else None,
        "decks": "side" if module.side_decks else "shared",
        "battle_points": None if not any(r.points_start) else {
            "name": r.points_name, "most": r.points_most,
            "start": {s.id: r.points_start[s.index] for s in module.sides}},
        "move_needs": [f.to_data() for f in r.move_needs],
        "move_alone": [f.to_data() for f in r.move_alone],
        "blockade": None if r.blockade is None else {
            "by": [f.to_data() for f in r.blockade.by], "kinds": sorted(r.blockade.kinds),
            "adjacent": r.blockade.adjacent},
    }


def condition_to_data(module: Module, condition: Condition) -> dict[str, Any]:
    if condition.kind == "controls":
        return {"controls": module.map.territories[condition.territory].id}
    if condition.kind == "holds_captive":
        return {"holds_captive": [module.units[u].id for u in condition.units]}
    if condition.kind == "captives_at_least":
        return {"captives_at_least": condition.amount}
    if condition.kind == "enemy_lost":  # docs/rules.md G5
        return {"enemy_lost": [module.units[u].id for u in condition.units]}
    return {condition.kind: True}

"""Building the frozen `Module` from what the checks validated."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .defs import (
    CORE_CLASSES,
    NO_ROLE,
    CardDef,
    MajorityBonus,
    MapDef,
    Module,
    Rules,
    ScenarioDef,
    SideDef,
    SideSetup,
    TerritoryDef,
    UnitDef,
    VictoryDef,
)
from .errors import ModuleError, shown_path
from .fields import CORE_CLASS_NAMES, DEFAULT_COLOURS, FIRST_ROLL
from .files import Refused, read_bounded
from .limits import MAX_FILE_BYTES
from .powers import Power
from .state import LoaderState


def fingerprint(folder: Path) -> str:
    """sha256 over the folder's TOML files, sorted by name: each file's name, size and bytes."""
    files: dict[str, bytes] = {}
    for path in folder.glob("*.toml"):
        try:
            files[path.name] = read_bounded(path, MAX_FILE_BYTES)
        except Refused as err:
            raise ModuleError([f"{shown_path(path)}: {err}"]) from None
    return fingerprint_of(files)


def fingerprint_of(files: Mapping[str, bytes]) -> str:
    """The fingerprint of TOML files already read, by file name (see `fingerprint`)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        data = files[name]
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def assemble(state: LoaderState) -> Module:
    """The frozen definitions, built once every check has passed."""
    sides = tuple(
        SideDef(
            index=i,
            id=s["id"],
            name=s["name"],
            short=s["short"] or s["name"],
            colour=s["colour"] or DEFAULT_COLOURS[i],
            article="the" if s.get("article") is None else s["article"],
            plural=s.get("plural"),
        )
        for i, s in enumerate(state.sides)
    )
    territories = tuple(
        TerritoryDef(
            index=i,
            id=t["id"],
            name=t["name"],
            kind=t["kind"],
            revenue=t["revenue"],
            edge=t["edge"],
            key=t.get("key") or "",
            neighbours=tuple(sorted(state.adjacency.get(i, ()))),
            label=t.get("label") or "",
        )
        for i, t in enumerate(state.territories)
        if t is not None
    )
    roles = state.class_roles or {core: core for core in CORE_CLASSES}
    units = tuple(
        UnitDef(
            index=i,
            side=u["side_index"],
            id=u["id"],
            name=u["name"],
            speed=u["speed"],
            move=state.speeds[u["speed"]],
            count=u["count"],
            force=u["force"],
            cls=u["class"],
            traits=frozenset(u["traits"]),
            role=roles.get(u["class"], NO_ROLE),
            power=_power(state, u["class"], u["traits"]),
        )
        for i, u in enumerate(state.units)
        if u is not None
    )
    cards = tuple(
        CardDef(
            index=i,
            id=c["id"],
            name=c["name"],
            count=c["count"],
            side=c["side_index"],
            effect=c["effect"],
            text=c["text"],
            decks=c.get("decks"),  # per-side decks (docs/rules.md G10), else None
        )
        for i, c in enumerate(state.cards)
        if c is not None
    )
    r = state.rules
    first_side = r.get("first_side")
    rolled = first_side == FIRST_ROLL
    rules = Rules(
        first_side=state.side_ids.index(first_side) if first_side and not rolled else 0,
        first_roll=rolled,
        turn_limit=state.limit[0] if state.limit else 0,
        limit_score=state.limit[1] if state.limit else "revenue",
        limit_tie=state.limit[2] if state.limit else 0,
        **_points(r.get("points")),
        draw=r.get("draw", 5),
        hand_limit=r.get("hand_limit", 7),
        leader_bonus=r.get("leader_bonus", 5),
        tie_winner=r.get("tie", "defender"),
        upkeep_per_revenue=r.get("upkeep_per_revenue", 5),
        recruit_draw=r.get("recruit_draw", 5),
        recruit_bonus_die=r.get("recruit_bonus_die", 6),
        recruit_bonus_times=r.get("recruit_bonus_times", 1),
        speeds=dict(state.speeds),
        control_filters=tuple(r.get("control_filters") or ()),
        capture_needs_leader=r.get("capture_needs_leader", False),
        winner_lost_leaders=r.get("winner_lost_leaders", "pile"),
        majority_bonuses=tuple(
            MajorityBonus(b["filter"], b["bonus"]) for b in r.get("majority_bonus") or ()
        ),
        elimination=r.get("elimination", True),
        move_needs=state.move_needs,
        move_alone=state.move_alone,
        blockade=state.blockade,
    )
    setups = _setups(state.setups)
    victory = _victories(state.victories)
    scenarios = tuple(
        ScenarioDef(
            id=sc["id"], name=sc["name"], text=sc["text"],
            first_side=((state.side_ids or []).index(sc["first_side"])
                        if sc["first_side"] not in (None, FIRST_ROLL) else rules.first_side),
            first_roll=(sc["first_side"] == FIRST_ROLL
                        or (sc["first_side"] is None and rules.first_roll)),
            setup=_setups(sc["setups"]),
            victory=_victories(sc["victories"]),
            limit=sc["limit"],
        )
        for sc in state.scenarios
    )
    classes = dict(state.classes or CORE_CLASS_NAMES)
    for core in CORE_CLASSES:
        classes.setdefault(core, CORE_CLASS_NAMES[core])
    return Module(
        id=state.head["id"],
        name=state.head["name"],
        version=state.head["version"],
        format=state.head["format"],
        description=state.head["description"],
        same_rules_as=tuple(state.head.get("same_rules_as") or ()),
        path=str(state.folder.resolve()),
        # The bytes validated, not a second read that a swapped file could change.
        fingerprint=fingerprint_of({name: f.raw for name, f in state.files.items()}),
        sides=(sides[0], sides[1]),
        classes=classes,
        class_roles={c: roles.get(c, NO_ROLE) for c in classes},
        traits=dict(state.traits or {}),
        map=MapDef(
            territories=territories,
            picture=state.picture,
            kinds=dict(state.kinds),
            void=state.void,
            looks=dict(state.looks),
            enter=dict(state.enter),
            arrive=dict(state.arrive),
        ),
        units=units,
        cards=cards,
        rules=rules,
        powered=any(u.power for u in units),
        fighting=any(u.power and u.power.fights for u in units),
        setup=(setups[0], setups[1]),
        victory=victory,
        options=dict(state.options),
        solo=state.solo,
        carriers=dict(state.carriers),
        scenarios=scenarios,
    )


def _points(points: tuple[tuple[int, int], str, int] | None) -> dict[str, Any]:
    """Rules' keys of a pool of battle points (docs/rules.md G9), if any."""
    if points is None:
        return {}
    return {"points_start": points[0], "points_name": points[1], "points_most": points[2]}


def _setups(raw: dict[int, dict[str, Any]]) -> tuple[SideSetup, SideSetup]:
    made = [
        SideSetup(
            side=i,
            control=tuple(raw[i]["control_index"]),
            start=raw[i]["start_index"],
            start_choices=tuple(raw[i]["choices_index"]),
            control_start=raw[i]["control_start"],
            units=tuple(raw[i]["units_index"]),
            random_units=raw[i]["random_units"],
            placed=tuple((t, tuple(units)) for t, units in raw[i]["placed_index"]),
        )
        for i in (0, 1)
    ]
    return made[0], made[1]


def _victories(raw: list[dict[str, Any]]) -> tuple[VictoryDef, ...]:
    return tuple(VictoryDef(side=v["side_index"], text=v["text"], all=tuple(v["conditions"]),
                            when=v.get("when") or "phase", hold=v.get("hold") or 0)
                 for v in raw)


def _power(state: LoaderState, cls: str, traits: list[str]) -> Power | None:
    """A unit type's powers: its class's and its traits' together (G11-G13)."""
    power = state.class_powers.get(cls, Power())
    for trait in traits:
        power = power.joined(state.trait_powers.get(trait, Power()))
    return power or None

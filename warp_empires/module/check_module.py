"""Checks of module.toml's identity, sides, classes, traits and rules."""

from __future__ import annotations

import re
from typing import Any

from .defs import NO_ROLE, ROLES, SPEED_NAMES, Carry, UnitFilter
from .fields import (
    CLASS,
    CORE_CLASS_NAMES,
    FIRST_ROLL,
    FORMAT,
    MAJORITY,
    MODULE_HEAD,
    MODULE_TOP,
    POINTS,
    RULES,
    SIDE,
    TRAIT,
)
from .limits import MAX_NAME, MAX_SPEED
from .schema import check_choice, check_id, check_min, check_table, describe, join, too_big
from .state import LoaderState


class ModuleChecks(LoaderState):
    def _module_head(self) -> None:
        data = self.files["module.toml"].data
        if data is None:
            return
        f = "module.toml"
        top = check_table(self.report, f, "", data, MODULE_TOP) or {}
        self.module_top = top
        head = (
            check_table(self.report, f, "module", top["module"], MODULE_HEAD)
            if ("module" in top)
            else None
        )
        if head:
            self.head = head
            if "id" in head and check_id(self.report, f, "module.id", head["id"]):
                # `validate .` names the folder "": its real name is what counts
                folder_name = self.folder.name or self.folder.resolve().name
                if head["id"] != folder_name:
                    self.add(
                        f,
                        "module.id",
                        f"'{head['id']}' does not match the folder name '{folder_name}'",
                    )
            if head.get("format") is not None and head["format"] != FORMAT:
                self.add(f, "module.format", f"must be {FORMAT}, not {head['format']}")
            for i, old in enumerate(head.get("same_rules_as") or []):
                if not re.fullmatch(r"[0-9a-f]{64}", old):
                    self.add(f, f"module.same_rules_as[{i}]",
                             "must be a module fingerprint: 64 lower-case hex digits "
                             "(warp-empires module show prints it)")
        self._sides(top.get("side"))
        self._classes(top.get("classes"))
        self._traits(top.get("traits"))
        self._carriers(top.get("classes"))

    def _sides(self, raw: list[Any] | None) -> None:
        if raw is None:
            return
        f = "module.toml"
        ids: list[str] = []
        for i, entry in enumerate(raw):
            path = join("side", i)
            side = check_table(self.report, f, path, entry, SIDE)
            if side is None:
                continue
            if "id" in side and check_id(self.report, f, join(path, "id"), side["id"]):
                if side["id"] in ids:
                    self.add(f, join(path, "id"), f"duplicate side id '{side['id']}'")
                ids.append(side["id"])
            colour = side.get("colour")
            if colour is not None and not is_colour(colour):
                self.add(f, join(path, "colour"), f"'{colour}' is not a colour name or #rrggbb")
            article = side.get("article")
            if article is not None and article not in ("the", ""):
                self.add(f, join(path, "article"),
                         f"'{article}' is not an article: \"the\" (the Raiders) or \"\" (Guild)")
            self.sides.append(side)
        if len(raw) != 2:
            self.add(
                f, "side", f"a module has exactly two [[side]] tables, this one has {len(raw)}"
            )
            # Everything naming a side would fail too; the count is the one thing to fix.
            return
        self.side_ids = ids

    def _classes(self, raw: dict[str, Any] | None) -> None:
        """`id = "Name"` (no role), or `id = { name = "Name", role = "leader" }`
        (RULINGS X1). The classes `leader` and `fortification` always exist with
        the role of the same name; a module may rename them."""
        classes = dict(CORE_CLASS_NAMES)
        roles = {core: core for core in ROLES}
        for key, entry in (raw or {}).items():
            path = join("classes", key)
            if not check_id(self.report, "module.toml", path, key):
                continue
            role = roles.get(key, NO_ROLE)
            if isinstance(entry, dict):
                spec = check_table(self.report, "module.toml", path, entry, CLASS)
                if not spec or "name" not in spec:
                    continue
                name = spec["name"]
                if spec.get("role") is not None:  # left out: no role
                    given = spec["role"]
                    if given not in (*ROLES, "none"):
                        self.add("module.toml", join(path, "role"),
                                 f"'{given}' is not a role: choose leader, fortification or none")
                        continue
                    if key in ROLES and given != key:
                        self.add("module.toml", join(path, "role"),
                                 f"the class '{key}' always has the role '{key}'")
                        continue
                    role = NO_ROLE if given == "none" else given
            elif isinstance(entry, str):
                name = entry
            else:
                self.add(
                    "module.toml",
                    path,
                    f"must be the class's name, or a table {{ name = ..., role = ... }}, "
                    f"not {describe(entry)}",
                )
                continue
            if (wrong := too_big(name, MAX_NAME)) is not None:
                self.add("module.toml", path, wrong)
                continue
            classes[key] = name
            roles[key] = role
        self.classes = classes
        self.class_roles = roles

    def _carriers(self, raw: dict[str, Any] | None) -> None:
        """`carries` and `cargo` of the classes given as tables (docs/rules.md
        G2), read once every class and trait is known: a cargo filter names them."""
        f = "module.toml"
        for key, entry in (raw or {}).items():
            if not isinstance(entry, dict) or key not in (self.classes or {}):
                continue
            path = join("classes", key)
            carries, cargo = entry.get("carries"), entry.get("cargo")
            if carries is None:
                if cargo is not None:
                    self.add(f, join(path, "cargo"), "a cargo needs carries = N: how many "
                                                     "units each unit of the class carries")
                if entry.get("ferry"):  # docs/rules.md G17
                    self.add(f, join(path, "ferry"), "a ferry needs carries = N: how many "
                                                     "units each unit of the class carries")
                continue
            if type(carries) is not int:  # reported by check_table
                continue
            if not check_min(self.report, f, join(path, "carries"), carries, 1):
                continue
            self.carriers[key] = Carry(carries, self._filter(f, join(path, "cargo"), cargo)
                                       if cargo is not None else UnitFilter(),
                                       entry.get("ferry") is True)

    def _traits(self, raw: dict[str, Any] | None) -> None:
        if raw is None:
            return
        traits: dict[str, tuple[str, str]] = {}
        for key, entry in raw.items():
            path = join("traits", key)
            if not check_id(self.report, "module.toml", path, key):
                continue
            trait = check_table(self.report, "module.toml", path, entry, TRAIT)
            if trait and "name" in trait and "abbr" in trait:
                traits[key] = (trait["name"], trait["abbr"])
        self.traits = traits

    def _rules(self) -> None:
        if self.files["module.toml"].data is None or "rules" not in self.module_top:
            return
        f = "module.toml"
        rules = check_table(self.report, f, "rules", self.module_top["rules"], RULES)
        if rules is None:
            return
        for key, least in (
            ("draw", 1),
            ("hand_limit", 1),
            ("leader_bonus", 0),
            ("upkeep_per_revenue", 1),
            ("recruit_draw", 0),
            ("recruit_bonus_die", 0),
            ("recruit_bonus_times", 0),
        ):
            if not check_min(self.report, f, join("rules", key), rules.get(key), least):
                rules.pop(key)
        if rules.get("first_side") is not None:  # a side id, or "roll" (docs/rules.md G3)
            self._side_ref(f, "rules.first_side", rules["first_side"], (FIRST_ROLL,))
        for key, choices in (
            ("tie", ("defender", "attacker")),
            ("winner_lost_leaders", ("pile", "captured")),
        ):
            if rules.get(key) is not None:
                check_choice(
                    self.report, f, join("rules", key), rules[key], choices, f"{key} value"
                )
        # K2: which occupiers can take control, as filters (control_traits is
        # the short form: any one of these traits)
        filters = []
        for i, trait in enumerate(rules.get("control_traits") or []):
            self._trait_ref(f, join("rules.control_traits", i), trait)
            filters.append(UnitFilter(traits=frozenset({trait})))
        if rules.get("control_traits") and rules.get("control_units"):
            self.add(f, "rules.control_units",
                     "give control_units or control_traits, not both (control_traits = "
                     "[\"a\"] is short for control_units = [{ traits = [\"a\"] }])")
        for i, entry in enumerate(rules.get("control_units") or []):
            filters.append(self._filter(f, join("rules.control_units", i), entry))
        rules["control_filters"] = filters
        bonuses = []
        for i, entry in enumerate(rules.get("majority_bonus") or []):
            path = join("rules.majority_bonus", i)
            bonus = check_table(self.report, f, path, entry, MAJORITY)
            if bonus is None:
                continue
            has_trait, has_filter = bonus.get("trait") is not None, bonus.get("filter") is not None
            if has_trait == has_filter:
                self.add(f, path, "give either trait = \"id\" or filter = { ... }, not "
                         + ("both" if has_trait else "neither"))
                continue
            if has_trait:
                self._trait_ref(f, join(path, "trait"), bonus["trait"])
                bonus["filter"] = UnitFilter(traits=frozenset({bonus["trait"]}))
            else:
                bonus["filter"] = self._filter(f, join(path, "filter"), bonus["filter"])
            check_min(self.report, f, join(path, "bonus"), bonus.get("bonus"), 0)
            bonuses.append(bonus)
        rules["majority_bonus"] = bonuses
        self._speeds(rules.get("speeds"))
        self.limit = self._limit("rules", rules.get("turn_limit"), rules.get("at_turn_limit"))
        if rules.get("battle_points") is not None:
            rules["points"] = self._points(rules["battle_points"])
        self.rules = rules

    def _points(self, raw: dict[str, Any]) -> tuple[tuple[int, int], str, int] | None:
        """rules.battle_points (docs/rules.md G9): each side's starting points,
        their name, and the most a side spends in one battle."""
        f, path = "module.toml", "rules.battle_points"
        spec = check_table(self.report, f, path, raw, POINTS)
        if not spec or not isinstance(spec.get("start"), dict):
            return None
        start = self._by_side(f, join(path, "start"), spec["start"])
        check_min(self.report, f, join(path, "most"), spec.get("most"), 0)
        return start, spec["name"], spec.get("most") or 0

    def _speeds(self, raw: dict[str, Any] | None) -> None:
        if raw is None:
            return
        for key, value in raw.items():
            path = join("rules.speeds", key)
            if key not in SPEED_NAMES:
                check_choice(self.report, "module.toml", path, key, SPEED_NAMES, "speed")
            elif type(value) is not int:
                self.add("module.toml", path, f"must be an integer, not {describe(value)}")
            elif key == "immobile" and value != 0:
                self.add("module.toml", path, f"must be 0 (immobile units never move), not {value}")
            elif (wrong := too_big(value, MAX_SPEED)) is not None:
                self.add("module.toml", path, wrong)
            elif check_min(self.report, "module.toml", path, value, 1 if key != "immobile" else 0):
                self.speeds[key] = value


_HEX = re.compile(r"#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def is_colour(text: str) -> bool:
    if _HEX.fullmatch(text):
        return True  # the common case, checked here: loading a module stays free of the TUI
    try:
        from textual.color import Color, ColorParseError
    except ImportError:  # the loader itself must not need the TUI's library
        return True
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True

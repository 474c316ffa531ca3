"""Checks of module.toml's [options]: the optional rules a module offers
(RULINGS O1-O5), each with its numbers, and [solo], the solo opponent's
tables (O6)."""

from __future__ import annotations

from typing import Any

from .defs import (
    OPTION_IDS,
    OPTION_TEXT,
    QUALITY_DICE,
    SOLO_MODIFIERS,
    SOLO_ORDERS,
    OptionDef,
    SoloDef,
    UnitFilter,
)
from .fields import OPTIONS, SOLO, SOLO_ORDER, SOLO_POSTURE
from .schema import check_choice, check_min, check_table, describe, join
from .state import LoaderState


class OptionChecks(LoaderState):
    def _options(self) -> None:
        raw = self.module_top.get("options") if self.files["module.toml"].data else None
        if not raw:
            return
        for key, entry in raw.items():
            path = join("options", key)
            if not check_choice(self.report, "module.toml", path, key, OPTION_IDS,
                                "optional rule"):
                continue
            spec = check_table(self.report, "module.toml", path, entry, OPTIONS[key])
            if spec is not None:
                option = getattr(self, "_option_" + key)(path, spec)
                if option is not None:
                    self.options[key] = option

    def _solo(self) -> None:
        """[solo]: the table-driven solo opponent's tables (RULINGS O6)."""
        raw = self.module_top.get("solo") if self.files["module.toml"].data else None
        if raw is None:
            return
        f = "module.toml"
        spec = check_table(self.report, f, "solo", raw, SOLO)
        if spec is None or "orders" not in spec or "postures" not in spec:
            return
        orders: list[tuple[int, str]] = []
        for i, entry in enumerate(spec["orders"]):
            path = join("solo.orders", i)
            row = check_table(self.report, f, path, entry, SOLO_ORDER)
            if row is None or "order" not in row or "up_to" not in row:
                continue
            if check_choice(self.report, f, join(path, "order"), row["order"], SOLO_ORDERS,
                            "order"):
                orders.append((row["up_to"], row["order"]))
        if orders and [u for u, _ in orders] != sorted({u for u, _ in orders}):
            self.add(f, "solo.orders", "rows must go up: each `up_to` above the one before")
        postures: list[tuple[int, int, int]] = []
        for i, entry in enumerate(spec["postures"]):
            path = join("solo.postures", i)
            row = check_table(self.report, f, path, entry, SOLO_POSTURE)
            if row is None or not {"below", "charge", "stand"} <= set(row):
                continue
            if not 0 <= row["charge"] <= row["stand"] <= 6:
                self.add(f, path, "needs 0 <= charge <= stand <= 6 (readings of a d6)")
                continue
            postures.append((row["below"], row["charge"], row["stand"]))
        if postures and [b for b, _, _ in postures] != sorted({b for b, _, _ in postures}):
            self.add(f, "solo.postures", "rows must go up: each `below` above the one before")
        if not orders or not postures:
            self.add(f, "solo", "needs at least one row of orders and one of postures")
            return
        self.solo = SoloDef(tuple(orders), {k: spec.get(k, 0) for k in SOLO_MODIFIERS},
                            tuple(postures))

    def _least(self, path: str, spec: dict[str, Any], key: str, least: int) -> bool:
        # a value of the wrong type was reported and left out of `spec`
        return key in spec and check_min(self.report, "module.toml", join(path, key),
                                         spec[key], least)

    def _text(self, key: str, spec: dict[str, Any]) -> str:
        return spec.get("text") or OPTION_TEXT[key]

    def _option_interception(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        if not self._roll(path, spec):
            return None
        further = spec.get("further_try")  # left out when of the wrong type (reported)
        if further is None:
            return None
        if not -6 <= further <= 6:
            self.add("module.toml", join(path, "further_try"),
                     f"must be -6 to 6 (a change to a d6 roll), not {further}")
            return None
        return OptionDef("interception", self._text("interception", spec), roll=spec["roll"],
                         further_try=further)

    def _option_withdrawal(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        pursuit = UnitFilter()
        if spec.get("pursuit") is not None:
            pursuit = self._filter("module.toml", join(path, "pursuit"), spec["pursuit"])
        if not self._roll(path, spec):
            return None
        return OptionDef("withdrawal", self._text("withdrawal", spec), roll=spec["roll"],
                         pursuit=pursuit)

    def _roll(self, path: str, spec: dict[str, Any]) -> bool:
        # a d6 roll of 1 to 7: 7 can only be reached with a +1
        if not self._least(path, spec, "roll", 1):
            return False
        if spec["roll"] > 7:
            self.add("module.toml", join(path, "roll"),
                     f"must be at most 7 (a d6, +1 at best), not {spec['roll']}")
            return False
        return True

    def _option_advance(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        return OptionDef("advance", self._text("advance", spec))  # docs/rules.md G16

    def _option_attrition(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        ok = all([self._least(path, spec, "stack", 1),
                  self._least(path, spec, "divide_controlled", 1),
                  self._least(path, spec, "divide_elsewhere", 1)])
        if not ok:
            return None
        first = UnitFilter()
        if spec.get("first") is not None:
            first = self._filter("module.toml", join(path, "first"), spec["first"])
        return OptionDef("attrition", self._text("attrition", spec), stack=spec["stack"],
                         divide_controlled=spec["divide_controlled"],
                         divide_elsewhere=spec["divide_elsewhere"], first=first)

    def _option_initiative(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        dice = [QUALITY_DICE["veteran"]] * 2
        ok = True
        for side_id, quality in spec.get("quality", {}).items():
            where = join(join(path, "quality"), side_id)
            side = self._side_ref("module.toml", where, side_id)
            if not isinstance(quality, str):
                self.add("module.toml", where, f"must be a string, not {describe(quality)}")
                ok = False
            elif not check_choice(self.report, "module.toml", where, quality,
                                  tuple(QUALITY_DICE), "quality"):
                ok = False
            elif side is not None:
                dice[side] = QUALITY_DICE[quality]
        if not ok:
            return None
        return OptionDef("initiative", self._text("initiative", spec), dice=(dice[0], dice[1]))

    def _option_repair_hangar(self, path: str, spec: dict[str, Any]) -> OptionDef | None:
        fate = spec.get("fate")
        where = join(path, "fate")
        if fate is None:
            return None
        if not fate or not all(type(n) is int and 0 <= n <= 100 for n in fate):
            self.add("module.toml", where, "must list the turns in the hangar for each face "
                     "of the fate die, whole numbers 0 to 100 (0: destroyed), e.g. "
                     "[2, 2, 3, 3, 0, 0]")
            return None
        if not self._least(path, spec, "two_lives_turns", 1):
            return None
        marked: set[int] = set()
        for side_id, units in spec.get("two_lives", {}).items():
            at = join(join(path, "two_lives"), side_id)
            side = self._side_ref("module.toml", at, side_id)
            if not isinstance(units, list) or not all(isinstance(u, str) for u in units):
                self.add("module.toml", at, f"must be a list of unit ids, not {describe(units)}")
                continue
            for n, unit in enumerate(units):
                index = self._unit_ref("module.toml", join(at, n), side, unit)
                if index is not None:
                    marked.add(index)
        repairs = UnitFilter()
        if spec.get("repairs") is not None:
            repairs = self._filter("module.toml", join(path, "repairs"), spec["repairs"])
        return OptionDef("repair_hangar", self._text("repair_hangar", spec), fate=tuple(fate),
                         two_lives=frozenset(marked), two_lives_turns=spec["two_lives_turns"],
                         repairs=repairs)

"""Traits and classes with rule effects (docs/rules.md G11-G13) and what a
stack needs to move (G14): the power keys of `[classes]` and `[traits]`
tables and `[rules] move_needs`, read once every class and trait is known
(a filter names them)."""

from __future__ import annotations

from typing import Any

from .defs import UnitFilter
from .fields import BATTLE_BONUS, BLOCKADE
from .powers import Blockade, Power
from .schema import check_choice, check_min, check_table, join
from .state import LoaderState


class PowerChecks(LoaderState):
    def _powers(self) -> None:
        f = "module.toml"
        for table, known, store in (("classes", self.classes, self.class_powers),
                                    ("traits", self.traits, self.trait_powers)):
            for key, entry in (self.module_top.get(table) or {}).items():
                if isinstance(entry, dict) and key in (known or {}):
                    power = self._power(join(table, key), entry)
                    if power:
                        store[key] = power
        raw = (self.rules or {}).get("move_needs") or []
        self.move_needs = tuple(self._filter(f, join("rules.move_needs", i), entry)
                                for i, entry in enumerate(raw))
        alone = (self.rules or {}).get("move_alone") or []
        self.move_alone = tuple(self._filter(f, join("rules.move_alone", i), entry)
                                for i, entry in enumerate(alone))
        if self.move_alone and not raw:  # docs/rules.md G21
            self.add(f, "rules.move_alone", "move_alone needs move_needs: without it every "
                                            "group moves alone already")
        if (self.rules or {}).get("blockade") is not None:
            self.blockade = self._blockade(self.rules["blockade"])

    def _blockade(self, raw: Any) -> Blockade | None:
        """G15: who blockades, which kinds of territory, and from where."""
        f, path = "module.toml", "rules.blockade"
        spec = check_table(self.report, f, path, raw, BLOCKADE)
        if not spec or not isinstance(spec.get("by"), list) \
                or not isinstance(spec.get("kinds"), list):
            return None
        by = tuple(self._filter(f, join(join(path, "by"), i), e) for i, e in enumerate(spec["by"]))
        if not by:
            self.add(f, join(path, "by"), "name at least one filter: the units that blockade")
        for i, kind in enumerate(spec["kinds"]):
            if self.kinds:
                check_choice(self.report, f, join(join(path, "kinds"), i), kind, self.kinds,
                             "kind")
        return Blockade(by, frozenset(spec["kinds"]), spec["adjacent"] is True)

    def _power(self, path: str, entry: dict[str, Any]) -> Power:
        """One class's or trait's power; check_table has checked the types."""
        f = "module.toml"
        move, bonus, ignores = entry.get("move"), entry.get("battle_bonus"), \
            entry.get("ignores_forts")
        if type(move) is not int or not check_min(self.report, f, join(path, "move"), move, 1):
            move = 0
        against: tuple[tuple[UnitFilter, int], ...] = ()
        if isinstance(bonus, dict):
            where = join(path, "battle_bonus")
            spec = check_table(self.report, f, where, bonus, BATTLE_BONUS)
            if spec and isinstance(spec.get("against"), dict) and type(spec.get("bonus")) is int \
                    and check_min(self.report, f, join(where, "bonus"), spec["bonus"], 1):
                against = ((self._filter(f, join(where, "against"), spec["against"]),
                            spec["bonus"]),)
        fights = entry.get("fights")
        targets: tuple[UnitFilter, ...] = ()
        if isinstance(fights, list):  # G23
            if not fights:
                self.add(f, join(path, "fights"), "name at least one filter: the units it "
                                                  "fights (leave fights out for every unit)")
            targets = tuple(self._filter(f, join(join(path, "fights"), i), e)
                            for i, e in enumerate(fights))
        return Power(move, against, ignores is True, targets)

    def _movers(self) -> None:
        """G14: a side none of whose units could lead a group would never move."""
        for side, side_id in enumerate(self.side_ids or () if self.move_needs else ()):
            if not any(self._leads(u, self.move_needs + self.move_alone)
                       for u in self.units if u and u.get("side_index") == side):
                self.add("module.toml", "rules.move_needs", f"no unit of {side_id} matches "
                                                            "any filter: its stacks could "
                                                            "never move")

    def _leads(self, unit: dict[str, Any], filters: tuple[UnitFilter, ...]) -> bool:
        cls, traits = unit.get("class"), set(unit.get("traits") or ())
        return any((not f.classes or cls in f.classes) and f.traits <= traits
                   and (not f.units or unit.get("id") in f.units) for f in filters)

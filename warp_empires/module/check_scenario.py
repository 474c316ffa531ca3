"""Checks of module.toml's [[scenario]] tables (docs/rules.md G3): each is a
setup of both sides, who plays first (or a die for it) and, when given, its
own victories, checked as the module's own setup and victories are."""

from __future__ import annotations

from typing import Any

from .fields import FIRST_ROLL, SCENARIO
from .schema import check_id, check_table, join
from .state import LoaderState


class ScenarioChecks(LoaderState):
    # the setup and victory checks (check_setup.SetupChecks) this one reuses
    def _setups_of(self, raw: dict[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
        raise NotImplementedError

    def _victories_of(self, raw: list[Any], prefix: str) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _scenarios(self) -> None:
        if self.files["module.toml"].data is None:
            return
        f = "module.toml"
        seen: dict[str, str] = {}
        for i, entry in enumerate(self.module_top.get("scenario") or []):
            path = join("scenario", i)
            sc = check_table(self.report, f, path, entry, SCENARIO)
            if sc is None:
                continue
            ok = "id" in sc and check_id(self.report, f, join(path, "id"), sc["id"])
            if ok and sc["id"] in seen:
                self.add(f, join(path, "id"),
                         f"duplicate scenario id '{sc['id']}' (first at {seen[sc['id']]})")
                ok = False
            elif ok:
                seen[sc["id"]] = path
            first = sc.get("first_side")
            if first is not None:
                self._side_ref(f, join(path, "first_side"), first, (FIRST_ROLL,))
            setups = self._setups_of(sc["setup"], join(path, "setup")) \
                if isinstance(sc.get("setup"), dict) else {}
            victories = self._victories_of(sc.get("victory") or [], join(path, "victory"))
            given = sc.get("turn_limit") is not None or sc.get("at_turn_limit") is not None
            limit = self._limit(path, sc.get("turn_limit"), sc.get("at_turn_limit")) \
                if given else None
            if given and limit is None and sc.get("turn_limit") == 0:
                limit = (0, "revenue", 0)  # turn_limit = 0: this scenario has none
            if ok and "name" in sc and len(setups) == 2:
                self.scenarios.append({"id": sc["id"], "name": sc["name"], "text": sc["text"],
                                       "first_side": first, "setups": setups,
                                       "victories": victories, "limit": limit})

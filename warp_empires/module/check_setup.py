"""Checks of module.toml's setup and victory, which name units and territories."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .defs import LEADER, VICTORY_WHEN, Condition, SideDef
from .fields import CLAUSES, EDGE, EDGE_PLANETS, SETUP, VICTORY
from .limits import MAX_CHITS, MAX_LIST
from .schema import check_choice, check_min, check_table, describe, join, too_big
from .state import LoaderState


class SetupChecks(LoaderState):
    def _setup(self) -> None:
        if self.files["module.toml"].data is None or "setup" not in self.module_top:
            return
        self.setups = self._setups_of(self.module_top["setup"], "setup")

    def _setups_of(self, raw: dict[str, Any], prefix: str) -> dict[int, dict[str, Any]]:
        """The checked setup of each side under `prefix` ("setup", or a
        scenario's "scenario[1].setup")."""
        f = "module.toml"
        setups: dict[int, dict[str, Any]] = {}
        for key, entry in raw.items():
            path = join(prefix, key)
            side = self._side_ref(f, path, key)
            setup = check_table(self.report, f, path, entry, SETUP)
            if side is None or setup is None:
                continue
            setups[side] = setup
            self._one_setup(path, side, setup, entry)
        for side_id in self.side_ids or []:
            if side_id not in raw:
                self.add(f, prefix, f"missing [{prefix}.{side_id}]: where side '{side_id}' "
                                    "starts")
        return setups

    def _one_setup(self, path: str, side: int, setup: dict[str, Any], raw: dict[str, Any]) -> None:
        f = "module.toml"
        setup["control_index"] = [
            self._territory_ref(f, join(join(path, "control"), n), t)
            for n, t in enumerate(setup.get("control") or [])
        ]
        start, choices = setup.get("start"), setup.get("start_choices")
        setup["start_index"] = None
        setup["choices_index"] = []
        setup["placed_index"] = self._placed(path, side, setup.get("place") or {})
        if start is not None and choices is not None:
            self.add(f, path, "give either 'start' or 'start_choices', not both")
        elif start is None and choices is None:
            # docs/rules.md G3: a side set up by `place` alone needs no start,
            # unless units, random units or a controlled start would go there
            alone = (setup["placed_index"] and not setup.get("units")
                     and not setup.get("random_units") and not setup.get("control_start"))
            if "start" not in raw and "start_choices" not in raw and not alone:
                self.add(f, path, "missing 'start' (a territory id) or 'start_choices'"
                         + (" (units, random_units and control_start go there)"
                            if setup["placed_index"] else ""))
        elif start is not None:
            setup["start_index"] = self._territory_ref(f, join(path, "start"), start)
        elif isinstance(choices, str):
            if choices not in (EDGE, EDGE_PLANETS):
                self.add(
                    f,
                    join(path, "start_choices"),
                    f"unknown start_choices '{choices}' (expected \"{EDGE}\" or a list of"
                    " territory ids)",
                )
            elif self.territory_index is not None:
                setup["choices_index"] = [
                    i
                    for i in self._valid_territories()
                    if (t := self.territories[i]) and t.get("edge") and (t.get("revenue") or 0) > 0
                ]
                if not setup["choices_index"]:
                    self.add(
                        f,
                        join(path, "start_choices"),
                        f'"{choices}" matches no territory:'
                        " none has edge = true and revenue > 0",
                    )
        elif choices is not None:
            if not choices:
                self.add(f, join(path, "start_choices"), "must list at least one territory")
            setup["choices_index"] = [
                self._territory_ref(f, join(join(path, "start_choices"), n), t)
                for n, t in enumerate(choices)
            ]
        setup["units_index"] = [
            self._unit_ref(f, join(join(path, "units"), n), side, u)
            for n, u in enumerate(setup.get("units") or [])
        ]
        check_min(self.report, f, join(path, "random_units"), setup.get("random_units"), 0)
        self._setup_counts(path, side, setup)
        self._setup_entry(path, side, setup)

    def _setup_entry(self, path: str, side: int, setup: dict[str, Any]) -> None:
        """Every starting unit may enter where the side starts (docs/rules.md
        G1); the random draw brings only units that may (G22)."""
        if not self.enter or self.unit_index is None:
            return
        placed = [i for i in setup["units_index"] if i is not None]
        if setup["start_index"] is not None:
            places = [("start", setup["start_index"])]
        else:
            places = [(join("start_choices", n) if isinstance(setup.get("start_choices"), list)
                       else "start_choices", t) for n, t in enumerate(setup["choices_index"])]
        for t, ids in setup["placed_index"]:
            where = self.territories[t] or {}
            for n, i in enumerate(ids):
                unit = self.units[i] or {}
                if "kind" in where and not self._admits(where["kind"], unit):
                    self.add("module.toml", join(join(join(path, "place"), where["id"]), n),
                             f"'{unit.get('id')}' may not stand at '{where['id']}', of kind "
                             f"'{where['kind']}' (map.enter.{where['kind']})")
        for key, t in places:
            where = self.territories[t] if t is not None else None
            if not where or "kind" not in where:
                continue
            for i in dict.fromkeys(placed):
                unit = self.units[i] or {}
                if not self._admits(where["kind"], unit):
                    self.add("module.toml", join(path, key),
                             f"'{where.get('id')}' is of kind '{where['kind']}', which "
                             f"'{unit.get('id')}' may not enter (map.enter.{where['kind']}), "
                             "but it is placed there: start where every starting unit may "
                             "enter")
                    break

    def _placed(self, path: str, side: int, raw: dict[str, Any]
                ) -> list[tuple[int, list[int]]]:
        """`place = { territory = ["unit", ...] }`: units placed by the setup in
        territories of their own, top first (docs/rules.md G3)."""
        f = "module.toml"
        out: list[tuple[int, list[int]]] = []
        for key, units in raw.items():
            where = join(join(path, "place"), key)
            t = self._territory_ref(f, where, key)
            if not isinstance(units, list) or not units or \
                    not all(isinstance(u, str) for u in units):
                self.add(f, where, "must be a list of at least one unit id, not "
                         + describe(units))
                continue
            ids = [self._unit_ref(f, join(where, n), side, u) for n, u in enumerate(units)]
            if t is not None and all(i is not None for i in ids):
                out.append((t, [i for i in ids if i is not None]))
        return out

    def _setup_counts(self, path: str, side: int, setup: dict[str, Any]) -> None:
        placed = Counter(i for i in setup["units_index"] if i is not None)
        placed.update(i for _, ids in setup["placed_index"] for i in ids)
        for i, n in placed.items():
            unit = self.units[i] or {}
            if unit.get("count") is not None and n > unit["count"]:
                self.add(
                    "module.toml",
                    join(path, "units"),
                    f"places {n} '{unit['id']}' but the side has only {unit['count']}",
                )
        if self.unit_index is None or setup.get("random_units") is None:
            return
        mine = [u for u in self.units if u and u.get("side_index") == side]
        if any(type(u.get("count")) is not int or u["count"] < 1 for u in mine):
            return  # a bad count is reported already; the pile size is unknown
        pile = sum(
            (u.get("count") or 0) - placed.get(i, 0)
            for i, u in enumerate(self.units)
            if u and u.get("side_index") == side
            and (self.class_roles or {}).get(u.get("class"), u.get("class")) != LEADER
        )
        if setup["random_units"] > pile:
            self.add(
                "module.toml",
                join(path, "random_units"),
                f"{setup['random_units']} is more than the {pile} non-leader chits"
                " left in the pile",
            )

    def _victory(self) -> None:
        if self.files["module.toml"].data is None:
            return
        self.victories = self._victories_of(self.module_top.get("victory") or [], "victory")

    def _victories_of(self, raw: list[Any], prefix: str) -> list[dict[str, Any]]:
        """The checked [[victory]] tables under `prefix` ("victory", or a
        scenario's "scenario[1].victory"); each keeps its key path."""
        f = "module.toml"
        out: list[dict[str, Any]] = []
        for i, entry in enumerate(raw):
            path = join(prefix, i)
            victory = check_table(self.report, f, path, entry, VICTORY)
            if victory is None:
                continue
            side = (
                self._side_ref(f, join(path, "side"), victory["side"])
                if "side" in victory
                else None
            )
            clauses = victory.get("all")
            if clauses == []:
                self.add(f, join(path, "all"), "must hold at least one clause")
            conditions = [
                self._clause(join(join(path, "all"), n), side, clause)
                for n, clause in enumerate(clauses or [])
            ]
            victory["side_index"] = side
            victory["conditions"] = conditions
            victory["path"] = path
            self._victory_timing(path, victory)
            out.append(victory)
        return out

    def _victory_timing(self, path: str, victory: dict[str, Any]) -> None:
        """`when` and `hold` (docs/rules.md G4): one of them at most."""
        f = "module.toml"
        when = victory.get("when")
        if when is not None and not check_choice(self.report, f, join(path, "when"), when,
                                                 VICTORY_WHEN, "when"):
            victory["when"] = "phase"
        if not check_min(self.report, f, join(path, "hold"), victory.get("hold"), 0):
            victory["hold"] = 0
        if victory.get("hold") and victory.get("when") not in (None, "phase"):
            self.add(f, join(path, "hold"), "give when or hold, not both (hold = N is "
                                            "checked at the end of the side's own turns)")

    def _clause(self, path: str, side: int | None, raw: Any) -> Condition | None:
        f = "module.toml"
        if not isinstance(raw, dict) or len(raw) != 1:
            self.add(f, path, 'must be a table with one key, such as { controls = "territory_id" }')
            return None
        ((kind, value),) = raw.items()
        where = join(path, kind)
        if not check_choice(self.report, f, where, kind, CLAUSES, "victory clause"):
            return None
        if not CLAUSES[kind].test(value):
            self.add(f, where, f"must be {CLAUSES[kind].text}, not {describe(value)}")
            return None
        if kind == "controls":
            t = self._territory_ref(f, where, value)
            return None if t is None else Condition(kind, territory=t)
        if kind in ("holds_captive", "enemy_lost"):
            if not value:
                self.add(f, where, "must name at least one unit")
            if (wrong := too_big(value, MAX_LIST)) is not None:
                self.add(f, where, wrong)
                return None
            enemy = None if side is None else 1 - side
            units = [self._unit_ref(f, join(where, n), enemy, u) for n, u in enumerate(value)]
            return Condition(kind, units=tuple(u for u in units if u is not None))
        if kind == "no_enemy_leaders_on_map":
            if value is not True:
                self.add(f, where, "must be true (leave the clause out to drop it)")
            return Condition(kind)
        check_min(self.report, f, where, value, 1)
        if (wrong := too_big(value, MAX_CHITS)) is not None:
            self.add(f, where, wrong)
        return Condition(kind, amount=value)


    # -- checks of meaning: a module that reads right but cannot work ----------

    def _victory_meaning(self) -> None:
        """Refuse a victory condition that can never be met, saying why and how
        to fix it (RULINGS B9: only leaders are captured; K1: a marker goes only
        on a territory with revenue)."""
        f = "module.toml"
        roles = self.class_roles or {}
        # each side as a sentence starts with it ("The Raiders", "Guild"), the
        # way the module will name it (SideDef)
        names = [SideDef(i, s.get("id") or "?", s.get("name") or "?",
                         s.get("short") or s.get("name") or s.get("id") or "?", "",
                         "the" if s.get("article") is None else s["article"], s.get("plural"))
                 for i, s in enumerate(self.sides)]
        leaders = [0, 0]  # leader chits of each side
        for u in self.units:
            if u and roles.get(u.get("class"), "") == LEADER:
                leaders[u["side_index"]] += u.get("count") or 0
        # each victory with the setups it is played from (a scenario's own
        # victories only with its setup; the module's with its own and those
        # of the scenarios that keep them)
        own = [(self.setups, "the module's setup")] + [
            (sc["setups"], f"scenario '{sc['id']}'") for sc in self.scenarios
            if not sc["victories"]]
        played = [(v, own) for v in self.victories] + [
            (v, [(sc["setups"], f"scenario '{sc['id']}'")])
            for sc in self.scenarios for v in sc["victories"]]
        for victory, setups in played:
            side = victory.get("side_index")
            if side is None:
                continue
            enemy = 1 - side
            for n, cond in enumerate(victory.get("conditions") or []):
                if cond is None:
                    continue
                where = join(join(victory["path"], "all"), n)
                self._clause_meaning(f, where, cond, side, enemy, leaders, names)
                if cond.kind == "enemy_lost":
                    self._starts_on_map(join(where, "enemy_lost"), cond, enemy, setups)

    def _starts_on_map(self, where: str, cond: Condition, enemy: int,
                       setups: list[tuple[dict[int, dict[str, Any]], str]]) -> None:
        """docs/rules.md G5: a unit whose loss wins must start on the map, or
        the clause would hold before it was ever lost."""
        for u in cond.units:
            for by_side, label in setups:
                setup = by_side.get(enemy)
                if setup is None:
                    continue
                starting = {i for i in setup.get("units_index") or () if i is not None}
                starting.update(i for _, ids in setup.get("placed_index") or () for i in ids)
                if u not in starting:
                    unit = self.units[u] or {}
                    self.add("module.toml", where,
                             f"'{unit.get('id')}' must start on the map in {label} (in its "
                             f"units or place): a unit that is not there is lost from the "
                             f"start")
                    return

    def _clause_meaning(self, f: str, where: str, cond: Condition, side: int, enemy: int,
                        leaders: list[int], names: list[SideDef]) -> None:
        roles = self.class_roles or {}
        if cond.kind == "holds_captive":
            for u in cond.units:
                unit = self.units[u] or {}
                if roles.get(unit.get("class"), "") != LEADER:
                    self.add(f, join(where, "holds_captive"),
                             f"'{unit.get('id')}' can never be held captive: only units of a "
                             f"class with the leader role are captured (RULINGS B9); give class "
                             f"'{unit.get('class')}' role = \"leader\", or name a leader")
        elif cond.kind == "captives_at_least" and cond.amount > leaders[enemy]:
            self.add(f, join(where, "captives_at_least"),
                     f"{cond.amount} captives can never be held: {names[enemy].says('have')} "
                     f"{leaders[enemy]} leader chits, and only leaders are captured (B9)")
        elif cond.kind == "controls":
            t = self.territories[cond.territory] or {}
            if not t.get("revenue"):
                self.add(f, join(where, "controls"),
                         f"'{t.get('id')}' can never be controlled: control markers go only on "
                         f"territories with revenue (RULINGS K1); give it revenue, or name "
                         f"another")
        if (cond.kind in ("holds_captive", "captives_at_least") and self.rules
                and self.rules.get("capture_needs_leader") and leaders[side] == 0):
            self.add(f, join(where, cond.kind),
                     f"{names[side].the(start=True)} can never take a captive: "
                     f"capture_needs_leader is true and no unit of theirs has a class with "
                     f"the leader role")

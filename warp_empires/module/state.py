"""The loader's working state, and how checks refer to sides, traits, territories and units."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .defs import LIMIT_SCORES, UnitFilter
from .errors import shown
from .fields import DEFAULT_SPEEDS, FILTER, LIMIT
from .schema import check_choice, check_min, check_table, describe, join
from .toml_read import Report, TomlFile


class LoaderState:
    """What the checks have learnt so far, shared by the check classes."""

    def __init__(self, folder: Path, report: Report, files: dict[str, TomlFile]) -> None:
        self.folder = folder
        self.report = report
        self.files = files
        # None below means "unknown because its file could not be read": skip those checks.
        self.side_ids: list[str] | None = None
        self.classes: dict[str, str] | None = None
        self.class_roles: dict[str, str] | None = None  # class id -> role (defs.ROLES)
        self.traits: dict[str, tuple[str, str]] | None = None
        self.speeds: dict[str, int] = dict(DEFAULT_SPEEDS)
        self.territories: list[dict[str, Any] | None] = []
        self.territory_index: dict[str, int] | None = None
        self.adjacency: dict[int, set[int]] = {}
        self.keys: dict[str, int] = {}  # picture character -> territory
        # Territories whose id or key was wrong: already reported, so left out of
        # the adjacency checks that would otherwise report them again.
        self.unplaced: set[int] = set()
        # Territories whose neighbours cannot be known for sure (a broken link or
        # neighbour list names them): their lists are not compared with the map.
        self.unsure: set[int] = set()
        self.units: list[dict[str, Any] | None] = []
        self.unit_index: dict[tuple[int, str], int] | None = None
        self.sideless_units: set[str] = set()
        self._unit_lookup: tuple[dict[int, list[str]], dict[str, int]] | None = None
        self.cards: list[dict[str, Any] | None] = []
        self.head: dict[str, Any] = {}
        self.module_top: dict[str, Any] = {}
        self.sides: list[dict[str, Any]] = []
        self.rules: dict[str, Any] = {}
        self.options: dict[str, Any] = {}  # option id -> defs.OptionDef (RULINGS O1-O5)
        self.solo: Any = None  # defs.SoloDef (RULINGS O6), when the module has [solo]
        self.setups: dict[int, dict[str, Any]] = {}
        self.victories: list[dict[str, Any]] = []
        self.kinds: dict[str, str] = {}
        self.looks: dict[str, Any] = {}  # kind id -> defs.KindLook
        self.enter: dict[str, tuple[UnitFilter, ...]] = {}  # kind id -> G1 filters
        self.arrive: dict[str, str] = {}  # kind id -> "adjacent" (G18)
        self.filter_units: list[tuple[str, str, str]] = []  # (file, path, unit id) (G20)
        self.carriers: dict[str, Any] = {}  # class id -> defs.Carry (G2)
        self.scenarios: list[dict[str, Any]] = []  # checked [[scenario]] tables (G3)
        self.limit: tuple[int, str, int] | None = None  # the module's turn limit (G4)
        # docs/rules.md G11-G14: the powers of classes and traits, by id, and
        # the filters of which a moving group needs a unit
        self.class_powers: dict[str, Any] = {}
        self.trait_powers: dict[str, Any] = {}
        self.move_needs: tuple[UnitFilter, ...] = ()
        self.move_alone: tuple[UnitFilter, ...] = ()  # G21: units that need none of them
        self.blockade: Any = None  # powers.Blockade (G15), when the module has one
        self.picture: tuple[str, ...] = ()
        self.void = " ."

    def add(self, file: str, path: str, message: str, line: int | None = None) -> None:
        self.report.add(file, path, message, line)

    def _valid_territories(self) -> list[int]:
        index = self.territory_index or {}
        return sorted(i for i in index.values() if i not in self.unplaced)

    def _tid(self, i: int) -> str:
        t = self.territories[i] or {}
        return str(t.get("id", f"territory[{i + 1}]"))

    # -- references -----------------------------------------------------------------

    def _side_ref(
        self, file: str, path: str, value: str, extra: tuple[str, ...] = ()
    ) -> int | None:
        if self.side_ids is None:
            return None
        if check_choice(self.report, file, path, value, [*extra, *self.side_ids], "side"):
            return self.side_ids.index(value) if value in self.side_ids else None
        return None

    def _by_side(self, file: str, path: str, raw: dict[str, Any]) -> tuple[int, int]:
        """A table of side id = a whole number of at least 0 (a pool's start,
        G9; a card's copies by deck, G10), by side index; 0 where left out."""
        out = [0, 0]
        for key, n in raw.items():
            where = join(path, key)
            side = self._side_ref(file, where, key)
            if type(n) is not int:
                self.add(file, where, f"must be an integer, not {describe(n)}")
            elif check_min(self.report, file, where, n, 0) and side is not None:
                out[side] = n
        return out[0], out[1]

    def _trait_ref(self, file: str, path: str, value: str) -> None:
        self._tag_ref(file, path, value, "trait", f'class = "{value}"')

    def _class_ref(self, file: str, path: str, value: str) -> None:
        self._tag_ref(file, path, value, "class", f'traits = ["{value}"]')

    def _tag_ref(self, file: str, path: str, value: str, kind: str, fix: str) -> None:
        """A trait or class id; one of the other kind is named as such, with the
        fix (a modder's likeliest mix-up)."""
        known, other = (self.traits, self.classes) if kind == "trait" else \
            (self.classes, self.traits)
        if known is None:
            return
        if value not in known and other is not None and value in other:
            other_kind = "class" if kind == "trait" else "trait"
            self.add(file, path, f"'{value}' is a {other_kind}, not a {kind}: in a filter "
                                 f"write {fix}")
            return
        check_choice(self.report, file, path, value, known, kind)

    def _filter(self, file: str, path: str, raw: Any) -> UnitFilter:
        """A unit filter, the one every rule uses: `{ class = "id" or ["id", ...],
        traits = ["id", ...] }` matches units of any of the classes (none given:
        any class) that have all of the traits."""
        spec = check_table(self.report, file, path, raw, FILTER) or {}
        classes = spec.get("class") or []
        if isinstance(classes, str):
            classes = [classes]
        for n, cls in enumerate(classes):
            where = (join(path, "class") if isinstance(spec.get("class"), str)
                     else join(join(path, "class"), n))
            self._class_ref(file, where, cls)
        for n, trait in enumerate(spec.get("traits") or []):
            self._trait_ref(file, join(join(path, "traits"), n), trait)
        units = spec.get("units") or []
        for n, unit_id in enumerate(units):  # checked once every unit is read (G20)
            self.filter_units.append((file, join(join(path, "units"), n), unit_id))
        return UnitFilter(frozenset(classes), frozenset(spec.get("traits") or ()),
                          frozenset(units))

    def _filters_units(self) -> None:
        """The unit ids filters name (docs/rules.md G20), each a unit of some side."""
        if self.unit_index is None:
            return
        known = {u for _, u in self.unit_index}
        for file, path, unit_id in self.filter_units:
            if unit_id not in known and unit_id not in self.sideless_units:
                self.add(file, path, f"unknown unit '{shown(unit_id)}' (no side has a unit "
                                     f"of that id){self.report.hint(unit_id, sorted(known))}")

    def _admits(self, kind: str, unit: dict[str, Any]) -> bool:
        """Whether a unit as read from units.toml may enter a territory of
        `kind` (docs/rules.md G1; defs.Module.may_enter once assembled)."""
        filters = self.enter.get(kind)
        if filters is None:
            return True
        cls, traits = unit.get("class"), set(unit.get("traits") or ())
        return any((not f.classes or cls in f.classes) and f.traits <= traits
                   and (not f.units or unit.get("id") in f.units) for f in filters)

    def _limit(self, path: str, turns: Any, at: Any) -> tuple[int, str, int] | None:
        """`turn_limit` and `at_turn_limit` under `path` ("rules" or a scenario):
        (rounds, score, tie side) or None for no limit (docs/rules.md G4)."""
        f = "module.toml"
        if not turns and at is None:
            return None
        if not turns:
            if turns is None or turns == 0:
                self.add(f, join(path, "at_turn_limit"),
                         "needs turn_limit = N: the number of rounds the game lasts")
            return None
        if type(turns) is not int or turns < 1:
            self.add(f, join(path, "turn_limit"), "must be at least 1 (rounds)")
            return None
        if at is None:
            self.add(f, path, "turn_limit needs at_turn_limit = { score = \"revenue\", "
                              "tie = \"SIDE\" }: who wins when the limit is reached")
            return None
        spec = check_table(self.report, f, join(path, "at_turn_limit"), at, LIMIT)
        if not spec or "score" not in spec or "tie" not in spec:
            return None
        where = join(path, "at_turn_limit")
        if not check_choice(self.report, f, join(where, "score"), spec["score"], LIMIT_SCORES,
                            "score"):
            return None
        tie = self._side_ref(f, join(where, "tie"), spec["tie"])
        return None if tie is None else (turns, spec["score"], tie)

    def _territory_ref(self, file: str, path: str, value: str) -> int | None:
        if self.territory_index is None:
            return None
        if check_choice(self.report, file, path, value, self.territory_index, "territory"):
            return self.territory_index[value]
        return None

    def _unit_ref(self, file: str, path: str, side: int | None, value: str) -> int | None:
        if self.unit_index is None or side is None or self.side_ids is None:
            return None
        if (side, value) in self.unit_index:
            return self.unit_index[(side, value)]
        if value in self.sideless_units:
            return None  # its unit entry names an unknown side, already reported
        ids, side_of = self._unit_ids()
        if value in side_of:
            hint = f" (that is a unit of '{self.side_ids[side_of[value]]}')"
        else:
            hint = self.report.hint(value, ids.get(side, []))
        self.add(file, path, f"unknown unit '{shown(value)}' of side '{self.side_ids[side]}'{hint}")
        return None

    def _unit_ids(self) -> tuple[dict[int, list[str]], dict[str, int]]:
        """Each side's unit ids, and the first side having each id; built once, on the
        first unknown unit, so that many unknown units do not each scan every unit."""
        if self._unit_lookup is None:
            ids: dict[int, list[str]] = {}
            side_of: dict[str, int] = {}
            for s, u in self.unit_index or {}:
                ids.setdefault(s, []).append(u)
                side_of.setdefault(u, s)
            self._unit_lookup = (ids, side_of)
        return self._unit_lookup

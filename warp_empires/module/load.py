"""Turning a module folder into a validated, frozen `Module`.

Every check runs even after others failed, so that one run lists every
problem. A reference into a file that could not be read is not checked at all:
one syntax error must not turn into a hundred "unknown unit" lines.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path
from typing import Any

from . import mapgrid
from .defs import (
    CORE_CLASSES,
    EFFECT_KINDS,
    FORTIFICATION,
    LEADER,
    SPEED_NAMES,
    CardDef,
    Condition,
    Effect,
    MajorityBonus,
    MapDef,
    Module,
    Rules,
    SideDef,
    SideSetup,
    TerritoryDef,
    UnitDef,
    UnitFilter,
    VictoryDef,
)
from .errors import ModuleError, did_you_mean
from .schema import (
    BOOL,
    INT,
    LIST,
    STR,
    STR_LIST,
    STR_OR_STR_LIST,
    TABLE,
    TABLE_LIST,
    Field,
    check_choice,
    check_id,
    check_min,
    check_table,
    describe,
    join,
)
from .toml_read import Report, TomlFile, read_toml

FORMAT = 1
MODULE_FILES = ("module.toml", "map.toml", "units.toml", "cards.toml")
EDGE_PLANETS = "edge_planets"
DEFAULT_SPEEDS = {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}
DEFAULT_COLOURS = ("red", "blue")
CORE_CLASS_NAMES = {LEADER: "Leader", FORTIFICATION: "Fortification"}

MODULE_TOP = {
    "module": Field(TABLE, required=True),
    "side": Field(TABLE_LIST, required=True),
    "classes": Field(TABLE, default={}),
    "traits": Field(TABLE, default={}),
    "rules": Field(TABLE, default={}),
    "setup": Field(TABLE, required=True),
    "victory": Field(TABLE_LIST, default=[]),
}
MODULE_HEAD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "version": Field(STR, required=True),
    "format": Field(INT, required=True),
    "description": Field(STR, default=""),
}
SIDE = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "short": Field(STR),
    "colour": Field(STR),
}
TRAIT = {"name": Field(STR, required=True), "abbr": Field(STR, required=True)}
RULES = {
    "first_side": Field(STR),
    "draw": Field(INT, default=5),
    "hand_limit": Field(INT, default=7),
    "leader_bonus": Field(INT, default=5),
    "tie": Field(STR, default="defender"),
    "upkeep_per_revenue": Field(INT, default=5),
    "recruit_draw": Field(INT, default=5),
    "recruit_bonus_die": Field(INT, default=6),
    "recruit_bonus_times": Field(INT, default=1),
    "control_traits": Field(STR_LIST, default=[]),
    "capture_needs_leader": Field(BOOL, default=False),
    "winner_lost_leaders": Field(STR, default="pile"),
    "elimination": Field(BOOL, default=True),
    "majority_bonus": Field(TABLE_LIST, default=[]),
    "speeds": Field(TABLE, default={}),
}
MAJORITY = {"trait": Field(STR, required=True), "bonus": Field(INT, required=True)}
SETUP = {
    "control": Field(STR_LIST, default=[]),
    "start": Field(STR),
    "start_choices": Field(STR_OR_STR_LIST),
    "control_start": Field(BOOL, default=False),
    "units": Field(STR_LIST, default=[]),
    "random_units": Field(INT, default=0),
}
VICTORY = {
    "side": Field(STR, required=True),
    "text": Field(STR, default=""),
    "all": Field(LIST, required=True),
}
CLAUSES = {
    "controls": STR,
    "holds_captive": STR_LIST,
    "no_enemy_leaders_on_map": BOOL,
    "captives_at_least": INT,
}
MAP_TOP = {
    "map": Field(TABLE, required=True),
    "territory": Field(TABLE_LIST, required=True),
    "link": Field(TABLE_LIST, default=[]),
}
MAP_HEAD = {
    "kinds": Field(TABLE, required=True),
    "void": Field(STR, default=" ."),
    "picture": Field(STR, default=""),
}
TERRITORY = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "key": Field(STR),
    "kind": Field(STR, required=True),
    "revenue": Field(INT, default=0),
    "edge": Field(BOOL, default=False),
    "neighbours": Field(STR_LIST),
}
LINK = {"between": Field(STR_LIST, required=True)}
UNITS_TOP = {"unit": Field(TABLE_LIST, required=True)}
UNIT = {
    "side": Field(STR, required=True),
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "speed": Field(STR, required=True),
    "count": Field(INT, required=True),
    "force": Field(INT, required=True),
    "class": Field(STR, required=True),
    "traits": Field(STR_LIST, default=[]),
}
CARDS_TOP = {"card": Field(TABLE_LIST, required=True)}
CARD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "count": Field(INT, required=True),
    "side": Field(STR, default="any"),
    "text": Field(STR, default=""),
    "effect": Field(TABLE, required=True),
}
FILTER = {"class": Field(STR_OR_STR_LIST), "traits": Field(STR_LIST, default=[])}
# The keys each effect kind takes besides `kind` (docs/module-format.md).
EFFECT_KEYS: dict[str, dict[str, Field]] = {
    "move": {"groups": Field(INT, required=True)},
    "spy": {"hand": Field(BOOL, default=False), "stack": Field(BOOL, default=False)},
    "rescue": {},
    "sabotage": {"filter": Field(TABLE)},
    "remove_control": {},
    "unit_bonus": {"amount": Field(INT, required=True), "filter": Field(TABLE)},
    "side_bonus": {"amount": Field(INT, required=True)},
    "target_bonus": {"amount": Field(INT, required=True), "filter": Field(TABLE)},
    "zero_force": {"filter": Field(TABLE)},
    "destroy": {"filter": Field(TABLE)},
}
assert set(EFFECT_KEYS) == EFFECT_KINDS


def load_folder(folder: Path) -> Module:
    """Load and validate the module in `folder`; raise ModuleError listing every problem."""
    if folder.is_file() and folder.suffix == ".toml":
        folder = folder.parent
    if not folder.is_dir():
        raise ModuleError([f"{folder}: no such module folder"])
    report = Report()
    files = {name: read_toml(folder / name, report) for name in MODULE_FILES}
    _refuse_newer_format(files["module.toml"])
    for extra in sorted(p.name for p in folder.glob("*.toml") if p.name not in MODULE_FILES):
        hint = did_you_mean(extra, MODULE_FILES)
        report.add(extra, "", f"is not a module file{hint}; a module has {', '.join(MODULE_FILES)}")
    if all(f.data is None for f in files.values()) and not (folder / "module.toml").exists():
        raise ModuleError([f"{folder}: not a module folder (it has no module.toml)"])
    module = _Loader(folder, report, files).load()
    if len(report) or module is None:
        raise ModuleError(report.lines())
    return module


def fingerprint(folder: Path) -> str:
    """sha256 over the folder's TOML files, sorted by name: each file's name, size and bytes."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.toml"), key=lambda p: p.name):
        data = path.read_bytes()
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def _refuse_newer_format(file: TomlFile) -> None:
    # A newer format may use keys this version has never heard of; listing them
    # all as unknown would bury the one thing the modder needs to know.
    head = (file.data or {}).get("module")
    version = head.get("format") if isinstance(head, dict) else None
    if type(version) is int and version > FORMAT:
        line = file.locator.locate("module.format") if file.locator else None
        where = f"module.toml:{line}" if line else "module.toml"
        raise ModuleError(
            [
                f"{where}: module.format: this module uses format {version}, newer than"
                f" format {FORMAT} that this version of Warp Empires reads;"
                " upgrade Warp Empires to load it"
            ]
        )


class _Loader:
    """One pass over the four files; `load` returns None when anything was wrong."""

    def __init__(self, folder: Path, report: Report, files: dict[str, TomlFile]) -> None:
        self.folder = folder
        self.report = report
        self.files = files
        # None below means "unknown because its file could not be read": skip those checks.
        self.side_ids: list[str] | None = None
        self.classes: dict[str, str] | None = None
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
        self.cards: list[dict[str, Any] | None] = []
        self.head: dict[str, Any] = {}
        self.module_top: dict[str, Any] = {}
        self.sides: list[dict[str, Any]] = []
        self.rules: dict[str, Any] = {}
        self.setups: dict[int, dict[str, Any]] = {}
        self.victories: list[dict[str, Any]] = []
        self.kinds: dict[str, str] = {}
        self.picture: tuple[str, ...] = ()
        self.void = " ."

    def add(self, file: str, path: str, message: str, line: int | None = None) -> None:
        self.report.add(file, path, message, line)

    # -- module.toml: identity, sides, classes, traits, rules ------------------

    def load(self) -> Module | None:
        self._module_head()
        self._map()
        self._units()
        self._cards()
        self._rules()
        self._setup()
        self._victory()
        if len(self.report):
            return None
        return self._assemble()

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
                if head["id"] != self.folder.name:
                    self.add(
                        f,
                        "module.id",
                        f"'{head['id']}' does not match the folder name '{self.folder.name}'",
                    )
            if head.get("format") is not None and head["format"] != FORMAT:
                self.add(f, "module.format", f"must be {FORMAT}, not {head['format']}")
        self._sides(top.get("side"))
        self._classes(top.get("classes"))
        self._traits(top.get("traits"))

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
            if colour is not None and not _is_colour(colour):
                self.add(f, join(path, "colour"), f"'{colour}' is not a colour name or #rrggbb")
            self.sides.append(side)
        if len(raw) != 2:
            self.add(
                f, "side", f"a module has exactly two [[side]] tables, this one has {len(raw)}"
            )
            # Everything naming a side would fail too; the count is the one thing to fix.
            return
        self.side_ids = ids

    def _classes(self, raw: dict[str, Any] | None) -> None:
        if raw is None:
            return
        classes = dict(CORE_CLASS_NAMES)
        for key, name in raw.items():
            path = join("classes", key)
            if not check_id(self.report, "module.toml", path, key):
                continue
            if not isinstance(name, str):
                self.add(
                    "module.toml",
                    path,
                    f"must be a string (the class's name), not {describe(name)}",
                )
                continue
            classes[key] = name
        self.classes = classes

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
        if rules.get("first_side") is not None:
            self._side_ref(f, "rules.first_side", rules["first_side"])
        for key, choices in (
            ("tie", ("defender", "attacker")),
            ("winner_lost_leaders", ("pile", "captured")),
        ):
            if rules.get(key) is not None:
                check_choice(
                    self.report, f, join("rules", key), rules[key], choices, f"{key} value"
                )
        for i, trait in enumerate(rules.get("control_traits") or []):
            self._trait_ref(f, join("rules.control_traits", i), trait)
        bonuses = []
        for i, entry in enumerate(rules.get("majority_bonus") or []):
            path = join("rules.majority_bonus", i)
            bonus = check_table(self.report, f, path, entry, MAJORITY)
            if bonus is None:
                continue
            if "trait" in bonus:
                self._trait_ref(f, join(path, "trait"), bonus["trait"])
            check_min(self.report, f, join(path, "bonus"), bonus.get("bonus"), 0)
            bonuses.append(bonus)
        rules["majority_bonus"] = bonuses
        self._speeds(rules.get("speeds"))
        self.rules = rules

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
            elif check_min(self.report, "module.toml", path, value, 1 if key != "immobile" else 0):
                self.speeds[key] = value

    # -- map.toml ---------------------------------------------------------------

    def _map(self) -> None:
        data = self.files["map.toml"].data
        if data is None:
            return
        f = "map.toml"
        top = check_table(self.report, f, "", data, MAP_TOP) or {}
        head = check_table(self.report, f, "map", top["map"], MAP_HEAD) if "map" in top else None
        head = head or {}
        for key, name in (head.get("kinds") or {}).items():
            path = join("map.kinds", key)
            if not check_id(self.report, f, path, key):
                continue
            if isinstance(name, str):
                self.kinds[key] = name
            else:
                self.add(f, path, f"must be a string (the kind's name), not {describe(name)}")
        if head.get("kinds") == {}:
            self.add(f, "map.kinds", "must name at least one kind of territory")
        self.void = head.get("void") or ""
        self.picture = mapgrid.picture_rows(head.get("picture") or "")
        self._territories(top.get("territory"), kinds_known="kinds" in head)
        if self.territory_index is None:
            return
        picture_adjacency = self._picture() if self.picture else None
        link_adjacency = self._links(top.get("link") or [])
        self._adjacency(picture_adjacency, link_adjacency)

    def _territories(self, raw: list[Any] | None, kinds_known: bool) -> None:
        if raw is None:
            return
        f = "map.toml"
        index: dict[str, int] = {}
        keys: dict[str, int] = {}
        if not raw:
            self.add(f, "territory", "the map has no territories")
        for i, entry in enumerate(raw):
            path = join("territory", i)
            t = check_table(self.report, f, path, entry, TERRITORY)
            self.territories.append(t)
            if t is None:
                continue
            if "id" in t and check_id(self.report, f, join(path, "id"), t["id"]):
                if t["id"] in index:
                    first = join("territory", index[t["id"]])
                    self.add(
                        f,
                        join(path, "id"),
                        f"duplicate territory id '{t['id']}' (first at {first})",
                    )
                    self.unplaced.add(i)
                else:
                    index[t["id"]] = i
            else:
                self.unplaced.add(i)
            if "kind" in t and kinds_known:
                check_choice(self.report, f, join(path, "kind"), t["kind"], self.kinds, "kind")
            check_min(self.report, f, join(path, "revenue"), t.get("revenue"), 0)
            key = t.get("key")
            if key is None:
                if self.picture and "key" not in entry:
                    self.add(
                        f, path, "missing required key 'key' (its character in the map picture)"
                    )
                continue
            if len(key) != 1:
                self.add(f, join(path, "key"), f"must be a single character, not '{key}'")
                self.unplaced.add(i)
            elif key in self.void:
                self.add(f, join(path, "key"), f"'{key}' is one of the map's void characters")
                self.unplaced.add(i)
            elif key in keys:
                self.unplaced.add(i)
                other = self.territories[keys[key]] or {}
                self.add(
                    f,
                    join(path, "key"),
                    f"picture key '{key}' is already used by territory '{other.get('id', '?')}'",
                )
            else:
                keys[key] = i
        self.territory_index = index
        self.keys = keys

    def _picture(self) -> dict[int, set[int]]:
        f = "map.toml"
        locator = self.files["map.toml"].locator
        cells = mapgrid.cells_by_char(self.picture, self.void)
        for char, where in cells.items():
            if char in self.keys:
                continue
            r, c = where[0]
            line = locator.picture_row_line("map.picture", r) if locator else None
            self.add(
                f,
                "map.picture",
                f"character '{char}' (row {r + 1}, column {c + 1}) belongs to no territory",
                line,
            )
        for key, i in self.keys.items():
            t = self.territories[i] or {}
            path = join(join("territory", i), "key")
            if key not in cells:
                self.add(
                    f,
                    path,
                    f"territory '{t.get('id')}': key '{key}' does not appear in the picture",
                )
                self.unplaced.add(i)
                continue
            parts = mapgrid.count_parts(cells[key])
            if parts > 1:
                self.add(
                    f,
                    path,
                    f"territory '{t.get('id')}' (key '{key}') is split into {parts} separate"
                    " parts in the picture; a region's cells must touch",
                )
        adjacency: dict[int, set[int]] = {}
        for a, b in mapgrid.touching(self.picture, self.void):
            if (
                a in self.keys
                and b in self.keys
                and not {self.keys[a], self.keys[b]} & self.unplaced
            ):
                adjacency.setdefault(self.keys[a], set()).add(self.keys[b])
                adjacency.setdefault(self.keys[b], set()).add(self.keys[a])
        return adjacency

    def _links(self, raw: list[Any]) -> dict[int, set[int]]:
        adjacency: dict[int, set[int]] = {}
        for i, entry in enumerate(raw):
            path = join("link", i)
            link = check_table(self.report, "map.toml", path, entry, LINK)
            if not link or "between" not in link:
                continue
            between = link["between"]
            if len(between) != 2 or between[0] == between[1]:
                self.add("map.toml", join(path, "between"), "must name two different territories")
                continue
            ends = [
                self._territory_ref("map.toml", join(join(path, "between"), n), t)
                for n, t in enumerate(between)
            ]
            if None not in ends and not set(ends) & self.unplaced:
                adjacency.setdefault(ends[0], set()).add(ends[1])
                adjacency.setdefault(ends[1], set()).add(ends[0])
            else:
                self.unsure.update(e for e in ends if e is not None)
        return adjacency

    def _adjacency(self, picture: dict[int, set[int]] | None, links: dict[int, set[int]]) -> None:
        f = "map.toml"
        declared: dict[int, set[int]] = {}
        for i, t in enumerate(self.territories):
            if t is None or t.get("neighbours") is None or i in self.unplaced:
                continue
            listed: set[int] = set()
            for n, name in enumerate(t["neighbours"]):
                j = self._territory_ref(f, join(join(join("territory", i), "neighbours"), n), name)
                if j is None:
                    self.unsure.add(i)
                elif j not in self.unplaced:
                    listed.add(j)
            declared[i] = listed
        if picture is not None:
            adjacency = {
                i: set(picture.get(i, ())) | links.get(i, set()) for i in self._valid_territories()
            }
        else:
            adjacency = {i: set(links.get(i, ())) for i in self._valid_territories()}
            for i, listed in declared.items():
                for j in listed:
                    adjacency.setdefault(i, set()).add(j)
                    adjacency.setdefault(j, set()).add(i)
        for i, listed in declared.items():
            self._check_neighbours(i, listed, adjacency.get(i, set()), declared, picture, links)
        self.adjacency = adjacency
        self._connected(adjacency)

    def _check_neighbours(
        self,
        i: int,
        listed: set[int],
        actual: set[int],
        declared: dict[int, set[int]],
        picture: dict[int, set[int]] | None,
        links: dict[int, set[int]],
    ) -> None:
        if i in self.unsure:
            return
        f = "map.toml"
        path = join(join("territory", i), "neighbours")
        me = self._tid(i)
        for j in sorted(listed - actual - self.unsure):
            self.add(
                f,
                path,
                f"'{me}' lists '{self._tid(j)}' as a neighbour, but they do not touch"
                " in the picture and no [[link]] joins them",
            )
        for j in sorted(actual - listed):
            if i in declared.get(j, set()):
                self.add(
                    f,
                    path,
                    f"one-way neighbours: '{self._tid(j)}' lists '{me}', but '{me}' does not list"
                    f" '{self._tid(j)}' back",
                )
            elif j in links.get(i, set()):
                self.add(f, path, f"'{me}' misses '{self._tid(j)}', which a [[link]] joins to it")
            elif picture is not None:
                self.add(
                    f, path, f"'{me}' misses '{self._tid(j)}', which touches it in the picture"
                )

    def _connected(self, adjacency: dict[int, set[int]]) -> None:
        nodes = self._valid_territories()
        parts = mapgrid.components(nodes, adjacency)
        if len(parts) <= 1:
            return
        first = self._tid(parts[0][0])
        for part in parts[1:]:
            names = ", ".join(f"'{self._tid(j)}'" for j in part[:6])
            more = f" and {len(part) - 6} more" if len(part) > 6 else ""
            self.add(
                "map.toml",
                join("territory", part[0]),
                f"the map is not connected: {names}{more} cannot be reached from '{first}'",
            )

    def _valid_territories(self) -> list[int]:
        index = self.territory_index or {}
        return sorted(i for i in index.values() if i not in self.unplaced)

    def _tid(self, i: int) -> str:
        t = self.territories[i] or {}
        return str(t.get("id", f"territory[{i + 1}]"))

    # -- units.toml ---------------------------------------------------------------

    def _units(self) -> None:
        data = self.files["units.toml"].data
        if data is None:
            return
        f = "units.toml"
        top = check_table(self.report, f, "", data, UNITS_TOP) or {}
        raw = top.get("unit")
        if raw is None:
            return
        index: dict[tuple[int, str], int] = {}
        for i, entry in enumerate(raw):
            path = join("unit", i)
            u = check_table(self.report, f, path, entry, UNIT)
            self.units.append(u)
            if u is None:
                continue
            side = self._side_ref(f, join(path, "side"), u["side"]) if "side" in u else None
            u["side_index"] = side
            if side is None and isinstance(u.get("id"), str):
                self.sideless_units.add(u["id"])
            if (
                "id" in u
                and check_id(self.report, f, join(path, "id"), u["id"])
                and side is not None
            ):
                if (side, u["id"]) in index:
                    first = join("unit", index[(side, u["id"])])
                    self.add(
                        f,
                        join(path, "id"),
                        f"duplicate unit id '{u['id']}' for side '{u['side']}' (first at {first})",
                    )
                else:
                    index[(side, u["id"])] = i
            if "speed" in u:
                check_choice(self.report, f, join(path, "speed"), u["speed"], SPEED_NAMES, "speed")
            check_min(self.report, f, join(path, "count"), u.get("count"), 1)
            check_min(self.report, f, join(path, "force"), u.get("force"), 0)
            if "class" in u and self.classes is not None:
                check_choice(self.report, f, join(path, "class"), u["class"], self.classes, "class")
            for n, trait in enumerate(u.get("traits") or []):
                self._trait_ref(f, join(join(path, "traits"), n), trait)
            self._mobility(path, u)
        for s, side_id in enumerate(self.side_ids or []):
            if not any(key[0] == s for key in index):
                self.add(f, "unit", f"side '{side_id}' has no units")
        self.unit_index = index

    def _mobility(self, path: str, unit: dict[str, Any]) -> None:
        cls, speed = unit.get("class"), unit.get("speed")
        if cls is None or speed is None:
            return
        if cls == FORTIFICATION and speed != "immobile":
            self.add(
                "units.toml", join(path, "speed"), f"a fortification must be immobile, not {speed}"
            )
        elif speed == "immobile" and cls != FORTIFICATION:
            self.add(
                "units.toml",
                join(path, "speed"),
                f"only fortifications may be immobile, and this unit's class is '{cls}'",
            )

    # -- cards.toml ---------------------------------------------------------------

    def _cards(self) -> None:
        data = self.files["cards.toml"].data
        if data is None:
            return
        f = "cards.toml"
        top = check_table(self.report, f, "", data, CARDS_TOP) or {}
        raw = top.get("card")
        if raw is None:
            return
        if not raw:
            self.add(f, "card", "the deck has no cards")
        seen: dict[str, int] = {}
        for i, entry in enumerate(raw):
            path = join("card", i)
            card = check_table(self.report, f, path, entry, CARD)
            self.cards.append(card)
            if card is None:
                continue
            if "id" in card and check_id(self.report, f, join(path, "id"), card["id"]):
                if card["id"] in seen:
                    first = join("card", seen[card["id"]])
                    self.add(
                        f, join(path, "id"), f"duplicate card id '{card['id']}' (first at {first})"
                    )
                else:
                    seen[card["id"]] = i
            check_min(self.report, f, join(path, "count"), card.get("count"), 1)
            card["side_index"] = None
            if card.get("side") not in (None, "any") and self.side_ids is not None:
                card["side_index"] = self._side_ref(f, join(path, "side"), card["side"], ("any",))
            if "effect" in card:
                card["effect"] = self._effect(join(path, "effect"), card["effect"])

    def _effect(self, path: str, raw: dict[str, Any]) -> Effect | None:
        f = "cards.toml"
        kind = raw.get("kind")
        if kind is None:
            self.add(
                f, path, f"missing required key 'kind' (one of: {', '.join(sorted(EFFECT_KINDS))})"
            )
            return None
        if not isinstance(kind, str):
            self.add(f, join(path, "kind"), f"must be a string, not {describe(kind)}")
            return None
        if not check_choice(
            self.report, f, join(path, "kind"), kind, sorted(EFFECT_KINDS), "effect kind"
        ):
            return None
        fields = {"kind": Field(STR, required=True), **EFFECT_KEYS[kind]}
        before = len(self.report)
        effect = check_table(self.report, f, path, raw, fields) or {}
        for key in ("groups", "amount"):
            check_min(self.report, f, join(path, key), effect.get(key), 1)
        if kind == "spy" and not (effect.get("hand") or effect.get("stack")):
            self.add(
                f, path, "a spy effect must look at something: set hand = true and/or stack = true"
            )
        unit_filter = UnitFilter()
        if effect.get("filter") is not None:
            unit_filter = self._filter(join(path, "filter"), effect["filter"])
        if len(self.report) != before:
            return None
        return Effect(
            kind=kind,
            amount=effect.get("groups", effect.get("amount")) or 0,
            filter=unit_filter,
            hand=bool(effect.get("hand")),
            stack=bool(effect.get("stack")),
        )

    def _filter(self, path: str, raw: dict[str, Any]) -> UnitFilter:
        f = "cards.toml"
        spec = check_table(self.report, f, path, raw, FILTER) or {}
        classes = spec.get("class") or []
        if isinstance(classes, str):
            classes = [classes]
        if self.classes is not None:
            for n, cls in enumerate(classes):
                where = (
                    join(path, "class")
                    if isinstance(spec.get("class"), str)
                    else join(join(path, "class"), n)
                )
                check_choice(self.report, f, where, cls, self.classes, "class")
        for n, trait in enumerate(spec.get("traits") or []):
            self._trait_ref(f, join(join(path, "traits"), n), trait)
        return UnitFilter(frozenset(classes), frozenset(spec.get("traits") or ()))

    # -- module.toml: setup and victory, which name units and territories ----------

    def _setup(self) -> None:
        if self.files["module.toml"].data is None or "setup" not in self.module_top:
            return
        f = "module.toml"
        raw = self.module_top["setup"]
        for key, entry in raw.items():
            path = join("setup", key)
            side = self._side_ref(f, path, key)
            setup = check_table(self.report, f, path, entry, SETUP)
            if side is None or setup is None:
                continue
            self.setups[side] = setup
            self._one_setup(path, side, setup, entry)
        for side_id in self.side_ids or []:
            if side_id not in raw:
                self.add(f, "setup", f"missing [setup.{side_id}]: where side '{side_id}' starts")

    def _one_setup(self, path: str, side: int, setup: dict[str, Any], raw: dict[str, Any]) -> None:
        f = "module.toml"
        setup["control_index"] = [
            self._territory_ref(f, join(join(path, "control"), n), t)
            for n, t in enumerate(setup.get("control") or [])
        ]
        start, choices = setup.get("start"), setup.get("start_choices")
        setup["start_index"] = None
        setup["choices_index"] = []
        if start is not None and choices is not None:
            self.add(f, path, "give either 'start' or 'start_choices', not both")
        elif start is None and choices is None:
            if "start" not in raw and "start_choices" not in raw:
                self.add(f, path, "missing 'start' (a territory id) or 'start_choices'")
        elif start is not None:
            setup["start_index"] = self._territory_ref(f, join(path, "start"), start)
        elif isinstance(choices, str):
            if choices != EDGE_PLANETS:
                self.add(
                    f,
                    join(path, "start_choices"),
                    f"unknown start_choices '{choices}' (expected \"{EDGE_PLANETS}\" or a list of"
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
                        f'"{EDGE_PLANETS}" matches no territory:'
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

    def _setup_counts(self, path: str, side: int, setup: dict[str, Any]) -> None:
        placed = Counter(i for i in setup["units_index"] if i is not None)
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
            if u and u.get("side_index") == side and u.get("class") != LEADER
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
        f = "module.toml"
        for i, entry in enumerate(self.module_top.get("victory") or []):
            path = join("victory", i)
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
            self.victories.append(victory)

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
        if kind == "holds_captive":
            if not value:
                self.add(f, where, "must name at least one unit")
            enemy = None if side is None else 1 - side
            units = [self._unit_ref(f, join(where, n), enemy, u) for n, u in enumerate(value)]
            return Condition(kind, units=tuple(u for u in units if u is not None))
        if kind == "no_enemy_leaders_on_map":
            if value is not True:
                self.add(f, where, "must be true (leave the clause out to drop it)")
            return Condition(kind)
        check_min(self.report, f, where, value, 1)
        return Condition(kind, amount=value)

    # -- references -----------------------------------------------------------------

    def _side_ref(
        self, file: str, path: str, value: str, extra: tuple[str, ...] = ()
    ) -> int | None:
        if self.side_ids is None:
            return None
        if check_choice(self.report, file, path, value, [*extra, *self.side_ids], "side"):
            return self.side_ids.index(value) if value in self.side_ids else None
        return None

    def _trait_ref(self, file: str, path: str, value: str) -> None:
        if self.traits is not None:
            check_choice(self.report, file, path, value, self.traits, "trait")

    def _territory_ref(self, file: str, path: str, value: str) -> int | None:
        if self.territory_index is None:
            return None
        if check_choice(self.report, file, path, value, self.territory_index, "territory"):
            return self.territory_index[value]
        return None

    def _unit_ref(self, file: str, path: str, side: int | None, value: str) -> int | None:
        if self.unit_index is None or side is None or self.side_ids is None:
            return None
        ids = [u for (s, u) in self.unit_index if s == side]
        if value in ids:
            return self.unit_index[(side, value)]
        if value in self.sideless_units:
            return None  # its unit entry names an unknown side, already reported
        other = [s for (s, u) in self.unit_index if u == value]
        if other:
            hint = f" (that is a unit of '{self.side_ids[other[0]]}')"
        else:
            hint = did_you_mean(value, ids)
        self.add(file, path, f"unknown unit '{value}' of side '{self.side_ids[side]}'{hint}")
        return None

    # -- building the definitions, once everything is known to be valid -------------

    def _assemble(self) -> Module:
        sides = tuple(
            SideDef(
                index=i,
                id=s["id"],
                name=s["name"],
                short=s["short"] or s["name"],
                colour=s["colour"] or DEFAULT_COLOURS[i],
            )
            for i, s in enumerate(self.sides)
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
                neighbours=tuple(sorted(self.adjacency.get(i, ()))),
            )
            for i, t in enumerate(self.territories)
            if t is not None
        )
        units = tuple(
            UnitDef(
                index=i,
                side=u["side_index"],
                id=u["id"],
                name=u["name"],
                speed=u["speed"],
                move=self.speeds[u["speed"]],
                count=u["count"],
                force=u["force"],
                cls=u["class"],
                traits=frozenset(u["traits"]),
            )
            for i, u in enumerate(self.units)
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
            )
            for i, c in enumerate(self.cards)
            if c is not None
        )
        r = self.rules
        first_side = r.get("first_side")
        rules = Rules(
            first_side=self.side_ids.index(first_side) if first_side else 0,
            draw=r.get("draw", 5),
            hand_limit=r.get("hand_limit", 7),
            leader_bonus=r.get("leader_bonus", 5),
            tie_winner=r.get("tie", "defender"),
            upkeep_per_revenue=r.get("upkeep_per_revenue", 5),
            recruit_draw=r.get("recruit_draw", 5),
            recruit_bonus_die=r.get("recruit_bonus_die", 6),
            recruit_bonus_times=r.get("recruit_bonus_times", 1),
            speeds=dict(self.speeds),
            control_traits=frozenset(r.get("control_traits") or ()),
            capture_needs_leader=r.get("capture_needs_leader", False),
            winner_lost_leaders=r.get("winner_lost_leaders", "pile"),
            majority_bonuses=tuple(
                MajorityBonus(b["trait"], b["bonus"]) for b in r.get("majority_bonus") or ()
            ),
            elimination=r.get("elimination", True),
        )
        setups = tuple(
            SideSetup(
                side=i,
                control=tuple(self.setups[i]["control_index"]),
                start=self.setups[i]["start_index"],
                start_choices=tuple(self.setups[i]["choices_index"]),
                control_start=self.setups[i]["control_start"],
                units=tuple(self.setups[i]["units_index"]),
                random_units=self.setups[i]["random_units"],
            )
            for i in range(len(sides))
        )
        victory = tuple(
            VictoryDef(side=v["side_index"], text=v["text"], all=tuple(v["conditions"]))
            for v in self.victories
        )
        classes = dict(self.classes or CORE_CLASS_NAMES)
        for core in CORE_CLASSES:
            classes.setdefault(core, CORE_CLASS_NAMES[core])
        return Module(
            id=self.head["id"],
            name=self.head["name"],
            version=self.head["version"],
            format=self.head["format"],
            description=self.head["description"],
            path=str(self.folder.resolve()),
            fingerprint=fingerprint(self.folder),
            sides=(sides[0], sides[1]),
            classes=classes,
            traits=dict(self.traits or {}),
            map=MapDef(
                territories=territories,
                picture=self.picture,
                kinds=dict(self.kinds),
                void=self.void,
            ),
            units=units,
            cards=cards,
            rules=rules,
            setup=(setups[0], setups[1]),
            victory=victory,
        )


def _is_colour(text: str) -> bool:
    try:
        from textual.color import Color, ColorParseError
    except ImportError:  # the loader itself must not need the TUI's library
        return True
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True

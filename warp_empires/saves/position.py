"""Reading a position file (docs/positions.md): TOML a modder writes by hand,
naming everything by the module's ids, turned into an engine `Setting`.

Every problem is one line, `FILE:LINE: key: what is wrong`, found by the
module loader's Locator (module/toml_read.py); the file's own text is only
ever quoted through `shown`, never printed raw.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from warp_empires.engine.options import check as check_optional
from warp_empires.engine.staging import STARTS, Setting, SideSetting
from warp_empires.module.defs import Module
from warp_empires.module.errors import did_you_mean, shown
from warp_empires.module.toml_read import Report, read_toml

from .errors import SaveError, one_line

SEED_MAX = (1 << 64) - 1
MAX_BANK = 1_000_000
MAX_TURN = 100_000
MAX_NAME = 60  # a position's name, carried in every save of its games
SIDE_KEYS = ("bank", "hand", "control", "stacks", "captives")
POSITION_KEYS = ("module", "name", "side", "turn", "phase", "seed", "optional")


class PositionError(SaveError):
    """A position file that cannot be played from: one line, `FILE[:LINE]: problem`."""


@dataclass(frozen=True)
class Position:
    path: str  # as given
    name: str  # [position] name, else the file's stem
    sha256: str  # of the file's bytes: what labels every game started from it
    module_id: str
    seed: int | None  # None: the game's own seed (RULINGS H7: secret unless given)
    optional: tuple[str, ...]
    setting: Setting


def position_module(path: str | os.PathLike[str]) -> str:
    """The module id a position file names, so that a command can load it."""
    data, report, name, _ = _read(Path(path))
    _fail(report, path, name)
    top = data.get("position") if isinstance(data, dict) else None
    module_id = top.get("module") if isinstance(top, dict) else None
    if type(module_id) is not str or not module_id:
        report.add(name, "position.module", "missing: the id of the module this position is for")
        _fail(report, path, name)
    return str(module_id)


def read_position(path: str | os.PathLike[str], module: Module) -> Position:
    """The position in `path` for `module`; PositionError (one line) when the
    file names anything the module does not have, or too much of it."""
    data, report, name, raw = _read(Path(path))
    _fail(report, path, name)
    reader = _Reader(module, report, name)
    position = reader.position(data)
    setting = reader.setting(data, position)
    _fail(report, path, name)
    sha = hashlib.sha256(raw).hexdigest()
    title = one_line(str(position.get("name") or Path(path).stem), MAX_NAME)
    optional = tuple(position.get("optional") or ())
    return Position(os.fspath(path), title, sha, module.id, position.get("seed"), optional,
                    replace(setting, label=f"position {title} (sha256 {sha[:16]})"))


def _read(path: Path) -> tuple[dict[str, Any], Report, str, bytes]:
    report = Report(keep=1)
    name = path.name
    toml = read_toml(path, report)
    return toml.data or {}, report, name, toml.raw


def _fail(report: Report, path: str | os.PathLike[str], name: str) -> None:
    """Raises the first problem (in file order) as one line, if there is any."""
    if not len(report):
        return
    problem = report.kept()[0]
    where = os.fspath(path) + (f":{problem.line}" if problem.line else "")
    text = str(replace(problem, file="", line=None)).removeprefix(": ")
    more = len(report) - 1
    if more:
        text += f" (and {more} more problem{'s' if more > 1 else ''})"
    raise PositionError(where, text)


class _Reader:
    """Checks the parsed file against the module, adding each problem to the report."""

    def __init__(self, module: Module, report: Report, file: str) -> None:
        self.m = module
        self.report = report
        self.file = file
        self.side_ids = [s.id for s in module.sides]
        self.used: dict[str, dict[int, int]] = {"unit": {}, "card": {}}

    def bad(self, key: str, message: str) -> None:
        self.report.add(self.file, key, message)

    def position(self, data: dict[str, Any]) -> dict[str, Any]:
        """The [position] table with its values checked (bad ones dropped)."""
        for key in data:
            if key != "position" and key not in self.side_ids:
                self.bad(shown(key), f"unknown table (the tables are: position, "
                                     f"{', '.join(self.side_ids)})")
        top = data.get("position")
        if not isinstance(top, dict):
            self.bad("position", "missing: a [position] table with module, side and phase")
            return {}
        self.unknown_keys("position", top, POSITION_KEYS)
        out: dict[str, Any] = {}
        if top.get("module") != self.m.id:
            self.bad("position.module", f"is for module {shown(str(top.get('module')))}, "
                                        f"not {self.m.id}")
        out["side"] = self.choice("position.side", top.get("side"), self.side_ids)
        out["phase"] = self.choice("position.phase", top.get("phase"), list(STARTS))
        out["turn"] = self.number("position.turn", top.get("turn", 1), 1, MAX_TURN)
        if "seed" in top:
            out["seed"] = self.number("position.seed", top["seed"], 0, SEED_MAX)
        if "name" in top:
            given = top["name"]
            if type(given) is not str or not given.strip() or len(given) > MAX_NAME \
                    or not given.isprintable():
                self.bad("position.name", f"must be one line of at most {MAX_NAME} characters")
            else:
                out["name"] = given.strip()
        if "optional" in top:
            names = self.strings("position.optional", top["optional"])
            try:
                out["optional"] = check_optional(self.m, names)
            except ValueError as e:
                self.bad("position.optional", str(e))
        return out

    def setting(self, data: dict[str, Any], position: dict[str, Any]) -> Setting:
        sides = tuple(self.side(data.get(side_id), side_id, side)
                      for side, side_id in enumerate(self.side_ids))
        for t in set(sides[0].control) & set(sides[1].control):
            self.bad(f"{self.side_ids[1]}.control", f"{self.m.map.territories[t].id} has "
                                                    "both sides' control markers")
        if position.get("phase") in ("draw", "move"):
            both = [t for t in sides[0].stacks if t in sides[1].stacks]
            for t in both[:1]:
                territory = self.m.map.territories[t].id
                self.bad(f"{self.side_ids[1]}.stacks.{territory}",
                         f"both sides stand at {territory}: only a position at the battle "
                         "phase may hold a territory both sides stand in")
        active = self.side_ids.index(position["side"]) if position.get("side") else 0
        return Setting(position.get("turn") or 1, active, position.get("phase") or "move",
                       (sides[0], sides[1]))

    def side(self, table: Any, side_id: str, side: int) -> SideSetting:
        if table is None:
            return SideSetting()  # a side with nothing: the invariants say if that can be
        if not isinstance(table, dict):
            self.bad(side_id, "must be a table of bank, hand, control, stacks, captives")
            return SideSetting()
        self.unknown_keys(side_id, table, SIDE_KEYS)
        cards = {c.id: c.index for c in self.m.cards}
        places = {t.id: t.index for t in self.m.map.territories}
        own = {u.id: u.index for u in self.m.units if u.side == side}
        enemy = {u.id: u.index for u in self.m.units if u.side != side}
        control = self.ids(f"{side_id}.control", table.get("control", []), places, "territory")
        for t in control:
            if not self.m.map.territories[t].is_revenue:
                self.bad(f"{side_id}.control", f"{self.m.map.territories[t].id} has no revenue: "
                                               "a control marker goes only on a revenue territory")
        stacks: dict[int, tuple[int, ...]] = {}
        given = table.get("stacks", {})
        if not isinstance(given, dict):
            self.bad(f"{side_id}.stacks", "must be a table: territory id = [unit ids, top first]")
            given = {}
        for place, units in given.items():
            key = f"{side_id}.stacks.{shown(place)}"
            if place not in places:
                self.bad(key, f"unknown territory{self.report.hint(place, places)}")
                continue
            types = self.units(key, units, own, enemy, side_id)
            if types:
                stacks[places[place]] = tuple(types)
        captives = self.units(f"{side_id}.captives", table.get("captives", []), enemy, own,
                              self.side_ids[1 - side])
        return SideSetting(self.number(f"{side_id}.bank", table.get("bank", 0), 0, MAX_BANK),
                           tuple(self.ids(f"{side_id}.hand", table.get("hand", []), cards,
                                          "card")),
                           tuple(control), stacks, tuple(captives))

    def counted(self, key: str, kind: str, index: int, count: int, item: str) -> bool:
        """Counts one more of a unit or card; False (and a problem) past the module's count."""
        seen = self.used[kind][index] = self.used[kind].get(index, 0) + 1
        if seen > count:
            self.bad(key, f"{seen} {kind}s {item}, more than the module has ({count})")
            return False
        return True

    def units(self, key: str, value: Any, own: dict[str, int], other: dict[str, int],
              whose: str) -> list[int]:
        out = []
        for i, unit_id in enumerate(self.strings(key, value)):
            if unit_id in own:
                unit = self.m.units[own[unit_id]]
                if self.counted(f"{key}[{i + 1}]", "unit", unit.index, unit.count, unit_id):
                    out.append(unit.index)
            elif unit_id in other:
                self.bad(f"{key}[{i + 1}]", f"{shown(unit_id)} is not a unit of {whose}: "
                                            f"this list holds units of {whose} only")
            else:
                self.bad(f"{key}[{i + 1}]", f"unknown unit {shown(unit_id)}"
                                            f"{self.report.hint(unit_id, own)}")
        return out

    def ids(self, key: str, value: Any, known: dict[str, int], what: str) -> list[int]:
        out = []
        for i, item in enumerate(self.strings(key, value)):
            if item in known:
                card = self.m.cards[known[item]] if what == "card" else None
                if card is None or self.counted(f"{key}[{i + 1}]", "card", card.index,
                                                card.count, item):
                    out.append(known[item])
            else:
                self.bad(f"{key}[{i + 1}]", f"unknown {what} {shown(item)}"
                                            f"{self.report.hint(item, known)}")
        return out

    def strings(self, key: str, value: Any) -> list[str]:
        if not isinstance(value, list) or not all(type(x) is str for x in value):
            self.bad(key, "must be a list of ids in quotes, e.g. [\"a\", \"b\"]")
            return []
        return value

    def number(self, key: str, value: Any, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            self.bad(key, f"must be a whole number from {low} to {high}")
            return low
        return value

    def choice(self, key: str, value: Any, choices: list[str]) -> str | None:
        if value in choices:
            return str(value)
        got = "missing" if value is None else f"{shown(str(value))} is not known"
        self.bad(key, f"{got} (choose {', '.join(choices)})")
        return None

    def unknown_keys(self, table: str, values: dict[str, Any], known: tuple[str, ...]) -> None:
        for key in values:
            if key not in known:
                self.bad(f"{table}.{shown(key)}", f"unknown key (known: {', '.join(known)})"
                                                  f"{did_you_mean(key, known)}")


"""Checks of map.toml: territories, the picture, links, neighbours, connectedness."""

from __future__ import annotations

import unicodedata
from typing import Any

from . import mapgrid
from .check_module import is_colour
from .defs import KindLook
from .fields import ARRIVALS, LINK, LOOK, MAP_HEAD, MAP_TOP, TERRITORY
from .limits import MAX_NAME, MAX_PICTURE_COLUMNS, MAX_PICTURE_ROWS
from .schema import check_choice, check_id, check_min, check_table, describe, join, too_big
from .state import LoaderState


class MapChecks(LoaderState):
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
            if not isinstance(name, str):
                self.add(f, path, f"must be a string (the kind's name), not {describe(name)}")
            elif (wrong := too_big(name, MAX_NAME)) is not None:
                self.add(f, path, wrong)
            else:
                self.kinds[key] = name
        if head.get("kinds") == {}:
            self.add(f, "map.kinds", "must name at least one kind of territory")
        self._looks(head.get("looks") or {}, "kinds" in head)
        self._enter(head.get("enter") or {}, "kinds" in head)
        self._arrive(head.get("arrive") or {}, "kinds" in head)
        self.void = head.get("void") or ""
        self.picture = mapgrid.picture_rows(head.get("picture") or "")
        drawable = self._picture_size()
        self._territories(top.get("territory"), kinds_known="kinds" in head)
        if self.territory_index is None or not drawable:
            return
        picture_adjacency = self._picture() if self.picture else None
        link_adjacency = self._links(top.get("link") or [])
        self._adjacency(picture_adjacency, link_adjacency)

    def _looks(self, raw: dict[str, Any], kinds_known: bool) -> None:
        """[map.looks.KIND]: how the map draws each kind (defs.KindLook)."""
        f = "map.toml"
        for key, entry in raw.items():
            path = join("map.looks", key)
            look = check_table(self.report, f, path, entry, LOOK)
            if look is None or not check_id(self.report, f, path, key):
                continue
            if kinds_known and not check_choice(self.report, f, path, key, self.kinds, "kind"):
                continue
            fill, colour = look.get("fill"), look.get("colour")
            if fill is not None and (wrong := _not_a_fill(fill)) is not None:
                self.add(f, join(path, "fill"), wrong)
            elif colour is not None and not is_colour(colour):
                self.add(f, join(path, "colour"), f"'{colour}' is not a colour name or #rrggbb")
            else:
                self.looks[key] = KindLook(fill, colour or "")

    def _enter(self, raw: dict[str, Any], kinds_known: bool) -> None:
        """[map.enter]: kind id -> the filters of the units that may enter its
        territories (docs/rules.md G1)."""
        f = "map.toml"
        for key, entry in raw.items():
            path = join("map.enter", key)
            if not check_id(self.report, f, path, key):
                continue
            if kinds_known and not check_choice(self.report, f, path, key, self.kinds, "kind"):
                continue
            if not isinstance(entry, list) or not entry:
                self.add(f, path, "must be a list of at least one filter, such as "
                                  '[{ class = "fleet" }], not ' + describe(entry))
                continue
            self.enter[key] = tuple(self._filter(f, join(path, n), item)
                                    for n, item in enumerate(entry))

    def _arrive(self, raw: dict[str, Any], kinds_known: bool) -> None:
        """[map.arrive]: kind id -> "adjacent": arrivals from off the map may
        enter its territories next to a revenue territory their side controls
        (docs/rules.md G18)."""
        f = "map.toml"
        for key, entry in raw.items():
            path = join("map.arrive", key)
            if not check_id(self.report, f, path, key):
                continue
            if kinds_known and not check_choice(self.report, f, path, key, self.kinds, "kind"):
                continue
            if not isinstance(entry, str):
                self.add(f, path, f'must be a string such as "adjacent", not {describe(entry)}')
            elif check_choice(self.report, f, path, entry, ARRIVALS, "arrive value"):
                self.arrive[key] = entry

    def _picture_size(self) -> bool:
        """False (and reported) when the picture is too large to check or draw."""
        rows = len(self.picture)
        columns = max((len(row) for row in self.picture), default=0)
        if rows <= MAX_PICTURE_ROWS and columns <= MAX_PICTURE_COLUMNS:
            return True
        self.add(
            "map.toml",
            "map.picture",
            f"too large: {rows} rows of up to {columns} characters"
            f" (at most {MAX_PICTURE_ROWS} rows of {MAX_PICTURE_COLUMNS})",
        )
        return False

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


def _not_a_fill(fill: str) -> str | None:
    """Why `fill` cannot fill a map cell, or None: it must be one character
    one cell wide, since the map is drawn cell by cell."""
    if len(fill) != 1:
        return f"must be one character (\" \" for none), not {len(fill)}"
    if not fill.isprintable():
        return f"must be a printable character, not U+{ord(fill):04X}"
    if unicodedata.east_asian_width(fill) in ("W", "F") or unicodedata.combining(fill):
        return f"'{fill}' does not take exactly one cell of a terminal"
    return None

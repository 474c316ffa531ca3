"""Geometry of the map picture as the terminal draws it.

The picture has one character per cell. The screen is its *dual grid*: screen
cell (y, x) sits on the corner shared by picture cells (y-1, x-1), (y-1, x),
(y, x-1) and (y, x). Where those four differ a border runs through the corner,
so every junction gets the right box-drawing character and regions interlock
without gaps. Cells whose four corners agree are a territory's interior,
where its label goes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from warp_empires.module.defs import MapDef

VOID = -1

# (up, down, left, right) -> box-drawing character.
_BOX = {
    (1, 1, 0, 0): "│", (0, 0, 1, 1): "─",
    (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}

DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


@dataclass
class Geometry:
    """Where everything of one map falls on screen at one scale."""

    width: int
    height: int
    # Per screen cell: the territory whose interior it is, or VOID; borders are VOID.
    interior: list[list[int]]
    # Per screen cell: the border glyph, or "" for interior/void cells.
    border: list[list[str]]
    # Per screen cell: territories meeting at a border cell (for outline highlights).
    touching: list[list[tuple[int, ...]]]
    # Per territory: interior runs by row, {y: [(x0, x1_exclusive), ...]}.
    runs: list[dict[int, list[tuple[int, int]]]] = field(default_factory=list)
    # Per territory: first and last screen row it affects, borders included.
    rows: list[tuple[int, int]] = field(default_factory=list)
    # Per territory: centre in screen cells (x, y), for cursor travel.
    centre: list[tuple[float, float]] = field(default_factory=list)

    def territory_at(self, x: int, y: int) -> int:
        """The territory under a screen cell; a border cell picks a neighbour."""
        if not (0 <= y < self.height and 0 <= x < self.width):
            return VOID
        t = self.interior[y][x]
        if t != VOID:
            return t
        touching = self.touching[y][x]
        return touching[-1] if touching else VOID


# A map without a picture (docs/module-format.md: its adjacency from
# `neighbours` and links alone) is drawn as one box a territory, BOX_W by BOX_H
# picture cells, a cell of nothing between boxes so that none seems to touch
# another: a play-test on such a theme found the map area blank, with no
# cursor, labels, stacks or "Go to".
BOX_W, BOX_H = 12, 4
_GAP = "\n"  # never a key: a picture row holds no newline
_KEYS = 0xE000  # the boxes' keys: private-use characters, never drawn


def drawn_map(map_def: MapDef) -> MapDef:
    """The map as the app draws it: the module's own picture, or where it has
    none, the territories in boxes, in rows about twice as wide as tall (as
    a terminal is), in the module's order."""
    if map_def.picture or not map_def.territories:
        return map_def
    n = len(map_def.territories)
    columns = max(1, math.ceil(math.sqrt(n * 2)))
    rows: list[str] = []
    for first in range(0, n, columns):
        keys = [chr(_KEYS + t) for t in range(first, min(n, first + columns))]
        line = _GAP.join(k * BOX_W for k in keys)
        if rows:
            rows.append(_GAP * len(rows[-1]))
        rows.extend([line] * BOX_H)
    width = max(len(r) for r in rows)
    territories = tuple(replace(t, key=chr(_KEYS + t.index)) for t in map_def.territories)
    return replace(map_def, territories=territories, void=_GAP,
                   picture=tuple(r.ljust(width, _GAP) for r in rows))


def expand_picture(map_def: MapDef, sx: float, sy: float) -> list[list[int]]:
    """The picture as territory indices, each cell repeated sx by sy times.
    A scale need not be whole (1.5 repeats every other cell), so the map can
    fill the room a window has: screen cell x shows picture cell x // sx."""
    by_key = {t.key: t.index for t in map_def.territories}
    rows = list(map_def.picture)
    width = max((len(r) for r in rows), default=0)
    cells_rows = []
    for row in rows:
        cells = [by_key.get(ch, VOID) if ch not in map_def.void else VOID for ch in row]
        cells_rows.append(cells + [VOID] * (width - len(cells)))
    out_w, out_h = round(width * sx), round(len(rows) * sy)
    columns = [min(int(x / sx), width - 1) for x in range(out_w)]
    grid: list[list[int]] = []
    for y in range(out_h):
        cells = cells_rows[min(int(y / sy), len(rows) - 1)]
        grid.append([cells[c] for c in columns])
    return grid


def fit_scale(map_def: MapDef, width: int, height: int, most: float = 3.0
              ) -> tuple[float, float]:
    """The scale at which the map fills a `width` x `height` area (its border
    line included), never below 1:1 (a smaller area scrolls) nor above `most`."""
    ph = len(map_def.picture)
    pw = max((len(r) for r in map_def.picture), default=0)
    if not pw or not ph:
        return (1.0, 1.0)

    def one(room: int, cells: int) -> float:
        # floor to a tenth so that the rounded picture still fits
        return max(1.0, min(most, int((room - 1) / cells * 10) / 10))

    return (one(width, pw), one(height, ph))


def build_geometry(map_def: MapDef, sx: float = 1, sy: float = 1) -> Geometry:
    """Lay out the map picture at a scale of sx columns and sy rows per cell."""
    pic = expand_picture(map_def, sx, sy)
    ph = len(pic)
    pw = len(pic[0]) if pic else 0
    height, width = ph + 1, pw + 1

    def at(r: int, c: int) -> int:
        if 0 <= r < ph and 0 <= c < pw:
            return pic[r][c]
        return VOID

    n = len(map_def.territories)
    interior = [[VOID] * width for _ in range(height)]
    border = [[""] * width for _ in range(height)]
    touching: list[list[tuple[int, ...]]] = [[()] * width for _ in range(height)]
    runs: list[dict[int, list[tuple[int, int]]]] = [{} for _ in range(n)]
    top = [height] * n
    bottom = [-1] * n
    sum_x = [0.0] * n
    sum_y = [0.0] * n
    count = [0] * n

    for y in range(height):
        for x in range(width):
            nw, ne, sw, se = at(y - 1, x - 1), at(y - 1, x), at(y, x - 1), at(y, x)
            key = (int(nw != ne), int(sw != se), int(nw != sw), int(ne != se))
            corners = {c for c in (nw, ne, sw, se) if c != VOID}
            for t in corners:
                top[t] = min(top[t], y)
                bottom[t] = max(bottom[t], y)
            if any(key):
                border[y][x] = _BOX[key]
                touching[y][x] = tuple(sorted(corners))
            elif se != VOID:
                interior[y][x] = se
                sum_x[se] += x
                sum_y[se] += y
                count[se] += 1

    for t in range(n):
        for y in range(max(top[t], 0), bottom[t] + 1):
            row_runs: list[tuple[int, int]] = []
            x = 0
            line = interior[y]
            while x < width:
                if line[x] == t:
                    x0 = x
                    while x < width and line[x] == t:
                        x += 1
                    row_runs.append((x0, x))
                else:
                    x += 1
            if row_runs:
                runs[t][y] = row_runs

    centre = [
        (sum_x[t] / count[t], sum_y[t] / count[t]) if count[t] else (-1.0, -1.0)
        for t in range(n)
    ]
    rows = [(top[t], bottom[t]) if bottom[t] >= 0 else (0, -1) for t in range(n)]
    return Geometry(width, height, interior, border, touching, runs, rows, centre)


def nearest_in_direction(geo: Geometry, start: int, direction: str) -> int | None:
    """The territory an arrow key leads to: nearest centre within a cone that way.

    Distances weigh rows double because a terminal cell is about twice as tall
    as it is wide; off-axis travel costs extra so arrows feel straight.
    """
    dx, dy = DIRECTIONS[direction]
    sx, sy = geo.centre[start]
    best: tuple[float, int] | None = None
    for t, (cx, cy) in enumerate(geo.centre):
        if t == start or cx < 0:
            continue
        ox, oy = cx - sx, (cy - sy) * 2.0
        along = ox * dx + oy * dy
        across = abs(ox * dy) + abs(oy * dx)
        if along <= 0:
            continue
        # Within roughly 63 degrees of the key's direction.
        if across > along * 2:
            continue
        score = math.hypot(along, across) + across
        if best is None or score < best[0]:
            best = (score, t)
    return best[1] if best else None


def label_slots(geo: Geometry, territory: int, wanted: int) -> list[tuple[int, int, int]]:
    """Up to `wanted` label lines as (y, x0, x1): the best of `label_windows`."""
    windows = label_windows(geo, territory, wanted)
    return windows[0] if windows else []


def label_windows(geo: Geometry, territory: int, wanted: int
                  ) -> list[list[tuple[int, int, int]]]:
    """Where a label may go, best first: for each height from `wanted` rows
    (or the region's tallest band) down to one, the consecutive interior rows
    where the region is widest, as lines (y, x0, x1).

    Issue 37: the middle rows of a region put labels in a 4-cell neck while
    an 18x7 block of it stayed empty. So a window of rows is scored by its
    common width (the widest rectangle through all its rows), then by its
    rows' widths, then by nearness to the centre. Each line is the whole run
    of its row that holds that rectangle: the lines overlap, so a name and
    its "$2" stay together, and a slanted region keeps its rows' width."""
    rows = geo.runs[territory]
    if not rows:
        return []
    ys = sorted(rows)
    bands: list[list[int]] = [[ys[0]]]
    for y in ys[1:]:
        if y == bands[-1][-1] + 1:
            bands[-1].append(y)
        else:
            bands.append([y])
    centre_y = geo.centre[territory][1]
    out = []
    for height in range(min(wanted, max(len(band) for band in bands)), 0, -1):
        best = _widest_window(rows, bands, height, centre_y)
        if best is not None:
            start, (x0, x1) = best
            out.append([(y, *_run_holding(rows[y], x0, x1))
                        for y in range(start, start + height)])
    return out


def _widest_window(rows: dict[int, list[tuple[int, int]]], bands: list[list[int]],
                   height: int, centre_y: float) -> tuple[int, tuple[int, int]] | None:
    """The first row and common run of the best `height` consecutive rows."""
    best: tuple[tuple[int, int, float], int, tuple[int, int]] | None = None
    for band in bands:
        for i in range(len(band) - height + 1):
            window = band[i:i + height]
            common = rows[window[0]]
            for y in window[1:]:
                common = _intersect(common, rows[y])
            if not common:
                continue
            run = max(common, key=lambda r: r[1] - r[0])
            total = sum(max(x1 - x0 for x0, x1 in rows[y]) for y in window)
            middle = window[0] + (height - 1) / 2
            score = (run[1] - run[0], total, -abs(middle - centre_y))
            if best is None or score > best[0]:
                best = (score, window[0], run)
    return None if best is None else (best[1], best[2])


def _intersect(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = []
    for a0, a1 in a:
        for b0, b1 in b:
            x0, x1 = max(a0, b0), min(a1, b1)
            if x0 < x1:
                out.append((x0, x1))
    return out


def _run_holding(runs: list[tuple[int, int]], x0: int, x1: int) -> tuple[int, int]:
    """The run of a row that contains the columns x0..x1."""
    return next(r for r in runs if r[0] <= x0 and x1 <= r[1])

"""What a territory's label says and where its lines go. Kept apart from the
widget so the packing rules can be read (and tested) on their own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style

from warp_empires.module.defs import TerritoryDef
from warp_empires.tui.labels import abbreviate
from warp_empires.tui.mapgeom import Geometry, label_windows

Piece = tuple[str, Style]
Item = list[list[Piece]]  # one label part, as variants from longest to shortest


@dataclass(frozen=True)
class StackLook:
    """A stack as the viewing side may see it (RULINGS H2)."""

    side: int
    top: str  # abbreviation of the top unit
    size: int


@dataclass(frozen=True)
class TerritoryLook:
    control: int = -1
    stacks: tuple[StackLook, ...] = ()


def label_items(
    territory: TerritoryDef, look: TerritoryLook, glyphs: tuple[str, str],
    side_style: Callable[[int], Style], number: int | None = None,
) -> list[Item]:
    """Label parts in priority order: name (after its row number in the
    choice list, `number`, when it is a choice), revenue and control, stacks."""
    plain = Style()
    # the name, then the module's short label for when the name does not fit;
    # the number stays in every form: it is what the person types
    before = "" if number is None else f"{number} "
    names = [[(before + territory.name, plain)]] + (
        [[(before + territory.label, plain)]] if territory.label else [])
    items: list[Item] = [names]
    marker: list[Piece] = []
    if look.control >= 0:
        marker = [(f"[{glyphs[look.control]}]", side_style(look.control))]
    if territory.is_revenue:
        # The "$" stays in every form: a bare "4[R]" was read as a stack (play-test).
        money = [(f"${territory.revenue}", plain)]
        if marker:
            glyph = [(glyphs[look.control], side_style(look.control))]
            items.append([[*money, (" ", plain), *marker], [*money, *marker], [*money, *glyph]])
        else:
            items.append([money])
    elif marker:
        items.append([marker])
    for stack in look.stacks:
        glyph, style = glyphs[stack.side], side_style(stack.side)
        items.append([[(f"{glyph}:{stack.top}×{stack.size}", style)],
                      [(f"{glyph}×{stack.size}", style)],
                      [(f"{glyph}{stack.size}", style)]])
    return items


@dataclass(frozen=True)
class Placed:
    """One territory's label as laid out: its lines keyed by screen row
    (first column, pieces), the name as shown, and whether every other item
    (revenue, marker, stacks) found room."""

    lines: dict[int, tuple[int, list[Piece]]]
    name: str
    complete: bool


def layout_label(
    geo: Geometry, t: int, items: list[Item], fill: Style, name_style: Style
) -> dict[int, tuple[int, list[Piece]]]:
    """Label lines keyed by screen row: (first column, pieces)."""
    return place_label(geo, t, items, fill, name_style).lines


def place_label(
    geo: Geometry, t: int, items: list[Item], fill: Style, name_style: Style
) -> Placed:
    """The label laid out in the region (see `layout_label`), with what was shown."""
    rows: list[list[Piece]] = []
    placed = None
    shown = ""
    # The full name wherever it fits with everything else: on the first line,
    # on a wider line below it, or over two lines (a full name beats a short
    # label); then the module's short label the same ways; then a cut of the
    # name. A line or two more than the items leaves room for a two-line name;
    # each height of window is tried, widest part of the region first.
    windows = [w for extra in (1, 2) for w in label_windows(geo, t, len(items) + extra)]
    for slots in windows:
        widths = [x1 - x0 for _, x0, x1 in slots]
        rows = [[] for _ in slots]
        options = [p for variant in items[0] for p in _name_placements(variant[0][0], widths)]
        for name_lines, at in options:
            placed = _around(items[1:], widths, range(at, at + len(name_lines)))
            if placed is not None:
                for i, line in enumerate(name_lines):
                    rows[at + i].append((line, name_style))
                shown = " ".join(name_lines)
                break
        if any(rows):
            break
    if not windows:
        return Placed({}, "", False)
    if not any(rows):
        # Roomy regions get a line per item; cramped ones pack items together,
        # in shorter forms, so stacks are never silently dropped.
        slots = label_windows(geo, t, len(items) + 2)[0]
        widths = [x1 - x0 for _, x0, x1 in slots]
        rows = [[] for _ in slots]
        placed = _pack_all(items[1:], widths)
        fitting = [v for v in items[0] if _width(v) <= widths[0]]
        shown = fitting[0][0][0] if fitting else abbreviate(items[0][-1][0][0], widths[0])
        rows[0].append((shown, name_style))
    for row, variant in placed or []:
        if rows[row]:
            rows[row].append((" ", fill))
        rows[row].extend((text, fill + style) for text, style in variant)
    lines: dict[int, tuple[int, list[Piece]]] = {}
    for (y, x0, x1), pieces in zip(slots, rows, strict=True):
        used = _width(pieces)
        if pieces:
            lines[y] = (x0 + max(x1 - x0 - used, 0) // 2, pieces)
    return Placed(lines, shown, placed is not None)


def _name_placements(name: str, widths: list[int]) -> list[tuple[list[str], int]]:
    """Where the full name may go, best first: (its lines, first row)."""
    out: list[tuple[list[str], int]] = [([name], r) for r, w in enumerate(widths)
                                        if len(name) <= w]
    for r in range(len(widths) - 1):
        two = _two_lines(name, widths[r:r + 2])
        if two is not None:
            out.append((list(two), r))
    return out


def _around(items: list[list[list[Piece]]], widths: list[int], taken: range
            ) -> list[tuple[int, list[Piece]]] | None:
    """The items packed into the rows the name leaves free (rows keep their
    order); None when they do not all fit."""
    free = [r for r in range(len(widths)) if r not in taken]
    if not items:
        return []
    if not free:
        return None
    placed = _pack_all(items, [0, *(widths[r] for r in free)])
    return None if placed is None else [(free[row - 1], v) for row, v in placed]


def _two_lines(name: str, widths: list[int]) -> tuple[str, str] | None:
    """The name cut at a space into two lines that fit the first two slots,
    as even as can be; None when it has one word or no cut fits."""
    if len(widths) < 2:
        return None
    words = name.split(" ")
    cuts = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [c for c in cuts if len(c[0]) <= widths[0] and len(c[1]) <= widths[1]]
    return min(fitting, key=lambda c: abs(len(c[0]) - len(c[1]))) if fitting else None


def _pack_all(items: list[list[list[Piece]]], widths: list[int]
              ) -> list[tuple[int, list[Piece]]] | None:
    """The first packing level at which every item fits, or None."""
    for level in range(3):
        placed = _pack(items, widths, level)
        if placed is not None:
            return placed
    return None


def _pack(
    items: list[list[list[Piece]]], widths: list[int], level: int
) -> list[tuple[int, list[Piece]]] | None:
    """Place label items after the name line; None when they do not all fit.

    Level 0 gives each item its own line when there are lines enough, level 1
    packs full forms together, level 2 packs the shortest forms.
    """
    if level == 0 and len(items) < len(widths):
        result = []
        for row, variants in enumerate(items, start=1):
            fitting = [v for v in variants if _width(v) <= widths[row]]
            if not fitting:
                return None
            result.append((row, fitting[0]))
        return result
    used = [0] * len(widths)
    # The name owns the first line; other items go below it when they can.
    row = 1 if len(widths) > 1 else 0
    used[0] = widths[0] if row else 0
    result = []
    for variants in items:
        variant = variants[0] if level < 2 else variants[-1]
        length = _width(variant)
        while row < len(widths):
            gap = 1 if used[row] else 0
            if used[row] + gap + length <= widths[row]:
                used[row] += gap + length
                result.append((row, variant))
                break
            row += 1
        else:
            return None
    return result


def _width(pieces: list[Piece]) -> int:
    return sum(len(text) for text, _ in pieces)

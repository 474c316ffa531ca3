"""What a territory's label says and where its lines go. Kept apart from the
widget so the packing rules can be read (and tested) on their own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.style import Style

from warp_empires.module.defs import TerritoryDef
from warp_empires.tui.labels import abbreviate
from warp_empires.tui.mapgeom import Geometry, label_slots

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
    side_style: Callable[[int], Style],
) -> list[Item]:
    """Label parts in priority order: name, revenue and control, stacks."""
    plain = Style()
    # the name, then the module's short label for when the name does not fit
    names = [[(territory.name, plain)]] + ([[(territory.label, plain)]] if territory.label else [])
    items: list[Item] = [names]
    marker: list[Piece] = []
    if look.control >= 0:
        marker = [(f"[{glyphs[look.control]}]", side_style(look.control))]
    if territory.is_revenue:
        money = f"${territory.revenue}"
        full = [(money, plain), (" ", plain), *marker] if marker else [(money, plain)]
        items.append([full, [(str(territory.revenue), plain), *marker]])
    elif marker:
        items.append([marker])
    for stack in look.stacks:
        glyph, style = glyphs[stack.side], side_style(stack.side)
        items.append([[(f"{glyph}:{stack.top}×{stack.size}", style)],
                      [(f"{glyph}×{stack.size}", style)],
                      [(f"{glyph}{stack.size}", style)]])
    return items


def layout_label(
    geo: Geometry, t: int, items: list[Item], fill: Style, name_style: Style
) -> dict[int, tuple[int, list[Piece]]]:
    """Label lines keyed by screen row: (first column, pieces)."""
    slots = label_slots(geo, t, len(items))
    lines: dict[int, tuple[int, list[Piece]]] = {}
    if not slots:
        return lines
    # Roomy regions get a line per item; cramped ones pack items together,
    # in shorter forms, so stacks are never silently dropped.
    placed = None
    for level in range(3):
        placed = _pack(items[1:], [x1 - x0 for _, x0, x1 in slots], level)
        if placed is not None:
            break
    rows: list[list[Piece]] = [[] for _ in slots]
    first_width = slots[0][2] - slots[0][1]
    fitting = [v for v in items[0] if _width(v) <= first_width]
    name = fitting[0][0][0] if fitting else abbreviate(items[0][-1][0][0], first_width)
    rows[0].append((name, name_style))
    for row, variant in placed or []:
        if rows[row]:
            rows[row].append((" ", fill))
        rows[row].extend((text, fill + style) for text, style in variant)
    for (y, x0, x1), pieces in zip(slots, rows, strict=True):
        used = _width(pieces)
        if pieces:
            lines[y] = (x0 + max(x1 - x0 - used, 0) // 2, pieces)
    return lines


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

"""Drawing the map's rows, cell by cell: shared by the game's map widget and
`warp-empires module map`, so that the preview shows what the app draws."""

from __future__ import annotations

from collections.abc import Callable, Collection

from rich.segment import Segment
from rich.style import Style
from textual.color import Color

from warp_empires.module.defs import MapDef, Module
from warp_empires.tui.mapgeom import VOID, Geometry
from warp_empires.tui.widgets.map_labels import (
    Piece,
    Placed,
    TerritoryLook,
    label_items,
    place_label,
)

# Arms of a junction redrawn heavy (choosable) or double (cursor): a cue that is
# not colour alone.
_HEAVY = str.maketrans("│─┌┐└┘├┤┬┴┼╵╷╴╶", "┃━┏┓┗┛┣┫┳┻╋╹╻╸╺")
_DOUBLE = str.maketrans("│─┌┐└┘├┤┬┴┼", "║═╔╗╚╝╠╣╦╩╬")
# How much of a kind's colour tints its regions: enough to tell a desert from
# the sea, little enough that names on it stay readable.
TINT = 0.3
# The style names a map is drawn with (the widget's `map--NAME` classes).
STYLE_NAMES = ("void", "border", "planet", "space", "choice", "cursor", "choice-border",
               "cursor-border", "name")

StyleOf = Callable[[str], Style]
Labels = Callable[[int], dict[int, tuple[int, list[Piece]]]]


class MapPaint:
    """The styles and fill of every territory at one theme. Build a new one
    when the theme changes: it keeps what it worked out."""

    def __init__(self, map_def: MapDef, style: StyleOf) -> None:
        self.map = map_def
        self.style = style
        self._base: dict[int, tuple[Style, Style, str]] = {}

    def _kind(self, t: int) -> tuple[Style, Style, str]:
        """A territory's plain style, its fill character's style, and that character.

        Without a look for its kind, a revenue territory is a solid region and
        any other one a sparse star field, as the map was first drawn."""
        found = self._base.get(t)
        if found is None:
            territory = self.map.territories[t]
            base = self.style("planet" if territory.is_revenue else "space")
            fill = "" if territory.is_revenue else "·"
            dots = base
            look = self.map.looks.get(territory.kind)
            if look is not None:
                fill = fill if look.fill is None else look.fill.strip()
                if look.colour:
                    colour = Color.parse(look.colour)
                    behind = Color.from_rich_color(base.bgcolor) if base.bgcolor else Color(0, 0, 0)
                    base = base + Style(bgcolor=behind.blend(colour, TINT).rich_color)
                    dots = base + Style(color=colour.rich_color)
                else:
                    dots = base
            found = (base, dots, fill)
            self._base[t] = found
        return found

    def fill(self, t: int, cursor: int = VOID, choices: Collection[int] = ()) -> Style:
        """The style a territory's interior and label are drawn on."""
        base = self._kind(t)[0]
        if t == cursor:
            return base + self.style("cursor")
        if t in choices:
            return base + self.style("choice")
        return base

    def label(self, geo: Geometry, module: Module, t: int, look: TerritoryLook,
              glyphs: tuple[str, str], side_style: Callable[[int], Style],
              cursor: int = VOID, choices: Collection[int] = (),
              number: int | None = None) -> Placed:
        """A territory's label as laid out on this map (`number`: its row in
        the choice list, before its name)."""
        items = label_items(module.map.territories[t], look, glyphs, side_style, number)
        fill = self.fill(t, cursor, choices)
        name_style = fill + self.style("name")
        if t == cursor:
            name_style = name_style + Style(reverse=True)
        return place_label(geo, t, items, fill, name_style)

    def cells(self, geo: Geometry, y: int, labels: Labels, cursor: int = VOID,
              choices: Collection[int] = ()) -> list[Piece]:
        """One screen row of the map: each cell's character and style."""
        cells: list[Piece] = []
        border_row, interior_row, touching_row = geo.border[y], geo.interior[y], geo.touching[y]
        void = self.style("void")
        for x in range(geo.width):
            glyph = border_row[x]
            if glyph:
                touching = touching_row[x]
                style = self.style("border")
                if cursor in touching:
                    glyph = glyph.translate(_DOUBLE)
                    style = style + self.style("cursor-border")
                elif any(t in choices for t in touching):
                    glyph = glyph.translate(_HEAVY)
                    style = style + self.style("choice-border")
                cells.append((glyph, style))
                continue
            t = interior_row[x]
            if t == VOID:
                cells.append((" ", void))
                continue
            _base, dots, fill = self._kind(t)
            # a sparse scatter of the kind's fill (stars in space, by default)
            if fill and (x * 7 + y * 13) % 17 == 0:
                on = dots if t != cursor and t not in choices else self.fill(t, cursor, choices)
                cells.append((fill, on))
            else:
                cells.append((" ", self.fill(t, cursor, choices)))
        for t, (top, bottom) in enumerate(geo.rows):
            label = labels(t).get(y) if top <= y <= bottom else None
            if label is None:
                continue
            x, pieces = label
            for text, style in pieces:
                for ch in text:
                    if 0 <= x < len(cells):
                        cells[x] = (ch, style)
                    x += 1
        return cells


def merge(cells: list[Piece]) -> list[Segment]:
    """Runs of cells of one style as segments."""
    segments: list[Segment] = []
    text: list[str] = []
    current: Style | None = None
    for ch, style in cells:
        if style is not current and style != current:
            if text:
                segments.append(Segment("".join(text), current))
            text, current = [], style
        text.append(ch)
    if text:
        segments.append(Segment("".join(text), current))
    return segments

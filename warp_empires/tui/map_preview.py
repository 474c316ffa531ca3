"""The map as the game screen draws it at one terminal size, without a game:
for `warp-empires module map`. The rows come from map_draw, the code the
map widget draws with; only the colours are fixed here (the default theme)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text
from textual.color import Color
from textual.theme import BUILTIN_THEMES

from warp_empires.module.defs import Module
from warp_empires.tui.labels import side_glyphs
from warp_empires.tui.looks import side_style
from warp_empires.tui.map_draw import MapPaint, merge
from warp_empires.tui.mapgeom import build_geometry, drawn_map, fit_scale
from warp_empires.tui.widgets.map_labels import Placed, TerritoryLook

DEFAULT_SIZE = (120, 40)
THEME = "textual-dark"  # the app's default


def map_room(width: int, height: int) -> tuple[int, int]:
    """The columns and rows the game screen gives its map in a terminal of
    `width` x `height`: what app.tcss and GameScreen.on_resize leave it
    (the side column; the phase bar, a two-line prompt, the bottom strip and
    the footer). tests/tui/test_map_preview.py measures the app against it."""
    side = 36 if width < 110 else 40
    if height >= 50:
        bottom = 15
    elif height < 27:
        bottom = 8
    elif height < 34:
        bottom = 7
    else:
        bottom = 9
    return max(width - side, 1), max(height - 1 - 2 - bottom - 1, 1)


@dataclass(frozen=True)
class Label:
    """Where a territory's label went and what of it was shown."""

    territory: int
    id: str
    name: str
    shown: str  # the name as drawn: the name, the module's label, or a cut
    complete: bool  # its revenue found room too
    lines: dict[int, tuple[int, str]]  # screen row -> (first column, text)
    short: str = ""  # the module's short label, if it gives one

    @property
    def cut(self) -> bool:
        """The name is cut (neither whole nor the module's label), or the revenue
        found no room: what a modder should fix."""
        return not self.complete or self.shown not in (self.name, self.short or self.name)


@dataclass(frozen=True)
class Preview:
    size: tuple[int, int]  # the terminal's
    room: tuple[int, int]  # the map's share of it
    scale: tuple[float, float]
    rows: list[Text]
    labels: list[Label]
    boxes: bool = False  # the module has no picture: a box a territory (mapgeom.drawn_map)

    @property
    def scrolls(self) -> bool:
        return bool(self.rows) and (len(self.rows) > self.room[1]
                                    or self.rows[0].cell_len > self.room[0])


def _styles() -> dict[str, Style]:
    """The map's styles in the default theme, as the widget's CSS gives them."""
    colours = BUILTIN_THEMES[THEME].to_color_system().generate()

    def colour(name: str) -> Color:
        return Color.parse(colours["background"]) + Color.parse(colours[name])

    def style(bg: str, fg: str, bold: bool = False) -> Style:
        return Style(bgcolor=colour(bg).rich_color, color=colour(fg).rich_color,
                     bold=bold or None)

    muted = style("background", "foreground-muted")
    return {"void": muted, "border": muted, "space": muted,
            "planet": style("panel", "foreground"), "name": Style(bold=True),
            "choice": Style(), "cursor": Style(), "choice-border": Style(),
            "cursor-border": Style()}


def preview(module: Module, width: int, height: int) -> Preview:
    """The map of `module` as a `width` x `height` terminal shows it at the
    start: scaled as the game screen scales it, with no markers or stacks."""
    room = map_room(width, height)
    drawn = drawn_map(module.map)  # a picture for a map without one, as the app draws it
    scale = fit_scale(drawn, *room)
    geo = build_geometry(drawn, *scale)
    styles = _styles()
    paint = MapPaint(drawn, styles.__getitem__)
    glyphs = side_glyphs(module)
    placed: dict[int, Placed] = {}
    for t in range(len(module.map.territories)):
        placed[t] = paint.label(geo, module, t, TerritoryLook(), glyphs,
                                lambda side: side_style(module, side))
    rows = []
    if drawn.picture:
        for y in range(geo.height):
            text = Text(no_wrap=True, end="")
            for segment in merge(paint.cells(geo, y, lambda t: placed[t].lines)):
                text.append(segment.text, segment.style)  # Text: never read as markup
            rows.append(text)
    labels = [
        Label(t.index, t.id, t.name, placed[t.index].name, placed[t.index].complete,
              {y: (x, "".join(text for text, _ in pieces))
               for y, (x, pieces) in sorted(placed[t.index].lines.items())},
              t.label)
        for t in module.map.territories
    ]
    return Preview((width, height), room, scale, rows, labels, drawn is not module.map)

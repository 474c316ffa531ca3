"""The map: one Line-API widget drawing the module's picture as interlocked regions.

Each screen row is built once into a Strip and cached; a change (cursor move,
new highlight, a stack moving) throws away only the rows of the territories it
touched, so a key press repaints a handful of lines.
"""

from __future__ import annotations

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from warp_empires.module.defs import Module
from warp_empires.tui.labels import side_glyphs
from warp_empires.tui.looks import side_style
from warp_empires.tui.map_draw import MapPaint, merge
from warp_empires.tui.mapgeom import (
    VOID,
    Geometry,
    build_geometry,
    drawn_map,
    fit_scale,
    nearest_in_direction,
)
from warp_empires.tui.widgets.map_labels import Piece, TerritoryLook

# The fixed zooms `z` steps through after fitting the window.
SCALES = ((1, 1), (2, 1), (2, 2))


class MapView(ScrollView, can_focus=True):
    """The game map; arrows move a cursor between territories, Enter selects."""

    BINDINGS = [
        Binding("up", "move('up')", "Map up", show=False),
        Binding("down", "move('down')", "Map down", show=False),
        Binding("left", "move('left')", "Map left", show=False),
        Binding("right", "move('right')", "Map right", show=False),
        Binding("enter", "select(True)", "Select", show=True),
        # the same, unsaid while no territory is a choice (play-test 17: the
        # footer offered Select and Next choice while the computer moved);
        # Enter still goes to the controller, which says why it does nothing
        Binding("enter", "select(False)", "Select", show=False),
        Binding("n", "next_choice", "Next choice", show=True),
        Binding("z", "zoom", "Zoom", show=True),
    ]

    COMPONENT_CLASSES = {
        "map--void",
        "map--border",
        "map--planet",
        "map--space",
        "map--choice",
        "map--cursor",
        "map--choice-border",
        "map--cursor-border",
        "map--name",
    }

    DEFAULT_CSS = """
    MapView { background: $background; scrollbar-size: 1 1; }
    MapView > .map--void { background: $background; color: $foreground-muted; }
    MapView > .map--border { background: $background; color: $foreground-muted; }
    MapView > .map--planet { background: $panel; color: $foreground; }
    MapView > .map--space { background: $background; color: $foreground-muted; }
    MapView > .map--choice { background: $primary-muted; color: $foreground; }
    MapView > .map--cursor { background: $panel-lighten-2; color: $foreground; }
    /* the cursor is bright only while the arrow keys move it: focus is seen */
    MapView:focus > .map--cursor { background: $accent-muted; }
    MapView > .map--choice-border { color: $primary; text-style: bold; }
    MapView > .map--cursor-border { color: $accent; text-style: bold; }
    MapView > .map--name { text-style: bold; }
    """

    class Selected(Message):
        """A territory was chosen by Enter or a click."""

        def __init__(self, territory: int) -> None:
            self.territory = territory
            super().__init__()

    class CursorMoved(Message):
        """The cursor is on another territory; `by_person`: moved by a key,
        a click or "Go to", not by the screen following a decision."""

        def __init__(self, territory: int, by_person: bool = False) -> None:
            self.territory = territory
            self.by_person = by_person
            super().__init__()

    def __init__(self, module: Module, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.module = module
        self.drawn = drawn_map(module.map)  # a picture for a map without one
        self._glyphs = side_glyphs(module)
        count = len(module.map.territories)
        self._looks: list[TerritoryLook] = [TerritoryLook()] * count
        self._choices: frozenset[int] = frozenset()
        self._numbers: dict[int, int] = {}  # a choice's row number, shown in its label
        self.cursor: int = 0
        self._forced_scale: tuple[float, float] | None = None  # None: fit the window
        self._scale: tuple[float, float] = (1, 1)
        self._geo: Geometry = build_geometry(self.drawn, 1, 1)
        self._rows: dict[int, Strip] = {}
        self._labels: dict[int, dict[int, tuple[int, list[Piece]]]] = {}
        self._styles: dict[str, Style] = {}
        self._painter: MapPaint | None = None
        self.virtual_size = Size(self._geo.width, self._geo.height)

    # -- public API -------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return self._geo

    @property
    def choices(self) -> frozenset[int]:
        return self._choices

    def set_looks(self, looks: list[TerritoryLook]) -> None:
        """Show what stands where; only changed territories are redrawn."""
        changed = [t for t, (a, b) in enumerate(zip(self._looks, looks, strict=True)) if a != b]
        self._looks = list(looks)
        self._invalidate(changed)

    def set_choices(self, choices: set[int] | frozenset[int],
                    numbers: dict[int, int] | None = None) -> None:
        """Territories the pending decision may pick; drawn heavier and tinted,
        each with its row's number before its name when `numbers` has it
        (issue 39: a destination off the list's page is read on the map and
        typed in two keys)."""
        new = frozenset(choices)
        numbers = numbers or {}
        renumbered = {t for t in set(numbers) | set(self._numbers)
                      if numbers.get(t) != self._numbers.get(t)}
        self._numbers = dict(numbers)
        if renumbered:
            self._invalidate(frozenset(renumbered))
        if new == self._choices:
            return
        changed = self._choices ^ new
        if not new or not self._choices:
            self.refresh_bindings()  # Select and Next choice are said or not
        self._choices = new
        # A border shared with a neighbour changes weight too.
        self._invalidate(changed, borders=True)

    def move_cursor_to(self, territory: int, *, scroll: bool = True,
                       by_person: bool = False) -> None:
        if not 0 <= territory < len(self._looks):
            return
        old, self.cursor = self.cursor, territory
        if old != territory:
            self._invalidate([old, territory], borders=True)
            self.post_message(self.CursorMoved(territory, by_person))
        if scroll:
            self._scroll_to_cursor()

    def anchor(self, territory: int) -> tuple[int, int]:
        """Where a territory's name is drawn, in map cells (x, y)."""
        lines = self._label(territory)
        if lines:
            y, (x, _pieces) = min(lines.items())
            return x, y
        cx, cy = self._geo.centre[territory]
        return int(cx), int(cy)

    # -- actions ----------------------------------------------------------

    def action_move(self, direction: str) -> None:
        target = nearest_in_direction(self._geo, self.cursor, direction)
        if target is not None:
            self.move_cursor_to(target, by_person=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "select":  # the binding said while there are choices
            said = parameters[0] if parameters else True
            return said == bool(self._choices)
        if action == "next_choice":
            return bool(self._choices)
        return True

    def action_select(self, said: bool = True) -> None:
        self.post_message(self.Selected(self.cursor))

    def action_next_choice(self) -> None:
        if not self._choices:
            return
        ordered = sorted(self._choices)
        later = [t for t in ordered if t > self.cursor]
        self.move_cursor_to(later[0] if later else ordered[0], by_person=True)

    def action_zoom(self) -> None:
        """Fit the window, then each fixed zoom in turn, then fit again."""
        steps: list[tuple[float, float] | None] = [None, *SCALES]
        current = steps.index(self._forced_scale) if self._forced_scale in steps else 0
        self._forced_scale = steps[(current + 1) % len(steps)]
        self._relayout()
        self.call_after_refresh(self._scroll_to_cursor)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        t = self._geo.territory_at(offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y)
        if t != VOID:
            self.move_cursor_to(t, scroll=False, by_person=True)
            self.post_message(self.Selected(t))

    # -- layout -----------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._relayout()
        self.call_after_refresh(self._scroll_to_cursor)

    def _best_scale(self) -> tuple[float, float]:
        """The zoom chosen with `z`, else the scale that fills the room the
        map has (mapgeom.fit_scale): the map grows with the window."""
        if self._forced_scale is not None:
            return self._forced_scale
        size = self.scrollable_content_region.size
        return fit_scale(self.drawn, size.width, size.height)

    def _relayout(self) -> None:
        scale = self._best_scale()
        if scale == self._scale:
            return
        self._scale = scale
        self._geo = build_geometry(self.drawn, *scale)
        self._rows.clear()
        self._labels.clear()
        self.virtual_size = Size(self._geo.width, self._geo.height)
        self.refresh()

    def _scroll_to_cursor(self) -> None:
        cx, cy = self._geo.centre[self.cursor]
        if cx < 0:
            return
        top, bottom = self._geo.rows[self.cursor]
        region = Region(int(cx) - 8, top, 16, max(bottom - top + 1, 1))
        self.scroll_to_region(region, animate=False, immediate=True)

    def on_focus(self, event: events.Focus) -> None:
        self._redraw_cursor()

    def on_blur(self, event: events.Blur) -> None:
        self._redraw_cursor()

    def _redraw_cursor(self) -> None:
        # the cursor's colour says whether the arrow keys move it (focus)
        self._styles = {}
        self._painter = None
        self._invalidate([self.cursor], borders=True)

    def notify_style_update(self) -> None:
        # A theme change alters every colour: rebuild all rows.
        super().notify_style_update()
        self._styles = {}
        self._painter = None
        self._rows = {}
        self._labels = {}

    # -- rendering --------------------------------------------------------

    def _invalidate(self, territories: list[int] | frozenset[int], borders: bool = False) -> None:
        rows: set[int] = set()
        for t in territories:
            self._labels.pop(t, None)
            top, bottom = self._geo.rows[t]
            rows.update(range(top, bottom + 1))
        for y in rows:
            self._rows.pop(y, None)
        if not rows:
            return
        scroll_y = self.scroll_offset.y
        width = self.size.width
        for y in rows:
            if 0 <= y - scroll_y < self.size.height:
                self.refresh(Region(0, y - scroll_y, width, 1))

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self.get_component_rich_style(f"map--{name}")
            self._styles[name] = style
        return style

    def _side_style(self, side: int) -> Style:
        key = f"side{side}"
        style = self._styles.get(key)
        if style is None:
            style = side_style(self.module, side)
            self._styles[key] = style
        return style

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        row = scroll_y + y
        width = self.size.width
        if row >= self._geo.height:
            return Strip.blank(width, self._style("void"))
        strip = self._rows.get(row)
        if strip is None:
            strip = self._build_row(row)
            self._rows[row] = strip
        return strip.crop_extend(scroll_x, scroll_x + width, self._style("void"))

    def _paint(self) -> MapPaint:
        # made again when the styles are (theme, focus): it keeps what it works out
        paint = self._painter
        if paint is None:
            paint = self._painter = MapPaint(self.drawn, self._style)
        return paint

    def _build_row(self, y: int) -> Strip:
        cells = self._paint().cells(self._geo, y, self._label, self.cursor, self._choices)
        return Strip(merge(cells), self._geo.width)

    def _label(self, t: int) -> dict[int, tuple[int, list[Piece]]]:
        """Label lines of one territory, keyed by screen row."""
        cached = self._labels.get(t)
        if cached is None:
            cached = self._paint().label(self._geo, self.module, t, self._looks[t], self._glyphs,
                                         self._side_style, self.cursor, self._choices,
                                         self._numbers.get(t)).lines
            self._labels[t] = cached
        return cached

"""The recap panel: what happened while this side waited (tui/recap.py), at
the top of the side column, over the territory's details, until this side's
next decision. At 80x24 it takes the hand's room too (app.tcss): the cards
to play are rows of the choices.

Tried at 120x40 and 80x24: beside the choices it took the room a long row
needs (a wrapped row hides the one below it), and over the map it hid where
the enemy went, which is what it tells; the details it covers are the
cursor's territory, looked at after reading what happened: moving the cursor
puts the recap away (screens/decision_input.py; play-test 16: in the Draw
phase the details stayed covered until a decision).
"""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from warp_empires.tui import news

# Rows of the side column left for the details below it (at 120x40 the
# territory's name and control stay in sight).
LEFT_FOR_DETAILS = 4
# A side column shorter than this keeps no room for the details; at 80x24
# the screen's other rows (the phase bar, the prompt, the choices, the footer).
SMALL = 16
OTHER_ROWS = 13
# The panel's border and padding: rows, and columns around the text.
BORDER_ROWS = 2
BORDER_COLUMNS = 4


class RecapPanel(Widget):
    """Lines of the events given, as many as the side column has room for
    (news.told, the hand-over card's choice); hidden when there are none."""

    DEFAULT_CSS = """
    RecapPanel {
        height: auto; border: round $warning; padding: 0 1; display: none;
        border-title-color: $warning; border-title-style: bold;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id)
        self.events: list[tuple[str, str]] = []
        self.border_title = "While you waited"
        self.lines: list[str] = []  # the lines told, once drawn
        self._drawn = Text()  # as laid out (get_content_height), drawn as it is

    def show(self, events: list[tuple[str, str]]) -> None:
        if events == self.events:
            return
        self.events = list(events)
        self.display = bool(events)
        self.refresh(layout=True)

    def _room(self, container: Size) -> int:
        """Rows for the lines: the side column's, less what the details keep
        (none on a small screen, where the side column is short)."""
        if container.height >= SMALL:
            return container.height - BORDER_ROWS - LEFT_FOR_DETAILS
        # 80x24: the hand makes way for it (app.tcss), which the first layout
        # may not know yet: the side column's rows, from the screen's
        return max(3, container.height, self.app.size.height - OTHER_ROWS) - BORDER_ROWS

    def _text(self, room: int, width: int) -> Text:
        """The lines told in `room` rows of `width` columns, each wrapped with
        its continuation indented under its bullet."""
        # wrapped here, not by the screen, so that the rows counted are those drawn
        self.lines = news.told(self.events, room, width - 2)
        rows: list[tuple[str, str]] = []
        count = news.left_out(self.events, self.lines)
        if count:
            rows.append((count, "dim"))
        first = {line for kind, line in news.runs(self.events) if kind in news.FIRST}
        for line in self.lines:
            style = "bold" if line in first else ""
            rows += [(row, style) for row in textwrap.wrap(
                f"\u2022 {line}", width, subsequent_indent="  ") or [""]]
        text = Text(no_wrap=True, overflow="ellipsis")
        for i, (row, style) in enumerate(rows):
            text.append(row + ("\n" if i + 1 < len(rows) else ""), style)  # never markup
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.events:
            self._drawn = Text()
            return 0
        self._drawn = self._text(self._room(container), max(10, width))
        return len(self._drawn.plain.split("\n"))

    def render(self) -> Text:
        return self._drawn

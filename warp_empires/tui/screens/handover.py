"""The hot-seat hand-over: an opaque screen between two people's views.

A plain Screen, not a ModalScreen: a modal is translucent and would let the
previous side's hand show through (RULINGS H6).
"""

from __future__ import annotations

import textwrap
import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static


class HandoverScreen(Screen[None]):
    """'Pass to <side>': nothing of either side's secrets is on it."""

    BINDINGS = [Binding("enter", "ready", "I am at the keyboard", priority=True)]

    DEFAULT_CSS = """
    HandoverScreen { align: center middle; background: $background; }
    HandoverScreen #card {
        width: 56; height: auto; border: heavy $accent; padding: 1 2;
        background: $surface;
    }
    HandoverScreen #who { text-style: bold; content-align: center middle; width: 100%; }
    HandoverScreen #happened { width: 100%; margin-bottom: 1; }
    HandoverScreen #why, HandoverScreen #press {
        color: $text-muted; width: 100%; content-align: center middle; text-align: center;
    }
    HandoverScreen Button { width: 100%; margin-top: 1; }
    """

    # Play-test: the last key of one side's turn and a quick Enter 0.15 s later
    # went straight through this screen and showed the next side's hand to the
    # player still at the keyboard (RULINGS H6). A moment before it listens.
    QUIET = 0.5

    # The public events told on the card, oldest first: the last ones, with a
    # count of those before them (the log has them all).
    TOLD = 8  # fewer where they would not fit as they wrap (_fitting)

    def __init__(self, side_name: str, reason: str, colour: str,
                 happened: list[str] | None = None) -> None:
        super().__init__()
        self.side_name = side_name
        self.reason = reason
        self.colour = colour
        # Play-test: finishing the Recruit phase ended the turn (the last
        # placements, upkeep, control) with nothing shown before this card;
        # then: told only since the other person's last decision, the card
        # missed the enemy's attack and its Incite Uprising. It tells what
        # happened since this person's own last decision. Public lines only:
        # both people may be looking (RULINGS H5, H6).
        happened = happened or []
        self.happened = happened[-self.TOLD:]
        self.earlier = len(happened) - len(self.happened)
        self._listens_at = time.monotonic() + self.QUIET

    def compose(self) -> ComposeResult:
        with Vertical(id="card"):
            name = Text(self.side_name, style=f"bold {Color.parse(self.colour).hex}")
            yield Static(Text.assemble("Pass to ", name), id="who")
            if self.happened:
                lines = self._fitting([f"• {line}" for line in self.happened])
                earlier = self.earlier + len(self.happened) - len(lines)
                if earlier:
                    lines.insert(0, f"({earlier} earlier in the log)")
                yield Static("\n".join(lines), id="happened", markup=False)  # the module's words
            yield Static(self.reason, id="why", markup=False)  # the module's words
            yield Static(
                "Press Enter when they are at the keyboard.", id="press"
            )
            yield Button(Text(f"I play {self.side_name}: show my game"), id="ready",
                         variant="primary")
        yield Footer()

    # The card's rows besides the lines told (its border, padding, the name,
    # the reason, the hint, the button and the footer), and its text width.
    CHROME_ROWS = 15
    TEXT_WIDTH = 50

    def _fitting(self, lines: list[str]) -> list[str]:
        """The last of `lines` that fit on the screen as they wrap, keeping a
        row for the count of those left out (play-test at 80x24: long lines
        pushed the card's bottom border off the screen)."""
        room = max(2, self.app.size.height - self.CHROME_ROWS)
        kept: list[str] = []
        for line in reversed(lines):
            rows = len(textwrap.wrap(line, self.TEXT_WIDTH)) or 1
            if rows > room - (1 if len(kept) + 1 < len(lines) else 0):
                break
            room -= rows
            kept.insert(0, line)
        return kept or lines[-1:]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        if time.monotonic() < self._listens_at:
            return  # a key meant for the screen before, or a double press
        self.dismiss(None)

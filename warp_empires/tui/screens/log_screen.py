"""The whole log on one screen: every line of the viewer's log, filtered by
whose player-turn it came in and by kind, with a key for each filter.

An opaque Screen, not a ModalScreen: in the hot seat the game screen beneath
holds the hand of the person at the keyboard, and nothing of the screen under
it should show (RULINGS H6). It shows only the log it is given, the view's of
the side at the keyboard (or the shared screen's public one), so nothing of
the other side's secrets is in it (RULINGS H1-H5).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from warp_empires.module.defs import Module
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.screens.log_panel import LOG_STYLE
from warp_empires.tui.widgets.fitted_footer import TidyFooter

# The kinds of events each filter shows (engine/board.log's kinds); the lines
# of other kinds (dice, setup, "info") show with every kind.
KINDS: dict[str, tuple[str, frozenset[str]]] = {
    "b": ("battles", frozenset({"battle", "loss", "retreat", "destroy", "rescue"})),
    "m": ("moves", frozenset({"move"})),
    "c": ("cards", frozenset({"card", "draw", "discard", "shuffle", "spy", "destroy",
                              "rescue"})),
    "r": ("recruits", frozenset({"recruit", "revenue"})),
    "o": ("control", frozenset({"control", "victory"})),
    "t": ("turns", frozenset({"turn", "phase", "initiative"})),
}
ALL = "all kinds"


def turn_sides(history: list[list[int]], turn: int, active: int) -> dict[int, int]:
    """Whose player-turn each turn was: the view's history (public, one entry
    per turn ended: [turn, side, ...]) and the turn being played. With the
    initiative rule a side may play two in a row (RULINGS O4): the number
    alone does not say."""
    sides = {entry[0]: entry[1] for entry in history}
    sides[turn] = active
    return sides


def shown(events: list[dict[str, Any]], sides: dict[int, int], side: int | None,
          kind: str | None) -> list[dict[str, Any]]:
    """The events of `side`'s player-turns (None: both) and of the filter
    `kind` (a key of KINDS; None: every kind)."""
    kinds = KINDS[kind][1] if kind is not None else None
    return [e for e in events
            if (side is None or sides.get(e.get("turn", -1)) == side)
            and (kinds is None or e.get("kind") in kinds)]


class LogScreen(DismissOnce, Screen[None]):
    """The log given, newest at the bottom; the footer lists the filters."""

    DEFAULT_CSS = """
    LogScreen { background: $background; }
    LogScreen #filter { height: auto; padding: 0 1; background: $boost; }
    LogScreen #whole-log { height: 1fr; border: round $secondary; }
    """

    # The keys are made with the module's side names: `for_module`.
    BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(self, module: Module, events: list[dict[str, Any]], sides: dict[int, int],
                 title: str) -> None:
        super().__init__()
        self.module = module
        self.events = events
        self.sides = sides
        self.log_title = title
        self.side: int | None = None
        self.kind: str | None = None
        self.lines: list[str] = []  # the lines shown now

    def compose(self) -> ComposeResult:
        yield Static(id="filter", markup=False)
        yield RichLog(id="whole-log", wrap=True, markup=False)
        yield TidyFooter()  # long-lived: its keys change often

    @classmethod
    def for_module(cls, module: Module, events: list[dict[str, Any]], sides: dict[int, int],
                   title: str) -> LogScreen:
        """The screen, its footer naming each side's key by the module's words
        (a class's bindings are made once, when the class is)."""
        # A filter's key again shows everything (80x24: no room for `0` and `a`).
        # Escape is said on the screen: the footer's room is for the filters at 80x24
        keys = [Binding("escape", "close", "Close", show=False),
                *(Binding(str(side + 1), f"side({side})", module.sides[side].short)
                  for side in (0, 1)),
                Binding("0", "side(-1)", "Both sides", show=False),
                *(Binding(key, f"kind('{key}')", name.capitalize())
                  for key, (name, _) in KINDS.items()),
                Binding("a", "kind('')", "All kinds", show=False)]
        named = type(cls.__name__, (cls,), {"BINDINGS": keys})
        return named(module, events, sides, title)

    def on_mount(self) -> None:
        footer = self.query_one(Footer)  # as the game screen's (80x24: room for the keys)
        footer.compact = self.app.size.width < 110
        footer.show_command_palette = self.app.size.width >= 110
        self.query_one("#whole-log", RichLog).border_title = self.log_title
        # once laid out: a RichLog wraps a line when it is written, to its width then
        self.call_after_refresh(self._write)

    def _write(self) -> None:
        events = shown(self.events, self.sides, self.side, self.kind)
        log = self.query_one("#whole-log", RichLog)
        log.clear()
        self.lines = []
        for event in events:
            line = Text(f"{event.get('turn', 0):>3} ", style="dim")
            # the module's words: a Text, never markup
            line.append(event["text"], style=LOG_STYLE.get(event.get("kind", ""), ""))
            log.write(line)
            self.lines.append(event["text"])
        whose = "both sides" if self.side is None else \
            f"the turns of {self.module.sides[self.side].the()}"
        what = ALL if self.kind is None else KINDS[self.kind][0]
        self.query_one("#filter", Static).update(
            f"{what.capitalize()}, {whose}: {len(events)} of {len(self.events)} lines, "
            "each after its turn's number (a filter's key again: all; Escape closes)")

    def action_side(self, side: int) -> None:
        self.side = None if side < 0 or side == self.side else side
        self._write()

    def action_kind(self, kind: str) -> None:
        self.kind = None if not kind or kind == self.kind else kind
        self._write()

    def action_close(self) -> None:
        self.dismiss(None)

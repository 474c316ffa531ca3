"""The hot-seat hand-over: an opaque screen between two people's views.

A plain Screen, not a ModalScreen: a modal is translucent and would let the
previous side's hand show through (RULINGS H6).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.color import Color
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from warp_empires.tui import news
from warp_empires.tui.control_words import Handover
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.widgets.fitted_footer import TidyFooter


class HandoverScreen(DismissOnce, Screen[None]):
    """'Pass to <side>': nothing of either side's secrets is on it.

    Its keys go to the game's controller (`press`), which decides what each
    means: Enter here says the person is at the keyboard, and a key typed
    after that Enter, before the card has gone, goes on to their decision:
    no key is lost to the card, and none reaches the screen behind it while
    the card is up (tui/controller.py)."""

    # Not a priority binding: those run when the app reads a key, ahead of
    # keys read before it and still on their way to a widget (play-test: `1`
    # and Enter in one write on the card took Enter first, then ticked a card
    # in the next person's hand). Every key goes the same way, in order:
    # `on_key`, to the controller. The binding is for the footer.
    BINDINGS = [Binding("enter", "ready", "I am at the keyboard"),
                Binding("p", "card_pass", "Pass without showing my screen"),
                Binding("P", "card_pass_to_end", "Pass to the end")]

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

    # What is told when not all fits: the recap's choice too (tui/news.py).
    TOLD = news.TOLD
    ROUTINE = news.ROUTINE  # the end screen's summary leaves these out too
    # The card's rows besides the lines told (its border, padding, the name,
    # the reason, the hint, the button and the footer), and its text width.
    CHROME_ROWS = 15
    TEXT_WIDTH = 50

    def __init__(self, side_name: str, reason: str, colour: str,
                 happened: list[tuple[str, str]] | None = None, *,
                 press: Callable[[str], None] | None = None,
                 handover: Handover | None = None) -> None:
        super().__init__()
        self._press = press
        self.handover = handover  # the controller's card this shows
        self._left = False
        self.side_name = side_name
        self.reason = reason
        self.colour = colour
        # Play-test: finishing the Recruit phase ended the turn (the last
        # placements, upkeep, control) with nothing shown before this card;
        # then: told only since the other person's last decision, the card
        # missed the enemy's attack and its Incite Uprising. It tells what
        # happened since this person's own last decision, (kind, line) pairs.
        # Public lines only: both people may be looking (RULINGS H5, H6).
        self.events = happened or []
        self.happened: list[str] = []  # the lines told, once composed

    def compose(self) -> ComposeResult:
        with Vertical(id="card"):
            name = Text(self.side_name, style=f"bold {Color.parse(self.colour).hex}")
            yield Static(Text.assemble("Pass to ", name), id="who")
            if self.events:
                room = max(2, self.app.size.height - self.CHROME_ROWS)
                self.happened = self.told(self.events, room)
                lines = [f"• {line}" for line in self.happened]
                count = news.left_out(self.events, self.happened, on_card=True)
                if count:
                    lines.insert(0, count)
                yield Static("\n".join(lines), id="happened", markup=False)  # the module's words
            yield Static(self.reason, id="why", markup=False)  # the module's words
            passes = self.handover is not None and self.handover.passes
            yield Static(
                "Press Enter when they are at the keyboard"
                + (" (or p: they pass, their screen unseen; P: to the end of the "
                   "battle)." if passes else "."), id="press"
            )
            ready = Button(Text(f"I play {self.side_name}: show my game"), id="ready",
                           variant="primary")
            # a click, not the focus: focused, its own Enter would hide the
            # card's from the footer (the card's keys all go to on_key)
            ready.can_focus = False
            yield ready
        yield TidyFooter()

    @classmethod
    def told(cls, events: list[tuple[str, str]], room: int) -> list[str]:
        """The lines of `events` told in `room` rows of the card (news.told)."""
        return news.told(events, room, cls.TEXT_WIDTH)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("card_pass", "card_pass_to_end"):  # standing_pass.card_passes
            return self.handover is not None and self.handover.passes
        return True

    def action_card_pass(self) -> None:  # the footer's; keys go by on_key
        if self._press is not None:
            self._press("p")

    def action_card_pass_to_end(self) -> None:
        if self._press is not None:
            self._press("P")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_ready()

    def action_ready(self) -> None:
        if self._press is None:
            self.leave()
        else:
            self._press("enter")  # the controller says the person is here: `leave`

    def on_key(self, event: events.Key) -> None:
        from warp_empires.tui.control_words import KEYS

        if self._press is not None and event.key in KEYS:
            event.stop()
            event.prevent_default()
            self._press(event.key)

    def leave(self) -> None:
        """Takes the card down, once, whatever keys arrive meanwhile."""
        if self._left:
            return
        self._left = True
        if self.is_current:
            self.dismiss(None)
        # else a dialog is over it: it goes when uncovered (on_screen_resume)

    def on_screen_resume(self) -> None:
        if self._left and self.is_current:
            self.dismiss(None)


runs = news.runs  # where the tests and older callers look for it

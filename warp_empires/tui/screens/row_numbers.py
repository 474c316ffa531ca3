"""Typing a row number of the choice list: one digit, or two for rows 10-99
(a digit that may begin a longer number waits a moment for the second; a
two-digit row that is not a pick waits for Enter).
A mixin of the game screen, kept apart so that the rule can be read alone."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from textual.timer import Timer

from warp_empires.tui.screens.decision_input import CONFIRMING
from warp_empires.tui.widgets.choice_list import ChoiceList

if TYPE_CHECKING:
    from warp_empires.present.rows import Choice


class RowNumbers:
    """Needs from the screen: `_choices`, `_view`, `choose`, `_choices_title`,
    and Textual's `app`, `query_one`, `set_timer` and `notify`."""

    # With 10 or more rows, a digit that may begin a two-digit row number waits
    # this long for the second digit (another key ends the wait at once).
    # Play-test: at 0.6 s, `1` and `2` typed 0.7 s apart by a newcomer looking
    # for the keys ticked rows 1 and 2, not row 12.
    SECOND_DIGIT_WAIT = 1.0

    _choices: list[Choice]
    _view: dict[str, Any] | None
    _first_digit: int | None = None  # a row number being typed
    _digit_timer: Timer | None = None
    _rows_changed_at = 0.0  # when the choice list last changed its length
    _row_title: str | None = None  # the list's title while it tells of a typed row

    def action_digit(self, digit: int, _label: str = "") -> None:
        """Row numbers: one digit picks at once when no longer number begins
        with it; else it waits a moment (SECOND_DIGIT_WAIT) for a second one,
        so that row 12 is `1` `2` and row 1 is `1` alone."""
        rows = len(self._choices)
        first = self._first_digit
        self._stop_digit_wait()
        if first is not None:
            self._two_digits(first * 10 + digit)
            return
        if digit == 0:
            return  # no row 0, and no row number begins with 0
        # A list that has just grown (a first unit picked brings destinations)
        # was not read yet: quick digits there are picks of their own.
        settled = time.monotonic() - self._rows_changed_at >= self.SECOND_DIGIT_WAIT
        if digit * 10 <= min(rows, ChoiceList.MAX_ROWS) and settled:
            self._first_digit = digit
            self._digit_timer = self.set_timer(self.SECOND_DIGIT_WAIT, self._flush_digit)
            self.query_one(ChoiceList).border_title = (
                f"Row {digit}_ : a second digit for rows {digit}0-{digit}9, or wait")
            return
        self._pick_row(digit)

    def action_menu_or_clear(self) -> None:
        """Escape: a row number being typed, or a row waiting for Enter, is
        let go first (play-test: Escape at "Row 12: Enter to choose it" opened
        the menu, and after it Enter still took row 12); else the game menu."""
        choices = self.query_one(ChoiceList)
        waiting = self._first_digit is not None or (
            self._row_title is not None and choices.border_title == self._row_title)
        if not waiting:
            self.app.action_game_menu()
            return
        self._stop_digit_wait()
        self._restore_title()
        choices.highlighted = None

    def _two_digits(self, number: int) -> None:
        """A two-digit row: a pick of a selection is taken at once (it can be
        taken back), anything else is only highlighted, for Enter: two picks
        typed quickly, `1` then `4`, read as row 14 moved a group for good
        (play-test)."""
        row = self._choices[number - 1] if 1 <= number <= len(self._choices) else None
        if row is None or row.is_item or not row.enabled:
            to_confirm = self._pick_row(number)
            if row is not None and row.is_item and row.enabled:
                # play-test: Enter after it, as a highlighted row asks, took it back
                done = "unticked" if row.picked else "ticked"
                then = "Enter confirms" if to_confirm else "Enter would undo that"
                self._row_title = f"Row {number} {done} ({then})"
                self.query_one(ChoiceList).border_title = self._row_title
            return
        choices = self.query_one(ChoiceList)
        choices.focus()
        choices.highlighted = number - 1
        self._row_title = f"Row {number}: Enter to choose it"
        choices.border_title = self._row_title

    def _pick_row(self, number: int) -> bool:
        """Takes the row; True when that was a tick that left nothing owed, so
        the confirming row is now highlighted."""
        if not 1 <= number <= len(self._choices):
            # play-test: `1` `8` typed in a 12-row list seemed to do nothing
            self.notify(f"There is no row {number}: the list has {len(self._choices)}.",
                        severity="warning", timeout=3)
            return False
        row = self._choices[number - 1]
        owed = self._view["prompt"]["owed"] if self._view is not None else 0
        if row.is_item and row.enabled:
            # the highlight goes to the row picked, so that its tick is in sight
            # (play-test: a pick of row 11 left the list showing rows 1-6)
            self.query_one(ChoiceList).highlighted = number - 1
        # At once, not through a message: a key that ended the wait (undo,
        # confirm) must act after this pick, not before it.
        self.choose(row)
        if not (row.is_item and owed and self._view is not None
                and self._view["prompt"]["owed"] == 0):
            return False
        # The last pick owed: the highlight goes on to the confirming row
        # (play-test: a number then Enter, to confirm, took the pick back).
        confirm = next((i for i, c in enumerate(self._choices)
                        if c.action[0] in CONFIRMING and c.enabled), None)
        if confirm is None:
            return False
        self.query_one(ChoiceList).highlighted = confirm
        return True

    def _restore_title(self) -> None:
        # as ChoiceList.show puts it: the words may quote a module's
        self.query_one(ChoiceList).border_title = escape(self._choices_title(bool(self._choices)))
        self._row_title = None

    def _stop_digit_wait(self) -> None:
        if self._first_digit is not None:
            self._restore_title()
        self._first_digit = None
        if self._digit_timer is not None:
            self._digit_timer.stop()
            self._digit_timer = None

    def _flush_digit(self) -> None:
        """A digit waiting for a second one counts alone (time is up, or
        another key came)."""
        first = self._first_digit
        self._stop_digit_wait()
        if first is not None:
            self._pick_row(first)

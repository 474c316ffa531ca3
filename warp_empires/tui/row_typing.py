"""Row numbers typed as digits, without a timer: a mixin of the controller
(tui/controller.py), kept apart so the grammar reads on its own. A digit that
cannot begin a longer row number takes its row at once; one that can waits,
and the next key settles it (DESIGN.md, "Front ends")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.tui.control_words import CONFIRMING, MAX_TYPED_ROW, Mode, Notice

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.present.rows import Choice


class RowTyping:
    """Needs from the controller what is declared here."""

    rows: list[Choice]
    view: View | None
    mode: Mode
    prefix: int | None
    typed_row: int | None
    typed_pick: int | None = None  # a row a number just ticked: see typed_enter
    # two tick rows typed as one number that is a row of another kind: held
    # with that row for Enter; any other key ticks the two (`_pair_of_ticks`)
    typed_pair: tuple[int, int] | None = None
    title_note: str | None
    highlight: int | None
    in_sight: int | None = None  # a row to bring into view before the highlight
    fresh: bool
    notices: list[Notice]

    ahead: list[str]
    _ahead_times: list[float | None]

    if TYPE_CHECKING:
        def _hold(self, key: str, typed_at: float | None = None) -> None: ...
        def choose_row(self, index: int) -> None: ...
        def ready(self) -> None: ...


    def escape(self) -> bool:
        """Lets go of a row being typed, a row waiting for Enter and any keys
        typed ahead. False when there was none of those (the screen opens
        its menu instead)."""
        waiting = self.prefix is not None or self.title_note is not None or bool(self.ahead)
        self.prefix = None
        self.title_note = None
        self.typed_row = None
        self.typed_pair = None
        self.highlight = None
        self.ahead.clear()
        self._ahead_times.clear()
        return waiting

    def enter(self, row: int | None) -> None:
        """Enter on the list (`row`: the highlighted one, if any), or on a
        row number being typed: that number alone."""
        if self.mode is Mode.HANDOVER:
            self.ready()
            return
        if self.mode is not Mode.DECIDING:
            # Enter completes keys typed ahead (a row number); alone it means nothing
            if self.mode in (Mode.WATCHING, Mode.SERVER) and self.ahead:
                self._hold("enter", self._ahead_times[-1] if self._ahead_times else None)
            return
        if self.prefix is not None:
            self._settle()
            return
        if self.typed_enter(row):
            return
        if row is None:
            row = self.typed_row  # a typed two-digit row waits for this Enter
        self.title_note = None
        self.typed_row = None
        self.typed_pair = None  # Enter chose the row, not the two ticks
        if row is None:
            self.notices.append(Notice(
                "No row is highlighted: type a row's number, or move to it with the "
                "arrow keys, then Enter.", "warning", 4))
            return
        self.choose_row(row)

    def _digit(self, digit: int) -> None:
        """Row numbers without a timer: a digit that cannot begin a longer row
        number takes its row at once; one that can waits, and the next key
        settles it (a second digit that makes a row; else the first digit
        alone, then that key)."""
        self._settle_pair()
        if self.mode is not Mode.DECIDING:
            self._hold(str(digit))  # the ticks made a decision: the digit waits its turn
            return
        rows = min(len(self.rows), MAX_TYPED_ROW)
        first = self.prefix
        self.title_note = None
        self.typed_row = None
        self.fresh = False
        if first is not None:
            self.prefix = None
            if first * 10 + digit <= rows:
                self._typed_row(first * 10 + digit, two_digits=True)
                return
            self._typed_row(first, two_digits=False)  # no such row: the first digit alone
            if self.mode is not Mode.DECIDING:
                self._hold(str(digit))
                return
            picks = self._ticks_only(first)
            self._digit(digit)
            if picks and self._ticks_only(digit) and self.prefix is None:
                # Both were ticks of one selection: the title names both (play-test:
                # `1` `4` after paging "toggled only row 4", row 1 out of sight)
                self.title_note = self._tick_note([first, digit], f" (no row {first}{digit})")
                self.in_sight = first - 1  # and both rows in sight where they fit
            return
        if digit == 0:
            self.notices.append(Notice("There is no row 0.", "warning"))
            return
        if digit * 10 <= rows:
            self.prefix = digit
            return
        self._typed_row(digit, two_digits=False)

    def _ticks_only(self, number: int) -> bool:
        """Whether row `number` ticks or unticks an item of the selection shown."""
        return (self.mode is Mode.DECIDING and 1 <= number <= len(self.rows)
                and self.rows[number - 1].is_item)

    def _pair_of_ticks(self, number: int) -> bool:
        """Whether two-digit row `number`, not a tick itself, is also two
        different tick rows a person may have meant (play-tests 13 and 14: `1`
        `3` meant as two ticks read as row 13, *lose the picked units*, and
        `1` `4` as row 14, *choose another group*). Either reading is held,
        a destination too, also in the side's own Move phase: play-test 16's
        `2` `5`, meant as two unticks, sent a stack of 7 to row 25. That costs
        about a key a player-turn (benchmarks/bench_keys.py: median 26 keys,
        the issue-39 target, against 24 with destinations taken at once)."""
        first, second = divmod(number, 10)
        if not 10 <= number <= len(self.rows) or first == second or second == 0:
            return False
        row = self.rows[number - 1]
        if row.is_item:
            return False
        return all(self._ticks_only(n) and self.rows[n - 1].enabled for n in (first, second))

    def _settle_pair(self) -> None:
        """A row held for Enter as two ticks too (`_pair_of_ticks`), then any
        key but Enter or Escape: the two ticks were meant. Each is ticked, and
        the title names both."""
        pair, self.typed_pair = self.typed_pair, None
        if pair is not None:
            self._tick_both(pair)

    def _tick_both(self, pair: tuple[int, int]) -> None:
        """Ticks the two rows in turn; the title names both."""
        self.typed_row = self.highlight = None
        self.title_note = None
        for number in pair:
            if self.mode is not Mode.DECIDING:
                self._hold(str(number))  # the first tick made a decision
                return
            self._typed_row(number, two_digits=False)
        if self.mode is Mode.DECIDING and all(self._ticks_only(n) for n in pair):
            self.title_note = self._tick_note(list(pair))
            self.in_sight = pair[0] - 1

    def _tick_note(self, numbers: list[int], why: str = "") -> str:
        """The list's title after rows ticked by their numbers: which, and,
        where the confirming row is highlighted, what Enter does there in its
        own words (play-test: "Row 11 ticked (Enter confirms)" left open
        whether Enter confirmed the row or the whole selection)."""
        states = ["ticked" if self.rows[n - 1].picked else "unticked" for n in numbers]
        if len(set(states)) == 1:
            said = f"Row {numbers[0]}" if len(numbers) == 1 else \
                f"Rows {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"
            said += f" {states[0]}"
        else:
            said = ", ".join(f"row {n} {state}" for n, state in zip(numbers, states, strict=True))
            said = said[0].upper() + said[1:]
        confirm = self.highlight
        if confirm is None or not 0 <= confirm < len(self.rows) \
                or self.rows[confirm].action[0] not in CONFIRMING:
            return said + why
        # (the title must fit an 80-column list: the Enter part before `why`)
        return f"{said}. Enter now: {self.rows[confirm].label} (row {confirm + 1})"

    def keys_for(self, index: int) -> list[str]:
        """The keys a person types for row `index` (from 0) as the rows stand:
        the inverse of `_digit` (a number that could still grow needs Enter
        after it, and so does a two-digit row that is no pick)."""
        number = index + 1
        rows = min(len(self.rows), MAX_TYPED_ROW)
        keys = list(str(number))
        row = self.rows[index]
        if number < 10 and number * 10 <= rows:
            keys.append("enter")
        elif number >= 10 and not (row.is_item and row.enabled) and (
                not self._taken_back_later() or self._pair_of_ticks(number)):
            keys.append("enter")
        return keys

    def _taken_back_later(self) -> bool:
        """Whether a decision made now can be taken back with `u` until the
        phase ends: the deciding side's own Move phase (RULINGS Z2). There a
        two-digit row is taken at once, so a destination is two keys at most
        wherever it stands in the list; elsewhere (a recruit's place, a
        card's target) it waits for Enter, as a slip there would stand."""
        view = self.view
        return view is not None and view.phase == "move" and view.active == view.side

    def _settle(self) -> None:
        """A digit waiting for a second one counts alone; a row held as two
        ticks too is the two ticks."""
        self._settle_pair()
        first, self.prefix = self.prefix, None
        if first is not None:
            self._typed_row(first, two_digits=False)

    def _typed_row(self, number: int, two_digits: bool) -> None:
        """A typed row number. A two-digit row that is not a pick is only
        highlighted, for Enter, where it could not be taken back (play-test:
        two picks typed quickly, `1` `4`, read as row 14 moved a group for
        good, before RULINGS Z2 let a move be undone); everything else is taken."""
        if not 1 <= number <= len(self.rows):
            self.notices.append(Notice(
                f"There is no row {number}: the list has {len(self.rows)}.", "warning"))
            return
        row = self.rows[number - 1]
        pair = two_digits and self._pair_of_ticks(number)
        if pair and not row.enabled:
            # a row that cannot be chosen now (a discard before enough are
            # picked): the two ticks are the only reading
            self._tick_both(divmod(number, 10))
            return
        if two_digits and not (row.is_item and row.enabled) and (
                not self._taken_back_later() or pair):
            if row.enabled:
                self.highlight = self.typed_row = number - 1
                self.title_note = f"Row {number}: Enter to choose it"
                if pair:
                    first, second = divmod(number, 10)
                    self.typed_pair = (first, second)
                    # (play-test 17: "another key", and an arrow key, which
                    # moves the map or the list, left it waiting)
                    self.title_note += f"; a letter or digit ticks rows {first} and {second}"
                return
        if row.is_item and row.enabled:
            self.highlight = number - 1  # its tick in sight (play-test: row 11 off screen)
        owed = self.view.prompt.owed if self.view is not None else 0
        self.choose_row(number - 1)
        last_owed = (row.is_item and owed and self.mode is Mode.DECIDING
                     and self.view is not None and self.view.prompt.owed == 0)
        # The last pick owed: the confirming row is highlighted (play-test: a
        # number then Enter, to confirm, took the pick back).
        confirm = next((i for i, c in enumerate(self.rows)
                        if c.action[0] in CONFIRMING and c.enabled), None) if last_owed else None
        if confirm is not None:
            self.highlight = confirm
        if row.is_item and row.enabled and confirm is None and self.mode is Mode.DECIDING:
            # play-tests: Enter after a number, as if to enter it, ticked the
            # highlighted row (the one just typed) back: Enter straight after
            # leaves it as typed (`typed_enter`)
            self.typed_pick = number - 1
        # the title says what the highlighted confirming row does (play-test 16:
        # after a last single-digit tick it said only "5 of 12 picked")
        if (two_digits or confirm is not None) and row.is_item and row.enabled \
                and self._ticks_only(number):
            self.title_note = self._tick_note([number])

    def typed_enter(self, row: int | None) -> bool:
        """Enter on the row a number just ticked or unticked, with nothing
        between: the number already did it, so Enter leaves it and says so
        (True); False where Enter means what it always does."""
        typed, self.typed_pick = self.typed_pick, None
        if typed is None or row not in (None, typed) or typed >= len(self.rows):
            return False
        number = typed + 1
        self.notices.append(Notice(
            f"Row {number} was already {'ticked' if self.rows[typed].picked else 'unticked'} "
            f"by its number: Enter is not needed (`{number}` again to change it).", timeout=4))
        return True

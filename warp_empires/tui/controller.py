"""The decision controller: what a key means in a game, in plain Python.

One object between a session (a hot seat, a game against the computer, or a
joined seat: tui/session.py, tui/remote.py) and the screen that draws it. It
holds everything that decides what a key does: who is at the keyboard, the
rows of the pending decision, a row number being typed, the keys typed ahead
while the other side or the server has not answered, and the batch that one
`u` takes back. The screen forwards keys and draws `state`; nothing here
knows Textual, so it is tested in milliseconds without a screen.

A key means one thing, decided by the state it arrives in, never by a timer
(DESIGN.md, "Front ends"): every key is applied in the order typed. While the
keyboard is being handed over, keys are the hand-over card's (Enter: "I am
at the keyboard"); while the other side or the server decides, keys wait in
order and are applied once this side decides again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from warp_empires.engine import IllegalAction, View
from warp_empires.present.rows import (
    Choice,
    RowMemory,
    choices_title,
    discarding,
)
from warp_empires.tui import news
from warp_empires.tui.control_words import (
    _CONFIRM_OF_KEY,
    _VERB_OF_KEY,
    CONFIRMING,
    DIGITS,
    MAX_TYPED_ROW,
    VERB_KEYS,
    WATCHED,
    Handover,
    Mode,
    Note,
    Notice,
)
from warp_empires.tui.pointing import Pointing
from warp_empires.tui.recap import Recaps
from warp_empires.tui.row_typing import RowTyping
from warp_empires.tui.several import SeveralAtOnce
from warp_empires.tui.standing_pass import Said, StandingPass
from warp_empires.tui.taken_for import TakenFor
from warp_empires.tui.typed_ahead import TypedAhead

if TYPE_CHECKING:
    from warp_empires.module.defs import Module
    from warp_empires.tui.seat import GameSession

class Controller(TypedAhead, RowTyping, Pointing, SeveralAtOnce, StandingPass, TakenFor,
                 Recaps):
    """Maps keys and clicks to decisions of one session, in order. See the
    module's docstring; `Mode` says what a key can do now."""

    def __init__(self, session: GameSession, *,
                 auto_forced: Callable[[], bool] | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        self.session = session
        # the clock keys are stamped with when read (the screen passes Textual's)
        self.clock = clock or time.monotonic
        self.module: Module = session.module
        # whether forced decisions are taken for the person (a remembered setting)
        self._auto_forced = auto_forced or (lambda: True)
        self.mode = Mode.WATCHING
        self.viewer: int | None = None  # whose view is drawn (None while handing over)
        self.public = False  # the screen shows only what both players may see
        # Hot seat: the side whose person has the keyboard; None before the first.
        self.keyboard: int | None = None
        self.view: View | None = None
        self.rows: list[Choice] = []
        self.hand_order: list[int] = []  # the view's hand in the order shown
        self.handover: Handover | None = None
        # A new person at the keyboard, or a private screen turned shared: the
        # list starts with no row highlighted, so a lone Enter meant for a
        # hand-over takes nothing (by design, not by a pause).
        self.fresh = False
        self.same_decision = False  # the decision drawn last goes on (a pick made)
        self.prefix: int | None = None  # the first digit of a row number being typed
        self.highlight: int | None = None  # a row the screen should highlight now
        self.title_note: str | None = None  # the list's title while it tells of a typed row
        self.typed_row: int | None = None  # a typed two-digit row waiting for Enter
        self.cursor_to: int | None = None  # a territory the map's cursor should go to
        self.notices: list[Notice] = []
        self.notes: list[Note] = []  # lines for the log of the front end's own
        self.ahead: list[str] = []  # keys typed while this side could not decide
        self._ahead_times: list[float | None] = []  # when each was typed
        # when this side's decisions were on screen, and the other side last
        # acted: a key typed for a decision that has gone is let go (typed_ahead.py)
        self._own_since: float | None = None
        self._own_spans: list[tuple[float, float]] = []
        self._taken_for_it_at = float("-inf")
        self._turn_changed_at = float("-inf")
        self.turn_ended = False  # a player-turn ended since the screen last looked
        self._last_turn = session.turn
        self._rows_memory = RowMemory()
        # the session's: a joined seat keeps it across a restart (tui/remote.py)
        self._hand_memory = session.hand_order
        self._decision: tuple | None = None
        self._log_marks: dict[int, int] = {}  # per side, the log before its latest decision
        self._goal_told: set[int] = set()  # sides told their victory conditions
        # per side, whether its latest decision was in its own player-turn
        self._mark_own: dict[int, bool] = {}
        self._batch: tuple[int, int] | None = None  # (decisions, version after them)
        self._placed_at: tuple[int, int] | None = None  # (turn, territory) of the last recruit
        self._passing: dict[int, Said] = {}  # `P` said (standing_pass.py)
        # what happened while this side waited (recap.py); a game opened or
        # joined: each side is told its latest turn
        self.recap, self._recap_marks, self._waited = [], {}, {0, 1}

    # -- the state drawn --------------------------------------------------------

    @property
    def deciding(self) -> bool:
        return self.mode is Mode.DECIDING

    def title(self) -> str:
        """The choice list's title: a typed row first, then what is owed."""
        if self.prefix is not None:
            first = self.prefix * 10
            last = min(len(self.rows), MAX_TYPED_ROW, first + 9)
            # play-test 16: "for rows 10-10" in a list of ten
            rows = f"row {first}" if last == first else f"rows {first}-{last}"
            return (f"Row {self.prefix}_ : a second digit for {rows}, "
                    "or Enter for row " + str(self.prefix))
        if self.title_note is not None:
            return self.title_note
        if self.mode is Mode.SERVER:
            return "Sent: waiting for the server"
        if self.mode is not Mode.DECIDING:
            n = len(self.ahead)
            return "Waiting" + (f" ({n} {'key' if n == 1 else 'keys'} typed ahead)" if n else "")
        if self.one_key():
            return "Choices: one to pick; its number takes it at once"
        title = choices_title(self.view, self.rows, self.session.prompt())
        ticked = self.ticked_words()
        return f"{title} · {ticked}" if ticked is not None else title

    # -- catching up with the session -------------------------------------------

    def refresh(self) -> None:
        """Catches up with the session after any change: whose view, which
        rows, and whether the keyboard must be handed over first."""
        now = self.clock()
        if self.session.turn != self._last_turn:
            self._turn_changed_at = now
        self._refresh()
        self.track_own(now)
        self.tick_at_once()

    def _refresh(self) -> None:
        if self.mode is Mode.HANDOVER:
            return  # the next person's view is made when they are at the keyboard
        s = self.session
        if s.turn != self._last_turn:
            self._last_turn = s.turn
            self.turn_ended = True
        if self._run is not None:
            self.run_on()  # `a` taking a computer's picks, one an answer (several.py)
        if s.waiting:
            self.mode = Mode.SERVER  # the rows stay as they were, keys wait
            return
        if s.over:
            self._show(self.viewer if self.viewer is not None else 0)
            self.mode = Mode.OVER
            return
        viewer = s.viewer(self.viewer)
        prompt = s.prompt()
        shared = s.shared_decision()
        # A battle's losses and retreat are taken on the shared screen even by
        # the side that has the keyboard (play-test: a winner's first pick
        # showed the winner's hand to a loser who looked on at losses).
        watched = shared and prompt.kind in WATCHED
        if s.hot_seat and (viewer != self.keyboard or self.public or watched):
            if shared and prompt.side == viewer:
                # Nothing secret on screen: the other person takes the keyboard
                # without a hand-over card (RULINGS H6).
                if viewer != self.keyboard or not self.public:
                    self.fresh = True
                if viewer != self.keyboard and self.keyboard is not None:
                    # play-test: only the prompt line changed, nobody saw whose turn it was
                    self.notices.append(Notice(
                        f"{self.module.sides[viewer].name}, your choice: {prompt.text}", timeout=5))
                self.keyboard = viewer
                self._show(viewer, public=True)
                return
            self._hand_over(viewer)
            return
        self._show(viewer)

    def _hand_over(self, side: int) -> None:
        """The hand-over card goes up; the last view's secrets are wiped first,
        so nothing drawn under or after it holds them (RULINGS H6)."""
        self._forget_screen()
        self.viewer = None
        self.mode = Mode.HANDOVER
        mark = self._log_marks.get(side, self.session.news_mark(side))
        told = self.session.public_since(mark)
        if self._mark_own.get(side, False):
            told = news.own_turn_last(told)
        self.handover = Handover(side, self._goal_once(side) + self.lapsed_words(side)
                                 + self.session.prompt().text + self.standing_words(side),
                                 told, self.card_passes(side))

    def takes_enter(self) -> bool:
        """Whether Enter means something of the controller's now (the hand-over
        card, a row number being typed, a typed row waiting, keys typed ahead)
        rather than the map's territory or the hand's card under the cursor:
        in a burst of keys, Enter reaches whichever widget had the focus when
        it was typed."""
        return self.mode is not Mode.DECIDING or self.prefix is not None \
            or self.typed_row is not None

    def _forget_screen(self) -> None:
        self.rows = []
        self.view = None
        self.hand_order = []
        self._decision = None
        self._rows_memory.forget()
        self.prefix = None
        self.title_note = None
        self.typed_row = self.typed_pick = self.typed_pair = None
        self.highlight = None

    def ready(self) -> None:
        """The person named on the hand-over card is at the keyboard."""
        if self.mode is not Mode.HANDOVER or self.handover is None:
            return
        side = self.handover.side
        self.handover = None
        self.keyboard = side
        self.public = False
        self.fresh = True
        self.mode = Mode.WATCHING
        self._show(side)
        self._recap_told(side)  # the card told it
        self.track_own(self.clock())
        self.tick_at_once()

    def _show(self, viewer: int, public: bool = False) -> None:
        s = self.session
        self.viewer = viewer
        self.public = public
        view = s.view(viewer, public=public)
        self.view = view
        prompt = s.prompt()
        deciding = prompt.side == viewer and s.is_human(viewer) and not s.over
        rows = self._rows_memory.keep(view, s.choices()) if deciding else []
        # a shared screen shows no hand: the order seen is kept for later
        self.hand_order = [] if public else self._hand_memory.arrange(viewer, view.hand)
        if deciding and discarding(view) and len(rows) >= len(self.hand_order):
            # the first rows are the hand's cards: in the order the hand is shown
            rows = [rows[i] for i in self.hand_order] + rows[len(self.hand_order):]
        self.rows = rows
        if deciding and self.one_key():  # its pick confirms it: no confirming row
            self.rows = [r for r in rows if r.is_item or r.action[0] not in CONFIRMING]
        decision = self._decision_key(view, deciding)
        self.same_decision = decision is not None and decision == self._decision
        self._decision = decision
        self.mode = Mode.DECIDING if deciding else Mode.WATCHING
        if deciding and not public:
            self._goal_noted(viewer)
        self._recap_shown(view, deciding)
        if deciding and self.ahead:
            self.track_own(self.clock())
            self._type_ahead()

    def _decision_key(self, view: View, deciding: bool) -> tuple | None:
        """What is being decided: the same while picking the items of one
        selection, so that the highlight and the focus stay where they are."""
        if not deciding:
            return None
        selection = view.pend.selection
        rows = tuple(selection.items) if selection else tuple(c.action for c in self.rows)
        return (view.side, view.prompt.kind, view.pend.src, rows)

    # -- keys ---------------------------------------------------------------------

    def key(self, key: str, typed_at: float | None = None) -> None:
        """One key, in the order typed (see KEYS); `typed_at`: when it was
        read from the terminal (the controller's clock), if known."""
        if self.mode is Mode.HANDOVER:
            if key == "enter":
                self.ready()
            elif key in ("p", "P"):
                self.pass_from_card(to_end=key == "P")
            return  # nothing else means anything on the card
        if self.mode is Mode.OVER:
            return
        if key != "enter":
            self.typed_pick = None  # (row_typing.typed_enter)
        if key != "escape" and self.typed_for_a_gone_decision(typed_at):
            self.let_go(1)
            return
        if key == "escape":
            self.escape()
            return
        if self.mode is not Mode.DECIDING:
            # typed ahead: applied in order once this side decides again
            self._hold(key, typed_at)
            return
        if key == "enter":
            self.enter(None)
            return
        if key in DIGITS:
            self._digit(int(key))
            return
        self._settle()  # a row number being typed counts alone before any other key
        self.title_note = None
        self.typed_row = None
        if self.mode is not Mode.DECIDING:
            self._hold(key, typed_at)  # that row was a decision: the key waits its turn
            return
        self.fresh = False
        if key == "c" or key in _CONFIRM_OF_KEY:
            self._confirm(_CONFIRM_OF_KEY.get(key))
        elif key in _VERB_OF_KEY:
            self.verb(_VERB_OF_KEY[key])
        elif key == "u":
            self.undo()
        elif key == "a":
            self.one_key_for_all()
        elif key == "P":
            self.pass_to_end()

    # -- decisions ----------------------------------------------------------------

    def choose_row(self, index: int) -> None:
        if 0 <= index < len(self.rows):
            self.choose(self.rows[index])

    def choose(self, choice: Choice) -> None:
        """Carries out a row, if it is one of this side's now."""
        self.typed_pick = None
        if self.mode is not Mode.DECIDING:
            return
        side = self.session.prompt().side
        if choice not in self.rows or side != self.viewer:
            self.notices.append(Notice("That is not a choice now.", "warning"))
            return
        if not choice.enabled:
            row = self.rows.index(choice) + 1
            # play-test: "Not now: ..." after `5` did not say which row 5 was
            self.notices.append(Notice(f"Row {row}, {choice.label}: not now"
                                       + (f", {choice.why}." if choice.why else "."), "warning"))
            return
        self.fresh = False
        self._ticked_changed |= choice.action[0] in ("pick", "unpick")  # several.ticked_words
        self._recap_decided(side)
        if self.session.hot_seat:  # the hand-over card tells what follows
            self._log_marks[side] = self.session.log_length()
            self._mark_own[side] = self.view is not None and self.view.active == side
        closes = self.closes_at_once(choice.action)
        before = self.session.version
        self._batch = None
        try:
            self.session.apply(side, choice.action)
        except IllegalAction as error:
            self.notices.append(Notice(f"Not allowed: {error}", "error"))
        else:
            if choice.action[0] == "place":
                self._placed_at = (self.session.turn, choice.action[1])
            if closes:
                self.close_at_once(side, before)
        if choice.territory is not None:
            self.cursor_to = choice.territory
        self.after_change()

    def after_change(self) -> None:
        """After a decision: the forced ones follow at once (RULINGS H9), then
        the state catches up with the session."""
        while True:
            if self.pass_as_said():
                continue  # a side that said it passes to the end of a battle
            if not self._auto_forced():
                break
            at = self._log_at()
            prompt = self.session.prompt()
            forced = prompt.forced  # (read before the state changes: engine Prompt)
            done = self.session.play_forced(one=True)
            if not done:
                break
            side, label = done[0]
            if side == self.viewer:
                self._taken_for_it_at = self.clock()  # keys typed for it went with it
            self.tell_taken(side, prompt.kind, forced, label, at)
        self.refresh()

    def verb(self, verb: str) -> None:
        for choice in self.rows:
            if choice.action[0] == verb and choice.enabled:
                self.choose(choice)
                return
        stop = next((c for c in self.rows if c.action == ("stop",) and c.enabled), None)
        if verb == "end" and stop is not None:
            # `e` while a move card's groups are chosen: stop with the card and
            # end the Move phase, one key for what "s e" did (play-tests: `e`
            # there did nothing; issue 39). Stopping is the person's to say
            # (whether a unit could still move may be a secret, RULINGS H9)
            # and they said it; both stay in their own Move phase (Z2).
            self.choose(stop)
            if self.session.waiting:
                self._hold("e")  # a joined seat: once the stop's answer has come
            elif self.mode is Mode.DECIDING and any(c.action == ("end",) and c.enabled
                                                   for c in self.rows):
                self.verb("end")
            return
        # play-test: `e` typed while a move card was carried out did nothing, unsaid
        key, label = VERB_KEYS[verb]
        self.notices.append(Notice(f"{key} ({label}) is not a choice now.", "warning"))

    def _confirm(self, verb: str | None) -> None:
        """`c` (or `d`, `f`): the row that closes the selection; while it is
        not allowed yet, why not (play-test: `c` seemed dead)."""
        verbs = CONFIRMING if verb is None else {verb}
        for choice in self.rows:
            if choice.action[0] in verbs and choice.enabled:
                self.choose(choice)
                return
        waiting = [c for c in self.rows if c.action[0] in verbs and not c.enabled]
        if waiting:
            self.notices.append(Notice(f"Not yet: {waiting[0].why or waiting[0].label}.",
                                       "warning"))

    # -- what the screen takes ----------------------------------------------------

    def take_notices(self) -> list[Notice]:
        out, self.notices = self.notices, []
        return out

    def _log_at(self) -> int | None:
        """Where the log drawn stands now: a note written there comes before
        the lines of what follows."""
        if self.viewer is None or self.session.waiting:
            return None
        return len(self.session.view(self.viewer, public=self.public).log)

    def take_notes(self) -> list[Note]:
        out, self.notes = self.notes, []
        return out

"""The recap: what happened while this side waited, told when the screen
comes back to the person after the other side acted.

Against the computer and in a joined seat nothing else tells it (play-test:
two fortifications sabotaged, and the only trace was the small log panel);
the hot seat's hand-over card does it there (screens/handover.py), and the
recap only says what the card cannot: that this side plays two player-turns
in a row (RULINGS O4), which no card comes between.

It costs no key: the lines are kept while this side decides and go at its
next decision, and keys go to the decision as always. Its lines are this
side's own view's log since its latest decision, so nothing of the other
side's secrets is in them (RULINGS H1-H5, H9): the view has only the public
lines and this side's own (a joined seat's are the server's, the same).
Which of them fit is the hand-over card's choice (news.py). A mixin of the
controller (tui/controller.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warp_empires.tui import news
from warp_empires.tui.control_words import Note
from warp_empires.tui.news import FIRST

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.module.defs import Module
    from warp_empires.tui.seat import GameSession


def since(log: list[dict[str, Any]], mark: int, side: int | None = None
          ) -> list[tuple[str, str]]:
    """The (kind, line) of `log` after its first `mark` events; a line for
    `side` alone ("You place ...", "You draw ...") is of kind OWN, told after
    the rest (play-test over the network: the seat's own placements pushed
    the enemy's moves off the panel)."""
    return [(news.OWN if side is not None and e.get("to") == side else e["kind"], e["text"])
            for e in log[mark:]]


def latest_turn_start(view: View) -> int:
    """Where a side's news starts when it took no decision here yet (a game
    loaded or joined): the latest player-turn it did not play, as the hand-over
    card's first news after a load (tui/session.news_mark)."""
    turn = view.turn - 1 if view.active == view.side else view.turn
    return next((i for i, e in enumerate(view.log) if e["turn"] >= turn), len(view.log))


class Recaps:
    """Needs from the controller what is declared here."""

    session: GameSession
    view: View | None
    public: bool
    # What this side is told now, (kind, line) pairs; empty when nothing.
    recap: list[tuple[str, str]]
    # Per side, the length of its view's log at its latest decision.
    _recap_marks: dict[int, int]
    # The sides whose screen the other side's decision took since their own.
    _waited: set[int]
    _goal_told: set[int]  # sides told their victory conditions
    module: Module
    notes: list[Note]

    if TYPE_CHECKING:
        def _log_at(self) -> int | None: ...

    def _recap_decided(self, side: int) -> None:
        """`side` decides: what it was told goes, its news start from here,
        when the player-turn is its own. A pass or a loss in the other side's
        attack keeps the news of that turn for later (play-test: the battle
        panel hid the recap, and the enemy's moves before its attack were
        never told)."""
        self.recap = []
        if self.view is not None and self.view.active != side:
            return
        self._waited.discard(side)
        if self.view is not None and not self.public and self.view.side == side:
            self._recap_marks[side] = len(self.view.log)
        else:  # a shared screen's log is the public one: counted in its own view's
            self._recap_marks[side] = len(self.session.view(side).log)

    def looked_away(self) -> None:
        """The person moved the map's cursor while told: that counts as read,
        as a decision would (the log panel and `L` keep every line)."""
        if self.recap and self.view is not None:
            self._recap_decided(self.view.side)

    def _recap_told(self, side: int) -> None:
        """A hand-over card told `side` what happened: nothing more to say."""
        self._recap_decided(side)

    def _recap_shown(self, view: View, deciding: bool) -> None:
        """After a view is drawn: whether its side is told what happened."""
        side, prompt_side = view.side, view.prompt.side
        self.recap = []  # told again below, if it still is: a view of one side at a time
        if prompt_side in (0, 1) and prompt_side != side and not self.session.over:
            self._waited.add(side)  # the other side decides: this one waits
            return
        if not deciding or self.public:
            return
        if view.battle is not None and view.active != side:
            return  # the enemy's attack: the battle panel has the room; told after
        mark = self._recap_marks.get(side)
        if mark is None:
            mark = latest_turn_start(view)
        # (a recap's mark is always in this side's own player-turn: _recap_decided)
        events = news.own_turn_last(since(view.log, min(mark, len(view.log)), side))
        waited = side in self._waited and not self.session.hot_seat
        if all(kind == "setup" for kind, _ in events):
            return  # a game just begun: the log panel says how it was set up
        if waited or any(kind in FIRST for kind, _ in events):
            self.recap = events

    def _goal_once(self, side: int) -> str:
        """The side's victory conditions, on its first card or screen here."""
        if side in self._goal_told:
            return ""
        self._goal_told.add(side)
        words = news.goal_words(self.module, side)
        return f"{words}\n\n" if words else ""

    def _goal_noted(self, side: int) -> None:
        """On a side's first screen here with no card before it (against the
        computer, a joined seat, open hands): its goal in the log panel, not
        a message, which would cover the choices at 80x24."""
        goal = self._goal_once(side)
        if goal:
            self.notes.append(Note(goal.strip(), self._log_at(), keep=True))

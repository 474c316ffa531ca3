"""The computer players' turns on the game screen: their pace, pausing, and
playing their moves between repaints. A mixin of the game screen.

A search player's decision can take a second or more: it is thought over on
a worker thread from its view and legal list alone (Session.bot_request), so
the screen stays live, shows that it is thinking and can be paused meanwhile;
the answer is applied on the screen's thread, and only if the game is still
where it was asked.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from warp_empires.present.rows import ITEM_VERBS
from warp_empires.tui.session import BotRequest, Session

if TYPE_CHECKING:
    from textual.screen import Screen

    _Screen = Screen[None]
else:
    _Screen = object  # at run time the game screen supplies Screen

PACES = (0.0, 0.15, 0.3, 0.6, 1.0, 2.0)


class ComputerPlayers(_Screen):
    """Needs from the screen: what is declared here, and Textual's timers,
    workers and bindings."""

    session: Session
    pace: float
    _paused: bool
    _bot_pending: bool
    _ended: bool

    if TYPE_CHECKING:
        def after_change(self) -> None: ...
        def sync(self) -> None: ...

    # a decision being thought over on a worker, and an answer held while paused
    _thinking: BotRequest | None = None
    _held: tuple[BotRequest, object, BaseException | None] | None = None

    def _pace_note(self) -> str:
        if self.session.link_note:  # a joined seat not connected
            return self.session.link_note
        if not self.session.runs_bots:
            return ""
        if self._thinking is not None:
            who = self.session.module.sides[self._thinking.side].short
            note = f"{who} thinking..."
            return f"{note} (paused: its move waits)" if self._paused else note
        return f"bots paused ({self.pace:g}s)" if self._paused else f"bots {self.pace:g}s +/-"

    def action_pace(self, delta: int) -> None:
        index = min(range(len(PACES)), key=lambda i: abs(PACES[i] - self.pace))
        self.pace = PACES[max(0, min(len(PACES) - 1, index + delta))]
        self.app.remember(pace=self.pace)  # type: ignore[attr-defined]
        self.notify(f"Computer pace: {self.pace:g} s per move (+ slower, - faster)", timeout=2)
        self.sync()

    def action_toggle_pause(self, _what: str = "") -> None:
        self._paused = not self._paused
        self.refresh_bindings()
        held, self._held = self._held, None
        if held is not None and not self._paused:
            self._answer(*held)  # the move thought over while paused
            return
        self.sync()

    def _schedule_bot(self, delay: float | None = None) -> None:
        if self._bot_pending or self._paused or self._thinking is not None \
                or self._held is not None or self.session.bot_to_move() is None:
            return
        self._bot_pending = True
        delay = self.pace if delay is None else delay
        if delay > 0:
            self.set_timer(delay, self._bot_tick)
        else:
            # Fastest pace: play on right after the screen has been drawn.
            self.call_after_refresh(self._bot_tick)

    def _bot_tick(self) -> None:
        self._bot_pending = False
        if self._paused or self._ended:
            return
        if self.app.screen is not self:
            # A dialog or help is open: wait for it rather than play unseen.
            self._schedule_bot(0.25)
            return
        if self._thinking is not None:
            return
        if self.session.bot_thinks():
            self._think()
            return
        if self.pace == 0:
            self._run_bots_for(0.03)
        else:
            action = self.session.bot_step()
            # A computer's picks are hidden from the person (RULINGS H2), so
            # nobody waits for them: play on to what closes the selection.
            while action is not None and action[0] in ITEM_VERBS \
                    and self.session.bot_to_move() is not None:
                action = self.session.bot_step()
        self.after_change()

    def _run_bots_for(self, seconds: float) -> None:
        """Headless or fastest pace: many moves per frame, one redraw."""
        deadline = time.perf_counter() + seconds
        turn = self.session.game.state.turn
        while self.session.bot_to_move() is not None and time.perf_counter() < deadline:
            if self.session.bot_thinks():
                break  # a search: on a worker, at the next tick
            self.session.bot_step()
            if self.session.game.state.turn != turn:
                break  # stop at a turn end so autosave sees each turn

    def _think(self) -> None:
        """Starts a search player's decision on a worker thread."""
        request = self.session.bot_request()
        if request is None:
            return
        self._thinking = request
        self.sync()  # shows that it is thinking

        def work() -> None:
            error: BaseException | None = None
            try:
                action = request.player.choose(request.view, request.legal)
            except Exception as e:  # noqa: BLE001 - Session.bot_answer falls back
                action, error = None, e
            self.app.call_from_thread(self._thought, request, action, error)

        # Whatever the player raises is caught above and reported by
        # `report_player_errors`; only a closing app can stop the worker itself.
        self.run_worker(work, thread=True, group="computer-player", exit_on_error=False)

    def _thought(self, request: BotRequest, action: object,
                 error: BaseException | None = None) -> None:
        if self._thinking is not request:
            return
        self._thinking = None
        if self._ended:
            return
        if self._paused:
            self._held = (request, action, error)  # played when resumed
            self.sync()
            return
        self._answer(request, action, error)

    def _answer(self, request: BotRequest, action: object,
                error: BaseException | None = None) -> None:
        self.session.bot_answer(request, action, error)  # type: ignore[arg-type]  # checked there
        self.after_change()

    def report_player_errors(self) -> None:
        """A computer player that failed: the fallback has played for it; the
        person is told, and the error goes to a crash log for a bug report
        (before, it was swallowed and the game went on without a word)."""
        errors, self.session.player_errors[:] = list(self.session.player_errors), []
        if not errors:
            return
        from warp_empires.tui.crash import write_crash_log

        try:
            where = f" (crash log: {write_crash_log(errors[0], ['a computer player failed'])})"
        except OSError:
            where = ""
        self.notify(f"A computer player failed and a simple move was played for it{where}.",
                    severity="error", timeout=10, markup=False)

"""The computer players' turns on the game screen: their pace, pausing, and
playing their moves between repaints. A mixin of the game screen."""

from __future__ import annotations

import time

from warp_empires.tui.choices import ITEM_VERBS

PACES = (0.0, 0.15, 0.3, 0.6, 1.0, 2.0)


class ComputerPlayers:
    """Needs from the screen: `session`, `pace`, `_paused`, `_bot_pending`,
    `_ended`, `after_change`, `sync`, and Textual's timers and bindings."""

    def _pace_note(self) -> str:
        if all(self.session.is_human(s) for s in (0, 1)):
            return ""
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
        self.sync()

    def _schedule_bot(self, delay: float | None = None) -> None:
        if self._bot_pending or self._paused or self.session.bot_to_move() is None:
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
            self.session.bot_step()
            if self.session.game.state.turn != turn:
                break  # stop at a turn end so autosave sees each turn

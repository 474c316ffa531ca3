"""Keys typed for a decision that is no longer there, and keys typed ahead.

A key is meant for what was on screen when it was typed. Keys are applied in
order (tui/key_order.py), so in a burst a key may be read only after what it
was typed for has gone: the decision was taken for the player (the only
choice), or the player-turn ended. Such a key is
let go, with a notice, rather than given to a later decision it was never
meant for (play-tests: a `1` meant for a placement that was then forced
played a battle card in the computer's attack; at the computer's fastest pace
a `1` typed before its turn ticked a discard in the next turn). What decides
it is the order of events, not a time window: each key carries the time it
was read from the terminal (Textual's `Key.time`), and the controller keeps
when this side's decisions were on screen, when a decision was last taken for
it and when the player-turn last changed.

Keys typed while the other side decides are held and applied, in order, once
this side decides again: they were typed for that. A mixin of the controller
(tui/controller.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.tui.control_words import Mode, Notice

if TYPE_CHECKING:
    from collections.abc import Callable

    from warp_empires.engine import View

# Spans of this side's decisions on screen kept to judge keys by (a burst's keys
# are read within a few of them).
KEPT_SPANS = 16


class TypedAhead:
    """Needs from the controller what is declared here."""

    view: View | None
    mode: Mode
    highlight: int | None
    notices: list[Notice]
    ahead: list[str]
    clock: Callable[[], float]
    _ahead_times: list[float | None]
    _own_since: float | None  # this side's decision on screen since (or on its way)
    _own_spans: list[tuple[float, float]]  # earlier such spans
    _taken_for_it_at: float  # when a decision was last taken for this side (forced)
    _turn_changed_at: float  # when the player-turn last changed

    if TYPE_CHECKING:
        def key(self, key: str, typed_at: float | None = None) -> None: ...
        def enter(self, row: int | None) -> None: ...

    def typed_for_a_gone_decision(self, typed_at: float | None) -> bool:
        """Whether a key typed at `typed_at` was typed while this side's own
        decision was on screen, and since then a decision was taken for this
        side (the only choice: the key was meant for it) or the player-turn
        changed (it was meant for that turn). The other side acting in the
        same player-turn does not make it stale: `1 p` at a battle plays a card
        and passes, whatever the other side does between (fourth play-test)."""
        if typed_at is None or typed_at >= max(self._taken_for_it_at, self._turn_changed_at):
            return False
        if self._own_since is not None and typed_at >= self._own_since:
            return True
        return any(start <= typed_at < end for start, end in self._own_spans)

    def track_own(self, now: float) -> None:
        """Notes when this side's decision comes on screen and goes."""
        own = self.mode in (Mode.DECIDING, Mode.SERVER)
        if own and self._own_since is None:
            self._own_since = now
        elif not own and self._own_since is not None:
            self._own_spans = [*self._own_spans[-KEPT_SPANS + 1:], (self._own_since, now)]
            self._own_since = None

    def let_go(self, n: int) -> None:
        self.notices.append(Notice(
            f"{n} {'key' if n == 1 else 'keys'} went unused: typed for a decision that was "
            "taken for you (the only choice), or for a turn that has ended.", "warning", 6))

    def _hold(self, key: str, typed_at: float | None = None) -> None:
        self.ahead.append(key)
        self._ahead_times.append(typed_at)

    def _type_ahead(self) -> None:
        """Applies the keys typed while this side could not decide, in order,
        as long as it still decides (a key that sends a decision to the
        server leaves the rest waiting for the answer); those typed for a
        decision that has gone are let go."""
        gone = 0
        while self.ahead and self.mode is Mode.DECIDING:
            key = self.ahead.pop(0)
            typed_at = self._ahead_times.pop(0) if self._ahead_times else None
            if self.typed_for_a_gone_decision(typed_at):
                gone += 1
                continue
            if key == "enter":
                self.enter(self.highlight)
            else:
                self.key(key, typed_at)
        if gone:
            self.let_go(gone)

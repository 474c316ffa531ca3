"""Keys typed while this side cannot decide (the computer, the other player
or the server decides): held in order, applied once this side decides again,
let go when a player-turn ends first. A mixin of the controller
(tui/controller.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.tui.control_words import Mode, Notice

if TYPE_CHECKING:
    from warp_empires.engine import View


class TypedAhead:
    """Needs from the controller what is declared here."""

    view: View | None
    mode: Mode
    highlight: int | None
    notices: list[Notice]
    ahead: list[str]
    _ahead_typed_in: tuple[int, int] | None
    _own_turn: tuple[int, int] | None  # (turn, active) when this side last decided

    if TYPE_CHECKING:
        def key(self, key: str) -> None: ...
        def enter(self, row: int | None) -> None: ...

    def _hold(self, key: str) -> None:
        if not self.ahead:
            # the player-turn this side last decided in, not the one on screen
            # when the key is read: in a burst, a key typed for a decision
            # that was then taken for the player (a forced placement) is read
            # after the turn passed (second play-test: the `1` then played a
            # battle card in the computer's attack)
            self._ahead_typed_in = self._own_turn
        self.ahead.append(key)

    def _type_ahead(self) -> None:
        """Applies the keys typed while this side could not decide, in order,
        as long as it still decides (a key that sends a decision to the
        server leaves the rest waiting for the answer). Keys held across the
        end of a player-turn are let go, with a notice, not applied to a
        decision of another turn: in a burst they were meant for the turn on
        screen when typed (play-test: a `1` meant for a placement that was
        then forced passed a battle a turn later, and `c a c` typed ahead
        discarded a card in the next turn)."""
        view = self.view
        typed_in = self._ahead_typed_in
        if view is not None and typed_in is not None and typed_in != (view.turn, view.active):
            n = len(self.ahead)
            self.ahead.clear()
            self.notices.append(Notice(
                f"{n} {'key' if n == 1 else 'keys'} typed ahead went unused: a player-turn "
                "ended before you could decide again.", "warning", 6))
            return
        while self.ahead and self.mode is Mode.DECIDING:
            key = self.ahead.pop(0)
            if key == "enter":
                self.enter(self.highlight)
            else:
                self.key(key)

"""The game screen's part in the hot seat's hand-over: the card put up over
it (screens/handover.py), and the screen's secrets wiped before (RULINGS H6).
A mixin of GameScreen."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.widgets import RichLog, Static

from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.recap import RecapPanel

if TYPE_CHECKING:
    from warp_empires.module.defs import Module
    from warp_empires.tui.controller import Controller


class HandingOver:
    """Needs from the screen: the controller, the module, `press`, the card
    up now (`_handover`) and Textual's `app` and `query_one`."""

    controller: Controller
    module: Module
    _handover: HandoverScreen | None
    _log_seen: int
    _drawn: tuple

    # the Screen's, for the type checker (this mixin comes before it)
    query_one: Any
    app: Any

    if TYPE_CHECKING:
        def press(self, key: str, typed_at: float | None = None) -> None: ...

    def _show_handover(self) -> None:
        handover = self.controller.handover
        assert handover is not None
        if self._handover is not None:
            if self._handover.handover is handover:
                return
            # a pass taken from the card brought the next hand-over at once
            self._handover.leave()
        self._hide_secrets()
        side = self.module.sides[handover.side]
        self._handover = HandoverScreen(side.name, handover.reason, side.colour, handover.news,
                                        press=self.press, handover=handover)
        self.app.push_screen(self._handover)

    def _hide_secrets(self) -> None:
        # Wiped before the hand-over goes up, so no later screen grab of this
        # screen can hold the previous side's hand or private log lines.
        self.query_one(HandList).show(self.module, [], [], title="Hand")
        self.query_one("#log", RichLog).clear()
        self.query_one(ChoiceList).show([])
        self.query_one("#details", Static).update("")
        self.query_one(RecapPanel).show([])
        # The last prompt was the previous side's own words (its moving group,
        # its losses): not for the next person either.
        self.query_one("#prompt", Static).update("")
        # Messages of the last turn stayed up over the hand-over and the next
        # side's screen (play-test); one might speak of the previous hand.
        self.app.clear_notifications()
        self._log_seen = 0
        self._drawn = (None, False)

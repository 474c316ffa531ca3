"""Decisions made by pointing: a territory on the map, a card of the hand.
A mixin of the controller (tui/controller.py), kept apart so each way of
answering reads on its own (row numbers: row_typing.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.present.rows import discarding
from warp_empires.tui.control_words import Mode, Notice

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice


class Pointing:
    """Needs from the controller what is declared here."""

    rows: list[Choice]
    view: View | None
    mode: Mode
    module: Module
    notices: list[Notice]

    if TYPE_CHECKING:
        def _settle(self) -> None: ...
        def choose(self, choice: Choice) -> None: ...

    def choose_territory(self, territory: int) -> None:
        """A territory chosen on the map: its row, when exactly one row is it."""
        if self.mode is not Mode.DECIDING:
            return
        self._settle()
        if self.mode is not Mode.DECIDING:
            return
        picks = [c for c in self.rows if c.territory == territory and c.enabled]
        if len(picks) == 1:
            self.choose(picks[0])
        elif not picks and self.rows:
            name = self.module.map.territories[territory].name
            self.notices.append(Notice(
                f"{name} is not a choice now; heavy borders mark the choices."))

    def choose_card(self, shown: int, kind: int) -> None:
        """The card in row `shown` of the hand as drawn (of kind `kind`): in a
        discard, its pick; otherwise the play of that card, if legal."""
        if self.mode is not Mode.DECIDING or self.view is None:
            return
        self._settle()
        if self.mode is not Mode.DECIDING or self.view is None:
            return
        if discarding(self.view):
            # the selection's items are the hand, row for row, in the order shown
            if 0 <= shown < len(self.rows) and self.rows[shown].is_item:
                self.choose(self.rows[shown])
            return
        for choice in self.rows:
            if choice.action == ("play", kind):
                self.choose(choice)
                return

"""Public facts of both sides: banks, revenues, hands, deck, discard, captives."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from warp_empires.module.defs import Module
from warp_empires.tui.looks import side_text


class StatusPanel(Static):
    DEFAULT_CSS = """
    StatusPanel { height: auto; padding: 0 1; border-top: solid $primary; }
    """

    def show(self, module: Module, view: dict[str, Any]) -> None:
        text = Text()
        for side in (0, 1):
            text.append_text(side_text(module, side))
            text.append(
                f" ${view['banks'][side]} (+{view['revenue'][side]})"
                f" hand {view['hand_sizes'][side]} pile {view['pile_sizes'][side]}\n"
            )
            captives = view["captives"][side]
            if captives:
                names = ", ".join(module.units[u].name for u in captives)
                text.append(f"  holds captive: {names}\n", style="italic")
        text.append(f"Deck {view['deck_size']}  Discard {len(view['discard'])}")
        if view["discard"]:
            text.append(f" (top: {module.cards[view['discard'][-1]].name})", style="dim")
        self.update(text)

"""The line at the top: turn, the seven phases with the current one marked,
and who must act."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from warp_empires.module.defs import Module
from warp_empires.tui.looks import PHASES, side_text


class PhaseBar(Static):
    DEFAULT_CSS = """
    PhaseBar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    """

    def show(self, module: Module, view: dict[str, Any], viewer: int, note: str = "") -> None:
        text = Text()
        text.append(f"Turn {max(view['turn'], 1)} ", style="bold")
        text.append_text(side_text(module, view["active"]))
        text.append(" │")
        phases = PHASES if view["phase"] in PHASES else (view["phase"], *PHASES)
        for name in phases:
            if name == view["phase"]:
                # Arrows as well as reverse video: never colour alone.
                text.append(f" ▸{name.capitalize()}◂", style="bold reverse")
            else:
                text.append(f" {name.capitalize()}", style="dim")
        text.append(" │ ")
        side = view["prompt"]["side"]
        if side >= 0:
            text.append_text(side_text(module, side))
            text.append(" to act")
        else:
            text.append("Game over", style="bold")
        text.append(" │ view ")
        text.append_text(side_text(module, viewer))
        if note:
            text.append(f" │ {note}", style="italic")
        self.update(text)

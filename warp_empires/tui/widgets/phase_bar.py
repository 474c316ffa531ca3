"""The line at the top: turn, the seven phases with the current one marked,
and who must act."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widgets import Static

from warp_empires.engine import View
from warp_empires.module.defs import Module
from warp_empires.tui.looks import PHASES, side_text


class PhaseBar(Static):
    DEFAULT_CSS = """
    PhaseBar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple[Module, View, int, str] | None = None

    def show(self, module: Module, view: View, viewer: int,
             note: str = "") -> None:
        self._shown = (module, view, viewer, note)
        self._draw()

    def set_note(self, note: str) -> None:
        """The line's note alone changed (a joined seat's connection)."""
        if self._shown is not None:
            self._shown = (*self._shown[:3], note)
            self._draw()

    def on_resize(self, event: events.Resize) -> None:
        if self._shown is not None:
            self._draw()

    def _draw(self) -> None:
        assert self._shown is not None
        module, view, viewer, note = self._shown
        width = self.content_size.width
        text = phase_line(module, view, viewer, note, short=False)
        if width and text.cell_len > width:
            # A narrow terminal: only the current phase is named, so that who is
            # to act and whose view this is stay on the line.
            text = phase_line(module, view, viewer, note, short=True)
        self.update(text)


def phase_line(module: Module, view: View, viewer: int, note: str,
               short: bool) -> Text:
    text = Text()
    text.append(f"Turn {max(view.turn, 1)} ", style="bold")
    text.append_text(side_text(module, view.active))
    text.append(" │")
    phase = view.phase
    if short:
        number = f" {PHASES.index(phase) + 1}/{len(PHASES)}" if phase in PHASES else ""
        text.append(f" ▸{phase.capitalize()}◂", style="bold reverse")
        text.append(number, style="dim")
    else:
        phases = PHASES if phase in PHASES else (phase, *PHASES)
        for name in phases:
            if name == phase:
                # Arrows as well as reverse video: never colour alone.
                text.append(f" ▸{name.capitalize()}◂", style="bold reverse")
            else:
                text.append(f" {name.capitalize()}", style="dim")
    text.append(" │ ")
    if short and note:
        # a narrow line keeps what changes most near its start: whether a
        # computer player is thinking (play-test: cut off at 80x24)
        text.append(f"{note} │ ", style="italic")
    side = view.prompt.side
    if side >= 0:
        text.append_text(side_text(module, side))
        text.append(" to act")
    else:
        text.append("Game over", style="bold")
    text.append(" │ view ")
    if viewer >= 0:
        text.append_text(side_text(module, viewer))
    else:
        text.append("shared: no secrets", style="italic")
    if note and not short:
        text.append(f" │ {note}", style="italic")
    return text

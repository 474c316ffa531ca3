"""Ask for a save name."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from warp_empires.tui.dismiss import DismissOnce


class SaveNameDialog(DismissOnce, ModalScreen[str | None]):
    """Dismisses with the name typed, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    SaveNameDialog { align: center middle; }
    SaveNameDialog #box { width: 60; height: auto; border: thick $primary; padding: 1 2;
                          background: $surface; }
    SaveNameDialog Input { margin: 1 0; }
    SaveNameDialog #buttons { height: auto; align-horizontal: right; }
    SaveNameDialog Button { margin-left: 2; }
    """

    def __init__(self, suggestion: str) -> None:
        super().__init__()
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("Save the game as:")
            yield Input(value=self.suggestion, id="name")
            with Horizontal(id="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Save", id="save", variant="primary")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self._done()
        else:
            self.action_cancel()

    def _done(self) -> None:
        name = self.query_one(Input).value.strip()
        if name:
            self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)

"""Ask for a save name."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from warp_empires.tui.dismiss import DismissOnce


class SaveNameDialog(DismissOnce, ModalScreen[str | None]):
    """Dismisses with the name typed, or None on Escape. `suggest` gives the
    name to offer; `follow` offers it again when the game moved on under the
    dialog (a computer player's answer lands while it is open), unless the
    person has typed a name of their own (play-test: the name offered was an
    old turn's)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    SaveNameDialog { align: center middle; }
    SaveNameDialog #box { width: 60; height: auto; border: thick $primary; padding: 1 2;
                          background: $surface; }
    SaveNameDialog Input { margin: 1 0; }
    SaveNameDialog #buttons { height: auto; align-horizontal: right; }
    SaveNameDialog Button { margin-left: 2; }
    """

    def __init__(self, suggest: str | Callable[[], str]) -> None:
        super().__init__()
        self._suggest = suggest if callable(suggest) else (lambda: suggest)
        self.suggestion = self._suggest()

    def follow(self) -> None:
        """Offers the name for the game as it is now, if the field still
        holds the name offered before (what the person typed is theirs)."""
        field = self.query_one(Input)
        if field.value == self.suggestion:
            self.suggestion = self._suggest()
            field.value = self.suggestion

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


def follow_the_game(app: App[object]) -> None:
    """After the game changed: an open save dialog offers the name for it now."""
    for screen in app.screen_stack:
        if isinstance(screen, SaveNameDialog):
            screen.follow()

"""Ask for another server's host key (New Game on a server that creates games
for its host only, when no key for it is known here): asked once, then
remembered for that server (net/guard.py `remember_key`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from warp_empires.tui.dismiss import DismissOnce


class HostKeyDialog(DismissOnce, ModalScreen[str | None]):
    """Dismisses with the key typed or pasted, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    HostKeyDialog { align: center middle; }
    HostKeyDialog #box { width: 90; max-width: 100%; height: auto; border: thick $primary;
                         padding: 1 2; background: $surface; }
    HostKeyDialog Input { margin: 1 0 0 0; }
    HostKeyDialog #problem { color: $error; height: auto; }
    HostKeyDialog #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    HostKeyDialog Button { margin-left: 2; }
    """

    def __init__(self, server: str, refused: bool) -> None:
        super().__init__()
        self.server, self.refused = server, refused

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(f"{self.server} creates games for its host only. Its host key "
                        "(host.key in the server's saves folder), remembered here for "
                        "this server:", markup=False)
            yield Input(placeholder="paste the key here", password=True, id="key")
            yield Static("The server refused that key." if self.refused else "",
                         id="problem", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Host", id="host", variant="primary")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "host":
            self._done()
        else:
            self.action_cancel()

    def _done(self) -> None:
        key = self.query_one(Input).value.strip()
        if not key:
            self.query_one("#problem", Static).update("Type or paste the key first.")
            return
        self.dismiss(key)

    def action_cancel(self) -> None:
        self.dismiss(None)

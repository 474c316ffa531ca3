"""Ask for a join link (Title screen: Join with a link)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from warp_empires.net.links import BadLink, Link, parse_link
from warp_empires.tui.dismiss import DismissOnce


class LinkDialog(DismissOnce, ModalScreen[Link | None]):
    """Dismisses with the join link typed or pasted, checked, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    LinkDialog { align: center middle; }
    LinkDialog #box { width: 90; max-width: 100%; height: auto; border: thick $primary;
                      padding: 1 2; background: $surface; }
    LinkDialog Input { margin: 1 0 0 0; }
    LinkDialog #problem { color: $error; height: auto; }
    LinkDialog #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    LinkDialog Button { margin-left: 2; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label("The join link the host gave you (ws://...#game=...&side=...&token=...):")
            yield Input(placeholder="paste the link here", id="link")
            yield Static("", id="problem", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button("Join", id="join", variant="primary")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self._done()
        else:
            self.action_cancel()

    def _done(self) -> None:
        try:
            link = parse_link(self.query_one(Input).value)
        except BadLink as e:
            self.query_one("#problem", Static).update(str(e))
            return
        self.dismiss(link)

    def action_cancel(self) -> None:
        self.dismiss(None)

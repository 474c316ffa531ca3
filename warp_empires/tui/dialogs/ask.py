"""A question with a few answers, each with its own key; Escape cancels."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from warp_empires.tui.dismiss import DismissOnce


class AskDialog(DismissOnce, ModalScreen[str | None]):
    """Dismisses with the id of the answer, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"),
                # the answers sit in a row: arrows move between them (play-test)
                Binding("left,up", "app.focus_previous", show=False),
                Binding("right,down", "app.focus_next", show=False)]

    DEFAULT_CSS = """
    AskDialog { align: center middle; }
    AskDialog #box { width: 64; height: auto; border: thick $warning; padding: 1 2;
                     background: $surface; }
    AskDialog #question { margin-bottom: 1; }
    AskDialog #buttons { height: auto; align-horizontal: right; }
    AskDialog Button { margin-left: 1; }
    """

    # The first button has the focus when the dialog shows. Textual's own
    # focusing, not a query in on_mount: a burst of keys can answer the
    # dialog before it mounts, and the query then crashed the app (CI run).
    AUTO_FOCUS = "Button"

    def __init__(self, question: str, answers: list[tuple[str, str]]) -> None:
        """`answers` are (id, label); the first letter of a label is its key."""
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            # plain text: a question may quote a save name or a module's words
            yield Static(self.question, id="question", markup=False)
            with Horizontal(id="buttons"):
                for i, (answer, label) in enumerate(self.answers):
                    yield Button(label, id=answer, variant="primary" if i == 0 else "default")

    def on_key(self, event: events.Key) -> None:
        for answer, label in self.answers:
            if event.character and event.character.lower() == label[:1].lower():
                event.stop()
                self.dismiss(answer)
                return

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageDialog(AskDialog):
    """A message with an OK button (used for a failed load's reason)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, [("ok", "OK")])

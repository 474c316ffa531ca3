"""A dialog of one text field: a line that asks, the field, a line for what
was wrong with the answer, Cancel and an answer button. The save name, the
join link and a server's host key are each one of these, differing only in
what they ask and how they read the answer (`answer`)."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from warp_empires.tui.dismiss import DismissOnce

T = TypeVar("T")


class OneFieldDialog(DismissOnce, ModalScreen[T | None], Generic[T]):
    """Dismisses with `answer`'s reading of the field, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    DEFAULT_CSS = """
    OneFieldDialog { align: center middle; }
    OneFieldDialog #box { width: 90; max-width: 100%; height: auto; border: thick $primary;
                          padding: 1 2; background: $surface; }
    OneFieldDialog Input { margin: 1 0 0 0; }
    OneFieldDialog #problem { color: $error; height: auto; }
    OneFieldDialog #buttons { height: auto; align-horizontal: right; margin-top: 1; }
    OneFieldDialog Button { margin-left: 2; }
    """

    ASK = ""  # the line above the field (never markup: it may hold a server's name)
    BUTTON = "OK"  # the answer button's label

    def field(self) -> Input:
        return Input()

    def asking(self) -> str:
        return self.ASK

    def answer(self, text: str) -> T | None:
        """The field's text read as an answer, or None after saying in
        `problem` what is wrong with it (the dialog stays open)."""
        raise NotImplementedError

    def problem(self, text: str) -> None:
        self.query_one("#problem", Static).update(text)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Label(self.asking(), markup=False)
            yield self.field()
            yield Static("", id="problem", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Cancel", id="cancel")
                yield Button(self.BUTTON, id="answer", variant="primary")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "answer":
            self._done()
        else:
            self.action_cancel()

    def _done(self) -> None:
        got = self.answer(self.query_one(Input).value)
        if got is not None:
            self.dismiss(got)

    def action_cancel(self) -> None:
        self.dismiss(None)

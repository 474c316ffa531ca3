"""Ask for a save name."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.widgets import Input

from warp_empires.tui.dialogs.one_field import OneFieldDialog


class SaveNameDialog(OneFieldDialog[str]):
    """Dismisses with the name typed, or None on Escape. `suggest` gives the
    name to offer; `follow` offers it again when the game moved on under the
    dialog (a computer player's answer lands while it is open), unless the
    person has typed a name of their own (play-test: the name offered was an
    old turn's)."""

    ASK = "Save the game as:"
    BUTTON = "Save"

    DEFAULT_CSS = "SaveNameDialog #box { width: 60; }"

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

    def field(self) -> Input:
        return Input(value=self.suggestion, id="name")

    def answer(self, text: str) -> str | None:
        return text.strip() or None  # an empty name: the dialog stays


def follow_the_game(app: App[object]) -> None:
    """After the game changed: an open save dialog offers the name for it now."""
    for screen in app.screen_stack:
        if isinstance(screen, SaveNameDialog):
            screen.follow()

"""The in-game menu on Escape: back to the game, save, load, help, back to the
title screen, resign, quit. Each entry has its own key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from warp_empires.tui.dismiss import DismissOnce

ENTRIES = (
    ("resume", "[b]B[/b]ack to the game", "b"),
    ("save", "[b]S[/b]ave the game", "s"),
    ("load", "[b]L[/b]oad a game", "l"),
    ("rules", "[b]H[/b]elp: keys and rules", "h"),
    # play-test: the replay viewer was only in the save browser and the end screen
    ("replay", "Re[b]p[/b]lay the game so far (what both sides saw)", "p"),
    ("title", "[b]T[/b]itle screen (the game is autosaved)", "t"),
    # play-test: resigning was only in the command palette
    ("resign", "[b]R[/b]esign (asks first)", "r"),
    ("quit", "[b]Q[/b]uit", "q"),
)


class GameMenu(DismissOnce, ModalScreen[str | None]):
    """Dismisses with the chosen entry's id ("resume" on Escape). `without`:
    entries this game has not (a game joined over the network has no record
    of its own to replay)."""

    BINDINGS = [
        Binding("escape", "choose('resume')", "Back to the game"),
        *(Binding(key, f"choose('{entry}')", show=False) for entry, _label, key in ENTRIES),
    ]

    def __init__(self, without: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.entries = [e for e in ENTRIES if e[0] not in without]

    DEFAULT_CSS = """
    GameMenu { align: center middle; }
    GameMenu OptionList { width: 46; height: auto; border: thick $accent; padding: 0 1;
                          background: $surface; }
    """

    AUTO_FOCUS = "OptionList"  # Textual's: no query that a quick dismissal could beat

    def compose(self) -> ComposeResult:
        menu = OptionList(*(Option(label, id=entry) for entry, label, _key in self.entries))
        menu.border_title = "Menu"
        yield menu

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_choose(self, entry: str) -> None:
        if any(e[0] == entry for e in self.entries):  # "resume" is always one
            self.dismiss(entry)

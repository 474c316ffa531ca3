"""The save browser: every save with its module, turn, phase, side to act
and date; Enter loads the highlighted one."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from warp_empires.saves import SaveError, SaveInfo, list_saves, resolve_dir
from warp_empires.saves.carry import LABEL as CARRIED_LABEL
from warp_empires.saves.errors import one_line
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.widgets.fitted_footer import TidyFooter


def _when(info: SaveInfo) -> str:
    if info.meta is not None:
        try:
            return info.meta.saved_at_local()
        except ValueError:
            return info.meta.saved_at
    return datetime.fromtimestamp(info.mtime).strftime("%Y-%m-%d %H:%M")


def save_row(info: SaveInfo) -> tuple[Text, ...]:
    """A listing row; every cell plain text, never markup: file names and what
    a save says are anyone's words."""
    name = info.path.stem
    m = info.meta
    if m is None:
        cells = (name, "unreadable", "", "", "", _when(info), info.error or "")
    else:
        active = m.sides[m.active].name if 0 <= m.active < 2 else "game over"
        players = " vs ".join(s.player for s in m.sides)
        if m.name.endswith(CARRIED_LABEL):  # a first-edition game carried over (carry.py)
            name += " (carried over)"
        cells = (name, m.module_id, str(m.turn), m.phase, active, _when(info), players)
    return tuple(Text(one_line(cell, 200)) for cell in cells)


class SaveBrowser(DismissOnce, Screen[Path | None]):
    """Dismisses with the chosen file, or None."""

    BINDINGS = [Binding("escape", "dismiss_none", "Back"),
                Binding("r", "replay", "Replay (step through it)")]

    DEFAULT_CSS = """
    SaveBrowser DataTable { height: 1fr; }
    SaveBrowser #where { color: $text-muted; padding: 0 1; height: auto; }
    """

    def __init__(self, directory: str | None = None) -> None:
        super().__init__()
        self.directory = directory
        self._paths: list[Path] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="where", markup=False)  # a folder's name may hold [brackets]
        yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield TidyFooter()

    def on_mount(self) -> None:
        self.title = "Load a saved game"
        table = self.query_one(DataTable)
        table.add_columns("Name", "Module", "Turn", "Phase", "To act", "Saved", "Players / problem")
        try:
            infos = list_saves(self.directory)
        except SaveError as error:
            self.query_one("#where", Static).update(str(error))
            return
        for info in infos:
            table.add_row(*save_row(info))
            self._paths.append(info.path)
        where = str(resolve_dir(self.directory))
        note = f"{len(infos)} saves in {where}." if infos else f"No saves yet in {where}."
        self.query_one("#where", Static).update(
            note + "  Enter loads, r replays (steps through it), Escape goes back.")
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self._paths):
            self.dismiss(self._paths[event.cursor_row])

    def action_replay(self) -> None:
        """Steps through the highlighted save instead of playing it (RULINGS H8)."""
        row = self.query_one(DataTable).cursor_row
        if 0 <= row < len(self._paths):
            self.app.replay_path(self._paths[row])  # type: ignore[attr-defined]

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

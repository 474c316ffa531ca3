"""The first screen: Continue (the game played last), New game, Load game,
Join with a link, Rules, Quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from warp_empires import __version__
from warp_empires.saves import SaveInfo
from warp_empires.saves.errors import one_line
from warp_empires.saves.store import is_autosave_name
from warp_empires.tui.widgets.fitted_footer import TidyFooter

BANNER = """\
╦ ╦╔═╗╦═╗╔═╗  ╔═╗╔╦╗╔═╗╦╦═╗╔═╗╔═╗
║║║╠═╣╠╦╝╠═╝  ║╣ ║║║╠═╝║╠╦╝║╣ ╚═╗
╚╩╝╩ ╩╩╚═╩    ╚═╝╩ ╩╩  ╩╩╚═╚═╝╚═╝"""


class TitleScreen(Screen[None]):
    """Pick what to do; each entry also has a one-letter key."""

    BINDINGS = [
        Binding("c", "continue", "Continue"),
        Binding("n", "app.new_game", "New game"),
        Binding("l", "app.load_game", "Load game"),
        Binding("j", "app.join_game", "Join"),
        Binding("r", "app.rules", "Rules"),
        Binding("q", "app.quit", "Quit", show=False),  # the footer has ^q Quit already
    ]

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #banner { color: $accent; text-style: bold; width: auto; margin-bottom: 1; }
    TitleScreen #tagline { color: $text-muted; width: auto; margin-bottom: 1; }
    TitleScreen OptionList { width: auto; min-width: 30; max-width: 76; height: auto;
                             border: round $primary; padding: 0 1;
                             text-wrap: nowrap; text-overflow: ellipsis; }
    TitleScreen #box { width: auto; height: auto; align-horizontal: center; }
    """

    def __init__(self, latest: SaveInfo | None = None) -> None:
        """`latest`: the save a Continue entry resumes (store.latest_game)."""
        super().__init__()
        self.latest = latest

    def _continue_option(self) -> Option:
        m = self.latest.meta if self.latest is not None else None
        if m is None:
            return Option("[b]C[/b]ontinue", id="continue", disabled=True)
        label = Text.from_markup("[b]C[/b]ontinue  ")
        # A save's words are anyone's: plain text, never markup. One line:
        # the menu is 72 columns inside (play-test: the time wrapped under it).
        name = m.module_id if is_autosave_name(self.latest.path.stem) else self.latest.path.stem
        label.append(one_line(f"{name} · turn {m.turn} · {m.sides[m.active].name} to act · "
                              f"{m.saved_at_local()}", 60), style="dim")
        return Option(label, id="continue")

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Center(Static(BANNER, id="banner"))
            yield Center(Static(f"a card-and-chit strategy game  ·  v{__version__}", id="tagline"))
            yield Center(
                OptionList(
                    self._continue_option(),
                    Option("[b]N[/b]ew game", id="new_game"),
                    Option("[b]L[/b]oad game", id="load_game"),
                    Option("[b]J[/b]oin with a link", id="join_game"),
                    Option("[b]R[/b]ules and help", id="rules"),
                    Option("[b]Q[/b]uit", id="quit"),
                    id="menu",
                )
            )
        yield TidyFooter()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        menu.focus()
        menu.highlighted = 0 if self.latest is not None else 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue":
            return self.latest is not None
        return True

    def action_continue(self) -> None:
        if self.latest is not None:
            self.app.load_path(self.latest.path)  # type: ignore[attr-defined]

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "continue":
            self.action_continue()
        elif event.option.id:
            await self.run_action(f"app.{event.option.id}")

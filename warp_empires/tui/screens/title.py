"""The first screen: New game, Load game, Rules, Quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from warp_empires import __version__

BANNER = """\
╦ ╦╔═╗╦═╗╔═╗  ╔═╗╔╦╗╔═╗╦╦═╗╔═╗╔═╗
║║║╠═╣╠╦╝╠═╝  ║╣ ║║║╠═╝║╠╦╝║╣ ╚═╗
╚╩╝╩ ╩╩╚═╩    ╚═╝╩ ╩╩  ╩╩╚═╚═╝╚═╝"""


class TitleScreen(Screen[None]):
    """Pick what to do; each entry also has a one-letter key."""

    BINDINGS = [
        Binding("n", "app.new_game", "New game"),
        Binding("l", "app.load_game", "Load game"),
        Binding("r", "app.rules", "Rules"),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    TitleScreen { align: center middle; }
    TitleScreen #banner { color: $accent; text-style: bold; width: auto; margin-bottom: 1; }
    TitleScreen #tagline { color: $text-muted; width: auto; margin-bottom: 1; }
    TitleScreen OptionList { width: 30; height: auto; border: round $primary; padding: 0 1; }
    TitleScreen #box { width: auto; height: auto; align-horizontal: center; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Center(Static(BANNER, id="banner"))
            yield Center(Static(f"a card-and-chit strategy game  ·  v{__version__}", id="tagline"))
            yield Center(
                OptionList(
                    Option("[b]N[/b]ew game", id="new_game"),
                    Option("[b]L[/b]oad game", id="load_game"),
                    Option("[b]R[/b]ules and help", id="rules"),
                    Option("[b]Q[/b]uit", id="quit"),
                    id="menu",
                )
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            await self.run_action(f"app.{event.option.id}")

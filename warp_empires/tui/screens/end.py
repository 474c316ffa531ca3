"""End of game: who won and how, turns played, and charts per round."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.looks import side_text
from warp_empires.tui.screens.handover import HandoverScreen, runs
from warp_empires.tui.session import Session
from warp_empires.tui.widgets.chart import TurnChart, with_last_turn


class EndScreen(DismissOnce, Screen[str]):
    """Dismisses with 'map' (look at the final board), 'replay', 'title' or 'quit'."""

    BINDINGS = [
        Binding("m,escape", "leave('map')", "Final map"),
        Binding("p", "leave('replay')", "Replay"),
        Binding("t", "leave('title')", "Title screen"),
        Binding("q", "leave('quit')", "Quit"),
    ]

    DEFAULT_CSS = """
    EndScreen { align: center top; }
    EndScreen #end { width: 84; max-width: 100%; height: 1fr; padding: 1 2; }
    EndScreen #headline { text-style: bold; margin-bottom: 1; }
    EndScreen #facts { margin-bottom: 1; }
    EndScreen #buttons { height: auto; }
    EndScreen Button { margin-right: 2; }
    """

    LAST = 5  # the events told under "How it ended"

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        state = self.session.game.state
        module = self.session.module
        with VerticalScroll(id="end"):
            if state.winner >= 0:
                side = module.sides[state.winner]
                headline = side_text(module, state.winner, side.the(start=True))
                headline.append(f" {side.verb('win')}!")
            else:
                headline = Text("No winner: the turn limit was reached.")
            yield Static(headline, id="headline")
            yield Static(self.session.result_line(), id="facts", markup=False)
            # Play-test: the game lost at an upkeep that disbanded the last
            # leader, and the end screen said what holds, not what led to it.
            # The last turn's last public lines (RULINGS H5) that are not
            # routine, a line said again told once; the module's words as they are.
            # The line declaring the winner repeats the result above; a
            # resignation's own line stays (play-test: after a resignation the
            # lines told were the moves before it, and not the resignation).
            skip = HandoverScreen.ROUTINE | {"turn"}
            final = [(e["kind"], e["text"]) for e in (state.log or [])
                     if e.get("public") and e["turn"] == state.turn and e["kind"] not in skip]
            if final and final[-1][0] == "victory":
                final.pop()
            last = [text for _, text in runs(final)][-self.LAST:]
            if last:
                yield Static("How it ended:\n" + "\n".join(f"  • {t}" for t in last),
                             id="ending", markup=False)
            history = with_last_turn(state)
            base = self.session.game.base
            if base is not None:  # a game from a position: counted from its turn
                played = max(1, state.turn - int(base.get("turn", 1)) + 1)
            else:
                played = max(state.turn, len(history))
            rounds = (played + 1) // 2
            yield Static(f"Player-turns played: {played} ({rounds} round{'s' * (rounds != 1)})")
            # The seed is a secret while the game goes on; once it is over it may
            # show (RULINGS H7), so that the game can be played again or reported.
            seed = self.session.game.seed
            again = (f"warp-empires play --position FILE --seed {seed}, with the same position"
                     " file," if "position" in self.session.game.options
                     else f"warp-empires play --seed {seed}")
            yield Static(f"Seed: {seed} ({again} starts this game again)", id="seed",
                         markup=False)
            # each side's revenue in its own turn, a bar per side each round
            yield TurnChart(module, "Revenue each round", history, "revenue")
            yield TurnChart(module, "Units on the map", history, "units")
            with Horizontal(id="buttons"):
                yield Button("Final map", id="map")
                yield Button("Replay", id="replay")
                yield Button("Title screen", id="title", variant="primary")
                yield Button("Quit", id="quit")
        yield Footer()

    def on_mount(self) -> None:
        # play-test: a notice of the last forced move sat over the result for
        # seconds; what it said is under "How it ended" and in the log
        self.app.clear_notifications()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_leave(event.button.id or "map")

    def action_leave(self, where: str) -> None:
        self.dismiss(where)

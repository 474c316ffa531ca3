"""End of game: who won and how, turns played, and charts per round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from warp_empires.engine.viewtypes import View
from warp_empires.module.defs import Module
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.looks import side_text
from warp_empires.tui.screens.handover import HandoverScreen, runs
from warp_empires.tui.session import Session
from warp_empires.tui.widgets.chart import TurnChart, history_to_end, with_last_turn
from warp_empires.tui.widgets.fitted_footer import TidyFooter

LAST = 5  # the events told under "How it ended"


@dataclass
class Ending:
    """What the end screen tells: of a game played here, or of a joined seat's
    last position (its own view, RULINGS H5: the server keeps the record)."""

    winner: int
    result: str  # the result line
    final: list[str]  # the last player-turn's last lines, a line said again told once
    played: int  # player-turns played
    history: list[list[int]]  # rows as the engine's history, the last turn's included
    seed: str = ""  # how to play it again (RULINGS H7: once the game is over)
    replay: bool = True  # a game played here: its record is here to replay


def last_lines(events: list[dict[str, Any]], turn: int) -> list[str]:
    """The last turn's last lines that are not routine. Play-test: the game
    lost at an upkeep that disbanded the last leader, and the end screen said
    what holds, not what led to it. The line declaring the winner repeats the
    result; a resignation's own line stays (play-test: after a resignation
    the lines told were the moves before it, and not the resignation)."""
    skip = HandoverScreen.ROUTINE | {"turn"}
    final = [(e["kind"], e["text"]) for e in events
             if e["turn"] == turn and e["kind"] not in skip]
    if final and final[-1][0] == "victory":
        final.pop()
    return [text for _, text in runs(final)][-LAST:]


def local_ending(session: Session) -> Ending:
    """The ending of a game played here."""
    state = session.game.state
    history = with_last_turn(state)
    base = session.game.base
    if base is not None:  # a game from a position: counted from its turn
        played = max(1, state.turn - int(base.get("turn", 1)) + 1)
    else:
        played = max(state.turn, len(history))
    seed = session.game.seed
    again = (f"warp-empires play --position FILE --seed {seed}, with the same position file,"
             if "position" in session.game.options else f"warp-empires play --seed {seed}")
    public = [e for e in (state.log or []) if e.get("public")]
    return Ending(state.winner, session.result_line(), last_lines(public, state.turn), played,
                  history, f"Seed: {seed} ({again} starts this game again)")


def joined_ending(view: View, result: str) -> Ending:
    """The ending as a joined seat saw it: its last view and its own events
    (docs/playing.md promised the charts there too; a play-test found only a
    dialog). The view's history lacks the turn the game ended in when it
    ended before its Control phase, as the engine's does (with_last_turn)."""
    units = [sum(e.size for e in stacks if e is not None) for stacks in view.stacks]
    history = history_to_end(view.history, view.turn, view.active, view.banks, view.revenue,
                             units)
    return Ending(view.winner, result, last_lines(view.log, view.turn),
                  max(view.turn, len(history)), history, replay=False)


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

    def __init__(self, module: Module, ending: Ending, title: bool = True) -> None:
        """`title`: the app has a title screen to go back to (`join`'s has none)."""
        super().__init__()
        self.module = module
        self.ending = ending
        self.to_title = title

    def compose(self) -> ComposeResult:
        module, ending = self.module, self.ending
        with VerticalScroll(id="end"):
            if ending.winner >= 0:
                side = module.sides[ending.winner]
                headline = side_text(module, ending.winner, side.the(start=True))
                headline.append(f" {side.verb('win')}!")
            else:
                headline = Text("No winner: the turn limit was reached.")
            yield Static(headline, id="headline")
            yield Static(ending.result, id="facts", markup=False)
            # the module's words as they are
            if ending.final:
                yield Static("How it ended:\n" + "\n".join(f"  • {t}" for t in ending.final),
                             id="ending", markup=False)
            played = ending.played
            rounds = (played + 1) // 2
            yield Static(f"Player-turns played: {played} ({rounds} round{'s' * (rounds != 1)})")
            if ending.seed:
                yield Static(ending.seed, id="seed", markup=False)
            # each side's revenue in its own turn, a bar per side each round
            yield TurnChart(module, "Revenue each round", ending.history, "revenue")
            yield TurnChart(module, "Units on the map", ending.history, "units")
            with Horizontal(id="buttons"):
                yield Button("Final map", id="map")
                if ending.replay:
                    yield Button("Replay", id="replay")
                if self.to_title:
                    yield Button("Title screen", id="title", variant="primary")
                yield Button("Quit", id="quit")
        yield TidyFooter()

    def on_mount(self) -> None:
        # play-test: a notice of the last forced move sat over the result for
        # seconds; what it said is under "How it ended" and in the log
        self.app.clear_notifications()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_leave(event.button.id or "map")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # where a button is not there (a joined seat's end), neither is its key
        if action == "leave" and parameters:
            return {"replay": self.ending.replay, "title": self.to_title}.get(
                str(parameters[0]), True)
        return True

    def action_leave(self, where: str) -> None:
        self.dismiss(where)

"""`warp-empires join LINK`: the game screen for one side of a game hosted on
a server (net/server.py).

The screen is the hot seat's GameScreen, fed by `RemoteSession` instead of a
local Session: it holds no game, only the latest position the server sent
this side (its view, prompt, rows and events), and a decision goes to the
server, which answers with the next position. No hand-over screen: nobody
else looks at this terminal. While the other side decides, the screen shows
the public position and says who is deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding

from warp_empires.engine import Action, Prompt, View
from warp_empires.module.defs import Module
from warp_empires.net.client import ClientError, InUse, Seat
from warp_empires.net.links import Link
from warp_empires.present.rows import Choice, HandOrder
from warp_empires.present.suggest import evident_move, pick_all_order
from warp_empires.tui import textual_fixes  # noqa: F401 - guards around Textual, on import
from warp_empires.tui.away_notes import AwayNotes
from warp_empires.tui.commands import GotoTerritory
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.crash import CrashReport
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.kept_hand import KeptHandOrder
from warp_empires.tui.key_order import KeysInOrder
from warp_empires.tui.players import HUMAN
from warp_empires.tui.resign import AskToResign


class RemoteSession:
    """What GameScreen asks of a session, answered from the server's frames."""

    local = False
    open_hands = False
    verified = True
    max_turns = None
    hot_seat = False  # one person at this terminal: no hand-over screens
    runs_bots = False  # the server runs any computer player
    # while the connection is down: said on the top line until it is back
    # (play-test: a 4-second message, then "Waiting for ..." for minutes
    # with the server gone)
    link_note = ""

    def __init__(self, seat: Seat, send: Callable[[Action], None]) -> None:
        assert seat.module is not None and seat.position is not None
        self.seat = seat
        self._send = send
        self.module: Module = seat.module
        self.side = seat.side
        self.players = tuple(seat.players)
        self.version = 0
        self.waiting = False  # a decision was sent and not yet answered
        self.player_errors: list[BaseException] = []  # no computer player here
        # kept in a file: after a restart the hand keeps its rows (play-test: a
        # discard typed during a reconnect took the wrong cards)
        self.hand_order: HandOrder = KeptHandOrder(seat.link.game, seat.side)
        self.after_undo = False  # the last decision sent was an undo
        self.went_back = False  # the last decision sent was "back"
        # decisions sent since a group's source, while all are its picks the
        # app made (present.suggest.evident_move); 0 otherwise
        self.filled = 0
        # decisions made while one was on its way (picking every unit of a
        # group, say): each goes when the answer before it has come, if still legal
        self.queued: list[Action] = []

    # -- what the screen shows ----------------------------------------------------

    @property
    def position(self) -> dict[str, Any]:
        assert self.seat.position is not None
        return self.seat.position

    def arrived(self) -> bool:
        """A new position came from the server. True when a queued decision
        went out at once (its answer is awaited: the screen may wait too)."""
        self.waiting = False
        self.version += 1
        while self.queued:
            action = self.queued.pop(0)
            if action in self.seat.legal() or (action[0] == "undo" and self.position["undo"]):
                self._go(action)
                return True
        return False

    def is_human(self, side: int) -> bool:
        return 0 <= side < 2 and (side == self.side or self.players[side] == HUMAN)

    @property
    def human_sides(self) -> list[int]:
        return [s for s in (0, 1) if self.is_human(s)]

    def viewer(self, current: int | None) -> int:
        return self.side

    def view(self, side: int, public: bool = False) -> View:
        """The latest position's view, typed, with this side's events as its log."""
        view = self.seat.view()
        assert view is not None
        return view

    def shared_decision(self) -> bool:
        return False

    def prompt(self) -> Prompt:
        p = self.position["view"]["prompt"]
        return Prompt(p["side"], p["kind"], p["text"], p["owed"], p["forced"], p["undo"])

    @property
    def turn(self) -> int:
        return self.position["view"]["turn"]

    @property
    def over(self) -> bool:
        return bool(self.position["over"])

    turn_cap_reached = False

    def choices(self) -> list[Choice]:
        """The rows of the latest position (while `waiting`, the controller
        asks none: a decision is on its way, tui/controller.Mode.SERVER)."""
        return [Choice(tuple(a), label, territory, picked, enabled, about, why)
                for a, label, territory, picked, enabled, about, why
                in self.position["choices"]]

    def legal_actions(self, side: int | None = None) -> list[Action]:
        if self.waiting or (side is not None and side != self.side):
            return []
        return self.seat.legal()

    # -- decisions -----------------------------------------------------------------

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        """Sends `action` to the server; the next position shows what it did.
        Only what the position lists may be sent, one at a time."""
        if side != self.side:
            return []
        if self.waiting:
            self.queued.append(action)
        elif action in self.seat.legal() or action[0] in ("undo", "resign"):
            self._go(action)
        return []

    def _go(self, action: Action) -> None:
        self.waiting = True
        self.after_undo = action[0] == "undo"
        self.went_back = action[0] == "back"  # present.suggest.evident_move
        self.filled = 1 if action[0] == "from" else \
            self.filled + 1 if self.filled and action[0] == "pick" else 0
        self._send(action)

    def play_forced(self, one: bool = False) -> list[tuple[int, str]]:
        """Sends a forced decision (RULINGS H9) for the person, except right
        after an undo (Session.undo takes those back too): one at most, each
        call, so `one` changes nothing."""
        if self.waiting or self.after_undo or self.over:
            return []
        p = self.prompt()
        if p.side != self.side:
            return []
        payment = [tuple(a) for a in self.position.get("payment") or ()]
        if payment:
            # RULINGS B8, H9: the only way to pay the winner's losses, or a
            # selection that must take every item, as the hot seat takes it
            # (Session.play_forced); the first pick goes now,
            # the rest each when the answer before it has come (`queued`)
            rows = {tuple(c[0]): c[1] for c in self.position["choices"]}
            for action in payment:
                self.apply(self.side, action)
            return [(self.side, ", ".join(rows.get(a, "") for a in payment[:-1]))]
        rows = {tuple(c[0]): c[1] for c in self.position["choices"]}
        # what has one sensible answer in the own Move phase, as the hot seat
        # takes it (Session.play_forced)
        view = self.seat.view()
        legal = self.seat.legal()
        evident = None if view is None else evident_move(
            view, legal, self.went_back, self.filled > 0)
        if not rows or not legal or not (p.forced or evident is not None):
            return []
        # forced: the one legal action, as the hot seat takes it; not the first
        # row, which may be one shown disabled (a browser seat's app looped on
        # a Recruit phase whose first row was a unit it could not afford)
        action = evident if evident is not None else legal[0]
        self.apply(self.side, action)
        if not self.waiting:
            return []  # nothing went: the controller stops asking (it looped)
        if evident is not None and self.filled and view is not None:
            # the rest of the stack goes too, each when the answer before it
            # has come (`queued`): keys typed meanwhile wait for the whole group
            self.queued.extend(a for a in (("pick", i) for i in pick_all_order(view))
                               if a != action)
        return [(self.side, rows.get(action, ""))]

    def can_undo(self, side: int) -> bool:
        return side == self.side and not self.waiting and bool(self.position["undo"])

    def undo_depth(self, side: int) -> int:
        if not self.can_undo(side):
            return 0
        return int(self.position.get("undo_back") or 1)  # a server before undo_back: 1

    def undo_presses(self, side: int) -> int:
        """How many times `undo` can go back now: a group's picks the app
        made go back with their source at once."""
        depth = self.undo_depth(side)
        if self.filled and not self.waiting and depth >= self.filled:
            return depth - self.filled + 1
        return depth

    def undo(self, side: int) -> None:
        """Takes back the latest decision; a group's picks the app made go
        with it, back to the source (as Session.undo takes them)."""
        times = self.filled if self.filled and not self.waiting else 1
        for _ in range(times):
            self.apply(side, ("undo",))

    def resign(self, side: int) -> None:
        self.apply(side, ("resign",))

    # -- no computer players here: the server runs them ----------------------------

    def bot_to_move(self) -> None:
        return None

    def bot_thinks(self) -> bool:
        return False

    def bot_request(self) -> None:
        return None

    # The hot seat's hand-over card is never shown here (one person at this
    # terminal): these answer only the protocol (tui/seat.GameSession).
    def log_length(self) -> int:
        return len(self.seat.events)

    def news_mark(self, side: int) -> int:
        return len(self.seat.events)

    def public_since(self, mark: int) -> list[tuple[str, str]]:
        return []

    def result_line(self) -> str:
        result = self.seat.result
        view = self.position["view"]
        if view["winner"] >= 0:
            side = self.module.sides[view["winner"]]
            return f"{side.says('win')} on turn {max(view['turn'], 1)}. {view['win_reason']}"
        return (result or {}).get("text", "") or "The game is over."


class Joined:
    """A joined seat shown in an app: its connection runs on one of the app's
    workers and feeds the game screen, pushed when the first position comes.
    `failed` is told, once, why the seat cannot be played (ClientError)."""

    def __init__(self, app: App[Any], link: Link, failed: Callable[[str], None],
                 via: dict[str, Any] | None = None) -> None:
        self.app = app
        self.seat = Seat(link, via=via)
        self.session: RemoteSession | None = None
        self.screen: Any = None
        self._failed = failed
        self._server = ""  # the connection's trouble, if any: "server: reconnecting..."
        self._away = AwayNotes(app)  # the other sides without one, noted once lasting

    def start(self) -> None:
        self.app.run_worker(self._connection(), exclusive=True, group="net")

    def stop(self) -> None:
        self.app.workers.cancel_group(self.app, "net")

    async def _connection(self) -> None:
        try:
            await self.seat.run(self._on_frame, self._on_state)
        except InUse:
            # the person decides: two screens never take the seat in turns
            self.app.push_screen(AskDialog(
                "This seat is being played on another screen. Play it here instead? "
                "The other screen then stops.", [("take", "Take it over"), ("no", "No")]),
                callback=self._take_or_not)
        except ClientError as e:
            self._failed(str(e))

    def _take_or_not(self, answer: str | None) -> None:
        if answer == "take":
            self.seat.take_over = True
            self.start()
        else:
            self._failed("this seat is being played from elsewhere")

    def _on_state(self, text: str) -> None:
        self.app.sub_title = text
        self._server = "" if text == "connected" else f"server: {text}..."
        self._noted()
        if self.screen is not None and text != "connected":
            self.app.notify(f"Server: {text}", severity="warning", timeout=4, markup=False)

    def _noted(self) -> list[str]:
        """Puts on the top line the connection to the server, else an opponent
        who has none (a `presence` frame); returns the sides without one."""
        here, sides = self.seat.present, self.seat.module.sides if self.seat.module else ()
        away = [s.short for i, s in enumerate(sides)
                if i != self.seat.side and i < len(here) and not here[i]]
        if self.session is not None:
            self.session.link_note = self._server or (
                f"{away[0]} not connected: waiting for them" if away else "")
        if self.screen is not None:
            self.screen.link_changed()
        return away

    async def _on_frame(self, kind: str) -> bool:
        if kind == "position":
            await self._show_position()
        elif kind == "presence":
            self._away.told(self._noted())
        elif kind == "error" and self.seat.last_error is not None:
            error = self.seat.last_error
            if error.get("code") != "stale":  # a stale answer is simply decided again
                self.app.notify(f"Server: {error.get('text', '')}", severity="warning",
                                markup=False)
        # the end is shown: no reconnecting to a finished game (play-test:
        # "connection lost; reconnecting" over the game-over message)
        return kind == "over"

    async def _show_position(self) -> None:
        from warp_empires.tui.screens.game import GameScreen

        if self.session is None:
            self.session = RemoteSession(self.seat, self._send)
            self.screen = GameScreen(self.session, LaunchOptions())  # type: ignore[arg-type]
            await self.app.push_screen(self.screen)
            release = getattr(self.app, "release_keys", None)
            if release is not None:
                release()  # keys typed before the game's first frame are its own
            return
        if self.session.arrived():
            return  # the next of the person's queued decisions is on its way
        if self.session.after_undo:
            # like Session.undo: a forced decision landed on is not taken again
            self.session.after_undo = False
            self.screen.sync()
        else:
            self.screen.after_change()

    def _send(self, action: Action) -> None:
        """Sends a person's decision (GameScreen calls session.apply)."""
        self.app.run_worker(self._decide(action), group="send")

    async def _decide(self, action: Action) -> None:
        if not await self.seat.decide(action) and self.session is not None:
            self.session.waiting = False  # not connected: the position comes again


class JoinApp(CrashReport, AskToResign, KeysInOrder):
    """The app of `warp-empires join`: one game screen on one seat."""

    CSS_PATH = "app.tcss"
    TITLE = "Warp Empires (joined)"
    COMMANDS = App.COMMANDS | {GotoTerritory}  # as the local app's (docs/playing.md)
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True),
                Binding("f1", "rules", "Help"),
                Binding("question_mark", "rules", "Help", show=False)]

    def __init__(self, link: Link, via: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.joined = Joined(self, link, self._failed, via)
        self.problem: str | None = None
        self.settings = None  # GameScreen: forced decisions automatic

    @property
    def session(self) -> RemoteSession | None:
        return self.joined.session

    def on_mount(self) -> None:
        self.sub_title = "connecting..."
        self.joined.start()

    def _failed(self, problem: str) -> None:
        self.problem = problem
        self.exit()

    def game_session(self) -> RemoteSession | None:
        return self.session

    def holds_keys(self) -> bool:
        # until the server's first frame there is no game screen to type on
        # (play-test: keys typed 0.3 s after `join` were lost)
        # (a question asked meanwhile, such as taking the seat over, has them)
        return (self.joined.screen is None and self.problem is None
                and not isinstance(self.screen, AskDialog))

    def action_game_menu(self) -> None:
        """Esc: nothing to save or load here (the server keeps the game): the
        menu's resign and help, and how to leave."""
        from warp_empires.tui.dialogs.game_menu import GameMenu
        from warp_empires.tui.screens.game import GameScreen

        if isinstance(self.screen, GameScreen):
            self.push_screen(GameMenu(("save", "load", "replay", "new", "title")),
                             callback=self._menu_chosen)

    def _menu_chosen(self, entry: str | None) -> None:
        if entry == "resign":
            self.action_resign()
        elif entry == "rules":
            self.action_rules()
        elif entry == "quit":
            self.exit()

    def action_rules(self) -> None:
        """F1 or ?: Help, as in the app of `play` (play-test: neither did
        anything on a joined seat)."""
        from warp_empires.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.session.module if self.session else None))

    def get_system_commands(self, screen: Any) -> Any:
        from warp_empires.tui.screens.game import GameScreen

        if isinstance(screen, GameScreen):
            yield SystemCommand("Resign", "Give up the game for your side", self.action_resign)
        yield from super().get_system_commands(screen)

    def on_game_screen_game_ended(self, message: Any) -> None:
        from warp_empires.tui.screens.end import EndScreen, joined_ending

        session = self.session
        assert session is not None
        ending = joined_ending(session.view(session.side), session.result_line())
        self.push_screen(EndScreen(session.module, ending, title=False),
                         callback=lambda where: self.exit() if where == "quit" else None)

    def on_game_screen_turn_ended(self, message: Any) -> None:
        pass  # the server keeps the game


def run_joined(link: Link) -> int:
    """Runs the joined game's screen until the person quits; its exit status
    (1 after a crash, tui/crash.py). ClientError if the seat cannot be played."""
    app = JoinApp(link)
    app.run()
    if app.problem is not None:
        raise ClientError(app.problem)
    return app.return_code or 0

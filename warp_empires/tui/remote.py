"""`warp-empires join LINK`: the game screen for one side of a game hosted on
a server (net/server.py).

The screen is the hot seat's GameScreen, fed by `RemoteSession`
(tui/remote_session.py) instead of a local Session: it holds no game, only
the latest position the server sent this side, and a decision goes to the
server, which answers with the next position. No hand-over screen: nobody
else looks at this terminal. While the other side decides, the screen shows
the public position and says who is deciding.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App, SystemCommand
from textual.binding import Binding

from warp_empires.engine import Action
from warp_empires.net.client import ClientError, InUse, Seat
from warp_empires.net.links import Link
from warp_empires.tui import textual_fixes  # noqa: F401 - guards around Textual, on import
from warp_empires.tui.away_notes import AwayNotes
from warp_empires.tui.commands import GotoTerritory
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.crash import CrashReport
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.key_order import KeysInOrder
from warp_empires.tui.remote_session import RemoteSession
from warp_empires.tui.resign import AskToResign

__all__ = ["JoinApp", "Joined", "RemoteSession", "run_joined"]


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
        if self._drawn():
            self.screen.link_changed()
        return away

    def _drawn(self) -> bool:
        """Whether the game screen is up with its widgets: one pushed as the
        person quits gets none (Textual mounts nothing once the app is
        quitting), and the connection's news for it then met NoMatches."""
        return self.screen is not None and self.screen.is_mounted and bool(self.screen.children)

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
        if not self._drawn():
            return  # its on_mount shows the position as it then stands
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

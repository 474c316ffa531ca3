"""The Warp Empires terminal app: screens are in screens/, dialogs in dialogs/.
This class only routes between them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from warp_empires.paths import user_data_dir
from warp_empires.saves.store import latest_game
from warp_empires.settings import Settings, load_settings, save_settings
from warp_empires.tui import (
    persistence,
    textual_fixes,  # noqa: F401 - guards around Textual, on import
)
from warp_empires.tui.commands import GotoTerritory
from warp_empires.tui.config import GameSettings, LaunchOptions
from warp_empires.tui.crash import CrashReport
from warp_empires.tui.dialogs.ask import MessageDialog
from warp_empires.tui.key_order import KeysInOrder
from warp_empires.tui.resign import AskToResign
from warp_empires.tui.save_load import SaveLoad
from warp_empires.tui.screens.title import TitleScreen

# Only what the title screen needs is imported above. The game screen, the
# engine, the module loader and the network are imported where first used:
# a fresh start reaches the title sooner (benchmarks/bench_tui.py).
if TYPE_CHECKING:
    from warp_empires.module.defs import Module
    from warp_empires.net.links import Link
    from warp_empires.tui.remote import Joined
    from warp_empires.tui.remote_session import RemoteSession
    from warp_empires.tui.screens.game import GameScreen
    from warp_empires.tui.session import Session


def _in_game(screen: Screen) -> bool:
    from warp_empires.tui.screens.game import GameScreen

    return isinstance(screen, GameScreen)


class WarpEmpiresApp(CrashReport, SaveLoad, AskToResign, KeysInOrder):
    CSS_PATH = "app.tcss"
    TITLE = "Warp Empires"
    COMMANDS = App.COMMANDS | {GotoTerritory}
    BINDINGS = [
        Binding("ctrl+s", "save", "Save"),
        Binding("ctrl+o", "load_game", "Load", show=False),
        Binding("f1", "rules", "Help"),
        Binding("question_mark", "rules", "Help", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, launch: LaunchOptions | None = None) -> None:
        super().__init__()
        self.launch = launch or LaunchOptions()
        self.session: Session | None = None
        # a seat of a game on a server (tui/remote.py), instead of a local session
        self.joined: Joined | None = None
        self.autosaver = persistence.Autosaver(self._autosave_failed)
        # Remembered between runs (warp_empires.settings); a headless run
        # neither reads nor writes them.
        self.settings, self._settings_problems = (
            (Settings(), []) if self.launch.exit_on_end else load_settings())
        if self.launch.pace is None:
            self.launch.pace = self.settings.pace

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save":
            # in the footer only where there is a game to save (play-test: the
            # title screen and the New Game form offered "^s Save")
            return self.joined is not None or (
                self.session is not None and not self.session.over)
        return True

    def remember(self, **changes: object) -> None:
        """Updates the remembered settings and writes them (not when headless)."""
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        if self.launch.exit_on_end:
            return
        problem = save_settings(self.settings)
        if problem is not None:
            self.notify(problem, severity="warning", markup=False)

    def on_mount(self) -> None:
        for problem in self._settings_problems:
            self.notify(f"Settings: {problem}", severity="warning", markup=False, timeout=8)
        if self.launch.settings is not None:
            self.start_game(self.launch.settings)
        else:
            self.push_screen(self._title())
            if self.launch.open_save is not None:
                self.load_path(Path(self.launch.open_save))

    def _title(self) -> TitleScreen:
        """The title screen, its Continue entry on the game played last."""
        return TitleScreen(latest_game(self.launch.saves_dir))

    # -- games ---------------------------------------------------------------

    def new_game_chosen(self, settings: GameSettings | None) -> None:
        """The New Game screen's choice: remembered for next time, then started."""
        if settings is None:
            return
        self.remember(module=settings.module, players=settings.players)
        if settings.host is not None:
            self.run_worker(self._host(settings), group="host", exclusive=True)
            return
        self.start_game(settings)

    # -- games on a server (docs/hosting.md) -------------------------------------

    def action_join_game(self) -> None:
        from warp_empires.tui.dialogs.link import LinkDialog

        self.push_screen(LinkDialog(), callback=self.join)

    def join(self, link: Link | None) -> None:
        """Plays one seat of a game on a server, from its join link."""
        if link is None:
            return
        self._leave_joined()
        while len(self.screen_stack) > 2 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        self.session = None
        from warp_empires.tui.remote import Joined  # the network client: only when joining

        self.joined = Joined(self, link, self._join_failed)
        self.joined.start()
        self.notify("Connecting to the server...", timeout=3)

    def _join_failed(self, problem: str) -> None:
        self.back_to_title()
        self.push_screen(MessageDialog(f"Cannot join:\n{problem}"))

    def _leave_joined(self) -> None:
        if self.joined is not None:
            self.joined.stop()
            self.joined = None

    async def _host(self, settings: GameSettings, typed: str | None = None) -> None:
        """Creates the game on the server; this terminal joins the first side
        played by a person, and the other person's link is shown (and copied).
        A server that wants a host key not known here has it asked for once
        (`typed`), and remembered for that server when it creates the game."""
        assert settings.host is not None
        from warp_empires.module import ModuleError, load_module
        from warp_empires.net.client import ClientError, NeedsKey, create_game
        from warp_empires.net.guard import key_for, remember_key
        from warp_empires.net.links import BadLink, Link, browser_link, server_url

        url = settings.host
        try:
            module = load_module(settings.module)
            url = server_url(settings.host)
            created = await create_game(url, module.id, settings.seed, list(settings.optional),
                                        list(settings.players), typed or key_for(url),
                                        settings.scenario)
        except NeedsKey:
            from warp_empires.tui.dialogs.host_key import HostKeyDialog

            def again(key: str | None) -> None:
                if key:
                    self.run_worker(self._host(settings, key), group="host", exclusive=True)

            # a key was given (typed, or remembered from before) and refused
            self.push_screen(HostKeyDialog(url, refused=bool(typed or key_for(url))),
                             callback=again)
            return
        except (ModuleError, BadLink, ClientError) as error:
            self.push_screen(MessageDialog(f"Not hosted:\n{error}"))
            return
        if typed:
            remember_key([url], typed)  # asked once: this server's key from now on
        links = [Link(created["url"], created["game"], side, token)
                 for side, token in created["tokens"].items()]
        if len(links) == 1:
            self.join(links[0])
            return
        # the other person's link first; this terminal joins when it is read
        other = str(links[1])
        self.copy_to_clipboard(other)
        web = created.get("web")  # the server serves browsers too (serve --web)
        browser = (f"\n\nOr with no program, in a web browser:\n\n"
                   f"{browser_link(web, links[1])}" if isinstance(web, str) and web else "")
        self.push_screen(MessageDialog(
            f"Send this link to the player of {links[1].side} (it is copied to the "
            f"clipboard where the terminal allows it):\n\n{other}\n\nThey join with: "
            f"warp-empires join '<link>'.{browser}\n\nYour own side's link, to come back "
            f"later:\n\n{links[0]}"), callback=lambda _: self.join(links[0]))

    def start_game(self, settings: GameSettings | None) -> None:
        if settings is None:
            return
        from warp_empires.module import ModuleError, load_module
        from warp_empires.tui.session import Session

        try:
            module = load_module(settings.module)
        except ModuleError as error:
            self.push_screen(MessageDialog(f"Cannot load the module:\n{error}"))
            return
        options: dict[str, object] = {"open_hands": True} if settings.open_hands else {}
        if settings.optional:
            options["optional"] = list(settings.optional)  # RULINGS O1-O5
        if settings.scenario:
            options["scenario"] = settings.scenario  # docs/rules.md G3
        # No seed chosen: the engine draws a secret one (RULINGS H7), and the
        # game is not labelled as started from a known seed.
        from warp_empires.engine import Game

        if settings.position is not None:
            from warp_empires.saves.position import PositionError, read_position
            from warp_empires.saves.position_game import position_game

            try:
                game = position_game(module, read_position(settings.position, module),
                                     settings.seed, settings.open_hands)
            except PositionError as error:
                self.push_screen(MessageDialog(f"Cannot start from the position:\n{error}"))
                return
        else:
            game = Game.new(module, settings.seed, options)
        try:
            session = Session(game, settings.players, max_turns=self.launch.max_turns)
        except ModuleError as error:  # a player's own weights file that is not one
            self.push_screen(MessageDialog("Cannot start the game:\n" + "\n".join(error.problems)))
            return
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        """Show a game, replacing any game already on screen."""
        from warp_empires.tui.screens.end import EndScreen
        from warp_empires.tui.screens.game import GameScreen

        self._leave_joined()
        while isinstance(self.screen, GameScreen | EndScreen) or (
                len(self.screen_stack) > 2 and not isinstance(self.screen, TitleScreen)):
            self.pop_screen()
        self.session = session
        self.push_screen(GameScreen(session, self.launch))

    def on_game_screen_turn_ended(self, message: GameScreen.TurnEnded) -> None:
        self.autosave(message.doc)

    def autosave(self, doc: persistence.SaveDoc | None = None) -> None:
        """Writes the autosave of the game (or `doc`, taken earlier) in the background."""
        if self.session is None or self.launch.exit_on_end:
            return
        if not self.session.verified:
            return  # a loaded save not yet checked must not become an autosave
        try:
            doc = doc if doc is not None else persistence.autosave_doc(self.session)
            self.autosaver.submit(doc, self.launch.saves_dir)
        except Exception as error:  # noqa: BLE001 - an autosave must never stop play
            self._autosave_failed(str(error))

    def rescue_game(self) -> tuple[Path | None, str]:
        """Before a crash ends the app: the game as it stands autosaved, where safe."""
        if self.session is None:
            return super().rescue_game()
        if self.launch.exit_on_end:
            return None, "none: a headless run keeps no autosaves"
        return persistence.rescue(self.session, self.autosaver, self.launch.saves_dir)

    def _autosave_failed(self, reason: str) -> None:
        # Called from the autosave thread, or from this one: notify is safe from
        # either and does not wait (call_from_thread waited for this thread, which
        # could itself be waiting for the autosave: flush() hung the app).
        self.notify(f"Autosave failed: {reason}", severity="warning", markup=False)

    def on_game_screen_game_ended(self, message: GameScreen.GameEnded) -> None:
        session = message.session
        if not session.local:  # a joined game: the server keeps it and its record
            from warp_empires.tui.screens.end import EndScreen, joined_ending

            ending = joined_ending(session.view(session.viewer(None)), session.result_line())
            self.push_screen(EndScreen(session.module, ending), callback=self._after_end)
            return
        if self.launch.exit_on_end:
            self.launch.result.append(session.result_line())
            self.exit()
            return
        # The finished game's last autosave says it is over, so Continue no
        # longer offers it (its replay still shows how it ended).
        self.autosave()
        from warp_empires.tui.screens.end import EndScreen, local_ending

        self.push_screen(EndScreen(session.module, local_ending(session)),
                         callback=self._after_end)

    def _after_end(self, where: str | None) -> None:
        if where == "quit":
            self.exit()
        elif where == "title":
            self.back_to_title()
        elif where == "replay" and self.session is not None:
            from warp_empires.tui.screens.end import EndScreen, local_ending
            from warp_empires.tui.screens.replay import ReplayScreen

            session = self.session
            # back to the end screen afterwards
            self.push_screen(ReplayScreen(session.game), callback=lambda _: self.push_screen(
                EndScreen(session.module, local_ending(session)), callback=self._after_end))

    def replay_path(self, path: Path) -> None:
        """Opens a save in the replay viewer (RULINGS H8): rebuilt and checked
        first, so a save that does not replay to itself says so instead."""
        from warp_empires.saves import load_game
        from warp_empires.tui.screens.replay import ReplayScreen

        try:
            game = load_game(path)
        except persistence.SaveError as error:
            self.push_screen(MessageDialog(f"Cannot replay {path.name}:\n{error.problem}"))
            return
        self.push_screen(ReplayScreen(game))

    # -- actions ---------------------------------------------------------------

    def action_new_game(self) -> None:
        defaults = self.launch.settings or GameSettings(
            module=self.settings.module or "", players=self.settings.players)
        from warp_empires.tui.screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen(defaults), callback=self.new_game_chosen)

    def action_rules(self) -> None:
        # Imported here: the Markdown widget costs a noticeable share of start-up.
        from warp_empires.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            optional = self.session.game.options.get("optional", []) if self.session else []
            self.push_screen(HelpScreen(self._current_module(), tuple(optional)))

    def _current_module(self) -> Module | None:
        if self.session is not None:
            return self.session.module
        from warp_empires.module import ModuleError, list_modules, load_module

        for folder in list_modules():
            try:
                return load_module(folder)
            except ModuleError:
                continue
        return None

    def game_session(self) -> Session | RemoteSession | None:
        return self.session or (self.joined.session if self.joined is not None else None)

    def action_game_menu(self) -> None:
        if _in_game(self.screen):
            from warp_empires.tui.dialogs.game_menu import GameMenu

            # a game joined over the network has no record here to replay
            local = self.session is not None
            self.push_screen(GameMenu(() if local else ("replay",)),
                             callback=self._menu_chosen)

    def _menu_chosen(self, entry: str | None) -> None:
        if entry == "save":
            self.action_save()
        elif entry == "load":
            self.action_load_game()
        elif entry == "rules":
            self.action_rules()
        elif entry == "replay" and self.session is not None:
            from warp_empires.tui.screens.replay import ReplayScreen

            # the game being played here: only what both sides saw (RULINGS H6, H8)
            self.push_screen(ReplayScreen(self.session.game))
        elif entry == "title":
            self.back_to_title()
        elif entry == "resign":
            self.action_resign()
        elif entry == "quit":
            self.call_later(self.action_quit)

    def back_to_title(self) -> None:
        """Leaves the game for the title screen. A game going on is autosaved
        as it stands (not only at the last turn's end), so Continue resumes it
        exactly here."""
        if self.session is not None and not self.session.over:
            self.autosave()
            self.autosaver.flush()  # Continue must find it
        self._leave_joined()
        self.session = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(self._title())

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        """Saves an SVG of the screen (the palette's Screenshot, the screenshot
        action) and returns its path. Textual's default folder (Downloads) may
        not exist: ours is screenshots/ in the program's data folder, made when
        needed (play-test: "Screenshot" failed for a missing folder). It is
        written here and now: Textual's delivery writes from a thread that then
        waits for the app (call_from_thread), so quitting right after a
        screenshot could hang. In a browser, Textual's delivery downloads it."""
        if self.is_web:
            return super().deliver_screenshot(filename, path, time_format)
        folder = Path(path) if path else user_data_dir() / "screenshots"
        stamp = datetime.now().strftime(time_format or "%Y-%m-%dT%H_%M_%S")
        target = folder / (filename or f"warp-empires {stamp}.svg")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            target.write_text(self.export_screenshot(), encoding="utf-8")
        except OSError as error:
            self.notify(f"Screenshot not saved: {target}: {error.strerror or error}",
                        severity="error", markup=False)
            return None
        self.notify(f"Screenshot saved: {target}", markup=False, timeout=4)
        return str(target)

    def action_toggle_auto_forced(self) -> None:
        self.remember(auto_forced=not self.settings.auto_forced)
        on = self.settings.auto_forced
        self.notify("Forced decisions are now taken for you automatically." if on else
                    "Forced decisions now wait for you: the only choice is listed.")
        if on and _in_game(self.screen):
            self.screen.after_change()  # type: ignore[attr-defined]

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("Save game", "Save the game under a name (Ctrl+S)", self.action_save)
        yield SystemCommand("Load game", "Open the save browser (Ctrl+O)", self.action_load_game)
        yield SystemCommand("Rules and help", "Keys, rules, units and cards (F1)",
                            self.action_rules)
        if _in_game(screen):
            yield SystemCommand("Resign", "Give up the game for your side", self.action_resign)
        now = "on" if self.settings.auto_forced else "off"
        yield SystemCommand(f"Forced decisions: automatic ({now})",
                            "Take a decision with only one possible answer for you, or ask "
                            "for it (remembered)", self.action_toggle_auto_forced)
        yield from super().get_system_commands(screen)

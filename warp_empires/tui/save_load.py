"""Saving, loading and quitting, for the app: Ctrl+S under a name (never over
another game's save without asking), the save browser's Enter, the replay
that checks a loaded save beside the game it opened, and the question on
quitting (none when nothing changed since the game was saved or loaded).
A mixin of the app, kept apart so that a save's way in and out reads alone."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from warp_empires.saves.carry import CARRIED_KEY
from warp_empires.saves.errors import one_line
from warp_empires.tui import persistence
from warp_empires.tui.dialogs.ask import AskDialog, MessageDialog

if TYPE_CHECKING:
    from textual.app import App
    from textual.screen import Screen

    from warp_empires.engine import Game
    from warp_empires.tui.config import LaunchOptions
    from warp_empires.tui.remote import Joined
    from warp_empires.tui.session import Session

    _App = App[None]
else:
    _App = object  # at run time the app supplies App

# The save browser, the game screen and the engine are imported where they are
# first needed, not at start: the title screen comes first (bench_tui.py).


class SaveLoad(_App):
    """Needs from the app: what is declared here, and Textual's screens,
    workers, `notify` and `exit`."""

    session: Session | None
    joined: Joined | None
    launch: LaunchOptions

    if TYPE_CHECKING:
        def open_session(self, session: Session) -> None: ...
        def _title(self) -> Screen[None]: ...
    # (session, its version) as last saved or loaded: quitting with nothing
    # changed since asks nothing (play-test: "Save and quit" right after a save)
    _saved: tuple[Session, int] | None = None
    # the name a session was loaded from or last saved under, offered again
    # when it is saved (play-test: a game loaded as "ptgame" offered "MODULE-turn7")
    _save_name: tuple[Session, str] | None = None

    def action_load_game(self) -> None:
        from warp_empires.tui.screens.saves import SaveBrowser

        self.push_screen(SaveBrowser(self.launch.saves_dir), callback=self.load_path)

    def load_path(self, path: Path | None) -> None:
        if path is None:
            return
        try:
            session, doc = persistence.open_save(path, self.launch.max_turns)
        except persistence.SaveError as error:
            self._load_failed(path, error)
            return
        self.open_session(session)
        self._saved = (session, session.version)
        self._save_name = (session, path.stem)
        carried = (" It was saved under the first edition of the optional rules and goes on"
                   " from there under the revised ones (docs/rules.md)."
                   if doc.options.get(CARRIED_KEY) else "")
        self.notify(f"Loaded {one_line(path.stem, 100)}.{carried}", markup=False)
        if doc.base is not None and not carried:  # saves/proof.py: what cannot be checked
            self.notify("This game starts from a position written in the save, not from "
                        "its seed: its start cannot be checked.", severity="warning",
                        timeout=8, markup=False)
        # The game is playable at once; the replay that checks it (and rebuilds
        # its log) runs beside it and takes the game off screen if it fails.
        self.run_worker(lambda: self._verify(session, doc, path), thread=True,
                        group="verify", exit_on_error=False)

    def _load_failed(self, path: Path, error: Exception) -> None:
        # Back to the browser afterwards, to pick another save.
        reason = error.problem if isinstance(error, persistence.SaveError) else str(error)
        self.push_screen(MessageDialog(f"Cannot load {path.name}:\n{reason}"),
                         callback=lambda _: self.action_load_game())

    def _verify(self, session: Session, doc: persistence.SaveDoc, path: Path) -> None:
        try:
            replayed = persistence.verify(session, doc, path)
        except persistence.SaveError as error:
            self.call_from_thread(self._verify_failed, session, path, error)
        else:
            self.call_from_thread(self._verified, session, replayed)

    def _verified(self, session: Session, replayed: Game) -> None:
        if self.session is not session:
            return  # another game was opened meanwhile
        from warp_empires.saves import attach_log
        from warp_empires.tui.screens.game import GameScreen

        attach_log(session.game, replayed)
        # the result in the replay's words, not the file's (issue: a forged
        # win_reason showed on the end screen)
        session.game.state.win_reason = replayed.state.win_reason
        session.verified = True
        if isinstance(self.screen, GameScreen):
            self.screen.history_arrived()

    def _verify_failed(self, session: Session, path: Path, error: Exception) -> None:
        if self.session is not session:
            return
        self.session = None
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(self._title())
        self._load_failed(path, error)

    def action_save(self) -> None:
        if self.joined is not None:
            self.notify("The server keeps this game; the same link joins it again later.")
            return
        if self.session is None or self.session.over:
            self.notify("There is no game in progress to save.", severity="warning")
            return
        from warp_empires.tui.dialogs.save_name import SaveNameDialog

        self.push_screen(SaveNameDialog(self._suggested_name), callback=self._save_as)

    def _suggested_name(self) -> str:
        assert self.session is not None
        game = self.session.game
        named = self._save_name
        prefer = named[1] if named is not None and named[0] is self.session else None
        return persistence.suggest_name(game, self.launch.saves_dir, prefer)

    def _save_as(self, name: str | None, then_quit: bool = False, force: bool = False) -> None:
        if name is None or self.session is None:
            return
        try:
            path = persistence.save(self.session, name, self.launch.saves_dir, force=force)
        except persistence.SaveExists as error:
            # Saving never silently replaces another game's save: ask first.
            answers = [("replace", "Replace it"), ("cancel", "Cancel")]
            what = error.problem.removesuffix("; not replaced")
            question = f"The save '{Path(error.where).stem}' {what}. Replace it with this game?"

            def answered(answer: str | None) -> None:
                if answer == "replace":
                    self._save_as(name, then_quit, force=True)

            self.push_screen(AskDialog(question, answers), callback=answered)
            return
        except persistence.SaveError as error:
            self.push_screen(MessageDialog(f"Not saved: {error}"))
            return
        self.notify(f"Saved as {one_line(path.stem, 100)}.", markup=False)
        self._saved = (self.session, self.session.version)
        self._save_name = (self.session, path.stem)
        if then_quit:
            self.exit()

    async def action_quit(self) -> None:
        if (self.session is None or self.session.over or self.launch.exit_on_end
                or self._saved == (self.session, self.session.version)):
            # (a joined game is kept by its server: nothing to save here)
            self.exit()
            return
        answers = [("save", "Save and quit"), ("quit", "Quit without saving"),
                   ("cancel", "Cancel")]
        self.push_screen(AskDialog("Save the game before quitting?", answers),
                         callback=self._quit_answer)

    def _quit_answer(self, answer: str | None) -> None:
        if answer == "quit":
            self.exit()
        elif answer == "save" and self.session is not None:
            from warp_empires.tui.dialogs.save_name import SaveNameDialog

            self.push_screen(SaveNameDialog(self._suggested_name),
                             callback=lambda name: self._save_as(name, then_quit=True))

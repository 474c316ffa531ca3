"""Saving and loading through warp_empires.saves, in the TUI's terms: a
session in, a session out, and a one-line reason (SaveError) when it fails.

Nothing slow happens on the UI thread: a saved game opens from its snapshot and
its replay (verification, and the event log it rebuilds) runs on a worker
thread; autosaves are encoded and written on a background thread of their own.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

# Only the file-level part of saves here: the app imports this module at start,
# and the title screen must not wait for the engine and the module loader
# (benchmarks/bench_tui.py, start to title). Games are built in the functions.
from warp_empires.saves import SaveDoc, SaveError, SaveExists, path_for_name, write_autosave
from warp_empires.saves.store import check_overwrite
from warp_empires.tui.players import HUMAN, is_known

if TYPE_CHECKING:
    from warp_empires.engine import Game
    from warp_empires.tui.session import Session


def save(session: Session, name: str, directory: str | None = None, *,
         force: bool = False) -> Path:
    """Saves under `name`; SaveExists if that is another game's save (unless `force`)."""
    from warp_empires.saves.game import save_game

    return save_game(session.game, name, dir=directory, players=session.players, force=force)


def suggest_name(game: Game, directory: str | None = None, prefer: str | None = None) -> str:
    """`prefer` (the name the game was loaded from or last saved under) while
    it names no other game's save and is no autosave's; else module-turnN, or
    with -2, -3 ... when that name holds another game's save. A name this
    function made earlier is not kept: its turn number would be stale
    (play-test: Ctrl+S on turn 5 offered "MODULE-turn4")."""
    if prefer and re.fullmatch(rf"{re.escape(game.module.id)}-turn\d+(-\d+)?", prefer):
        prefer = None
    if prefer:
        try:
            check_overwrite(path_for_name(prefer, directory), game.id)
            return prefer
        except SaveError:
            pass
    # the turn the screen shows: the setup before turn 1 reads "Turn 1" there
    base = f"{game.module.id}-turn{max(game.state.turn, 1)}"
    for n in range(1, 100):
        name = base if n == 1 else f"{base}-{n}"
        try:
            check_overwrite(path_for_name(name, directory), game.id)
        except SaveError:
            continue
        return name
    return base


def open_save(path: Path, max_turns: int | None = None) -> tuple[Session, SaveDoc]:
    """A session for a saved game, playable at once, with the players it was
    saved with, and the document that `verify` must still check."""
    from warp_empires.module import ModuleError
    from warp_empires.saves.game import open_game
    from warp_empires.tui.session import Session

    game, doc = open_game(path)
    # A player kind this program does not know (a newer bot) falls back to a person.
    kinds = [s.player if is_known(s.player) else HUMAN for s in doc.meta.sides]
    try:
        session = Session(game, (kinds[0], kinds[1]), max_turns=max_turns)
    except ModuleError as error:  # a player's own weights file that is not one
        raise SaveError(path, f"its computer player cannot play: {error.problems[0]}") from None
    session.verified = False
    return session, doc


def verify(session: Session, doc: SaveDoc, path: Path) -> Game:
    """The replayed game (raises SaveError if the save does not replay to itself).
    Safe on a worker thread: it reads the document and the module only."""
    from warp_empires.saves.game import verify_doc

    return verify_doc(doc, session.module, str(path))


def autosave_doc(session: Session) -> SaveDoc:
    """The autosave document of the game as it stands now (a copy: the game
    may go on while it is written)."""
    from warp_empires.saves.game import AUTOSAVE_TITLE, game_doc

    return game_doc(session.game, AUTOSAVE_TITLE, session.players)


def rescue(session: Session, autosaver: Autosaver,
           directory: str | None = None) -> tuple[Path | None, str]:
    """After a crash, the game as it stands written as its newest autosave, if
    that is safe: the autosave written (or None), and what was done in words
    (for the crash log).

    An exception may have stopped in the middle of a change of the game, and an
    autosave of a half-changed state would not load: the game is written only
    if its decisions replay to exactly where it stands (the check a load makes).
    Otherwise, or when it is already autosaved as it stands, the last autosave
    stays the newest, untouched. Autosaves asked for earlier are written first.
    All of it on the caller's thread (the replay too): the app is stopping."""
    from warp_empires.saves import autosave_slots, read_save
    from warp_empires.saves.game import verify_doc

    autosaver.flush()
    if session.over:
        return None, "not needed: the game is over (its end is autosaved)"
    if not session.verified:
        return None, "not written: the loaded save was still being checked"
    doc = autosave_doc(session)
    newest = autosave_slots(directory, doc.meta.game)[0]
    try:
        if newest.is_file() and list(read_save(newest).actions) == list(doc.actions):
            return None, f"not needed: {newest} holds the game as it stands"
    except SaveError:
        pass  # unreadable: a new autosave goes before it, if the game replays
    try:
        verify_doc(doc, session.module, "the game as it stands")
    except SaveError as error:
        return None, f"not written, the last autosave stands: {error}"
    try:
        path = write_autosave(doc, directory)
    except (SaveError, OSError) as error:
        return None, f"could not be written: {error}"
    return path, f"written before exit: {path}"


class Autosaver:
    """Writes autosaves in order on one background thread. The document is taken
    on the caller's thread (a consistent copy of the game as it stands); encoding
    and the synced write happen in the background. `report` receives the one-line
    reason of a failed write, on the background thread."""

    def __init__(self, report: Callable[[str], None]) -> None:
        self._report = report
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._last: Future[None] | None = None

    def submit(self, doc: SaveDoc, directory: str | None = None) -> Future[None]:
        """Writes `doc` (from `autosave_doc`) as the newest autosave."""
        self._last = self._pool.submit(self._write, doc, directory)
        return self._last

    def _write(self, doc: SaveDoc, directory: str | None) -> None:
        try:
            write_autosave(doc, directory)
        except Exception as error:  # noqa: BLE001 - an autosave must never stop play
            self._report(str(error))

    def flush(self) -> None:
        """Wait for the autosaves already asked for (before the program ends)."""
        if self._last is not None:
            self._last.result()


__all__ = ["Autosaver", "autosave_doc", "SaveDoc", "SaveError", "SaveExists", "open_save",
           "rescue", "save", "suggest_name", "verify"]

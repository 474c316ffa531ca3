"""An exception nobody expected ends the app loudly: exit status 1, one line
on stderr naming a crash log (the traceback, the versions, the screens), and
the game autosaved first where that is safe (persistence.rescue).

Textual's own way was a rich traceback printed after the app closed, and an
exit status of 0 from the command (play-test: four different crashes, every
one "successful"), so no script could tell a crash from a normal exit.
"""

from __future__ import annotations

import platform
import sys
import traceback
from collections.abc import Sequence
from datetime import datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from textual.worker import WorkerFailed

from warp_empires import __version__
from warp_empires.paths import user_data_dir
from warp_empires.saves.errors import one_line

FOLDER = "crash-logs"


def crash_dir() -> Path:
    """Where crash logs go: crash-logs/ in the platform's data folder for the
    program (warp_empires.paths; $XDG_DATA_HOME/warp-empires on Linux)."""
    return user_data_dir() / FOLDER


def write_crash_log(error: BaseException, notes: Sequence[str] = ()) -> Path:
    """Writes a new crash log for `error` and returns its path; OSError if it
    cannot. `notes`: lines about the app at the time (screens, autosave)."""
    try:
        textual = version("textual")
    except PackageNotFoundError:
        textual = "?"
    now = datetime.now().astimezone()
    text = "".join([
        f"Warp Empires {__version__} stopped on an unexpected error at "
        f"{now:%Y-%m-%d %H:%M:%S %z}.\n",
        f"Python {platform.python_version()}, Textual {textual}, {platform.platform()}\n",
        *(f"{note}\n" for note in notes),
        "\n",
        *traceback.format_exception(error),
    ])
    folder = crash_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = f"crash-{now:%Y%m%d-%H%M%S}"
    for n in range(1, 1000):
        path = folder / (f"{stamp}.log" if n == 1 else f"{stamp}-{n}.log")
        try:
            with path.open("x", encoding="utf-8", errors="backslashreplace") as f:
                f.write(text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(folder / f"{stamp}.log")


def gone_before_mounted(error: Exception) -> bool:
    """Whether `error` is a handler, of a node being taken down or of any
    node while the app quits, not finding widgets that were never mounted or
    went with the node: nothing of it will be drawn, and the app goes on (or
    closes) as asked. Textual 8.2.8 mounts a node's composed widgets by an
    await, during which the node can be removed (a screen popped, or the app
    quitting, as it came: a joined game's first position just as the person
    quits), then sends it Mount all the same: the game screen's `on_mount`
    met `NoMatches: #log` and the app ended with an internal error. Textual
    runs no more of the node's handlers after a failed Mount."""
    from textual._context import active_message_pump
    from textual.css.query import NoMatches
    from textual.widget import Widget

    node = active_message_pump.get(None)
    # (Textual mounts nothing once the app is quitting either: `_exit`)
    return (isinstance(error, NoMatches) and isinstance(node, Widget)
            and (node._pruning or node._closing or node.app._exit))


class CrashReport:
    """Mixed into an App, before App among its bases. The first unexpected
    exception is written to a crash log (after `rescue_game`), the app stops as
    Textual stops it (return code 1), and what Textual would print after
    closing is replaced by one line naming the log.

    Textual 8.2.8 has no public hook for this: `_handle_exception` is where
    every unhandled exception of a handler, a timer or a worker arrives, and
    `_print_error_renderables` is what prints once the terminal is restored."""

    crash_line: str | None = None  # the line printed on stderr, once crashed
    crash_log: Path | None = None

    def rescue_game(self) -> tuple[Path | None, str]:
        """Saves what can be saved before the app ends: the autosave written
        (or None), and what was done in words, for the crash log. The app of a
        game kept elsewhere has nothing to save."""
        return None, "none: no game kept at this terminal (a joined game is kept by its server)"

    def _handle_exception(self, error: Exception) -> None:
        if gone_before_mounted(error):
            return
        if self.crash_line is None:
            self.crash_line = self._report_crash(error)
        super()._handle_exception(error)  # type: ignore[misc]

    def _report_crash(self, error: Exception) -> str:
        # a worker's exception arrives wrapped; the log wants the one it wraps
        cause = error.error if isinstance(error, WorkerFailed) else error
        message = one_line(str(cause), 200)
        what = f"{type(cause).__name__}: {message}" if message else type(cause).__name__
        try:
            autosaved, autosave = self.rescue_game()
        except Exception as failed:  # noqa: BLE001 - the report must go on
            autosaved, autosave = None, f"failed: {type(failed).__name__}: {failed}"
        notes = [f"Screens: {self._crash_screens()}", f"Autosave: {autosave}"]
        saved = " (the game is autosaved)" if autosaved is not None else ""
        try:
            self.crash_log = write_crash_log(cause, notes)
        except OSError as failed:
            # no log: the traceback itself, after the line, rather than nothing
            # (each line made safe for a terminal: messages may quote a module)
            where = one_line(str(failed.filename or crash_dir()), 200)
            lines = "".join(traceback.format_exception(cause)).splitlines()
            return "\n".join([f"warp-empires: internal error: {what}{saved}; no crash log "
                              f"could be written ({where}: {failed.strerror or failed}):",
                              *(one_line(line, 2000) for line in lines)])
        log = one_line(str(self.crash_log), 1000)
        return f"warp-empires: internal error: {what}{saved}; crash log: {log}"

    def _crash_screens(self) -> str:
        stack: list[Any] = list(getattr(self, "screen_stack", []))
        return " > ".join(type(screen).__name__ for screen in stack) or "none"

    def _print_error_renderables(self) -> None:
        if self.crash_line is None:
            super()._print_error_renderables()  # type: ignore[misc]
            return
        self._exit_renderables.clear()  # type: ignore[attr-defined]  # Textual's traceback
        print(self.crash_line, file=sys.stderr, flush=True)

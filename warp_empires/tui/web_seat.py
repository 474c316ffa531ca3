"""The app of a browser seat (`serve --web`, net/web.py): `join`'s app, in a
process the server starts for one browser tab, drawn in the tab's page by
textual-serve.

It is join-only: it plays the one seat it was started for, on this server,
and nothing else. No New Game, no saves or loads (the server keeps the
game), no module paths, no computer players, no files written or handed to
the browser (a screenshot would be a file on the server's disk, a download
a file of it), no URLs opened. Its seat comes on its standard input (one
JSON line, from the server, before textual-serve's packets); what the page
said was checked by the server before the process started.

    python -m warp_empires.tui.web_seat   (the server runs it; not for people)
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any

from warp_empires.net.links import BadLink, Link, game_url, parse_link
from warp_empires.tui.dialogs.ask import MessageDialog
from warp_empires.tui.remote import JoinApp

LINE_BYTES = 2048  # the seat's line is about 250
# the memory a tab's process may map (it uses about 60 MB resident): a fault
# of the app that grows without end ends it, not the server's machine
MEMORY_BYTES = 1 << 30
NOT_HERE = "Not in the browser: the server keeps the game, and nothing is saved on it."
# the palette's commands a browser seat keeps (Textual's Screenshot writes a file)
COMMANDS = ("Theme", "Quit", "Keys", "Maximize", "Minimize", "Resign")


class WebSeatApp(JoinApp):
    """JoinApp, join-only: whatever would write or hand over a file, open a
    URL or leave the seat for another game refuses with a note."""

    TITLE = "Warp Empires"

    def get_system_commands(self, screen: Any) -> Any:
        for command in super().get_system_commands(screen):
            if command.title in COMMANDS:
                yield command

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify(NOT_HERE, severity="warning", markup=False)
        return None

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify(NOT_HERE, severity="warning", markup=False)
        return None

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        self.notify(NOT_HERE, severity="warning", markup=False)
        return None

    def save_screenshot(self, *args: Any, **kwargs: Any) -> str:
        raise PermissionError(NOT_HERE)

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(NOT_HERE, severity="warning", markup=False)

    def _failed(self, problem: str) -> None:
        # the page has no terminal to print it on: said here, then the tab ends
        self.problem = problem
        self.push_screen(MessageDialog(f"This seat cannot be played: {problem}"),
                         callback=lambda _: self.exit())


def read_seat(fd: int = 0) -> tuple[Link, dict[str, Any]]:
    """The seat's line from `fd`, a byte at a time (what follows is Textual's
    input, not to be read here); the link to play and how to reach the server.
    ValueError when it is not one."""
    got = b""
    while not got.endswith(b"\n"):
        byte = os.read(fd, 1)
        if not byte or len(got) > LINE_BYTES:
            raise ValueError("no seat line")
        got += byte
    seat = json.loads(got)
    if not isinstance(seat, dict):
        raise ValueError("not a seat line")
    try:
        link = parse_link(str(Link(game_url("ws://localhost", str(seat["game"])),
                                   str(seat["game"]), str(seat["side"]), str(seat["token"]))))
    except (KeyError, BadLink) as e:
        raise ValueError(str(e)) from None
    via = {"unix": True, "path": str(seat["channel"]),
           "additional_headers": {"X-Forwarded-For": str(seat["address"])}}
    return link, via


def main() -> int:
    try:
        link, via = read_seat()
    except (OSError, ValueError) as e:
        print(f"warp_empires.tui.web_seat: {e}", file=sys.stderr)
        return 2
    # Textual's output is the page's (stdout); stderr is nobody's
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    app = WebSeatApp(link, via)
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    sys.exit(main())

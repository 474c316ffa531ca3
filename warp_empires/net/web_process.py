"""A browser tab's process (net/web.py): textual-serve's app service running
`warp_empires.tui.web_seat`, told its seat on its standard input first, at
a lower CPU priority than the server, with none of the server's secrets in
its environment."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shlex
import shutil
import signal
import sys
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

KEYS_BEHIND = 16 * 1024  # a process this far behind its keys is sent none until it catches up
# a tab's process runs at this lower CPU priority than the server: tabs busy
# with floods of keys slow one another, never the game port (issue 38's
# fourth attack: 8 strangers' tabs took a player's round trip p95 from 4 to 351 ms)
NICENESS = 10
STOP_SECONDS = 5.0  # a process told to quit is killed after this
# the environment a tab's process gets: no host key, no secrets of the server's
KEPT_ENV = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "VIRTUAL_ENV",
            "WARP_EMPIRES_MODULES")  # the modules the server plays: the app needs them too


def lowered() -> list[str]:
    """The words that start a tab's process at a lower CPU priority than the
    server's (NICENESS), from its first instruction (its start is a second
    of CPU), where the system has `nice`."""
    return ["nice", "-n", str(NICENESS)] if shutil.which("nice") else []


class SeatProcess(AppService):
    """textual-serve's process of one tab, told its seat on its standard input
    first (one JSON line), and never asked to hand over files or open URLs."""

    def __init__(self, command: str, seat_line: bytes, env: dict[str, str], **kw: Any) -> None:
        super().__init__(command, **kw)
        self.seat_line = seat_line
        self.env = env

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        own = super()._build_environment(width, height)
        return {**{k: v for k, v in own.items() if k.startswith("TEXTUAL") or k in (
            "TERM_PROGRAM", "TERM_PROGRAM_VERSION", "COLUMNS", "ROWS")}, **self.env}

    async def start(self, width: int, height: int) -> None:
        await self._open_app_process(width, height)
        self.stdin.write(self.seat_line)
        await self.stdin.drain()
        self._task = asyncio.create_task(self.run())

    def behind(self) -> bool:
        """Whether the process has not yet read KEYS_BEHIND of its input."""
        transport = getattr(self.stdin, "transport", None)
        return transport is not None and transport.get_write_buffer_size() > KEYS_BEHIND

    async def stop(self, at_once: bool = False) -> None:
        """Asks the app to quit, and kills it after STOP_SECONDS (`at_once`:
        kills it now, the server stopping)."""
        if not at_once:
            try:
                await asyncio.wait_for(super().stop(), STOP_SECONDS)
            except (TimeoutError, OSError, RuntimeError):
                pass
        process = self._process
        if process is not None and process.returncode is None:
            # os.kill, not process.kill(): subprocess's kill polls first, and so
            # reaps a process that has just quit before asyncio's child watcher
            # does, which then logs "Unknown child process" (seen by issue 38's
            # attackers). A zombie keeps its pid until the watcher waits for it.
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGKILL)
            await process.wait()

    async def on_meta(self, data: bytes) -> None:
        with contextlib.suppress(ValueError):
            if json.loads(data).get("type") == "exit":
                await self.remote_close()
        # files (screenshots, saves) and URLs are nothing a seat hands a browser

    async def on_packed(self, payload: bytes) -> None:
        return None


def seat_process(folder: Path, seat_line: bytes, ws: web.WebSocketResponse,
                 downloads: DownloadManager) -> SeatProcess:
    """A tab's process (not started), its files under `folder`, drawing on `ws`."""
    # textual-serve runs it through a shell: `exec`, one process a tab
    command = "exec " + shlex.join([*lowered(), sys.executable, "-m",
                                    "warp_empires.tui.web_seat"])
    home = str(folder)
    env = {k: os.environ[k] for k in KEPT_ENV if k in os.environ}
    env.update(HOME=home, XDG_DATA_HOME=f"{home}/data", XDG_CONFIG_HOME=f"{home}/config",
               XDG_CACHE_HOME=f"{home}/cache")
    return SeatProcess(command, seat_line, env, write_bytes=ws.send_bytes,
                       write_str=ws.send_str, close=ws.close, download_manager=downloads)

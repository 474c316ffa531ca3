"""Browser seats under a stranger's tabs, for bench_server.py (--only web): a
server with `serve --web` (its defaults: 16 tabs, 3 an address) while, for
`seconds`, strangers open tabs as fast as they can from 20 addresses
(127.0.0.10-29): half with a seat's link that leaked (a real token), half
with made-up tokens. Meanwhile the real player of the other seat opens its
tab now and then from its own address. Figures: the player's time from
opening the page's socket to the game's first screen (each probe; and three
before the strangers came, the same run's baseline), the
strangers' tabs by what became of them, the most processes at once, and the
memory of the server and its tabs at the end.

Needs the [web] extra (textual-serve); without it the part is skipped with
one line."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.server_scenarios import ROOT


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _tabs() -> list[int]:
    """The browser seats' processes now: their resident memory (KiB)."""
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            with contextlib.suppress(OSError):
                if b"warp_empires.tui.web_seat" in Path(f"/proc/{pid}/cmdline").read_bytes():
                    status = Path(f"/proc/{pid}/status").read_text()
                    out.append(int(status.split("VmRSS:")[1].split()[0]))
    return out


def _rss(pid: int) -> int:
    return int(Path(f"/proc/{pid}/status").read_text().split("VmRSS:")[1].split()[0])


async def _tab(web: int, fragment: str, address: str, hold: float) -> tuple[str, float | None]:
    """One tab from `address`: what became of it, and the seconds to its first
    screen (None without one)."""
    import aiohttp

    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    start = time.monotonic()
    try:
        async with aiohttp.ClientSession(connector=connector) as session, session.ws_connect(
                f"http://127.0.0.1:{web}/ws?width=120&height=40") as ws:
            await ws.send_str(json.dumps(["join", fragment]))
            first: float | None = None
            got = 0
            end = start + hold
            while time.monotonic() < end:
                try:
                    message = await ws.receive(timeout=max(0.05, end - time.monotonic()))
                except TimeoutError:
                    break
                if message.type == aiohttp.WSMsgType.BINARY:
                    got += len(message.data)
                    if first is None and got > 2000:  # a screen, not a byte
                        first = time.monotonic() - start
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.CLOSING):
                    return (f"closed: {str(message.extra or '')[:50]}", first)
            return ("played" if first is not None else "no screen", first)
    except (aiohttp.ClientError, OSError, TimeoutError) as e:
        return (f"refused: {type(e).__name__}", None)


async def _attack(web: int, leaked: str, game: str, player: str, seconds: float
                  ) -> dict[str, Any]:
    outcomes: Counter[str] = Counter()
    most = 0
    probes: list[float | None] = []
    end = time.monotonic() + seconds
    running: set[asyncio.Task[Any]] = set()

    async def stranger(n: int) -> None:
        address = f"127.0.0.{10 + n}"
        while time.monotonic() < end:
            fragment = leaked if n % 2 == 0 else (
                f"game={game}&side=rebels&token={secrets.token_urlsafe(24)}")
            what, _ = await _tab(web, fragment, address, 4.0)
            outcomes[what.split(":")[0] + (" (leaked link)" if n % 2 == 0 else
                                           " (made-up token)")] += 1
            await asyncio.sleep(0.05)

    async def count() -> None:
        nonlocal most
        while time.monotonic() < end:
            most = max(most, len(_tabs()))
            await asyncio.sleep(0.2)

    quiet = []
    for _ in range(3):  # the player's tab before any stranger: the same run's baseline
        _, first = await _tab(web, player, "127.0.0.2", 4.0)
        quiet.append(None if first is None else round(first, 2))
    end = time.monotonic() + seconds
    for n in range(20):
        running.add(asyncio.create_task(stranger(n)))
    running.add(asyncio.create_task(count()))
    await asyncio.sleep(2.0)  # the strangers at full strength first
    while time.monotonic() < end - 6:
        _, first = await _tab(web, player, "127.0.0.2", 6.0)
        probes.append(None if first is None else round(first, 2))
    await asyncio.gather(*running)
    return {"player_first_screen_quiet_s": quiet, "player_first_screen_s": probes,
            "stranger_tabs": dict(outcomes),
            "most_processes": most}


def web(seconds: float = 30.0) -> dict[str, Any]:
    if importlib.util.find_spec("textual_serve") is None:
        print("web: skipped: textual-serve is not installed (pip install -e '.[web]')")
        return {"skipped": "textual-serve not installed"}
    tmp = Path(tempfile.mkdtemp(prefix="bench-web-"))
    env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"),
           "XDG_CONFIG_HOME": str(tmp / "config")}
    port, web_port = _free_port(), _free_port()
    cli = [sys.executable, "-c", "import sys; from warp_empires.cli import main; "
           "sys.exit(main())"]
    serve = subprocess.Popen([*cli, "serve", "--port", str(port), "--web", "--web-port",
                              str(web_port), "--saves-dir", str(tmp / "saves"),
                              "--log-level", "warning"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
    try:
        assert serve.stdout is not None
        while b"Browsers play" not in serve.stdout.readline():
            pass
        hosted = json.loads(subprocess.run([*cli, "host", f"127.0.0.1:{port}", "--json"],
                                           env=env, check=True, capture_output=True).stdout)
        leaked = hosted["browser"]["rebels"].split("#")[1]
        player = hosted["browser"]["empire"].split("#")[1]
        out = asyncio.run(_attack(web_port, leaked, hosted["game"], player, seconds))
        out["server_rss_mb"] = round(_rss(serve.pid) / 1024, 1)
        left = _tabs()
        out["processes_at_end"] = len(left)
        out["tab_rss_mb"] = round(max(left) / 1024, 1) if left else None
        for _ in range(100):  # the tabs closed: their processes end within seconds
            if not (left := _tabs()):
                break
            time.sleep(0.1)
        out["processes_10s_later"] = len(left)
        return out
    finally:
        serve.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            serve.wait(15)
        shutil.rmtree(tmp, ignore_errors=True)

"""Hellos to an ended game that never read its end (issue 38's tenth attack),
for bench_server.py's "unread" part: a game of Star Wars is played about
900 decisions and resigned (its end then hundreds of KB), and one address
says hello to one of its seats 4.5 times a second (within its rate), its
receive buffer and segments as small as the system allows, never reading.
Before the mend each such connection was held for ever and the server
filled: HTTP 503 for everyone. Meanwhile a host creates a game every 2
seconds: how many fail, and how many connections the attacker still holds.

Its attacker runs in a process of its own (`python -m
benchmarks.server_unread ARGS-AS-JSON`), as the other attacks do.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import struct
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from benchmarks.server_scenarios import (
    Stats,
    attack,
    attacker_figures,
    client,
    create,
    serving,
    upgraded,
)
from warp_empires.net.client import Seat
from warp_empires.net.links import Link
from warp_empires.net.protocol import VERSION, encode

HOLD = 10.0  # seconds the attacker keeps its connections open after its last


async def _ended(url: str, made: dict[str, Any], decisions: int) -> Link:
    """The game `made` played about `decisions` decisions at random, then
    resigned; a link to one of its seats."""
    links = [Link(url, made["game"], side, token) for side, token in made["tokens"].items()]
    stats, done = Stats(), asyncio.Event()
    pair = [asyncio.create_task(client(link, decisions, 0.0, stats, random.Random(n), done))
            for n, link in enumerate(links)]
    # when one stops (its count reached), the other waits for a position
    # that never comes: stopped too, as bench_server.py's games are
    _, waiting = await asyncio.wait(pair, return_when=asyncio.FIRST_COMPLETED)
    for task in waiting:
        task.cancel()
    await asyncio.gather(*pair, return_exceptions=True)
    for link in links:  # the seat that decides resigns
        await _resign(Seat(link))
    return links[0]


async def _resign(seat: Seat) -> None:
    """Resigns the game at `seat` if it decides now."""
    async def on_frame(kind: str) -> bool:
        if kind != "position":
            return kind == "over"
        if seat.deciding:
            await seat.decide(("resign",))
        return True

    await seat.run(on_frame)


def _mute(port: int, frame: dict[str, Any], source: str) -> socket.socket:
    """A connection from `source` that says `frame` and never reads again."""
    s = upgraded(port, source, tiny=True)
    payload, mask = encode(frame), os.urandom(4)
    s.sendall(struct.pack("!BBH", 0x82, 0x80 | 126, len(payload)) + mask
              + bytes(c ^ mask[i % 4] for i, c in enumerate(payload)))
    return s


def _attack(port: int, frame: dict[str, Any], rate: float, seconds: float) -> dict[str, Any]:
    held, refused = [], 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            held.append(_mute(port, frame, "127.0.0.50"))
        except OSError:
            refused += 1
        time.sleep(1 / rate)
    time.sleep(HOLD)  # still open while the kernel's orphans are counted
    for s in held:
        s.close()
    return {"opened": len(held), "refused": refused}


def _orphans() -> int | None:
    """TCP sockets the kernel still holds for no process (/proc/net/sockstat):
    dropped connections whose unsent bytes it still tries to deliver (the
    eleventh attack: 12,525 of them, 910 MB)."""
    try:
        for line in Path("/proc/net/sockstat").read_text().splitlines():
            if line.startswith("TCP:"):
                words = line.split()
                return int(words[words.index("orphan") + 1])
    except (OSError, ValueError):
        pass
    return None


def _connections(port: int) -> int | None:
    """The server's open connections (its /metrics), None when it refuses."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as page:
            text = page.read().decode()
    except OSError:
        return None
    line = next(x for x in text.splitlines() if x.startswith("warp_empires_connections "))
    return int(float(line.split()[1]))


async def _host(server: Any, seconds: float) -> dict[str, Any]:
    tried = failed = 0
    most: int | None = 0  # None once the server refused even its /metrics
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        tried += 1
        try:
            made = await asyncio.wait_for(create(server, tried), 10)
            failed += made.get("t") != "created"
        except Exception:  # noqa: BLE001 - refused (HTTP 503) or timed out: a failure
            failed += 1
        now = await asyncio.to_thread(_connections, server.port)
        most = None if now is None or most is None else max(most, now)
        await asyncio.sleep(2)
    return {"creates": tried, "failed": failed,
            "most_connections": "full (/metrics refused)" if most is None else most}


def unread(roots: dict[str, Path], rate: float = 4.5, seconds: float = 60.0,
           max_connections: int = 200, decisions: int = 900) -> dict[str, Any]:
    out: dict[str, Any] = {"rate": rate, "seconds": seconds, "max_connections": max_connections,
                           "decisions": decisions}
    for name, root in roots.items():
        with serving(f"bench-unread-{name}-", root, max_connections=max_connections) as server:
            made = asyncio.run(create(server, 7))
            link = asyncio.run(_ended(server.url, made, decisions))
            frame = {"t": "hello", "v": VERSION, "game": link.game, "side": link.side,
                     "token": link.token}
            churn = attack("server_unread", server.port, frame, rate, seconds)
            host = asyncio.run(_host(server, seconds))
            out[name] = {**host, "server_rss_mb": round(server.rss_mb(), 1),
                         "kernel_orphans": _orphans(), "attacker": attacker_figures(churn)}
    return out


if __name__ == "__main__":
    print(json.dumps(_attack(*json.loads(sys.argv[1]))))

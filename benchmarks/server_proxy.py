"""Two game servers behind a real HAProxy on loopback (bench_server.py
--proxy): games are created and played through the proxy, which routes every
connection of a game by its URL path (links.game_url: `/g/<id>/`, hashed);
each server keeps its own saves folder, and one of them is killed (SIGKILL)
and started again while the games go on. Prints how many games each server
holds, the round trip through the proxy, and the decisions lost (0).

Debian's `haproxy` package; without it the part is skipped with one line.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.haproxy import free_port, haproxy, start
from benchmarks.server_scenarios import ROOT, Server, Stats, client, create
from warp_empires.net.links import Link

# after haproxy.HEAD
CONFIG = """frontend warp
    bind 127.0.0.1:{port}
    default_backend servers
backend servers
    # /g/<id>/...: a game's every connection, its creation included, to one server
    balance uri depth 2
    hash-type consistent
    # each connection starts with a PROXY protocol line naming its client
    # (the servers trust 127.0.0.1: serve --trust-proxy)
    server a 127.0.0.1:{a} send-proxy
    server b 127.0.0.1:{b} send-proxy
"""


class Proxied(Server):
    """A server whose URL, for the benchmark's clients, is the proxy's."""

    def __init__(self, folder: Path, proxy_url: str) -> None:
        super().__init__(folder, ROOT, ("--address-rate", "100000",
                                        "--address-unseated", "100000",
                                        "--trust-proxy", "127.0.0.1"))
        self.proxy_url = proxy_url

    @property
    def url(self) -> str:
        return self.proxy_url


async def _play(servers: list[Proxied], games: int, decisions: int, think: float,
                kill_every: float) -> dict[str, Any]:
    proxy_url = servers[0].url
    made = [await create(servers[0], seed) for seed in range(games)]  # one key for both
    bad = [g for g in made if g.get("t") != "created"]
    if bad:
        raise SystemExit(f"not created through the proxy: {bad[0]}")
    stats, done = Stats(), asyncio.Event()

    async def both(g: dict[str, Any], n: int) -> None:
        url = f"{proxy_url.rstrip('/')}/g/{g['game']}/"
        pair = [asyncio.create_task(client(Link(url, g["game"], side, token), decisions,
                                           think, stats, random.Random(n * 2 + i), done))
                for i, (side, token) in enumerate(g["tokens"].items())]
        _, pending = await asyncio.wait(pair, return_when=asyncio.FIRST_COMPLETED)
        for t in pending:
            t.cancel()
        await asyncio.gather(*pair, return_exceptions=True)

    async def killer() -> None:
        await asyncio.sleep(kill_every)
        await asyncio.to_thread(servers[0].kill)  # server a, mid-game
        await asyncio.to_thread(servers[0].start)
        stats.restarts += 1

    began = time.perf_counter()
    kill = asyncio.create_task(killer())
    await asyncio.gather(*(both(g, n) for n, g in enumerate(made)))
    await kill
    trips = sorted(stats.trips)
    return {"games": games, "decisions": stats.decisions,
            "seconds": round(time.perf_counter() - began, 1),
            "games_per_server": {name: len(list(s.folder.glob("net-*.seats")))
                                 for name, s in zip("ab", servers, strict=True)},
            "round_trip_ms_p95": round(trips[int(0.95 * len(trips))] * 1000, 2)
            if trips else None,
            "kills": stats.restarts, "decisions_lost": stats.lost}


def proxy(games: int = 20, decisions: int = 60, think: float = 0.05,
          kill_every: float = 3.0) -> dict[str, Any] | None:
    """The figures, or None (and one line) where HAProxy is not installed."""
    if haproxy() is None:
        print("proxy: skipped: haproxy is not installed (Debian: apt-get install haproxy)")
        return None
    work = Path(tempfile.mkdtemp(prefix="bench-proxy-"))
    port = free_port()
    url = f"ws://127.0.0.1:{port}/"
    servers = [Proxied(work / name, url) for name in "ab"]
    for s in servers:
        s.folder.mkdir()
        # one host key for both: a `create` goes to whichever the proxy picks
        (s.folder / "host.key").write_text("the-benchmarks-host-key-for-both\n")
        s.port = free_port()
        s.start()
    proc = start(CONFIG.format(port=port, a=servers[0].port, b=servers[1].port), port, work)
    try:
        return asyncio.run(_play(servers, games, decisions, think, kill_every))
    finally:
        proc.terminate()
        proc.wait(10)
        for s in servers:
            s.stop()
        shutil.rmtree(work, ignore_errors=True)

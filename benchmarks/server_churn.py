"""Silent sockets from many addresses, each address within its rate, for
bench_server.py (--only churn): issue 38's attacker kept a server of
--max-connections 200 full of sockets younger than a second from 100
addresses (4.5 a second each) and real players got HTTP 503. Figures, for
this checkout and with --before PATH another: a real player's create and
join times (three probes, each retried every 0.1 s for up to 20 s), and how
many of them got in at all.

The attacker runs in a subprocess (`python -m benchmarks.server_churn`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.server_attacks import _probes
from benchmarks.server_scenarios import attack, serving


async def _churn(port: int, addresses: int, rate: float, seconds: float) -> dict[str, int]:
    """Each address opens `rate` silent TCP sockets a second, each held until
    the server closes it."""
    opened = 0
    held: set[asyncio.Task[None]] = set()

    async def hold(address: str) -> None:
        nonlocal opened
        with contextlib.suppress(Exception):
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", port, local_addr=(address, 0)), 3)
            opened += 1
            with contextlib.suppress(Exception):
                await asyncio.wait_for(reader.read(200), 12)
            writer.close()

    async def one(address: str, offset: float, end: float) -> None:
        await asyncio.sleep(offset)
        while time.monotonic() < end:
            task = asyncio.create_task(hold(address))
            held.add(task)
            task.add_done_callback(held.discard)
            await asyncio.sleep(1 / rate)

    end = time.monotonic() + seconds
    await asyncio.gather(*(one(f"127.0.0.{10 + n}", n / addresses / rate, end)
                           for n in range(addresses)))
    for task in list(held):
        task.cancel()
    return {"opened": opened}


def churn(roots: dict[str, Path], addresses: int = 100, rate: float = 4.5,
          seconds: float = 12.0, max_connections: int = 200) -> dict[str, Any]:
    out: dict[str, Any] = {"addresses": addresses, "rate": rate, "seconds": seconds,
                           "max_connections": max_connections}
    for name, root in roots.items():
        with serving(f"bench-churn-{name}-", root, one_address=False,
                     max_connections=max_connections) as server:
            churn = attack("server_churn", server.port, addresses, rate, seconds)
            time.sleep(2)  # full of fresh silent sockets
            figures = asyncio.run(_probes(server, churn, seconds - 2, sample_rss=False))
            figures["players_in"] = sum(p["join_ms"] is not None for p in figures["probes"])
            del figures["probes"]
            out[name] = figures
    return out


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_churn(*json.loads(sys.argv[1])))))

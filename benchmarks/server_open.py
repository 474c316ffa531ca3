"""`serve --open` under strangers (issue 38's attacks 3 and 4), for
bench_server.py --only open: strangers from 59 addresses (127.0.0.2..60)
create games as fast as the server lets them, then sit on the seats of those
games (two connections a game, never leaving); then the host creates a game
with its key and its two players join. Figures: strangers' games and seated
connections the server took, and whether (and how fast) the host created and
its players joined, on a server of this checkout and, with --before PATH, of
another, in the same run.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake

from benchmarks.server_attacks import player
from benchmarks.server_scenarios import serving
from warp_empires.net.links import game_url, new_game_id
from warp_empires.net.protocol import VERSION, decode, encode

ADDRESSES = [f"127.0.0.{n}" for n in range(2, 61)]


async def _stranger_creates(url: str, address: str, seconds: float) -> list[dict[str, Any]]:
    """Games created from `address` without the key, as fast as it is let."""
    made: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game = new_game_id()
        try:
            async with connect(game_url(url, game), compression=None, open_timeout=5,
                               local_addr=(address, 0)) as ws:
                await ws.send(encode({"t": "create", "v": VERSION, "module": "star_wars",
                                      "players": ["human", "human"], "game": game}))
                answer = decode(await asyncio.wait_for(ws.recv(), 5))
        except (InvalidHandshake, OSError, TimeoutError):
            await asyncio.sleep(0.2)
            continue
        if answer.get("t") == "created":
            made.append(answer)
        else:
            await asyncio.sleep(0.5)  # refused: its rate, or the server's limit
    return made


async def _sit(url: str, address: str, created: dict[str, Any]) -> Any:
    """One stranger's connections on the seats of its game, kept open."""
    held = []
    for side, token in created["tokens"].items():
        try:
            ws = await connect(game_url(url, created["game"]), compression=None,
                               open_timeout=5, local_addr=(address, 0)).__aenter__()
            await ws.send(encode({"t": "hello", "v": VERSION, "game": created["game"],
                                  "side": side, "token": token}))
            if decode(await asyncio.wait_for(ws.recv(), 5))["t"] == "welcome":
                held.append(ws)
            else:
                await ws.close()
        except (InvalidHandshake, OSError, TimeoutError):
            pass
    return held


async def _attack(server: Any, seconds: float) -> dict[str, Any]:
    made = await asyncio.gather(*(_stranger_creates(server.url, a, seconds)
                                  for a in ADDRESSES))
    games = sum(len(m) for m in made)
    sat = await asyncio.gather(*(_sit(server.url, a, g) for a, mine in zip(ADDRESSES, made,
                                                                          strict=True)
                                 for g in mine))
    held = [ws for seats in sat for ws in seats]
    host = await player(server, 7, within=10)
    for ws in held:
        ws.transport.abort()
    return {"strangers_games": games, "strangers_seated": len(held),
            "host_create_ms": host["create_ms"], "host_join_ms": host["join_ms"]}


def open_server(roots: dict[str, Path], games: int = 60, connections: int = 80,
                seconds: float = 8.0) -> dict[str, Any]:
    """Strangers at an --open server with --max-games `games` and
    --max-connections `connections`, then its host, for each checkout."""
    out: dict[str, Any] = {"max_games": games, "max_connections": connections,
                           "addresses": len(ADDRESSES), "seconds": seconds}
    for name, root in roots.items():
        # its own --max-games (the later flag wins over Server's)
        with serving(f"bench-open-{name}-", root, one_address=False, max_connections=connections,
                     flags=("--open", "--max-games", str(games))) as server:
            out[name] = asyncio.run(_attack(server, seconds))
    return out

"""A game server on 127.0.0.1 inside the test's own event loop, and raw clients."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from warp_empires.net.guard import Rules, remember_key
from warp_empires.net.links import Link
from warp_empires.net.listen import run_server
from warp_empires.net.protocol import VERSION, decode, encode
from warp_empires.net.server import GameServer, Limits

SW = Path(__file__).parents[2] / "modules" / "star_wars"
# A small test theme: its heuristic games end in about a hundred decisions (Star
# Wars's in thousands), for tests that play whole games. Clients load a module
# by the name the server gives: tests put its folder on the search path (`rome`).
ROME = Path(__file__).parents[1] / "themes" / "rome"
KEY = "the-host-key-of-the-test-servers"  # serving()'s: what `host --key` gives


@contextlib.asynccontextmanager
async def serving(folder: Path, limits: Limits | None = None, resume: bool = False,
                  bot_seed: int | None = None, rules: Rules | None = None,
                  timer: Callable[[], float] | None = None, tls: ssl.SSLContext | None = None,
                  sleep: Callable[[float], Awaitable[None]] | None = None
                  ) -> AsyncIterator[tuple[GameServer, str]]:
    """A server on a free port, its host key KEY (one game with a computer
    seat at once, and connections from 127.0.0.1 as fast as a test opens them,
    unless `rules` say otherwise); yields it and its URL."""
    more: dict[str, Any] = {"timer": timer} if timer is not None else {}
    if sleep is not None:  # how the server waits (a presence frame's second, a slowed frame)
        more["sleep"] = sleep
    server = GameServer(folder, limits, bot_seed=bot_seed, key=KEY,
                        rules=rules or Rules(bot_games=1, connect_rate=1e6, connect_burst=10**6),
                        **more)
    if resume:
        assert server.resume() == []
    stop = asyncio.Event()
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(run_server(server, "127.0.0.1", 0, tls, ready=port.set_result,
                                          stop=stop))
    url = f"{'wss' if tls else 'ws'}://127.0.0.1:{await port}/"
    remember_key([url], KEY)  # as `serve` does: the app finds the key of its own server
    try:
        yield server, url
    finally:
        stop.set()
        await task
        for t in list(server._tasks):  # computer players still thinking
            t.cancel()


def links_of(server: GameServer, url: str, players: tuple[str, str] = ("human", "human"),
             seed: int | None = 3, module: Path = SW) -> tuple[str, dict[str, Link]]:
    """A new game of `module` on `server`; its id and a link per human side."""
    room, tokens = server.create(str(module), seed, [], list(players))
    return room.id, {side: Link(url, room.id, side, token) for side, token in tokens.items()}


async def raw(url: str, *frames: Any, replies: int = 1) -> list[Any]:
    """Sends frames (dicts are encoded, bytes and str sent as they are) on one
    connection and returns the replies (decoded when they decode), up to
    `replies` or until the server closes. `presence` frames (who is
    connected) are left out: they come whenever a seat joins or leaves."""
    out: list[Any] = []
    async with connect(url, compression=None) as ws:
        for f in frames:
            await ws.send(encode(f) if isinstance(f, dict) else f)
        with contextlib.suppress(Exception):
            while len(out) < replies:
                data = await asyncio.wait_for(ws.recv(), 5)
                with contextlib.suppress(Exception):
                    if decode(data)["t"] == "presence":
                        continue
                out.append(decode(data))
    return out


def hello(link: Link, **changes: Any) -> dict[str, Any]:
    frame = {"t": "hello", "v": VERSION, "game": link.game, "side": link.side,
             "token": link.token}
    frame.update(changes)
    return frame


async def until(check: Callable[[], bool], within: float = 30) -> None:
    """Turns the event loop until `check` holds (what the server does about
    something a test did, such as dropping a closed connection); fails if it
    does not hold within `within` seconds."""
    async def turns() -> None:
        while not check():
            await asyncio.sleep(0)

    await asyncio.wait_for(turns(), within)

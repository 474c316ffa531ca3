"""Ping floods (issue 38's attack 2): a client's pings are rated, slowed
past their rate and dropped past a hard limit, and a connection that does
not read what it is sent is not read either, so unread answers to its
pings never pile up. Time is the test's own: sleeps are counted, never
slept."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from websockets.asyncio.client import connect

from warp_empires.net.protocol import decode, encode
from warp_empires.net.server import Limits

from .support import hello, links_of, serving, until


def run(coro):  # noqa: ANN001, ANN201 - a coroutine in, its result out
    return asyncio.run(asyncio.wait_for(coro, 60))


PING = bytes([0x89, 0x80 | 4]) + b"\0\0\0\0" + b"ping"  # a masked ping, as a client sends


class Clock:
    """The server's timer, and its sleep: a sleep moves the clock on."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


LIMITS = Limits(ping_rate=1.0, ping_burst=10, ping_owed=10.0)


def test_a_ping_flood_is_dropped_past_its_hard_limit(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> tuple[int, int]:
        async with serving(tmp_path, LIMITS, timer=clock) as (server, url):
            server.sleep = clock.sleep
            async with connect(url, compression=None) as ws:  # no hello: before it
                ws.transport.write(PING * 40)  # 10 at once, 10 more slowed, then dropped
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.recv(), 10)
                closed = ws.close_code
            await until(lambda: server.connections == 0)
            return closed is not None, server.connections

    closed, left = run(main())
    assert closed and left == 0


def test_a_few_pings_too_many_are_slowed_not_dropped(tmp_path: Path) -> None:
    clock = Clock()

    async def main() -> list[str]:
        async with serving(tmp_path, LIMITS, timer=clock) as (server, url):
            server.sleep = clock.sleep
            _, links = links_of(server, url)
            async with connect(url, compression=None) as ws:
                ws.transport.write(PING * 15)  # 5 beyond the burst: 5 seconds owed
                await ws.send(encode(hello(links["rebels"])))  # read once they are paid
                return [decode(await ws.recv())["t"] for _ in range(2)]

    assert run(main()) == ["welcome", "position"]
    assert clock.slept == [5.0]  # its reading waited for what it owed, once


def test_a_connection_that_does_not_read_is_not_read(tmp_path: Path) -> None:
    async def main() -> list[bool]:
        async with serving(tmp_path) as (server, url):
            async with connect(url, compression=None):
                await until(lambda: server.connections == 1)
                conn = next(iter(server.entrance._counted))
                seen = [conn.transport.is_reading()]
                conn.pause_writing()  # the transport: 32 KiB wait to be written to it
                seen.append(conn.transport.is_reading())
                conn.resume_writing()  # written down to its low-water mark
                seen.append(conn.transport.is_reading())
                return seen

    assert run(main()) == [True, False, True]


class Gone:
    """A transport whose peer went away at its first write, as a reset socket
    does: what is written after it is counted (each, a warning of asyncio's)."""

    def __init__(self, real: object) -> None:
        self.real, self.writes = real, 0

    def write(self, data: bytes) -> None:
        self.writes += 1

    def is_closing(self) -> bool:
        return self.writes > 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.real, name)


def test_a_connection_whose_transport_is_closing_is_written_no_more(tmp_path: Path) -> None:
    async def main() -> int:
        async with serving(tmp_path, LIMITS) as (server, url):
            async with connect(url, compression=None):
                await until(lambda: server.connections == 1)
                conn = next(iter(server.entrance._counted))
                real, conn.transport = conn.transport, Gone(conn.transport)
                try:
                    conn.data_received(PING * 8)  # within the burst: 8 pongs owed
                    return conn.transport.writes
                finally:
                    conn.transport = real

    assert run(main()) == 1  # the first pong found it gone; the other 7 never written

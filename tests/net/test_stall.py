"""A connection that reads nothing of what it is sent holds nobody out
(issue 38's tenth attack): hellos to an ended game whose end is long, from
one address at 4.5 a second, never read, held all 2,048 connections, since
sends outside a seat's outbox had no deadline: HTTP 503 for everyone, and
2.78 GB of unsent frames. Such a connection serves nobody: it makes room
first, is dropped once it has read nothing for `stall_seconds` (on the
test's clock), and holds a fragment of a long frame, not all of it."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
from pathlib import Path

from websockets.asyncio.client import connect

from warp_empires.net.conn import FRAGMENT, Outbox, sendable
from warp_empires.net.ended import Shown
from warp_empires.net.links import Link
from warp_empires.net.protocol import VERSION, decode, encode
from warp_empires.net.server import Limits

from .support import KEY, hello, links_of, serving, until
from .test_ended import ended, seen

BIG = 1 << 20  # an end this long: more than the sockets' buffers on loopback take


class Held:
    """The server's sleeps, each held until the test lets them all go."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.go = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        await self.go.wait()


async def mute_hello(url: str, frame: dict) -> socket.socket:
    """A WebSocket client that sends `frame` and never reads again, its
    receive buffer and segments as small as the system allows (the attack's:
    else the kernel's buffers on loopback take a long frame whole)."""
    loop = asyncio.get_running_loop()
    host, port = url.split("//")[1].rstrip("/").split(":")
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 200)
    s.setblocking(False)
    await loop.sock_connect(s, (host, int(port)))
    key = base64.b64encode(os.urandom(16))
    await loop.sock_sendall(s, b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                               b"Connection: Upgrade\r\nSec-WebSocket-Key: " + key +
                               b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += await loop.sock_recv(s, 1)
    assert b" 101 " in head.split(b"\r\n", 1)[0]
    payload, mask = encode(frame), os.urandom(4)
    size = struct.pack("!BB", 0x82, 0x80 | len(payload)) if len(payload) < 126 else \
        struct.pack("!BBH", 0x82, 0x80 | 126, len(payload))
    await loop.sock_sendall(s, size + mask + bytes(c ^ mask[i % 4]
                                                   for i, c in enumerate(payload)))
    return s


async def long_end(server, url: str) -> Link:  # noqa: ANN001
    """A seat of an ended game whose end is BIG bytes long."""
    _, links = await ended(server, url)
    link = links["rebels"]
    await seen(url, link)  # loaded and kept
    kept = server.ends._kept[(link.game, link.side)]
    frames = kept.frames
    server.ends.keep(link.game, link.side, Shown(kept.digest, (
        frames[0], encode({"t": "position", "pad": b"x" * BIG}), frames[-1])))
    return link


def test_an_ended_games_viewer_that_reads_nothing_makes_room_and_is_dropped(
        tmp_path: Path) -> None:
    async def main() -> None:
        held = Held()
        limits = Limits(connections=3, stall_seconds=20.0, ended_bytes=4 * BIG)
        async with serving(tmp_path, limits, sleep=held) as (server, url):
            link = await long_end(server, url)
            mute = [await mute_hello(url, hello(link)) for _ in range(3)]
            # each is sent the end and then waits on its reader: it serves
            # nobody, and the first to make room
            await until(lambda: len(server.entrance._closing) == 3)
            await until(lambda: 20.0 in held.asked)  # each waits no longer than this
            # the server is full of them: a host's create still gets in
            async with connect(url, compression=None) as ws:
                await ws.send(encode({"t": "create", "v": VERSION, "module": "star_wars",
                                      "seed": 1, "players": ["human", "human"], "key": KEY}))
                assert decode(await ws.recv())["t"] == "created"
            # and once stall_seconds have passed (the test's clock), the
            # viewers still there are dropped, not waited on for ever
            held.go.set()
            await until(lambda: server.entrance.count == 0)
            for s in mute:
                s.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_taken_over_seat_serves_nobody_and_makes_room_first(tmp_path: Path) -> None:
    # the attack's other form: take-overs of one's own seat, the old
    # connection reading nothing of its goodbye
    async def main() -> None:
        async with serving(tmp_path) as (server, url):
            _, links = links_of(server, url)
            link = links["rebels"]
            old = await mute_hello(url, hello(link))
            seat = server.rooms[link.game].seats[0]
            await until(lambda: seat.connection is not None)
            # a long frame it does not read: its sends wait on it
            await server.send(seat.connection, {"t": "position", "pad": b"x" * BIG})
            await until(lambda: seat.connection.paused)
            assert not server.entrance._closing
            async with connect(url, compression=None) as new:
                await new.send(encode(hello(link, take=True)))
                assert decode(await new.recv())["t"] == "welcome"
                await until(lambda: len(server.entrance._closing) == 1)
            old.close()

    asyncio.run(asyncio.wait_for(main(), 60))


def test_a_long_frame_is_sent_in_fragments() -> None:
    assert sendable(b"x" * FRAGMENT) == b"x" * FRAGMENT
    data = bytes(range(256)) * (3 * FRAGMENT // 256 + 10)
    parts = sendable(data)
    assert isinstance(parts, list) and len(parts) == 4
    assert all(len(p) <= FRAGMENT for p in parts) and b"".join(parts) == data


class Slow:
    """A connection that takes nothing at once and never finishes a send."""

    def __init__(self) -> None:
        self.aborted = False
        self.transport = self

    async def send(self, data: object) -> None:
        await asyncio.Event().wait()

    def get_write_buffer_size(self) -> int:
        return 1 << 20

    def abort(self) -> None:
        self.aborted = True


def test_an_outbox_is_bounded_in_bytes_as_well_as_frames() -> None:
    async def main() -> tuple[bool, int]:
        slow = Slow()
        box = Outbox(slow, limit=256, limit_bytes=100_000)
        frame = {"t": "position", "pad": b"x" * 30_000}
        puts = 0
        while not slow.aborted and puts < 256:
            await box.put(frame)
            puts += 1
        box.close()
        return slow.aborted, puts

    aborted, puts = asyncio.run(main())
    assert aborted and puts <= 6  # about 100,000 bytes of 30,000-byte frames, not 256 frames

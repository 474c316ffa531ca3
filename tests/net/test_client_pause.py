"""A seat turned away before its welcome (the server full or busy, or its
connection closed to make room) tries again after a pause that doubles,
not at once (net/client.py `pause`): the websockets library reconnects at
once after a socket that opened, and every client a busy server turned away
came straight back (issue 38)."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.server import ServerConnection, serve

from warp_empires.net.client import ClientError, Seat, pause
from warp_empires.net.links import Link, new_token
from warp_empires.net.protocol import encode


class Enough(Exception):
    """The test has seen the pauses it wanted."""


def test_a_seat_turned_away_waits_longer_each_time() -> None:
    async def main() -> tuple[list[float], list[str], int, bool]:
        connections = 0
        flooded = asyncio.Event()

        async def full(ws: ServerConnection) -> None:
            nonlocal connections
            connections += 1
            if connections > 6:
                flooded.set()
            await ws.recv()  # its hello
            await ws.send(encode({"t": "error", "code": "full",
                                  "text": "the server has no room for more players now."}))
            await ws.close(1013, "full")

        async with serve(full, "127.0.0.1", 0, compression=None) as server:
            port = server.sockets[0].getsockname()[1]
            seat = Seat(Link(f"ws://127.0.0.1:{port}/", "0123456789abcdef", "rebels",
                             new_token()))
            waits: list[float] = []

            async def wait(seconds: float) -> None:  # the test's clock: no real wait
                waits.append(seconds)
                if len(waits) == 4:
                    raise Enough

            seat.sleep = wait  # type: ignore[method-assign]
            notes: list[str] = []

            async def never(kind: str) -> bool:
                return False

            run = asyncio.create_task(seat.run(never, notes.append))
            spun = asyncio.create_task(flooded.wait())
            # either ends: the pauses wanted, or (before) a flood of connections
            await asyncio.wait({run, spun}, return_when=asyncio.FIRST_COMPLETED)
            spun.cancel()
            stopped = run.done() and isinstance(run.exception(), Enough)
            if not run.done():
                run.cancel()
            return waits, notes, connections, stopped

    waits, notes, connections, stopped = asyncio.run(main())
    assert stopped and connections == 4  # before: at once, again and again
    for n, wait in enumerate(waits):
        assert 0.75 * 2**n <= wait <= 1.25 * 2**n
    assert notes[0].startswith("the server has no room for more players now; trying again in")


def test_the_pause_doubles_to_half_a_minute_give_or_take_a_quarter() -> None:
    for tries, most in ((1, 1.0), (2, 2.0), (5, 16.0), (6, 30.0), (40, 30.0)):
        seen: list[Any] = [pause(tries) for _ in range(200)]
        assert all(0.75 * most <= s <= 1.25 * most for s in seen)
        assert max(seen) - min(seen) > 0.1 * most  # not all alike


def test_a_link_made_before_the_games_path_connects_to_it() -> None:
    token = new_token()
    old = Seat(Link("ws://127.0.0.1:8765/", "0123456789abcdef", "rebels", token))
    new = Seat(Link("ws://127.0.0.1:8765/g/0123456789abcdef/", "0123456789abcdef", "rebels",
                    token))
    behind = Seat(Link("wss://example.org/play/", "0123456789abcdef", "rebels", token))
    assert old.url == new.url == "ws://127.0.0.1:8765/g/0123456789abcdef/"
    assert behind.url == "wss://example.org/play/g/0123456789abcdef/"


def test_a_seat_refused_with_429_or_503_tries_again() -> None:
    # issue 38's ninth attack: another program on the player's address took
    # its share of connections, the server answered HTTP 429, and `join`
    # quit at once: "not a Warp Empires server"
    async def main() -> tuple[list[str], str, int]:
        tries = 0

        def crowded(connection: Any, request: Any) -> Any:
            nonlocal tries
            tries += 1
            if tries <= 2:
                return connection.respond(429 if tries == 1 else 503, "too many\n")
            return None

        async def refuse(ws: ServerConnection) -> None:
            await ws.recv()  # its hello
            await ws.send(encode({"t": "error", "code": "refused", "text": "no seat"}))

        async with serve(refuse, "127.0.0.1", 0, compression=None,
                         process_request=crowded) as server:
            port = server.sockets[0].getsockname()[1]
            seat = Seat(Link(f"ws://127.0.0.1:{port}/", "0123456789abcdef", "rebels",
                             new_token()))
            seat.delays = lambda: iter([0.0] * 10)  # type: ignore[method-assign] # no real wait
            notes: list[str] = []

            async def never(kind: str) -> bool:
                return False

            try:
                await seat.run(never, notes.append)  # the third try's refusal ends it
                ended = "returned"
            except ClientError as e:
                ended = str(e)
            return notes, ended, tries

    notes, ended, tries = asyncio.run(main())
    assert tries == 3
    assert notes[:2] == [f"the server turned this seat away (HTTP {code}); trying again"
                         for code in (429, 503)]
    assert "refused" in ended  # the third try reached the server: its own answer

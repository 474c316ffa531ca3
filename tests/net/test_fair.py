"""Fair under abuse: a seat that never reads holds nobody up, a flood is
slowed and not dropped, a connection is dropped only when it stops answering,
and a second client on a seat is asked before it takes it over (no
ping-pong). Time is the test's own: sleeps are counted, never slept."""

from __future__ import annotations

import asyncio
import contextlib
import random
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from warp_empires.net.client import Seat, TakenOver
from warp_empires.net.conn import Heard, Outbox, watch
from warp_empires.net.protocol import decode, encode
from warp_empires.net.server import GameServer, Limits

from .support import hello, links_of, serving


def run(coro):  # noqa: ANN001, ANN201 - a coroutine in, its result out
    return asyncio.run(asyncio.wait_for(coro, 60))


class Stuck:
    """A connection whose reader never reads: every send waits for ever."""

    def __init__(self) -> None:
        self.aborted = False
        self.transport = self
        self.sent = 0

    async def send(self, data: bytes) -> None:
        self.sent += 1
        await asyncio.Event().wait()

    def get_write_buffer_size(self) -> int:
        return 1 << 20  # its socket's buffers are full: nothing is written at once

    def abort(self) -> None:
        self.aborted = True


def test_a_seat_that_never_reads_is_dropped_and_its_opponent_never_waits(
        tmp_path: Path) -> None:
    async def main() -> tuple[int, bool]:
        server = GameServer(tmp_path, Limits(outbox=3))
        room, _ = server.create("star_wars", 3, [], ["human", "human"])
        stuck = Stuck()
        room.seats[1].connection = stuck
        server.outboxes[stuck] = Outbox(stuck, 3)
        moved, rng = 0, random.Random(2)
        while not stuck.aborted and moved < 300:
            side = room.deciding()
            legal = [a for a in room.game.legal_actions(side)
                     if a[0] not in ("undo", "unpick", "resign")]
            # the stuck reader's frames only queue: each decision returns at once
            await asyncio.wait_for(server.decide(room, side, room.seats[side].position,
                                                 rng.choice(legal)), 5)
            moved += 1
        return moved, stuck.aborted

    moved, aborted = run(main())
    assert aborted and moved < 300  # dropped once more than 3 frames waited for it


def test_a_flood_is_slowed_not_dropped(tmp_path: Path) -> None:
    slept: list[float] = []
    clock = [0.0]

    async def sleep(seconds: float) -> None:  # the connection's waits, counted
        slept.append(seconds)
        clock[0] += seconds
        await asyncio.sleep(0)  # a turn of the loop for the others, as a real wait gives

    async def main() -> tuple[int, object]:
        async with serving(tmp_path, Limits(rate=50, burst=40)) as (server, url):
            server.sleep = sleep
            server.timer = server.door.clock = lambda: clock[0]
            _, links = links_of(server, url)
            async with connect(url, compression=None) as ws:
                await ws.send(encode(hello(links["rebels"])))
                for _ in ("welcome", "position", "presence"):
                    await ws.recv()
                for _ in range(500):
                    await ws.send(b"\xc1")  # not a frame: each is answered with an error
                got = [decode(await ws.recv())["code"] for _ in range(500)]
                return len(got), ws.close_code

    answered, closed = run(main())
    assert answered == 500 and closed is None
    # 40 at once, then 50 a second: the flood took its 9.2 seconds
    assert sum(slept) == pytest.approx((500 - 40) / 50, abs=0.05)


class Silent:
    """A connection for `watch`: its pings answered or not."""

    def __init__(self, answers: bool) -> None:
        self.answers, self.aborted = answers, False
        self.transport = self

    async def ping(self) -> asyncio.Future[None]:
        pong: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.answers:
            pong.set_result(None)
        return pong

    def abort(self) -> None:
        self.aborted = True


def watched(answers: bool, busy: bool, intervals: int = 20) -> bool:
    """Whether `watch` drops a connection that answers its pings or not, and
    has frames read meanwhile or not, within `intervals` of its intervals."""
    ws, heard = Silent(answers), Heard()
    rounds = [0]

    async def sleep(_: float) -> None:
        rounds[0] += 1
        if busy:
            heard.frames += 1  # its frames are still being read
        if rounds[0] > intervals:
            raise asyncio.CancelledError  # the connection ended by itself

    async def main() -> None:
        with contextlib.suppress(asyncio.CancelledError):
            await watch(ws, heard, 20, sleep)

    run(main())
    return ws.aborted


def test_a_connection_is_dropped_only_when_it_neither_answers_nor_sends() -> None:
    assert watched(answers=False, busy=False)
    assert not watched(answers=True, busy=False)
    assert not watched(answers=False, busy=True)  # slowed behind its own frames: kept


def test_a_second_client_is_asked_before_it_takes_a_seat_over(tmp_path: Path) -> None:
    async def main() -> tuple[str, list[str]]:
        async with serving(tmp_path) as (server, url):
            _, links = links_of(server, url)
            first = Seat(links["rebels"])

            async def on_frame(kind: str) -> bool:
                return False

            playing = asyncio.create_task(first.run(on_frame))
            await asyncio.wait_for(_until(lambda: first.position is not None), 10)
            async with connect(url, compression=None) as ws:  # a second client
                await ws.send(encode(hello(links["rebels"])))
                asked = decode(await ws.recv())["code"]
            async with connect(url, compression=None) as ws:  # it answered "take it over"
                await ws.send(encode(hello(links["rebels"], take=True)))
                took = [decode(await ws.recv())["t"] for _ in range(2)]
                with pytest.raises(TakenOver):  # the first stops: it does not take it back
                    await asyncio.wait_for(playing, 10)
                room = next(iter(server.rooms.values()))
                assert room.seats[0].connection is not None
            return asked, took

    asked, took = run(main())
    assert asked == "in_use" and took == ["welcome", "position"]


async def _until(check) -> None:  # noqa: ANN001
    while not check():
        await asyncio.sleep(0)

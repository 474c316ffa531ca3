"""What keeps one slow or silent connection from holding up anyone else.

- `Outbox`: a seated connection is written to by its own task, from a bounded
  queue. Announcing a decision only queues frames, so a game never waits for
  a reader; a connection that reads nothing fills its queue and is dropped
  (its seat gets its whole position again when it joins anew).
- `watch`: the liveness check in place of the WebSocket library's own. That
  one closes a connection whose answer to a ping is late, and a connection
  being slowed down (its frames wait behind its rate, protocol.md "Limits")
  has its answer queued behind its own frames: the docs promise such a
  connection is slowed, not dropped. Here a connection is dead only when it
  neither answered the ping nor had a frame read in a whole interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.exceptions import ConnectionClosed

from .guard import reset
from .ops import event
from .protocol import encode

# Below this many bytes waiting in a connection's socket buffer a frame is
# written at once, as the library does without waiting (its own high-water
# mark is 32 KiB): a reader keeping up is answered without a turn of the loop.
DIRECT = 16 * 1024
# A frame larger than this is sent in fragments of it, each written once the
# socket has taken what was before it (the library waits on its write limit
# between fragments): a reader that reads nothing holds at most about the
# library's 32 KiB and one fragment of it in the server's memory, not all of it.
# Issue 38's tenth attack: 2,048 connections that read nothing of an ended
# game's 1.7 MB end held 2.78 GB.
FRAGMENT = 64 * 1024


def sendable(data: bytes) -> bytes | list[memoryview]:
    """A frame as it is sent: whole when small, else in FRAGMENT-byte fragments."""
    if len(data) <= FRAGMENT:
        return data
    whole = memoryview(data)
    return [whole[i:i + FRAGMENT] for i in range(0, len(data), FRAGMENT)]


class Outbox:
    """The frames on their way to one connection, at most `limit` waiting and
    `limit_bytes` of them (an undo sends a seat its whole log: 256 frames of a
    long game's were 118 MB, the tenth attack)."""

    def __init__(self, ws: Any, limit: int, limit_bytes: int = 16 * 2**20) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(limit)
        self.limit_bytes = limit_bytes
        self.queued = 0  # bytes in the queue
        self.dropped = False
        self.sending = False  # the writer task is in a send (it may be waiting)
        self.task = asyncio.create_task(self._write())

    async def put(self, frame: dict[str, Any]) -> None:
        """Sends a frame now when nothing waits and the socket takes it;
        else queues it; drops the connection when its queue is full."""
        if self.dropped:
            return
        data = encode(frame)
        if (not self.sending and self.queue.empty()
                and self.ws.transport.get_write_buffer_size() + len(data) < DIRECT):
            self.sending = True
            try:
                with contextlib.suppress(ConnectionClosed):
                    await self.ws.send(data)
            finally:
                self.sending = False
            return
        if self.queued + len(data) > self.limit_bytes and not self.queue.empty():
            self._behind()
            return
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            self._behind()
            return
        self.queued += len(data)

    def _behind(self) -> None:
        event("drop", logging.WARNING, why="it reads nothing", waiting=self.queue.qsize(),
              waiting_bytes=self.queued)
        self.close()

    def close(self) -> None:
        self.dropped = True
        self.task.cancel()
        with contextlib.suppress(Exception):
            reset(self.ws.transport)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await self.queue.get()
                self.queued -= len(data)
                self.sending = True
                try:
                    await self.ws.send(sendable(data))
                finally:
                    self.sending = False


class Heard:
    """How many frames have been read from a connection (`watch` looks)."""

    def __init__(self) -> None:
        self.frames = 0


async def watch(ws: Any, heard: Heard, every: float,
                sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
    """Pings `ws` every `every` seconds; aborts it when a whole interval
    passes with no answer to the ping and no frame read from it."""
    while True:
        await sleep(every)
        before = heard.frames
        try:
            pong = await ws.ping()
        except ConnectionClosed:
            return
        await sleep(every)
        if not pong.done() and heard.frames == before:
            event("drop", why="it stopped answering")
            reset(ws.transport)
            return

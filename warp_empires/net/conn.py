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

from .ops import event
from .protocol import encode

# Below this many bytes waiting in a connection's socket buffer a frame is
# written at once, as the library does without waiting (its own high-water
# mark is 32 KiB): a reader keeping up is answered without a turn of the loop.
DIRECT = 16 * 1024


class Outbox:
    """The frames on their way to one connection, at most `limit` waiting."""

    def __init__(self, ws: Any, limit: int) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[bytes] = asyncio.Queue(limit)
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
        try:
            self.queue.put_nowait(data)
        except asyncio.QueueFull:
            event("drop", logging.WARNING, why="it reads nothing", waiting=self.queue.qsize())
            self.close()

    def close(self) -> None:
        self.dropped = True
        self.task.cancel()
        with contextlib.suppress(Exception):
            self.ws.transport.abort()

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                data = await self.queue.get()
                self.sending = True
                try:
                    await self.ws.send(data)
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
            ws.transport.abort()
            return

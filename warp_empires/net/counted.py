"""The game port's connection (`counted`): the WebSocket library's, counted
by the server's entrance (entrance.py) from its accept to its end, and
bounded in what it makes the server write."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode
from websockets.protocol import State

from .entrance import Entered, Refusal, refusal_bytes
from .guard import Bucket, reset
from .ops import SparseInAll, event

if TYPE_CHECKING:
    from .server import GameServer


def counted(server: GameServer, local: bool = False) -> type[ServerConnection]:
    """The library's server connection, counted by `server.entrance` from its
    accept to its end (refused at once, an HTTP status and closed, when the
    entrance refuses it), and bounded in what it makes the server write
    (conn.py, "pings"): its pings are rated, and while it does not read what
    it is sent, it is not read either. `local`: the connections of the
    server's own Unix socket (its browser seats, net/web.py), each a trusted
    proxy of the browser's address it names (listen.py)."""
    entrance, door, limits = server.entrance, server.door, server.limits

    class Counted(Entered, ServerConnection):
        refused = False
        slowed: asyncio.Task[None] | None = None
        stalled: asyncio.Task[None] | None = None  # its writing paused (_stall)
        via_web = local  # a browser seat's, over the server's own socket
        entrance = server.entrance

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self.pings = Bucket(limits.ping_rate, limits.ping_burst, server.timer)
            if not self.counted:
                self._arrive(transport, answer=True)  # type: ignore[arg-type]

        def accepted(self, transport: asyncio.Transport) -> bool:
            return self._arrive(transport, answer=False)  # a TLS handshake to come

        def _arrive(self, transport: asyncio.Transport, answer: bool) -> bool:
            self.transport = transport
            address, refusal = self._arrival(transport,
                                             lambda address: local or door.trusted(address))
            if refusal is not None:
                self._refuse(address, refusal, answer)
            return refusal is None

        def _refuse(self, address: str, refusal: Refusal, answer: bool = True) -> None:
            self.refused = True
            entrance.refused(address, refusal)  # a flood of them is a line now and then
            server.metrics.refused.labels("full" if refusal[0] == 503 else "address").inc()
            if answer:  # before a TLS handshake, the client could not read it
                self.transport.write(refusal_bytes(refusal))
            self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self.refused:  # a refused request is never read
                return
            entrance.spoke(self)
            if self.header is not None:
                data = self._proxy_header(data)
                if not data:
                    return
            self.heard(data)
            super().data_received(data)
            if self.paused or self.slowed is not None:  # the library may have resumed it
                self.transport.pause_reading()

        def _proxy_header(self, data: bytes) -> bytes:
            """A trusted proxy's PROXY protocol header (proxy_line.py), if it
            starts with one: the client it names is counted from now; what
            follows it is returned (all of `data` when there is no such
            header: X-Forwarded-For then)."""
            assert self.header is not None
            rest = self.header.feed(data)
            if rest is None:
                return b""
            header, self.header = self.header, None
            if header.bad:
                drop(self, "a PROXY header that is not one")
            elif header.refusal is not None:
                self._refuse(header.client, header.refusal)
            self.client = header.client or None
            return rest

        def send_data(self) -> None:
            # The library's, but nothing more once the transport is closing: a
            # chunk of 500 pings from a client gone answered 500 pongs, each
            # write after the first a warning of asyncio's (issue 38)
            for data in self.protocol.data_to_send():
                if self.transport.is_closing():
                    return  # what the rest owed it is dropped with it
                if data:
                    self.transport.write(data)
                elif self.transport.can_write_eof():  # half-closed, as the library does
                    with contextlib.suppress(Exception):
                        self.transport.write_eof()
                else:
                    self.transport.close()
            if self.protocol.state is State.CLOSING:
                # its close sent: it waits only for the client's, and makes
                # room first (issue 38's eighth attack: bogus first frames
                # from 40 addresses, each refused connection then waiting 10 s
                # for a close that never came, filled the server: HTTP 503)
                entrance.closing(self)

        def process_event(self, event: Any) -> None:
            if isinstance(event, Frame) and event.opcode is Opcode.PING:
                self._pinged()
            super().process_event(event)

        def _pinged(self) -> None:
            if self.transport.is_closing():  # dropped by an earlier ping of its chunk
                return
            owed = self.pings.debt()
            if owed > limits.ping_owed:
                drop(self, "too many pings")
            elif owed > 0 and self.slowed is None:
                self.slowed = asyncio.create_task(self._slow())

        async def _slow(self) -> None:
            """Reads nothing more until its pings are paid for: slowed."""
            self.transport.pause_reading()
            try:
                while not self.transport.is_closing() and (owed := self.pings.owed()) > 0:
                    await server.sleep(owed)
            finally:
                self.slowed = None
                self._resume()

        def pause_writing(self) -> None:
            # It does not read what it is sent (32 KiB wait, the library's
            # write limit): not read either, so the answers to its pings never
            # pile up (the attack: 13 MB a second of unread pongs).
            super().pause_writing()
            self.transport.pause_reading()
            if self.stalled is None:
                self.stalled = asyncio.create_task(self._stall())

        async def _stall(self) -> None:
            """Dropped when it has read nothing for `stall_seconds` while
            more than the library's write limit waits for it. Issue 38's
            tenth attack: sends to a connection outside a seat's outbox (an
            ended game's end, a taken-over seat's goodbye, a ping) waited on
            it for ever, and hellos to an ended game that read nothing, 4.5 a
            second from one address, held all 2,048 connections: HTTP 503
            for everyone (and 2.78 GB of unsent frames)."""
            await server.sleep(limits.stall_seconds)
            self.stalled = None
            if self.paused and not self.transport.is_closing():
                drop(self, "it reads nothing of what it is sent")

        def resume_writing(self) -> None:
            super().resume_writing()
            if self.stalled is not None:
                self.stalled.cancel()
                self.stalled = None
            self._resume()

        def _resume(self) -> None:
            if not (self.paused or self.slowed is not None or self.recv_messages.paused
                    or self.transport.is_closing()):
                self.transport.resume_reading()

        def connection_lost(self, exc: Exception | None) -> None:
            entrance.left(self)
            for task in (self.slowed, self.stalled):
                if task is not None:
                    task.cancel()
            super().connection_lost(exc)

    return Counted


_DROPS = SparseInAll(time.monotonic)


def drop(conn: ServerConnection, why: str) -> None:
    """Ends a connection at once, logged sparsely: per address and reason,
    and at most 10 lines a second in all (ops.SparseInAll; issue 38's tenth
    attack: 358 "too many pings" lines from 800 tries)."""
    address = str(conn.remote_address[0]) if conn.remote_address else "?"
    counts = _DROPS.line("drop", (address, why))
    if counts is not None:
        event("drop", logging.WARNING, why=why, address=address, **counts)
    reset(conn.transport)

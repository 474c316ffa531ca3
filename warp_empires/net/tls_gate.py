"""TLS begun after the accept, so that a TLS connection is counted as a
plain one is, from its accept (the attack on issue 38: with `--certfile`,
asyncio called a connection's protocol only once its TLS handshake was
done; sockets that never sent a byte were counted against nothing while
asyncio kept a 256 KiB buffer for each, 60 s on the browsers' port; one
address took the server from 40 MB to 1.1 GB).

Both ports listen on a plain socket. Each accepted connection's protocol
is a `TlsGate` around the real one (`Gated`): the real one is told of the
accept first (`accepted`: counted by its entrance, or refused and closed
before any handshake), then asyncio's `loop.start_tls` runs the handshake,
within `seconds`, and the real protocol is given the TLS transport.

The handshake begins with the client's whole ClientHello (which a client
sends at once), not at the accept: asyncio's TLS protocol holds a buffer
from the moment it is made (256 KiB of its own; READ_BUFFER here), and
sockets that never send a byte, from 1,000 addresses each within its cap,
took the server from 56 to 646 MB (the fourth attack on issue 38); half a
ClientHello holds only its own bytes. A socket silent, or with half a
ClientHello, for `seconds` is closed. Its entrance is told when it sends its
first bytes (`spoke`) and when its ClientHello is whole (`asked`): those
that have not make room first (entrance.py; the seventh attack on issue 38
sent half records from 30,000 addresses, the eighth a whole first record
holding part of a ClientHello).

A server stopping closes every socket still before or in its handshake
(`Gates.close`): issue 38's sixth attack stopped a TLS server during a churn
of half-sent handshakes, and the handshakes left running when its loop
closed printed raw tracebacks ("Event loop is closed") and "Task was
destroyed but it is pending!" lines (2 of each on the game's port, 34 on
the browsers').
"""

from __future__ import annotations

import asyncio
import asyncio.sslproto
import ssl
from collections.abc import Callable
from typing import Any, Protocol


class Gated(Protocol):
    """A protocol counted from its accept, before its TLS handshake."""

    def accepted(self, transport: asyncio.Transport) -> bool:
        """Counted from the accept over `transport` (closed through it, if it
        makes room); False when refused (and `transport` closed)."""

    def unmade(self) -> None:
        """Its handshake failed or timed out: no longer counted."""

    def spoke(self) -> None:
        """Its client sent its first bytes."""

    def asked(self) -> None:
        """Its client sent a whole ClientHello (its handshake begins)."""

    def connection_made(self, transport: Any) -> None: ...

    def data_received(self, data: bytes) -> None: ...

    def eof_received(self) -> bool | None: ...

    def connection_lost(self, exc: Exception | None) -> None: ...


class TlsGate(asyncio.Protocol):
    """A connection's TLS handshake, its protocol counted from the accept."""

    def __init__(self, inner: Gated, context: ssl.SSLContext, seconds: float,
                 gates: Gates) -> None:
        self.inner, self.context, self.seconds, self.gates = inner, context, seconds, gates
        self.handshake: asyncio.Task[None] | None = None
        self._transport: asyncio.Transport | None = None
        self._silent: asyncio.TimerHandle | None = None
        # what the TLS stream brought before `inner` has it: asyncio reads on
        # as soon as the handshake is done, before start_tls returns
        self._early: list[bytes] = []
        self._eof = False
        self._hello = b""  # its ClientHello's bytes so far, until it is whole

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        if self.gates.closed:  # the server stops
            transport.abort()
        elif self.inner.accepted(transport):
            self._transport = transport
            self._silent = asyncio.get_running_loop().call_later(self.seconds, self._close)
            self.gates.silent.add(self)

    def _close(self) -> None:
        """Closed before its handshake began (silent, or gone): no longer counted."""
        self.gates.silent.discard(self)
        if self._transport is not None:
            self._transport.abort()
            self._transport = None
            self.inner.unmade()

    async def _shake(self, transport: asyncio.Transport, hello: bytes) -> None:
        loop = asyncio.get_running_loop()
        # start_tls makes asyncio's TLS protocol the transport's before its
        # first await; the bytes already read are its first (public API of
        # a BufferedProtocol), read before its connection_made begins the handshake
        loop.call_soon(_feed, transport, self, hello)
        try:
            tls = await loop.start_tls(transport, self, self.context, server_side=True,
                                       ssl_handshake_timeout=self.seconds)
        except asyncio.CancelledError:  # the server stops
            transport.abort()
            self.inner.unmade()
            raise
        except OSError:  # ssl.SSLError, the timeout (ConnectionAbortedError), a reset
            tls = None
        # None: closed during the handshake (made room, say); closing: closed
        # since, its connection_lost ours (it was never the inner's)
        if tls is None or tls.is_closing():
            transport.abort()
            self.inner.unmade()
            return
        tls.set_protocol(self.inner)  # type: ignore[arg-type]
        self.inner.connection_made(tls)
        for data in self._early:
            self.inner.data_received(data)
        if self._eof and not self.inner.eof_received():
            tls.close()

    def data_received(self, data: bytes) -> None:
        transport = self._transport
        if transport is None:  # the TLS stream's, decrypted
            self._early.append(data)
            return
        if self.gates.closed:  # the server stops: no handshake begins
            self._close()
            return
        if not self._hello:
            self.inner.spoke()
        self._hello += data
        whole = whole_hello(self._hello)
        if whole is None:  # half a ClientHello: no handshake yet (closed if so for `seconds`)
            return
        if whole:
            self.inner.asked()
        data, self._hello = self._hello, b""
        # a whole ClientHello (or bytes that are not one, which it refuses):
        # the handshake begins now
        self._transport = None
        self.gates.silent.discard(self)
        if self._silent is not None:
            self._silent.cancel()
        transport.pause_reading()  # until the TLS protocol reads them (start_tls)
        self.handshake = asyncio.get_running_loop().create_task(self._shake(transport, data))
        self.gates.shaking[self.handshake] = transport
        self.handshake.add_done_callback(self.gates.shook)

    def eof_received(self) -> bool:
        if self._transport is not None:  # gone before it said anything
            self._close()
            return False
        self._eof = True
        return True  # `inner` says whether to close, once it has the transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.gates.silent.discard(self)
        if self._silent is not None:
            self._silent.cancel()
        if self._transport is not None:  # before its first byte: made room, or gone
            self._transport = None
            self.inner.unmade()
        # after it: `_shake` finds it closed


# What each TLS connection's protocol reads into (asyncio's own is 256 KiB,
# made and kept for its whole life; a record is at most 16 KiB and OpenSSL
# reassembles them, so a smaller one only means more reads): issue 38's
# eighth attack sent whole ClientHellos from 30,000 addresses, and a TLS
# player 300 ms away needs its handshake to live a round trip, which takes
# a bound on unseated connections four times the last one (guard.Rules.
# max_unseated): 144 -> 408 MB with asyncio's buffer. Set for the process:
# asyncio makes the protocol itself (loop.start_tls), and every TLS
# connection of a server's process is the server's.
READ_BUFFER = 32 * 1024
asyncio.sslproto.SSLProtocol.max_size = READ_BUFFER

# a TLS record's header: its type (22, a handshake), version (3, x), length;
# a handshake message's: its type (1, a ClientHello) and length
HANDSHAKE, RECORD_HEADER, RECORD_MOST = 22, 5, 2**14 + 256
CLIENT_HELLO, MESSAGE_HEADER = 1, 4
HELLO_MOST = 2**14  # a longer ClientHello begins its handshake without being `asked`


def whole_hello(data: bytes) -> bool | None:
    """Whether `data`, a client's first bytes, hold its whole ClientHello
    (which a client sends at once), however many handshake records it spans;
    None while they are the start of one; False when they are not TLS, or
    not a ClientHello of at most HELLO_MOST bytes. (Issue 38's eighth attack
    sent a whole first record holding a few bytes of one, then nothing.)"""
    if len(data) > 2 * HELLO_MOST:  # (records of nothing, say)
        return False
    message = b""
    at = 0
    while True:
        if len(data) > at and data[at] != HANDSHAKE or len(data) > at + 1 and data[at + 1] != 3:
            return False
        if len(data) < at + RECORD_HEADER:
            return None
        length = int.from_bytes(data[at + 3:at + 5], "big")
        if length > RECORD_MOST:
            return False
        message += data[at + RECORD_HEADER:at + RECORD_HEADER + length]
        if message and message[0] != CLIENT_HELLO:
            return False
        if len(message) >= MESSAGE_HEADER:
            wanted = MESSAGE_HEADER + int.from_bytes(message[1:4], "big")
            if wanted > MESSAGE_HEADER + HELLO_MOST:
                return False
            if len(message) >= wanted:
                return True
        if len(data) < at + RECORD_HEADER + length:
            return None
        at += RECORD_HEADER + length


def _feed(transport: asyncio.Transport, gate: TlsGate, data: bytes) -> None:
    """Gives the TLS protocol start_tls made the bytes read before it was."""
    protocol = transport.get_protocol()
    if protocol is gate or transport.is_closing():
        return  # start_tls failed, or the connection is gone: nothing to read them
    if not isinstance(protocol, asyncio.BufferedProtocol):
        protocol.data_received(data)  # type: ignore[attr-defined]
        return
    view = memoryview(data)
    while view:
        buffer = memoryview(protocol.get_buffer(len(view)))
        n = min(len(buffer), len(view))
        buffer[:n] = view[:n]
        protocol.buffer_updated(n)
        view = view[n:]


class Gates:
    """A port's maker of protocols for a plain socket (`make`, a maker of
    `Gated` ones); with TLS (`context`), of each one's TlsGate, its handshake
    within `seconds`. Keeps the sockets before and in their handshakes, which
    `close` ends when the server stops."""

    def __init__(self, make: Callable[..., Any], context: ssl.SSLContext | None,
                 seconds: float) -> None:
        self.make, self.context, self.seconds = make, context, seconds
        self.silent: set[TlsGate] = set()  # accepted, their handshake not begun
        self.shaking: dict[asyncio.Task[None], asyncio.Transport] = {}  # their handshakes
        self.closed = False

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        inner = self.make(*args, **kwargs)
        if self.context is None:
            return inner
        return TlsGate(inner, self.context, self.seconds, self)

    async def close(self) -> None:
        """Closes every socket before its handshake, and ends every handshake
        (the server stops): none is left running when the loop closes."""
        self.closed = True
        for gate in list(self.silent):
            gate._close()
        shaking = dict(self.shaking)
        for task in shaking:
            task.cancel()
        await asyncio.gather(*shaking, return_exceptions=True)
        for transport in shaking.values():  # (a handshake cancelled before it ran)
            transport.abort()

    def shook(self, task: asyncio.Task[None]) -> None:
        """A handshake has ended."""
        self.shaking.pop(task, None)


def gated(make: Callable[..., Any], context: ssl.SSLContext | None,
          seconds: float) -> Gates:
    """`make` (a maker of `Gated` protocols) for a plain socket; with TLS
    (`context`), a maker of each one's TlsGate, its handshake within `seconds`."""
    return Gates(make, context, seconds)

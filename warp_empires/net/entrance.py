"""Every connection counted from the moment it is accepted, before its HTTP
request is read (the attack on issue 38: sockets that never sent a request
counted against nothing, lived 10 s, and filled the open-files limit).

`Entrance` keeps the count: in all (`--max-connections`, lowered to what the
open-files limit leaves, listen.py), the connections that have not said
hello yet in all (`--max-unseated`: those in their TLS handshake too) and
per client address (`--address-unseated`). When an address is full, its
oldest connection that has said nothing for `rules.evict_after` seconds is
closed to make room; when the unseated ones in all are at their bound, or
the server is full, the oldest that has sent no byte for a second, else the
oldest that has said no hello, whatever its age (silent sockets from many
addresses, each within its rate, were never that old); with none such, the
new one is refused. A player's hello comes within
milliseconds of connecting, a silent socket's never, so silent sockets never
lock a player out. The bound in all is what keeps their memory bounded: the
fourth attack on issue 38 held TLS handshakes open from 1,000 addresses,
each within its cap, and each handshake holds 256 KiB (asyncio's buffer):
56 -> 646 MB.

`counted(server)` is the WebSocket library's connection with this count
kept from its `connection_made` (the accept) to its `connection_lost`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from itertools import islice
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import Frame, Opcode

from .guard import Bucket, Door, holder
from .ops import Sparse, event
from .proxy_line import ProxyHeader

if TYPE_CHECKING:
    from .server import GameServer

Refusal = tuple[int, str]  # an HTTP status and its one line
# the oldest unseated connections weighed when one must make room in all
# (Entrance._in_all): a bound on the work of each, whatever their number
WEIGHED = 32
FULL: Refusal = (503, "too many connections")


class Entrance:
    """The connections open now, each counted from its accept."""

    def __init__(self, door: Door, limit: int, clock: Callable[[], float]) -> None:
        self.door, self.limit, self.clock = door, limit, clock
        self.count = 0  # connections accepted and not ended (nor closed to make room)
        self._counted: set[Any] = set()
        # the silent ones (no hello yet), oldest first: since when; and per address
        self._since: OrderedDict[Any, float] = OrderedDict()
        self._address: dict[Any, str] = {}
        self._of: dict[str, OrderedDict[Any, float]] = {}
        # of them, those that have not sent a byte (a player's come at once):
        # the first to make room in all
        self._mute: OrderedDict[Any, None] = OrderedDict()
        # of them, those that have not asked for anything whole yet (a whole
        # request, or a whole TLS ClientHello: `asked`), oldest first; the
        # next to make room in all
        self._unasked: OrderedDict[Any, None] = OrderedDict()
        self._refusals = Sparse(clock)  # what `refused` logs
        self._drops = Sparse(clock)  # the connections closed to make room in all

    def arrived(self, conn: Any, address: str | None) -> Refusal | None:
        """A connection just accepted from `address` (None: from a trusted
        proxy, whose client is named in its request: `forwarded`); the
        refusal when it may not stay."""
        address = None if address is None else holder(address)
        refusal = None if address is None else self._room_for(address)
        if refusal is None and len(self._since) >= self.door.rules.max_unseated:
            self._evict(None)  # the oldest silent one, whatever its address
        if refusal is None and self.count >= self.limit and not self._evict(None):
            refusal = FULL
        if refusal is not None:
            return refusal
        self.count += 1
        self._counted.add(conn)
        self._since[conn] = self.clock()
        self._mute[conn] = None
        self._unasked[conn] = None
        if address is not None:
            self._join(conn, address)
        return None

    def forwarded(self, conn: Any, address: str) -> Refusal | None:
        """A trusted proxy's connection named its client: that address's limits
        apply from now; the refusal when they refuse it."""
        if conn not in self._since or conn in self._address:
            return None
        address = holder(address)
        refusal = self._room_for(address)
        if refusal is None:
            self._join(conn, address)
        return refusal

    def spoke(self, conn: Any) -> None:
        """A connection sent its first bytes (its request, or its TLS hello)."""
        self._mute.pop(conn, None)

    def asked(self, conn: Any) -> None:
        """A connection's client sent a whole request (its HTTP headers'
        end), or a whole TLS ClientHello: the server answers it now. Those
        that have not make room first (`_in_all`)."""
        self._mute.pop(conn, None)
        self._unasked.pop(conn, None)

    def seated(self, conn: Any) -> None:
        """A connection said hello (or its first frame was answered): it is
        no longer silent, and never closed to make room. (Whether its address
        is any less busy is the server's to say, once the hello is a
        player's: Door.seated.)"""
        self._since.pop(conn, None)
        self._mute.pop(conn, None)
        self._unasked.pop(conn, None)
        address = self._address.pop(conn, None)
        if address is not None:
            mine = self._of[address]
            mine.pop(conn, None)
            if not mine:
                del self._of[address]

    def left(self, conn: Any) -> None:
        """A connection ended (or was closed to make room)."""
        self.seated(conn)
        if conn in self._counted:
            self._counted.discard(conn)
            self.count -= 1

    def refused(self, address: str, refusal: Refusal) -> None:
        """Logs a refusal sparsely (ops.Sparse): per address and reason, the
        first, then one every 10 seconds with how many were left out, so
        that a flood of them never fills the disk (issue 38's fourth attack:
        81,872 lines in 20 s from one client behind a trusted proxy)."""
        left_out = self._refusals.allow((address, refusal[1]))
        if left_out is not None:
            event("refuse", address=address, why=refusal[1],
                  **({"left_out": left_out} if left_out else {}))

    def silent(self, address: str) -> int:
        """How many connections from `address` have not said hello yet."""
        return len(self._of.get(address, ()))

    def _room_for(self, address: str) -> Refusal | None:
        if self.silent(address) >= self.door.rules.unseated and not self._evict(address):
            return (429, "too many connections from your address")
        if not self.door.may_connect(address):
            return (429, "too many new connections from your address; try again soon")
        return None

    def _join(self, conn: Any, address: str) -> None:
        self._address[conn] = address
        self._of.setdefault(address, OrderedDict())[conn] = self._since[conn]

    def _evict(self, address: str | None) -> bool:
        """Closes the oldest silent connection: of `address` if it has had its
        chance to say hello (`rules.evict_after`), of anyone (the server full)
        whatever its age, one that has sent no byte for as long first; whether
        one was."""
        if address is None:
            conn = self._in_all()
            if conn is None:
                return False
        else:
            oldest = next(iter(self._of.get(address, {}).items()), None)
            if oldest is None or self.clock() - oldest[1] < self.door.rules.evict_after:
                return False
            conn = oldest[0]
        who = self._address.get(conn, "a proxy's client")
        # made room in all: an operator's sign that the server is being
        # filled (issue 38's fifth attack: 1,500 a second from 300 addresses,
        # and at the default level the log said nothing); a line now and
        # then, not each
        left_out = self._drops.allow("in all") if address is None else None
        if left_out is not None:
            event("drop", logging.WARNING, why="not yet seated, to make room in all",
                  address=who, **({"left_out": left_out} if left_out else {}))
        elif (skipped := self._drops.allow(("silent", who))) is not None:
            # per address too (issue 38's sixth attack: at debug, 47,782 of
            # these lines in 30 s, one each)
            event("drop", logging.DEBUG, why="silent, to make room", address=who,
                  **({"left_out": skipped} if skipped else {}))
        self.left(conn)
        conn.transport.abort()
        return True

    def _in_all(self) -> Any | None:
        """Which unseated connection makes room in all: one that has sent no
        byte for a second; else, of the WEIGHED oldest, one that has not
        asked for anything whole yet (`asked`) before one that has; of
        those, one of the address that has tried most new connections of
        late that were not a player's (Door.busy); the oldest of those.

        A player asks at once (its request, or its TLS ClientHello, comes
        whole with its connection) and is then answered; a churn that sends
        half a request never does (issue 38's seventh attack: half TLS
        records from 10,000-30,000 addresses, each connecting so rarely that
        it weighed as a player's, and a TLS player 100 ms away failed 28 of
        29 creates). Only among the oldest: the connections of this moment's
        accepts have not been read yet, a player's among them.

        Age alone is not enough: a churn of R connections a second closes
        each about 256/R seconds after its accept, and a player whose hello
        takes longer than that (two round trips over TLS, a browser's page)
        was closed as the oldest (issue 38's sixth attack: 1,500 a second
        from 300 addresses, each within its rate, and a TLS player 100 ms
        away failed 30 of 31 creates). Counting every try, a player's
        address that connects often weighed more than a churn spread over
        3,000 addresses (31 of 32 failed); its seated ones do not count. An
        address churning at its rate of 5 a second weighs about 50, at half
        a connection a second about 5, a player's one while it connects; to
        look like players, a churn must come from tens of thousands of
        addresses (an IPv6 /64 counts as one, guard.holder)."""
        mute = next(iter(self._mute), None)
        if mute is not None and self.clock() - self._since[mute] >= self.door.rules.evict_after:
            # Only one mute that long: a player's first bytes wait unread while
            # the loop takes a flood of accepts, and mute at once, it went first
            # (issue 38's fifth attack: a player 100 ms away failed 9 of 15
            # creates in a churn of 1,500 partial requests a second)
            return mute
        # a trusted proxy's connections whose client is not named yet weigh
        # as one address of them all
        unnamed = len(self._since) - len(self._address)
        weights: dict[str, int] = {}

        def weight(conn: Any) -> int:
            address = self._address.get(conn)
            if address is None:
                return unnamed
            if address not in weights:  # whole tries: alike addresses go by age
                weights[address] = round(self.door.busy(address))
            return weights[address]

        def rank(conn: Any) -> tuple[bool, int]:
            return conn in self._unasked, weight(conn)

        # max() keeps the first of equals: the oldest
        return max(islice(self._since, WEIGHED), key=rank, default=None)


class Entered:
    """What a connection of either port (the game's, below; the browsers',
    net/web.py) keeps from its accept until it is seated: its count in the
    entrance, and a trusted peer's PROXY header until it is read. A subclass
    names its `entrance`."""

    entrance: Entrance
    client: str | None = None  # the client a trusted proxy's PROXY header named
    header: ProxyHeader | None = None  # a trusted peer's PROXY header, until read
    counted = False  # from its accept: its TLS handshake's, if any (tls_gate.py)
    whole = False  # its client has asked for something whole (`asked`)
    _tail = b""  # the end of what it sent, until its request's headers end

    def unmade(self) -> None:
        self.entrance.left(self)

    def spoke(self) -> None:
        self.entrance.spoke(self)

    def asked(self) -> None:
        """Its client sent a whole TLS ClientHello (tls_gate.py) or a whole
        request: it makes room after those that have not (Entrance._in_all)."""
        self.whole = True
        self.entrance.asked(self)

    def heard(self, data: bytes) -> None:
        """The plain bytes of its request (after any PROXY header): `asked`
        once its headers end."""
        if self.whole:
            return
        seen = self._tail + data
        if b"\r\n\r\n" in seen:
            self.asked()
        else:
            self._tail = seen[-3:]

    def _arrival(self, transport: asyncio.Transport,
                 trusted: Callable[[str], bool]) -> tuple[str, Refusal | None]:
        """Counts the connection from its accept (the caller has set its
        `transport`): its address, and the entrance's refusal or None. A
        trusted peer's own address counts for nothing: the client its PROXY
        header names will."""
        self.counted = True
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        trust = trusted(address)
        self.header = ProxyHeader(self, self.entrance) if trust else None
        return address, self.entrance.arrived(self, None if trust else address)


def refusal_bytes(refusal: Refusal) -> bytes:
    """A refusal as the HTTP response a client reads before the connection closes."""
    status, text = refusal
    reason = {429: "Too Many Requests", 503: "Service Unavailable"}.get(status, "Refused")
    body = (text + "\n").encode()
    return (f"HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


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

        def resume_writing(self) -> None:
            super().resume_writing()
            self._resume()

        def _resume(self) -> None:
            if not (self.paused or self.slowed is not None or self.recv_messages.paused
                    or self.transport.is_closing()):
                self.transport.resume_reading()

        def connection_lost(self, exc: Exception | None) -> None:
            entrance.left(self)
            if self.slowed is not None:
                self.slowed.cancel()
            super().connection_lost(exc)

    return Counted


def drop(conn: ServerConnection, why: str) -> None:
    event("drop", logging.WARNING, why=why,
          address=str(conn.remote_address[0]) if conn.remote_address else "?")
    conn.transport.abort()

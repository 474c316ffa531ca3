"""Every connection counted from the moment it is accepted, before its HTTP
request is read (the attack on issue 38: sockets that never sent a request
counted against nothing, lived 10 s, and filled the open-files limit).

`Entrance` keeps the count: in all (`--max-connections`, lowered to what the
open-files limit leaves, listen.py), the connections that have not said
hello yet in all (`--max-unseated`: those in their TLS handshake too) and
per client address (`--address-unseated`). When an address is full, its
oldest connection that has said nothing for `rules.evict_after` seconds is
closed to make room; when the unseated ones in all are at their bound, or
the server is full, one that has said no hello, whatever its age (silent
sockets from many addresses, each within its rate, were never that old),
chosen by what it has sent (`_in_all`: nothing; half a request; a whole one
that names no game of this server; one that names a game many others name
too); with none such, the new one is refused. The bound in all is what
keeps their memory bounded: the fourth attack on issue 38 held TLS
handshakes open from 1,000 addresses, each within its cap, and each
handshake held 256 KiB (asyncio's buffer; 32 KiB now, tls_gate.READ_BUFFER):
56 -> 646 MB.

`counted(server)` (counted.py) is the WebSocket library's connection with
this count kept from its `connection_made` (the accept) to its
`connection_lost`; net/web.py's is the browsers'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter, OrderedDict
from collections.abc import Callable
from itertools import islice
from typing import Any

from .guard import Door, holder, reset
from .ops import Sparse, SparseInAll, event
from .proxy_line import ProxyHeader

Refusal = tuple[int, str]  # an HTTP status and its one line
# the oldest unseated connections weighed when one must make room in all
# (Entrance._in_all): a bound on the work of each, whatever their number
WEIGHED = 32
FULL: Refusal = (503, "too many connections")
HEAD_MOST = 8192  # the most of a request's headers read for its target (`Entered.heard`)


class Entrance:
    """The connections open now, each counted from its accept."""

    def __init__(self, door: Door, limit: int, clock: Callable[[], float],
                 vouch: Callable[[str], str | None] = lambda target: None,
                 regulars: Regulars | None = None,
                 stranger: Callable[[str], bool] = lambda game: False) -> None:
        self.door, self.limit, self.clock = door, limit, clock
        # the game a request's target names, when it is one this server holds
        # (or, with the host's proof, one it is asked to create): `requested`
        self.vouch = vouch
        self.regulars = regulars or Regulars()  # who was seated in each game of late
        # the games strangers created (serve --open): their connections make
        # room before the host's games', and being seated in one counts for
        # nothing (a stranger may create one and sit in it: the ninth attack
        # did, 330 of them, then churned requests naming them)
        self.stranger = stranger
        self._claim: dict[Any, str] = {}  # an unseated connection's game, so vouched
        self._claims: Counter[str] = Counter()  # a game's unseated connections
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
        # connections closing (their close sent, the client's awaited),
        # oldest first: the first to make room when the server is full
        self._closing: OrderedDict[Any, None] = OrderedDict()
        # what `refused` logs: per address and reason, and at most 10 lines a
        # second in all (issue 38's twelfth attack: 70,000 addresses, one
        # wrong hello each, wrote a line each, ~700 a second)
        self._refusals = SparseInAll(clock)
        self._drops = Sparse(clock)  # the connections closed to make room in all

    def arrived(self, conn: Any, address: str | None) -> Refusal | None:
        """A connection just accepted from `address` (None: from a trusted
        proxy, whose client is named in its request: `forwarded`); the
        refusal when it may not stay."""
        address = None if address is None else holder(address)
        refusal = None if address is None else self._room_for(address)
        if refusal is None and len(self._since) >= self.door.rules.max_unseated:
            self._evict(None)  # the oldest silent one, whatever its address
        if refusal is None and self.count >= self.limit and not (
                self._end_closing() or self._evict(None)):
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

    def requested(self, conn: Any, target: str) -> None:
        """A connection's request (whole) asked for `target`: it makes room
        after those whose targets name no game of this server (`vouch`)."""
        self.asked(conn)
        game = self.vouch(target) if conn in self._since and conn not in self._claim else None
        if game is not None:
            self._claim[conn] = game
            self._claims[game] += 1
            address = self._address.get(conn)
            if address is not None:
                # it knows a game of the server: its address no busier for
                # it (a browser's page opens several at once, and each made
                # its address weigh more than a churn's: the eighth attack)
                self.door.seated(address)

    def seated(self, conn: Any) -> None:
        """A connection said hello (or its first frame was answered): it is
        no longer silent, and never closed to make room. (Whether its address
        is any less busy is the server's to say, once the hello is a
        player's: Door.seated.)"""
        self._since.pop(conn, None)
        self._mute.pop(conn, None)
        self._unasked.pop(conn, None)
        game = self._claim.pop(conn, None)
        if game is not None:
            self._claims[game] -= 1
            if not self._claims[game]:
                del self._claims[game]
        address = self._address.pop(conn, None)
        if address is not None:
            mine = self._of[address]
            mine.pop(conn, None)
            if not mine:
                del self._of[address]

    def closing(self, conn: Any) -> None:
        """The server has sent a connection its close: it serves nobody now."""
        if conn in self._counted and conn not in self._closing:
            self.seated(conn)
            self._closing[conn] = None

    def left(self, conn: Any) -> None:
        """A connection ended (or was closed to make room)."""
        self.seated(conn)
        self._closing.pop(conn, None)
        if conn in self._counted:
            self._counted.discard(conn)
            self.count -= 1

    def end_all(self) -> None:
        """Ends every connection at once (the server stopping)."""
        for conn in list(self._counted):
            with contextlib.suppress(Exception):
                conn.transport.abort()

    def refused(self, address: str, refusal: Refusal) -> None:
        """Logs a refusal sparsely (ops.SparseInAll): per address and reason,
        the first, then one every 10 seconds with how many were left out, so
        that a flood of them never fills the disk (issue 38's fourth attack:
        81,872 lines in 20 s from one client behind a trusted proxy); at
        most 10 a second in all, whatever the addresses."""
        counts = self._refusals.line("refuse", (address, refusal[1]))
        if counts is not None:
            event("refuse", address=address, why=refusal[1], **counts)

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

    def _end_closing(self) -> bool:
        """Ends the oldest closing connection at once (its client's close
        not awaited); whether there was one."""
        conn = next(iter(self._closing), None)
        if conn is None:
            return False
        left_out = self._drops.allow("closing")
        if left_out is not None:
            event("drop", logging.WARNING, why="closing, to make room in all",
                  **({"left_out": left_out} if left_out else {}))
        self.left(conn)
        reset(conn.transport)
        return True

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
        conn.transport.abort()  # silent: nothing of ours waits in it
        return True

    def _in_all(self) -> Any | None:
        """Which unseated connection makes room in all: one that has sent no
        byte for a second; else, of the WEIGHED oldest, one that has not
        asked for anything whole yet (`asked`); else one whose request names
        no game of this server (`requested`), of the address that has tried
        most new connections of late that were not a player's (Door.busy);
        else one of the game the most such connections name; the oldest of
        equals.

        A player asks at once (its request, or its TLS ClientHello, comes
        whole with its connection) and is then answered; a churn that sends
        half a request never does (issue 38's seventh attack: half TLS
        records from 10,000-30,000 addresses, each connecting so rarely that
        it weighed as a player's, and a TLS player 100 ms away failed 28 of
        29 creates). A churn that sends whole requests, then nothing, is
        answered as a player is, but cannot name a game of the server (an
        id is 64 random bits; a host's create proves itself, links.host_proof);
        one that learnt a game's id names that one game. Only among the
        oldest: the connections of this moment's accepts have not been read
        yet, a player's among them.

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

        def rank(conn: Any) -> tuple[bool, bool, bool, bool, int]:
            game = self._claim.get(conn)
            if game is None:
                return conn in self._unasked, True, True, True, weight(conn)
            # many at one game: a churn that learnt its id
            if self.stranger(game):
                return False, False, True, True, self._claims[game]
            return (False, False, False, not self.regulars.has(game, self._address.get(conn)),
                    self._claims[game])

        # max() keeps the first of equals: the oldest
        return max(islice(self._since, WEIGHED), key=rank, default=None)


class Regulars:
    """The addresses seated of late in each game, kept per seat (the last
    PER_SEAT of each, in the last GAMES games; the host's create counts as a
    seat of its own): a connection naming its game from one of them makes
    room after any other that names it. Issue 38's eighth attack: an
    opponent, who knows the game's id, churned whole requests naming it from
    30,000 addresses, and the other player's browser page 300 ms away failed
    10 of 10 times. Per seat, so that an opponent's hellos on its own seat
    from new addresses never push the other player's out (the tenth attack:
    8 take-overs from 8 addresses, and the victim's rejoins failed 23 of 23)."""

    PER_SEAT, GAMES = 4, 10_000

    def __init__(self) -> None:
        self._of: OrderedDict[str, dict[object, OrderedDict[str, None]]] = OrderedDict()

    def seated(self, game: str, address: str, seat: object = None) -> None:
        """`address` seated at `seat` of `game` (a side; None: the host's create)."""
        address = holder(address)  # as the entrance counts it
        seats = self._of.pop(game, None) or {}
        self._of[game] = seats  # the most recent last
        seen = seats.setdefault(seat, OrderedDict())
        seen.pop(address, None)
        seen[address] = None
        while len(seen) > self.PER_SEAT:
            seen.popitem(last=False)
        while len(self._of) > self.GAMES:
            self._of.popitem(last=False)

    def has(self, game: str, address: str | None) -> bool:
        return address is not None and any(
            address in seen for seen in self._of.get(game, {}).values())


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
    _head: bytes | None = b""  # its request, until its headers end (then None)

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
        """The plain bytes of its request (after any PROXY header, within any
        TLS): once its headers end, `asked`, and what it asked for told to
        the entrance (`requested`)."""
        if self._head is None:
            return
        head = self._head + data
        if b"\r\n\r\n" not in head:
            # longer than the library reads a request's headers: refused there
            self._head = head if len(head) <= HEAD_MOST else None
            return
        self._head = None
        self.whole = True
        line = head.split(b"\r\n", 1)[0].split(b" ")
        self.entrance.requested(self, line[1].decode("latin-1") if len(line) == 3 else "")

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

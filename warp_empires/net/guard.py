"""Who may do what on a server, and how often: the host key, and the limits
kept per client address.

- The host key (`host.key` beside the saves, made at the first start) lets its
  holder create games, computer seats included; without it a server creates
  no game at all, unless its operator chose `--open`, and then strangers get
  games between people only.
- Per address: new connections and `create`s are rated (token buckets), and
  connections not yet seated (no hello yet) are capped, counted from their
  accept (entrance.py), so that one address's idle sockets never fill the
  server.
- Behind a proxy the address is the proxy's; `X-Forwarded-For` is read only
  from the proxies the operator names (`--trust-proxy`).

Every time here comes from `clock` (a test's own), never from sleeping.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import math
import os
import secrets
import socket
import struct
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

KEY_NAME = "host.key"
KEY_ENV = "WARP_EMPIRES_HOST_KEY"
MAX_ADDRESSES = 100_000  # addresses remembered at once; the idlest are forgotten first
# How long an address's new connections weigh when the server must choose
# whose connection makes room (entrance.py): each counts 1 when it comes and
# less by e every BUSY_SECONDS.
BUSY_SECONDS = 10.0


@dataclass(frozen=True)
class Rules:
    open: bool = False  # anyone may create games between people
    bot_games: int = 4  # games with a computer seat being played at once
    connect_rate: float = 5.0  # new connections a second per address, on average
    connect_burst: int = 20  # and at once
    create_rate: float = 10 / 60  # games a second a stranger's address may create
    create_burst: int = 5
    unseated: int = 8  # connections per address that have not said hello yet
    # and in all (their TLS handshakes included): the oldest goes to make room
    max_unseated: int = 1024
    evict_after: float = 1.0  # seconds before an unseated connection may make room
    trusted_proxies: tuple[str, ...] = ()  # addresses whose X-Forwarded-For is believed
    # strangers' share with `open` (strangers.py); None: half of the server's
    open_games: int | None = None  # strangers' games being played at once
    address_games: int = 4  # of them, those one address created
    open_connections: int | None = None  # seats of strangers' games connected at once
    # who may read /metrics: its counts follow every decision, an untold Move
    # phase's too (RULINGS Z2), so a stranger reading them would learn them
    metrics_from: tuple[str, ...] = ("127.0.0.1", "::1")


def host_key(folder: Path) -> str:
    """The folder's host key, made (readable by its owner only) when missing."""
    path = folder / KEY_NAME
    try:
        text = path.read_text(encoding="ascii").strip()
        if text:
            return text
    except FileNotFoundError:
        pass
    key = secrets.token_urlsafe(24)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(key + "\n")
    return key


def _keys_file() -> Path:
    from warp_empires.paths import user_config_dir

    return user_config_dir() / "host-keys.json"


def remember_key(urls: list[str], key: str) -> None:
    """Remembers the host key of the server at `urls` (this user's own
    servers, and those whose key they gave once), readable by its owner only."""
    import json

    path = _keys_file()
    known = _read_keys(path)
    known.update({url: key for url in urls})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(known, f, indent=1)
    except OSError:
        pass  # not remembered: the key is asked for again


def known_key(url: str) -> str | None:
    """The host key remembered for the server at `url`, if any."""
    key = _read_keys(_keys_file()).get(url)
    return key if isinstance(key, str) else None


def _read_keys(path: Path) -> dict[str, object]:
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def key_for(url: str, given: str | None = None) -> str | None:
    """The host key to create games on `url` with: the one given, else
    $WARP_EMPIRES_HOST_KEY, else the key of a server this user started there
    (`serve` remembers it), else none."""
    return given or os.environ.get(KEY_ENV) or known_key(url)


def key_matches(given: object, key: str) -> bool:
    return isinstance(given, str) and hmac.compare_digest(given.encode(), key.encode())


class Bucket:
    """A token bucket on `clock`: `rate` a second on average, `burst` at once."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self, tokens: int = 1) -> bool:
        """Takes `tokens` if there are as many."""
        self._fill()
        if self.tokens < tokens:
            return False
        self.tokens -= tokens
        return True

    def spend(self, tokens: float) -> None:
        """Takes `tokens` whether or not there are as many (what was used is
        known only after: a load's CPU time, ended.py)."""
        self._fill()
        self.tokens -= tokens

    def owed(self) -> float:
        """The seconds until the tokens owed are paid (0: none owed)."""
        self._fill()
        return max(0.0, -self.tokens / self.rate)

    def debt(self) -> float:
        """Takes a token, owing it if need be; the seconds until it is paid."""
        self._fill()
        self.tokens -= 1
        return max(0.0, -self.tokens / self.rate)

    @property
    def full(self) -> bool:
        self._fill()
        return self.tokens >= self.burst


def reset(transport: Any) -> None:
    """Ends a connection at once, what it had not read dropped with it:
    closed with SO_LINGER 0, the kernel resets it and frees its buffers,
    instead of keeping it for minutes (FIN-WAIT-1) trying to deliver them to
    a client that reads nothing. The eleventh attack: each dropped reader of
    an ended game's end held 65-105 KB of kernel memory for about 5 minutes,
    12,525 of them 910 MB."""
    info = getattr(transport, "get_extra_info", None)  # (a test's stand-in has none)
    sock = info("socket") if info is not None else None
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    transport.abort()


# What a trusted proxy's X-Forwarded-For hop that names no address counts as:
# never the proxy's own address (all its clients would share one address's
# limits, and a local proxy may read /metrics: issue 38's tenth attack).
UNNAMED = "0.0.0.0"


def hop_address(hop: str) -> str:
    """The address an X-Forwarded-For hop names: bare (`1.2.3.4`, `2001:db8::1`),
    with a port (`1.2.3.4:5678`) or in brackets (`[2001:db8::1]:443`), as
    proxies write it; UNNAMED when it names none."""
    hop = hop.strip()
    if hop.startswith("["):
        hop = hop[1:].partition("]")[0]
    elif hop.count(":") == 1:
        hop = hop.partition(":")[0]
    try:
        return str(ipaddress.ip_address(hop))
    except ValueError:
        return UNNAMED


class Door:
    """What each client address may still do now."""

    def __init__(self, rules: Rules, clock: Callable[[], float]) -> None:
        self.rules, self.clock = rules, clock
        self._connects: OrderedDict[str, Bucket] = OrderedDict()
        self._creates: OrderedDict[str, Bucket] = OrderedDict()
        self._busy: OrderedDict[str, tuple[float, float]] = OrderedDict()  # (count, when)
        self._trusted = [ipaddress.ip_network(p, strict=False) for p in rules.trusted_proxies]
        self._metrics = [ipaddress.ip_network(p, strict=False) for p in rules.metrics_from]

    def trusted(self, peer: str) -> bool:
        """Whether `peer` is a proxy whose word on its client is believed."""
        return bool(self._trusted) and _within(peer, self._trusted)

    def reads_metrics(self, address: str) -> bool:
        """Whether the client at `address` (its own, a proxy's word taken) may
        read /metrics (serve --metrics-from)."""
        return _within(address, self._metrics)

    @staticmethod
    def forwarded(lines: Iterable[str]) -> str | None:
        """Every X-Forwarded-For line of a request, as one value: a proxy adds
        its own after any the client sent (HAProxy's `option forwardfor`),
        so the first names whom the client chose and the last is the proxy's
        word. Two lines raised an error a request (issue 38's attack)."""
        return ",".join(lines) or None

    def address(self, peer: str, forwarded: str | None) -> str:
        """The client's address: the peer's, or the last hop `X-Forwarded-For`
        names when the peer is a trusted proxy. (Its limits count against its
        `holder`.)"""
        if forwarded and self.trusted(peer):
            return hop_address(forwarded.split(",")[-1])
        return peer

    def _bucket(self, table: OrderedDict[str, Bucket], address: str, rate: float,
                burst: int) -> Bucket:
        address = holder(address)
        bucket = table.get(address)
        if bucket is None:
            bucket = table[address] = Bucket(rate, burst, self.clock)
            while len(table) > MAX_ADDRESSES:
                table.popitem(last=False)
        table.move_to_end(address)
        return bucket

    def may_connect(self, address: str) -> bool:
        """Whether `address` may open a new connection now (its rate). Each
        try, allowed or not, adds to how busy it is."""
        count = self.busy(address) + 1.0
        self._busy[holder(address)] = (count, self.clock())
        while len(self._busy) > MAX_ADDRESSES:
            self._busy.popitem(last=False)
        return self._bucket(self._connects, address, self.rules.connect_rate,
                            self.rules.connect_burst).take()

    def seated(self, address: str) -> None:
        """A connection of `address` said hello: it no longer counts in how
        busy the address is (a player's connections all do)."""
        count = self.busy(address)
        if count:
            self._busy[holder(address)] = (max(0.0, count - 1.0), self.clock())

    def busy(self, address: str) -> float:
        """How many new connections `address` has tried of late that did not
        say hello, the older weighing less (BUSY_SECONDS): a player's address
        one or two while it connects, an address churning at its rate of 5 a
        second about 50, and at half a connection a second about 5."""
        address = holder(address)
        seen = self._busy.get(address)
        if seen is None:
            return 0.0
        self._busy.move_to_end(address)
        count, when = seen
        return count * math.exp((when - self.clock()) / BUSY_SECONDS)

    def may_create(self, address: str) -> bool:
        return self._bucket(self._creates, address, self.rules.create_rate,
                            self.rules.create_burst).take()


def holder(address: str) -> str:
    """Whom an address's limits count against: an IPv4 address itself, an
    IPv6 address its /64 (one host is given a whole /64, and would otherwise
    be a new client at each of its 2^64 addresses); an IPv4 address written as
    IPv6 (::ffff:a.b.c.d) the IPv4 one. Anything else (already a holder, "?")
    as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return address


def _within(text: str, networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network]) -> bool:
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return False
    return any(ip.version == n.version and ip in n for n in networks)

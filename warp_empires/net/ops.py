"""What an operator sees of a running server: one JSON line an event in its
log, an HTTP health check, and Prometheus metrics (docs/hosting.md).

Events (`event`): connect, hello, refuse, create, decide, over, drop and
error, each a JSON object on one line with its time, level and fields.
Nothing secret is logged: no token, no key, nothing of a side's view; a
game is named by its id, a seat by its side's index.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from .guard import Bucket

log = logging.getLogger("warp_empires.server")
LEVELS = ("debug", "info", "warning", "error")


def event(name: str, level: int = logging.INFO, **fields: Any) -> None:
    """Logs one event with its fields (JsonLines writes it as one line)."""
    if log.isEnabledFor(level):
        log.log(level, name, extra={"event": name, "fields": fields})


class JsonLines(logging.Formatter):
    """A record as one JSON object: time, level, event and its fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "event": getattr(record, "event", "log"),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            out.update(fields)
        else:
            out["text"] = record.getMessage()
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return json.dumps(out, default=str)


class _Stderr(logging.StreamHandler):
    """Writes to whatever sys.stderr is when a line is written, not when the
    handler was made (a test's captured stderr is closed after it)."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self) -> Any:
        return sys.stderr


def log_to(stream: Any, level: str, clock: Callable[[], float] = time.monotonic) -> None:
    """`serve --log-level`: the server's events on `stream` (None: standard
    error), one JSON line each; asyncio's own warnings too, thinned (Thinned)."""
    handler = _Stderr() if stream is None else logging.StreamHandler(stream)
    handler.setFormatter(JsonLines())
    root = logging.getLogger("warp_empires")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
    # asyncio logs some of its reports itself, not through the loop's handler
    # (LoopErrors): "socket.send() raised exception." a write to a connection
    # already lost, 496 raw lines a connection under issue 38's ping flood
    aio = logging.getLogger("asyncio")
    aio.handlers[:] = [handler]
    aio.filters[:] = [Thinned(clock)]
    aio.propagate = False
    # the WebSocket library's own messages (bad handshakes and the like) are its
    # debug lines: not the server's events
    logging.getLogger("websockets").setLevel(logging.WARNING)


class Sparse:
    """Which repeats of an event are logged: the first of each kind, then one
    every `every` seconds with how many were left out since, so that a flood
    of one thing (refusals of one address, asyncio's accept errors) is a line
    now and then, not a line each."""

    MAX_KINDS = 10_000  # kinds remembered at once; the oldest are forgotten

    def __init__(self, clock: Callable[[], float], every: float = 10.0) -> None:
        self.clock, self.every = clock, every
        self._last: dict[object, float] = {}
        self._left_out: dict[object, int] = {}

    def allow(self, kind: object) -> int | None:
        """None when this one is left out; else how many were left out before it."""
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self._left_out[kind] = self._left_out.get(kind, 0) + 1
            return None
        self._last.pop(kind, None)
        self._last[kind] = now
        while len(self._last) > self.MAX_KINDS:
            self._left_out.pop(next(iter(self._last)), None)
            del self._last[next(iter(self._last))]
        return self._left_out.pop(kind, 0)


class SparseInAll(Sparse):
    """Sparse per kind, and besides at most `rate` lines a second of each
    event in all (`burst` at once), whatever their kinds: issue 38's seventh
    attack connected from 10,000 addresses, each once in 10 s, and wrote
    11,688 `connect` lines in 25 s, one per address."""

    def __init__(self, clock: Callable[[], float], every: float = 10.0, rate: float = 10.0,
                 burst: int = 100) -> None:
        super().__init__(clock, every)
        self.rate, self.burst = rate, burst
        self._budgets: dict[str, Bucket] = {}
        self._beyond: dict[str, int] = {}  # of each event, left out in all since its last line

    def line(self, name: str, kind: object) -> dict[str, int] | None:
        """None when this event of `kind` is left out; else the counts its
        line says: `left_out` (of its kind), `others_left_out` (in all)."""
        left_out = self.allow(kind)
        if left_out is None:
            return None
        budget = self._budgets.setdefault(name, Bucket(self.rate, self.burst, self.clock))
        if not budget.take():
            self._beyond[name] = self._beyond.get(name, 0) + 1 + left_out
            return None
        beyond = self._beyond.pop(name, 0)
        return {**({"left_out": left_out} if left_out else {}),
                **({"others_left_out": beyond} if beyond else {})}


class Thinned(logging.Filter):
    """A logger's records as the server's events, sparsely (Sparse): one line
    of each message, then one every `every` seconds with how many were left out."""

    def __init__(self, clock: Callable[[], float], every: float = 10.0) -> None:
        super().__init__()
        self.sparse = Sparse(clock, every)

    def filter(self, record: logging.LogRecord) -> bool:
        text = str(record.msg)[:120]  # the message before its arguments: its kind
        left_out = self.sparse.allow((record.name, text))
        if left_out is None:
            return False
        record.event = "error" if record.levelno >= logging.ERROR else "warning"
        record.fields = {"source": record.name, "text": record.getMessage()[:200],
                         **({"left_out": left_out} if left_out else {})}
        return True


class LoopErrors:
    """The event loop's exception handler: what asyncio reports on its own
    (accept failing with EMFILE, a callback's error) as one JSON line,
    sparsely (Sparse); never a traceback (issue 38's attack: 61,061 of them
    in 40 s)."""

    def __init__(self, clock: Callable[[], float], every: float = 10.0) -> None:
        self.sparse = Sparse(clock, every)

    def __call__(self, loop: Any, context: dict[str, Any]) -> None:
        message = str(context.get("message") or "error")[:120]
        left_out = self.sparse.allow(message)
        if left_out is None:
            return
        exc = context.get("exception")
        event("error", logging.ERROR, error=message,
              **({"exception": repr(exc)[:200]} if exc is not None else {}),
              **({"left_out": left_out} if left_out else {}))


class Metrics:
    """The server's figures, in a registry of its own (tests make many servers)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.games = Gauge("warp_empires_games", "games being played (not ended)", registry=r)
        self.loaded = Gauge("warp_empires_games_loaded", "games in memory", registry=r)
        self.connections = Gauge("warp_empires_connections", "open connections", registry=r)
        self.seats = Gauge("warp_empires_seats_connected", "seats with a connection",
                           registry=r)
        self.decisions = Counter("warp_empires_decisions", "decisions applied", registry=r)
        self.created = Counter("warp_empires_games_created", "games created", registry=r)
        self.finished = Counter("warp_empires_games_finished", "games that ended", registry=r)
        self.refused = Counter("warp_empires_refused", "connections or frames refused",
                               ["why"], registry=r)
        self.decide_seconds = Histogram(
            "warp_empires_decide_seconds",
            "from a decision's frame read to every seat's answer queued (written to disk "
            "included)", registry=r,
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))

    def page(self) -> tuple[bytes, str]:
        """The metrics page and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST

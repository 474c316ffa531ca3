"""What a seat of an ended game is sent when it joins, and what that may
cost the server.

An ended game leaves memory at once (games.py `_finished`); its seats may
still join to see its end. Each such hello used to load the game from its
save and replay it, about 27 ms of CPU for 1,500 decisions. Issue 38's sixth
attack: a stranger (`serve --open`) played 52 games to their end and said
hello to each about once a second, each game within its own rate of loads;
the server spent a whole core on them (25 CPU-s in 25 s) and a real
player's create took 1,171 ms instead of 27.

What an operator would expect: a finished game is cheap to look at, however
often, and looking at finished games never slows the games being played.
- `Ends` keeps the frames a seat of an ended game is sent (welcome, its last
  position with its whole log, the end), kept encoded with its seat's token
  digest, the most recently asked last, up to `size` bytes in all. A hello
  to a seat kept costs a token check and three writes, never a load. Bounded
  in bytes, not games: a seat's log grows with its game.
- The loads of ended games not kept spend a budget of CPU seconds (`share` of
  one core on average, BURST seconds at once), one load at a time. The
  host's games and strangers' have a budget each: a stranger's flood never
  makes the host's players wait. Over it, a hello is answered `busy` and
  closed, nothing loaded: more games or more addresses take no more than
  that share.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection

from warp_empires.module import ModuleError
from warp_empires.saves.errors import SaveError

from . import links
from .conn import sendable
from .folder import seats_path
from .guard import Bucket
from .protocol import REFUSED, VERSION, encode, error
from .room import Room

if TYPE_CHECKING:
    from .server import GameServer

log = logging.getLogger("warp_empires.server")
BURST = 2  # CPU seconds of loads the budget holds at once
BUSY = error("busy", "the server is busy; try again in a moment")


@dataclass(frozen=True)
class Shown:
    """What one seat of an ended game is sent, encoded, and its token's digest."""

    digest: bytes | None
    frames: tuple[bytes, ...]

    @property
    def size(self) -> int:
        return sum(len(f) for f in self.frames)


class Ends:
    """The frames of ended games' seats kept (up to `size` bytes), and the
    CPU budgets of the loads of those not kept (`share` of a core each)."""

    def __init__(self, size: int, share: float, timer: Callable[[], float],
                 cpu: Callable[[], float] = time.thread_time) -> None:
        self.size, self.bytes = size, 0
        self._kept: OrderedDict[tuple[str, str], Shown] = OrderedDict()
        # CPU seconds, on the loading thread's own clock (a test's own)
        self.cpu = cpu
        self._budgets = {host: Bucket(share, BURST, timer) for host in (True, False)}
        self._one = {host: asyncio.Lock() for host in (True, False)}

    def shown(self, game: str, side: str, token: str) -> tuple[bytes, ...] | None:
        """The frames kept for `side`'s seat of `game` if `token` opens it."""
        kept = self._kept.get((game, side))
        if kept is None or not links.matches(token, kept.digest):
            return None
        self._kept.move_to_end((game, side))
        return kept.frames

    def keep(self, game: str, side: str, shown: Shown) -> None:
        """Keeps a seat's frames, forgetting the least recently asked past `size`."""
        if shown.size > self.size:
            return
        old = self._kept.pop((game, side), None)
        self.bytes += shown.size - (old.size if old else 0)
        self._kept[(game, side)] = shown
        while self.bytes > self.size:
            _, gone = self._kept.popitem(last=False)
            self.bytes -= gone.size

    def forget(self, game: str) -> None:
        """A game archived or deleted: none of its seats is shown from here."""
        for key in [k for k in self._kept if k[0] == game]:
            self.bytes -= self._kept.pop(key).size

    async def frames(self, game: str, side: str, token: str, host: bool,
                     load: Callable[[], dict[str, Shown]]) -> tuple[bytes, ...] | None:
        """The frames of `side`'s seat of `game` if `token` opens it (None if
        not): kept, else made by `load` off the loop's thread, its CPU time
        spent from the budget of the host's games or strangers', and kept.
        Busy, nothing loaded, when that budget is spent. One load at a time:
        a flood of hellos at once never starts many before the first is paid
        for, and a seat that waited for its game's load is shown it."""
        async with self._one[host]:
            kept = self.shown(game, side, token)
            if kept is not None:
                return kept
            budget = self._budgets[host]
            if budget.owed() > 0:
                raise Busy

            def paid() -> dict[str, Shown]:
                began = self.cpu()
                try:
                    return load()
                finally:
                    budget.spend(self.cpu() - began)

            loaded = await asyncio.to_thread(paid)
        for side_id, shown in loaded.items():
            self.keep(game, side_id, shown)
        mine = loaded.get(side)
        return mine.frames if mine and links.matches(token, mine.digest) else None


class Busy(Exception):
    """The budget of loads of ended games is spent for now."""


def welcome(room: Room, side: int) -> dict[str, Any]:
    """The first frame a seat is sent: the game, its side and its module."""
    module = room.game.module
    return {"t": "welcome", "v": VERSION, "game": room.id, "side": side,
            "module": {"id": module.id, "version": module.version,
                       "fingerprint": module.fingerprint},
            "players": [s.player for s in room.seats]}


def end_frames(room: Room) -> dict[str, Shown]:
    """What each seat of an ended game is sent, by side id."""
    out = {}
    for side, about in enumerate(room.game.module.sides):
        frames = (welcome(room, side), room.position_frame(side, room.history(side)),
                  room.over_frame(side))
        out[about.id] = Shown(room.seats[side].digest, tuple(encode(f) for f in frames))
    return out


async def show_end(server: GameServer, ws: ServerConnection, frame: dict[str, Any],
                   address: str) -> None:
    """Answers a hello to a seat of an ended game (its token checked from
    the seats file: `may_hold`) with the end kept, else loaded within its
    budget, else `busy`; then closes the connection: nothing changes there."""
    game, side, token = frame["game"], frame["side"], frame["token"]
    ends, found = server.ends, server.games[game]
    frames = ends.shown(game, side, token)
    if frames is None and server.loads_too_often(game):
        await refuse(server, ws, address, error(
            "full", "this game is being joined too often; try again in a moment"), "full")
        return
    if frames is None:
        path = seats_path(server.folder, game, found.archived)
        try:
            frames = await ends.frames(game, side, token, found.stranger is None,
                                       lambda: end_frames(Room.load(path)))
        except Busy:
            await refuse(server, ws, address, BUSY, "busy")
            return
        except (SaveError, ModuleError, OSError) as e:
            log.error("game %s not loaded: %s", game, e)
    if frames is None:  # not loaded, or a seats file without digests and a wrong token
        server.entrance.refused(address, (403, "no seat"))
        server.metrics.refused.labels("no seat").inc()
        await ws.send(encode(REFUSED))
        await ws.close(1008, "refused")
        return
    server.sparse_event("hello", address, game=game, side=side, over=True)
    # it serves nobody: the first to make room when the server is full
    # (issue 38's tenth attack: held by a client that read nothing of a long
    # end, such connections filled the server), and dropped when it reads
    # nothing of it (counted.py's stall)
    server.entrance.closing(ws)
    for data in frames:
        await ws.send(sendable(data))
    await ws.close(1000, "game over")


async def refuse(server: GameServer, ws: ServerConnection, address: str,
                 frame: dict[str, Any], why: str) -> None:
    """A hello not served now: told so (try again later), logged sparsely."""
    server.entrance.refused(address, (503, f"ended games' loads: {why}"))
    server.metrics.refused.labels(why).inc()
    await ws.send(encode(frame))
    await ws.close(1013, why)

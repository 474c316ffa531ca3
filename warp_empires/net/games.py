"""The games of a server's saves folder, as the server holds them: which
there are (from their seats files, folder.scan), which are being played (what
--max-games counts), which are in memory (loaded when a seat joins, released
when they end), and the archiving of idle ones.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from warp_empires.module import ModuleError
from warp_empires.saves.errors import SaveError
from warp_empires.saves.store import ensure_folder

from . import links
from .ended import Ends
from .entrance import Regulars
from .folder import Entry, archived_before, delete, mend, move, save_sides, scan, seats_path
from .guard import Bucket
from .ops import event
from .room import HUMAN, Room

log = logging.getLogger("warp_empires.server")
# Hellos that load a game not in memory, per game id: a second on average, 5 at
# once (two seats joining an ended game to see its end, and their retries)
LOAD_RATE, LOAD_BURST = 1.0, 5
PRUNE_EVERY = 3600.0  # seconds between two looks at the archive for games to delete


@dataclass(frozen=True)
class Limits:
    # open connections at once: seated players and, besides, as many not yet
    # seated as guard.Rules.max_unseated (with 1,000, 500 seated players left a
    # churn's newcomers half the room, and a TLS player 300 ms away failed 8 of
    # 8 creates: issue 38's ninth attack)
    connections: int = 2048
    games: int = 1000  # games being played at once (not those that ended)
    rate: float = 50.0  # frames a second a connection may send, on average
    burst: int = 40  # and at once
    handshake_seconds: float = 3.0  # from the accept to the WebSocket open (TLS included)
    hello_seconds: float = 10.0  # a connection says hello within this, or is closed
    archive_days: float = 30.0  # a game nobody changed for this long is archived (0: never)
    # an archived game nobody changed for this long is deleted (0: kept for ever):
    # the archive's disk is bounded by how many games this many days bring
    keep_days: float = 365.0
    outbox: int = 256  # frames waiting for a seat's reader before it is dropped (conn.py)
    outbox_bytes: int = 16 * 2**20  # and bytes (an undo sends a seat its whole log)
    # a connection that reads nothing of what it is sent this long is dropped
    # (counted.py): no send to it waits longer, whatever it is
    stall_seconds: float = 20.0
    open_idle: float = 3600.0  # a stranger's game nobody is at this long is archived (0: never)
    open_over: float = 86400.0  # a stranger's ended game is archived this long after (0: as any)
    ping_seconds: float = 20.0  # a connection silent this long is pinged (conn.watch)
    ping_rate: float = 1.0  # pings a second a client may send, on average (entrance.py)
    ping_burst: int = 10  # and at once; beyond, its reading waits (it is slowed)
    ping_owed: float = 10.0  # seconds of pings owed beyond which it is dropped
    # the ended games' seats shown from memory, in bytes of their frames, and the
    # share of a core their loads may use, host's and strangers' each (ended.py)
    ended_bytes: int = 16 * 2**20
    ended_share: float = 0.1


class Games:
    def __init__(self, folder: Path, limits: Limits | None = None, sync: bool = False,
                 clock: Callable[[], float] = time.time,
                 timer: Callable[[], float] = time.monotonic) -> None:
        self.folder = ensure_folder(folder)
        self.sync = sync  # fsync each write (Room.sync)
        self.limits = limits or Limits()
        self.clock = clock  # the wall clock, for the archive limit (a test's own)
        self.games: dict[str, Entry] = {}  # every game of the folder, out of its archive
        self.playing: set[str] = set()  # those not over: what --max-games counts
        self.bot_games: set[str] = set()  # those of them with a computer seat
        # those of them strangers created (serve --open): id -> their address
        self.strangers: dict[str, str] = {}
        self.rooms: dict[str, Room] = {}  # the games in memory: those being played
        self._loading: dict[str, asyncio.Task[Room | None]] = {}
        self.timer = timer  # for rates (a test's own)
        self._loads: dict[str, Bucket] = {}  # the rate of loads, per game id
        self._pruned = float("-inf")  # when the archive was last pruned (`prune`)
        # what the seats of ended games are shown, and their loads' budget (ended.py)
        self.ends = Ends(self.limits.ended_bytes, self.limits.ended_share, timer)
        # who was seated in each game of late, for both ports' entrances (entrance.py)
        self.regulars = Regulars()

    # -- the games of the folder -------------------------------------------------

    def resume(self) -> list[str]:
        """Learns the games of the saves folder from their seats files, without
        loading any (a game is loaded when someone joins it), and archives
        those idle past the limit; one line per game that could not be read
        (it stays on disk, untouched). A game a stop left split between the
        folder and its archive is put back whole first (folder.mend)."""
        for line in mend(self.folder):
            event("mended", logging.WARNING, why=line)
        self.games, problems = scan(self.folder)
        self.playing = {g for g, e in self.games.items() if not e.over}
        self.bot_games = {g for g in self.playing if self.games[g].bots}
        self.strangers = {g: a for g in self.playing if (a := self.games[g].stranger)}
        self.sweep()
        self.prune()
        return problems

    def prune(self) -> list[str]:
        """Deletes the archived games nobody has changed for `limits.keep_days`
        (their seats files' time: a game restored starts again), at most once
        an hour (a look at every file of the archive); their ids."""
        now, days = self.clock(), self.limits.keep_days
        if not days or now - self._pruned < PRUNE_EVERY:
            return []
        self._pruned = now
        gone = []
        for game in archived_before(self.folder, now - days * 86400):
            try:
                delete(self.folder, game, archived=True)
            except OSError as e:
                log.error("archived game %s not deleted: %s", game, e)
                continue
            gone.append(game)
        if gone:
            event("deleted", games=len(gone), why=f"archived, unchanged for {days:g} days")
        return gone

    def sweep(self) -> list[str]:
        """Archives the games nobody has changed for `limits.archive_days`
        (folder.py), and strangers' games not over that nobody has changed
        or been connected to for `limits.open_idle` seconds (strangers.py),
        and strangers' ended games `limits.open_over` seconds after their end
        (not the 30 days: 100k files an hour of them, issue 38), unless a seat
        of theirs is connected; their ids."""
        now, days, idle = self.clock(), self.limits.archive_days, self.limits.open_idle
        oldest = now - days * 86400 if days else float("-inf")
        quiet = now - idle if idle else float("-inf")
        ended = now - self.limits.open_over if self.limits.open_over else float("-inf")
        moved = []
        for game, found in list(self.games.items()):
            room = self.rooms.get(game)
            stale = found.changed < oldest or (
                game in self.strangers and max(found.changed, found.seen) < quiet) or (
                found.over and found.stranger is not None and found.changed < ended)
            if not stale or game in self._loading or (
                    room is not None and any(s.connection for s in room.seats)):
                continue
            try:
                move(self.folder, game, to_archive=True)
            except OSError as e:
                log.error("game %s not archived: %s", game, e)
                continue
            self._forget(game)
            moved.append(game)
        return moved

    def _forget(self, game: str) -> None:
        """Drops a game from memory and from the count of games being played."""
        self.games.pop(game, None)
        self.ends.forget(game)
        self._finished(game)

    def _finished(self, game: str) -> None:
        """A game that ended leaves memory and the count at once; its files
        stay, for a replay (and for a seat that joins to see the end)."""
        found = self.games.get(game)
        if found is not None:
            found.over = True
        self.playing.discard(game)
        self.bot_games.discard(game)
        self.strangers.pop(game, None)
        self.rooms.pop(game, None)
        self.released(game)

    def released(self, game: str) -> None:
        """What else a game that left memory leaves (the server's computer players)."""

    def may_hold(self, game: str, side: str, token: str) -> bool:
        """Whether `token` may open `side`'s seat of `game`, from what is known
        without loading it: the game in memory, else what its seats file said.
        A wrong token, or a right one for another game or side, never has a
        game loaded (issue 38: each such hello replayed a finished game). A
        seats file older than its `sides` has them read from its save's
        metadata, once; one older than its digests leaves all to the room."""
        room = self.rooms.get(game)
        if room is not None:
            ids = [s.id for s in room.game.module.sides]
            return links.matches(token, room.seats[ids.index(side)].digest
                                 if side in ids else None)
        found = self.games.get(game)
        if found is None or not found.digests:
            return found is not None
        if not found.sides and len(sides := save_sides(seats_path(
                self.folder, game, found.archived))) == len(found.digests):
            found.sides = sides
        if found.sides:
            return links.matches(token, found.digests[found.sides.index(side)]
                                 if side in found.sides else None)
        return any(links.matches(token, d) for d in found.digests)

    def loads_too_often(self, game: str) -> bool:
        """Whether a hello that loads `game` (not in memory; an ended game
        whose seats' frames are not kept, ended.py) comes over its rate
        (LOAD_RATE, per game id)."""
        if game in self.rooms:
            return False
        bucket = self._loads.get(game)
        if bucket is None:
            if len(self._loads) >= 10_000:  # those full again are forgotten
                self._loads = {g: b for g, b in self._loads.items() if not b.full}
            bucket = self._loads[game] = Bucket(LOAD_RATE, LOAD_BURST, self.timer)
        return not bucket.take()

    async def room(self, game: str) -> Room | None:
        """The game `game`, loaded from the folder on its first use; None when
        the folder has no such game (or it cannot be loaded: logged). A game
        that is over is loaded for the one who asks and not kept."""
        room = self.rooms.get(game)
        if room is not None or game not in self.games:
            return room
        task = self._loading.get(game)
        if task is None:  # one load, however many seats join at once
            task = asyncio.create_task(self._load(game))
            self._loading[game] = task
            task.add_done_callback(lambda _: self._loading.pop(game, None))
        return await asyncio.shield(task)

    async def _load(self, game: str) -> Room | None:
        try:
            room = await asyncio.to_thread(Room.load, seats_path(self.folder, game))
        except (SaveError, ModuleError, OSError) as e:
            log.error("game %s not loaded: %s", game, e)
            return None
        room.lock = asyncio.Lock()
        room.sync = self.sync
        found = self.games.get(game)
        if found is not None and not found.sides:  # a seats file older than them
            found.sides = tuple(s.id for s in room.game.module.sides)
        if room.game.over:
            self._finished(game)
        elif game in self.games:  # not archived or deleted while it loaded
            self.rooms[game] = room
        return room

    def added(self, room: Room) -> None:
        """A game just created (and written)."""
        bots = any(s.player != HUMAN for s in room.seats)
        self.games[room.id] = Entry(room.id, False, self.clock(), bots=bots,
                                    stranger=room.stranger,
                                    digests=tuple(s.digest for s in room.seats),
                                    sides=tuple(s.id for s in room.game.module.sides))
        self.playing.add(room.id)
        if room.stranger is not None:
            self.strangers[room.id] = room.stranger
        if bots:
            self.bot_games.add(room.id)
        self.rooms[room.id] = room

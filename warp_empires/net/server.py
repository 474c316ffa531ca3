"""`warp-empires serve`: hosts games for clients on other machines (asyncio,
the `websockets` library).

The server holds the only real state of every game and runs every `apply`.
A client is sent only its own side's view (room.position_frame), and a frame
it sends is checked (protocol.client_frame) before anything reads it. A
decision is written to the saves folder before anyone is told of it, so a
killed server loses no acknowledged decision; started again on the same
folder, it resumes every game where it stood.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from warp_empires.bots import known_kind, unavailable
from warp_empires.engine import Action, Game, IllegalAction
from warp_empires.engine.options import check as check_options
from warp_empires.module import ModuleError, find_module, load_module
from warp_empires.saves.errors import SaveError

from . import links
from .admin import admin
from .conn import Heard, Outbox, watch
from .entrance import Entrance
from .folder import delete, seats_path
from .games import Games, Limits
from .guard import Bucket, Door, Rules, key_matches
from .ops import Metrics, SparseInAll, event
from .presence import Presence
from .protocol import BadFrame, client_frame, encode, error
from .room import HUMAN, Room, Seat
from .seating import take_seat
from .server_bots import ServerBots
from .strangers import Strangers, create_refusal

log = logging.getLogger("warp_empires.server")


class GameServer(ServerBots, Games):
    def __init__(self, folder: Path, limits: Limits | None = None, sync: bool = False,
                 bot_seed: int | None = None, clock: Callable[[], float] = time.time,
                 rules: Rules | None = None, key: str | None = None,
                 timer: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        super().__init__(folder, limits, sync, clock, timer)
        self.rules = rules or Rules()
        self.key = key  # the host key (guard.py); None: nobody holds one
        self.web_url: str | None = None  # serve --web: where browsers play a seat (web.py)
        self.sleep = sleep  # how a slowed connection waits (a test's own)
        self.outboxes: dict[ServerConnection, Outbox] = {}  # of the seated connections
        self.metrics = Metrics()
        m = self.metrics
        m.games.set_function(lambda: len(self.playing))
        m.loaded.set_function(lambda: len(self.rooms))
        m.connections.set_function(lambda: self.connections)
        m.seats.set_function(lambda: sum(s.connection is not None
                                         for r in self.rooms.values() for s in r.seats))
        self.door = Door(self.rules, timer)
        # every connection, counted from its accept (listen.py makes them counted)
        self.entrance = Entrance(self.door, self.limits.connections, timer,
                                 lambda target: links.claimed_game(target, self.playing, self.key),
                                 self.regulars, lambda game: game in self.strangers)
        self._sparse = SparseInAll(timer)  # what sparse_event logs
        self.open = Strangers(self.rules)  # what strangers may take (serve --open)
        self._bots: dict[tuple[str, int], Any] = {}
        # the seeds of the computer players on its seats: unpredictable, unless
        # `bot_seed` is given (a test's game then plays alike every time)
        self._bot_seeds = random.SystemRandom() if bot_seed is None else random.Random(bot_seed)
        self._tasks: set[asyncio.Task[None]] = set()
        # who is connected, told to the seats at most once a second a game
        self.presence = Presence(self.send, sleep, self._later)
        # one stranger's create at a time, one host's beside it (never behind theirs,
        # issue 38); the games being made (`_making`) count against --max-games
        self._creating, self._host_creating, self._making = asyncio.Lock(), asyncio.Lock(), 0

    def create(self, module_name: str, seed: int | None, options: list[str],
               players: list[str], game_id: str | None = None,
               scenario: str | None = None, stranger: str | None = None
               ) -> tuple[Room, dict[str, str]]:
        """A new game and the tokens of its human seats (side id -> token);
        `game_id`: the id its creator chose (and routes by, docs/hosting.md);
        `stranger`: the address of a creator without the host key (strangers.py).
        ValueError says in one line what is wrong with the request."""
        if len(self.playing) >= self.limits.games:
            raise ValueError("this server hosts as many games as it may")
        refusal = stranger and self.open.refuse_game(self.strangers, self.limits.games,
                                                     stranger)
        if refusal:
            raise ValueError(refusal)
        if game_id is not None and (game_id in self.games or any(
                seats_path(self.folder, game_id, archived).exists() for archived in (False, True))):
            raise ValueError("a game with this id exists: choose another")
        try:
            module = load_module(module_name)
        except ModuleError:
            raise ValueError(f"no module {module_name!r} on this server") from None
        for kind in players:
            if kind != HUMAN and (not known_kind(kind) or unavailable(kind, module)):
                raise ValueError(f"no computer player {kind!r} for {module.name}")
        chosen = check_options(module, options)
        wanted: dict[str, object] = {"optional": list(chosen)} if chosen else {}
        if scenario is not None:  # docs/rules.md G3; Game.new says if it has none such
            wanted["scenario"] = scenario
        game = Game.new(module, seed, wanted or None)
        if game_id is not None:
            game.id = game_id
        tokens: dict[str, str] = {}
        seats = []
        for side, kind in enumerate(players):
            if kind == HUMAN:
                token = links.new_token()
                tokens[module.sides[side].id] = token
                seats.append(Seat(links.digest(token), HUMAN))
            else:
                seats.append(Seat(None, kind))
        room = Room(game, seats, self.folder, lock=asyncio.Lock(), sync=self.sync,
                    stranger=stranger)
        try:
            room.write()
        except SaveError:
            # neither file stays (issue 38's twelfth attack: on a full disk the
            # seats file was written, the save not, and the orphan counted as
            # a game for ever, holding a place of --max-games)
            delete(self.folder, game.id, archived=False)
            raise
        self.added(room)
        return room, tokens

    # -- connections -----------------------------------------------------------

    def address(self, ws: ServerConnection) -> str:
        """The client's address (a trusted proxy's word: its PROXY line,
        entrance.py, or X-Forwarded-For, guard.Door.address)."""
        if getattr(ws, "client", None):
            return str(ws.client)  # type: ignore[attr-defined]
        peer = ws.remote_address[0] if ws.remote_address else "?"
        forwarded = self.door.forwarded(ws.request.headers.get_all("X-Forwarded-For")) \
            if ws.request else None
        return self.door.address(str(peer), forwarded)

    def sparse_event(self, name: str, address: str, **fields: Any) -> None:
        """Logs an event of `address` sparsely (ops.Sparse): the first, then one
        every 10 s with how many were left out. Issue 38's sixth attack: a
        churn of WebSocket opens that never said hello wrote 15,382 `connect`
        lines (1.57 MB) in 25 s; a player's first connect still shows, and
        each of its hellos has its own line. At most 10 a second of each
        event in all besides (ops.SparseInAll: the seventh, from 10,000
        addresses)."""
        counts = self._sparse.line(name, (name, address, fields.get("why")))
        if counts is not None:
            event(name, address=address, **fields, **counts)

    @property
    def connections(self) -> int:
        """Open connections (entrance.py counts them from their accept)."""
        return self.entrance.count

    async def handler(self, ws: ServerConnection) -> None:
        address = self.address(ws)
        self.sparse_event("connect", address)
        seat: tuple[Room, int] | None = None
        heard = Heard()
        watcher = asyncio.create_task(watch(ws, heard, self.limits.ping_seconds))
        try:
            bucket = Bucket(self.limits.rate, self.limits.burst, self.timer)
            seat = await self._first_frame(ws, address)
            if seat is None:
                return
            room, side = seat
            await self.presence.joined(room, ws)  # told who is here; the others, that it came
            async for data in ws:
                heard.frames += 1
                # Over its rate a connection is slowed, not served faster: its
                # frames wait, and the socket's buffers push back on the sender.
                wait = bucket.debt()
                if wait:
                    await self.sleep(wait)
                await self._on_frame(ws, room, side, data)
        except ConnectionClosed:
            pass
        except Exception as e:  # noqa: BLE001 - one connection's fault never stops the server
            event("error", logging.ERROR, address=address, error=repr(e)[:200])
            log.debug("connection failed", exc_info=True)
        finally:
            watcher.cancel()
            box = self.outboxes.pop(ws, None)
            if box is not None:
                box.close()
            self.open.seated.discard(ws)
            self.presence.forget(ws)
            if seat is not None and seat[0].seats[seat[1]].connection is ws:
                seat[0].seats[seat[1]].connection = None
                self.presence.changed(seat[0])  # the other seat is told it left
            if seat is not None and seat[0].id in self.games:  # its idle time starts
                self.games[seat[0].id].seen = self.clock()

    async def _first_frame(self, ws: ServerConnection, address: str
                           ) -> tuple[Room, int] | None:
        """The hello (or create) that opens a connection; None when it ends here."""
        try:
            data = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
        except TimeoutError:
            await ws.close(1008, "no hello")
            return None
        # it spoke: never closed to make room (entrance.py), even while its
        # game loads or its log is replayed
        self.entrance.seated(ws)
        try:
            frame = client_frame(data)
        except BadFrame as e:
            await self.send(ws, error(e.code, str(e)))
            await ws.close(1008, "bad frame")
            return None
        if frame["t"] == "create":
            await self._on_create(ws, frame, address)
            await ws.close()
            return None
        if frame["t"] == "admin":
            await self.send(ws, await admin(self, frame, address))
            await ws.close()
            return None
        if frame["t"] != "hello":
            await self.send(ws, error("hello_first", "the first frame is a hello"))
            await ws.close(1008, "hello first")
            return None
        return await take_seat(self, ws, frame, address)  # seating.py

    async def _on_create(self, ws: ServerConnection, frame: dict[str, Any],
                         address: str) -> None:
        host = self.key is not None and key_matches(frame.get("key"), self.key)
        refusal = create_refusal(self, frame, address, host)
        if refusal is not None:
            self.sparse_event("refuse", address, why=refusal["text"][:80])
            self.metrics.refused.labels(refusal["code"]).inc()
            await self.send(ws, refusal)
            return
        try:
            try:
                folder = find_module(frame["module"])  # installed modules only, by name
            except ModuleError:
                raise ValueError(f"no module {frame['module']!r} on this server") from None
            async with self._host_creating if host else self._creating:
                if len(self.playing) + self._making >= self.limits.games:
                    raise ValueError("this server hosts as many games as it may")
                self._making += 1
                try:
                    room, tokens = await asyncio.to_thread(
                        self.create, str(folder), frame.get("seed"), frame.get("options", []),
                        frame.get("players", [HUMAN, HUMAN]), frame.get("game"),
                        frame.get("scenario"), None if host else address)
                finally:
                    self._making -= 1
        except (ValueError, SaveError) as e:
            await self.send(ws, error("create", str(e)))
            return
        self.metrics.created.inc()
        self.door.seated(address)  # a host's: its address no busier (entrance.py)
        self.regulars.seated(room.id, address)
        event("create", address=address, game=room.id, module=room.game.module.id,
              players=[s.player for s in room.seats])
        sides = {s.id: i for i, s in enumerate(room.game.module.sides)}
        web = {"web": self.web_url} if self.web_url else {}
        await self.send(ws, {"t": "created", "game": room.id, "tokens": tokens,
                              "sides": sides, **web})
        self.wake_bot(room)

    async def _on_frame(self, ws: ServerConnection, room: Room, side: int,
                        data: bytes | str) -> None:
        try:
            frame = client_frame(data)
        except BadFrame as e:
            await self.send(ws, error(e.code, str(e)))
            return
        if frame["t"] != "decide":
            await self.send(ws, error("unexpected", f"a {frame['t']} frame after hello"))
            return
        await self.decide(room, side, frame["pos"], tuple(frame["action"]), ws)

    async def decide(self, room: Room, side: int, pos: int, action: Action,
                     ws: ServerConnection | None = None) -> None:
        """Checks, applies, writes and announces one decision; a fault is told
        to `ws` alone (with the current position when it was stale)."""
        began = time.perf_counter()
        async with room.lock:
            try:
                if room.id not in self.games:  # archived or deleted meanwhile
                    raise BadFrame("the game is no longer on this server", "over")
                room.check(side, pos, action)
                mark = room.mark()
                room.apply(side, action)
            except (BadFrame, IllegalAction) as e:
                if ws is not None:  # refused, and answered with the position as it is
                    code = e.code if isinstance(e, BadFrame) else "not_legal"
                    await self.send(ws, error(code, str(e), pos=room.seats[side].position))
                    await self.send(ws, room.position_frame(side))
                return
            try:
                await asyncio.to_thread(room.write)
            except SaveError as e:
                # Not on disk: not taken either, and nobody is told of it; the
                # game waits as it was until the folder can be written again
                # a line now and then, not one a try (issue 38's twelfth
                # attack: 1,997 lines in 25 s from two games on a full disk)
                counts = self._sparse.line("error", ("unsaved", room.id))
                if counts is not None:
                    event("error", logging.ERROR, game=room.id, error=f"not written: {e}",
                          **counts)
                room.back_to(mark)
                with contextlib.suppress(SaveError):  # the seats file may have been
                    await asyncio.to_thread(room.write)  # written, the game not
                if ws is not None:
                    await self.send(ws, error("unsaved", "the server could not save the "
                                               "game: your decision was not taken; try again",
                                               pos=room.seats[side].position))
                    await self.send(ws, room.position_frame(side))
                return
            if room.id in self.games:
                self.games[room.id].changed = self.clock()
            await self._announce(room)
        took = time.perf_counter() - began
        self.metrics.decisions.inc()
        self.metrics.decide_seconds.observe(took)
        event("decide", logging.DEBUG, game=room.id, side=side, verb=action[0],
              ms=round(took * 1000, 2))
        if room.game.over:
            self.metrics.finished.inc()
            event("over", game=room.id, winner=room.game.state.winner,
                  decisions=len(room.game.actions))
            self._finished(room.id)
        self.wake_bot(room)

    async def _announce(self, room: Room) -> None:
        for side, seat in enumerate(room.seats):
            if seat.connection is None:
                continue
            if seat.rewound:
                history = await asyncio.to_thread(room.history, side)
                frame: dict[str, Any] | None = room.position_frame(side, history)
            else:
                frame = seat.outbox  # made with the change (Room.apply)
            seat.outbox = None
            if frame is not None:
                await self.send(seat.connection, frame)
            if room.game.over:
                await self.send(seat.connection, room.over_frame(side))
        room.trim()  # what the connected seats were sent; the others get a replay

    async def send(self, ws: ServerConnection, frame: dict[str, Any]) -> None:
        """A seated connection's frames go through its outbox (conn.py): no
        game waits for its reading them; the others' are sent at once."""
        box = self.outboxes.get(ws)
        if box is not None:
            await box.put(frame)
            return
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(frame))

    def let_go(self, ws: ServerConnection, last: dict[str, Any], reason: str) -> None:
        """Sends a connection its last frame (past whatever waits in its
        outbox), then closes it."""
        box = self.outboxes.pop(ws, None)
        if box is not None:
            box.task.cancel()
        # it serves nobody now: the first to make room when the server is full
        # (the tenth attack held taken-over seats that read nothing)
        self.entrance.closing(ws)

        async def bye() -> None:
            with contextlib.suppress(Exception):
                await ws.send(encode(last))
                await ws.close(1000, reason)

        self._later(bye())

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs `work` on its own task, kept until it ends (not cancelled with
        the connection's own, which may be what is ending)."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

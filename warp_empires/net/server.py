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
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Response

from warp_empires.bots import known_kind, make_player, unavailable
from warp_empires.engine import Action, Game, IllegalAction
from warp_empires.engine.options import check as check_options
from warp_empires.module import ModuleError, load_module
from warp_empires.saves.errors import SaveError
from warp_empires.saves.store import ensure_folder

from . import links
from .protocol import (
    MAX_CLIENT_FRAME,
    REFUSED,
    VERSION,
    BadFrame,
    client_frame,
    encode,
    error,
)
from .room import HUMAN, Room, Seat

log = logging.getLogger("warp_empires.server")


@dataclass(frozen=True)
class Limits:
    connections: int = 1000  # open connections at once
    games: int = 1000  # games hosted at once
    rate: float = 50.0  # frames a second a connection may send, on average
    burst: int = 40  # and at once
    hello_seconds: float = 10.0  # a connection says hello within this, or is closed


class Bucket:
    """A token bucket: `rate` frames a second, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    async def wait(self) -> None:
        """Takes one frame's token, first waiting for it if the bucket is empty."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            await asyncio.sleep((1 - self.tokens) / self.rate)
        self.tokens -= 1


class GameServer:
    def __init__(self, folder: Path, limits: Limits | None = None, sync: bool = False,
                 bot_seed: int | None = None) -> None:
        self.folder = ensure_folder(folder)
        self.sync = sync  # fsync each write (Room.sync)
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self.connections = 0
        self._bots: dict[tuple[str, int], Any] = {}
        # the seeds of the computer players on its seats: unpredictable, unless
        # `bot_seed` is given (a test's game then plays alike every time)
        self._bot_seeds = random.SystemRandom() if bot_seed is None else random.Random(bot_seed)
        self._tasks: set[asyncio.Task[None]] = set()

    # -- starting ------------------------------------------------------------

    def resume(self) -> list[str]:
        """Loads every game of the saves folder; one line per game that could
        not be loaded (it stays on disk, untouched)."""
        problems = []
        for path in sorted(self.folder.glob("net-*.seats")):
            try:
                room = Room.load(path)
            except (SaveError, ModuleError, OSError) as e:
                problems.append(f"{path.name}: {e}")
                continue
            room.lock = asyncio.Lock()
            room.sync = self.sync
            self.rooms[room.id] = room
        return problems

    def create(self, module_name: str, seed: int | None, options: list[str],
               players: list[str], scenario: str | None = None
               ) -> tuple[Room, dict[str, str]]:
        """A new game and the tokens of its human seats (side id -> token).
        ValueError says in one line what is wrong with the request."""
        if len(self.rooms) >= self.limits.games:
            raise ValueError("this server hosts as many games as it may")
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
        tokens: dict[str, str] = {}
        seats = []
        for side, kind in enumerate(players):
            if kind == HUMAN:
                token = links.new_token()
                tokens[module.sides[side].id] = token
                seats.append(Seat(links.digest(token), HUMAN))
            else:
                seats.append(Seat(None, kind))
        room = Room(game, seats, self.folder, lock=asyncio.Lock(), sync=self.sync)
        room.write()
        self.rooms[room.id] = room
        return room, tokens

    # -- connections -----------------------------------------------------------

    async def handler(self, ws: ServerConnection) -> None:
        if self.connections >= self.limits.connections:
            await ws.close(1013, "too many connections")
            return
        self.connections += 1
        seat: tuple[Room, int] | None = None
        try:
            bucket = Bucket(self.limits.rate, self.limits.burst)
            seat = await self._first_frame(ws)
            if seat is None:
                return
            room, side = seat
            async for data in ws:
                # Over its rate a connection is slowed, not served faster: its
                # frames wait, and the socket's buffers push back on the sender.
                await bucket.wait()
                await self._on_frame(ws, room, side, data)
        except ConnectionClosed:
            pass
        except Exception:  # noqa: BLE001 - one connection's fault never stops the server
            log.exception("connection failed")
        finally:
            self.connections -= 1
            if seat is not None and seat[0].seats[seat[1]].connection is ws:
                seat[0].seats[seat[1]].connection = None

    async def _first_frame(self, ws: ServerConnection) -> tuple[Room, int] | None:
        """The hello (or create) that opens a connection; None when it ends here."""
        try:
            data = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
        except TimeoutError:
            await ws.close(1008, "no hello")
            return None
        try:
            frame = client_frame(data)
        except BadFrame as e:
            await self._send(ws, error(e.code, str(e)))
            await ws.close(1008, "bad frame")
            return None
        if frame["t"] == "create":
            await self._on_create(ws, frame)
            await ws.close()
            return None
        if frame["t"] != "hello":
            await self._send(ws, error("hello_first", "the first frame is a hello"))
            await ws.close(1008, "hello first")
            return None
        room = self.rooms.get(frame["game"])
        side = -1
        stored = None
        if room is not None:
            ids = [s.id for s in room.game.module.sides]
            if frame["side"] in ids:
                side = ids.index(frame["side"])
                stored = room.seats[side].digest
        if not links.matches(frame["token"], stored) or room is None:
            await self._send(ws, REFUSED)
            await ws.close(1008, "refused")
            return None
        old = room.seats[side].connection
        room.seats[side].connection = ws
        if old is not None:  # one connection per seat: the newest wins
            with contextlib.suppress(Exception):
                await old.close(1000, "joined from elsewhere")
        module = room.game.module
        await self._send(ws, {"t": "welcome", "v": VERSION, "game": room.id, "side": side,
                              "module": {"id": module.id, "version": module.version,
                                         "fingerprint": module.fingerprint},
                              "players": [s.player for s in room.seats]})
        async with room.lock:
            # a long game's log is rebuilt by a replay: off the loop's thread
            history = await asyncio.to_thread(room.history, side)
            frame = room.position_frame(side, history)
            room.trim()  # a seat not connected gets its own replay when it joins
            await self._send(ws, frame)
            if room.game.over:
                await self._send(ws, room.over_frame(side))
        self._wake_bot(room)
        return room, side

    async def _on_create(self, ws: ServerConnection, frame: dict[str, Any]) -> None:
        try:
            room, tokens = await asyncio.to_thread(
                self.create, frame["module"], frame.get("seed"), frame.get("options", []),
                frame.get("players", [HUMAN, HUMAN]), frame.get("scenario"))
        except (ValueError, SaveError) as e:
            await self._send(ws, error("create", str(e)))
            return
        sides = {s.id: i for i, s in enumerate(room.game.module.sides)}
        await self._send(ws, {"t": "created", "game": room.id, "tokens": tokens,
                              "sides": sides})
        self._wake_bot(room)

    async def _on_frame(self, ws: ServerConnection, room: Room, side: int,
                        data: bytes | str) -> None:
        try:
            frame = client_frame(data)
        except BadFrame as e:
            await self._send(ws, error(e.code, str(e)))
            return
        if frame["t"] != "decide":
            await self._send(ws, error("unexpected", f"a {frame['t']} frame after hello"))
            return
        await self.decide(room, side, frame["pos"], tuple(frame["action"]), ws)

    async def decide(self, room: Room, side: int, pos: int, action: Action,
                     ws: ServerConnection | None = None) -> None:
        """Checks, applies, writes and announces one decision; a fault is told
        to `ws` alone (with the current position when it was stale)."""
        async with room.lock:
            try:
                room.check(side, pos, action)
                room.apply(side, action)
            except (BadFrame, IllegalAction) as e:
                if ws is not None:  # refused, and answered with the position as it is
                    code = e.code if isinstance(e, BadFrame) else "not_legal"
                    await self._send(ws, error(code, str(e), pos=room.seats[side].position))
                    await self._send(ws, room.position_frame(side))
                return
            try:
                await asyncio.to_thread(room.write)
            except SaveError as e:
                # Not on disk: not acknowledged either. The game stops here
                # until the folder can be written (the next decision retries).
                log.error("game %s not written: %s", room.id, e)
            await self._announce(room)
        self._wake_bot(room)

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
                await self._send(seat.connection, frame)
            if room.game.over:
                await self._send(seat.connection, room.over_frame(side))
        room.trim()  # what the connected seats were sent; the others get a replay

    @staticmethod
    async def _send(ws: ServerConnection, frame: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(encode(frame))

    # -- computer players on the server's seats --------------------------------

    def _wake_bot(self, room: Room) -> None:
        """If a computer seat must decide now, let it think (on a thread: a
        search takes up to seconds) and decide."""
        if room.game.over:
            return
        side = room.deciding()
        if side < 0 or room.seats[side].player == HUMAN:
            return
        key = (room.id, side)
        name = f"bot-{room.id}-{side}"
        current = asyncio.current_task()
        if any(t is not current and t.get_name() == name for t in self._tasks):
            return  # already thinking
        if key not in self._bots:
            self._bots[key] = make_player(room.seats[side].player, room.game.state.module,
                                          self._bot_seeds.getrandbits(64), timed=True)
        task = asyncio.create_task(self._bot_move(room, side, room.seats[side].position),
                                   name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _bot_move(self, room: Room, side: int, pos: int) -> None:
        player = self._bots[(room.id, side)]
        # what it may see, taken here on the loop's thread; it thinks on another
        view = room.game.view(side, log=False)
        legal = room.game.legal_actions(side)
        try:
            action = await asyncio.to_thread(player.choose, view, legal)
        except Exception:  # noqa: BLE001 - a player's bug must not stall the game
            log.exception("computer player failed")
            action = None
        if action is None or tuple(action) not in legal:
            action = random.choice([a for a in legal if a[0] != "unpick"] or legal)
        await self.decide(room, side, pos, tuple(action))


def tls_context(certfile: str | None, keyfile: str | None) -> ssl.SSLContext | None:
    if certfile is None:
        return None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certfile, keyfile)
    return context


async def run_server(server: GameServer, host: str, port: int,
                     tls: ssl.SSLContext | None = None,
                     ready: Callable[[int], None] | None = None,
                     stop: asyncio.Event | None = None) -> None:
    """Serves until `stop` is set (or for ever); `ready` is told the port."""

    def refuse_crowds(connection: ServerConnection, request: Any) -> Response | None:
        if server.connections >= server.limits.connections:
            return connection.respond(503, "too many connections\n")
        return None

    async with serve(server.handler, host, port, ssl=tls, max_size=MAX_CLIENT_FRAME,
                     compression=None, process_request=refuse_crowds,
                     server_header=None, logger=log) as ws_server:
        if ready is not None:
            sockets = list(ws_server.sockets)
            ready(sockets[0].getsockname()[1] if sockets else port)
        await (stop.wait() if stop is not None else asyncio.Future())

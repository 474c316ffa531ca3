"""A hello that asks for a seat (net/server.py reads the first frame): the
seat's token checked before its game is loaded, one connection per seat (a
second one takes it only when asked to, `take`), the open games' share of
the connections (strangers.py), then the welcome and the seat's position
with its log. Kept apart from the server's other frames because every guard
of who may sit where is here."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection

from . import links
from .conn import Outbox
from .ended import show_end, welcome
from .ops import event
from .protocol import REFUSED, error
from .room import Room

if TYPE_CHECKING:
    from .server import GameServer


async def take_seat(server: GameServer, ws: ServerConnection, frame: dict[str, Any],
                    address: str) -> tuple[Room, int] | None:
    """Seats `ws` as the hello `frame` asks: (room, side), or None when it was
    refused, shown an ended game, or gone while it waited (it is then told
    why and closed, or already closed)."""
    # a wrong token, or one of another seat, loads nothing
    known = server.may_hold(frame["game"], frame["side"], frame["token"])
    found = server.games.get(frame["game"])
    if known and found is not None and found.over:
        await show_end(server, ws, frame, address)  # kept, or loaded within a budget
        return None
    if known and server.loads_too_often(frame["game"]):
        await server.send(ws, error("full", "this game is being joined too often; "
                                    "try again in a moment"))
        await ws.close(1013, "full")
        return None
    room = await server.room(frame["game"]) if known else None
    side = -1
    stored = None
    if room is not None:
        ids = [s.id for s in room.game.module.sides]
        if frame["side"] in ids:
            side = ids.index(frame["side"])
            stored = room.seats[side].digest
    if not links.matches(frame["token"], stored) or room is None:
        server.entrance.refused(address, (403, "no seat"))  # sparsely: a flood of them
        server.metrics.refused.labels("no seat").inc()
        await server.send(ws, REFUSED)
        await ws.close(1008, "refused")
        return None
    old = room.seats[side].connection
    if old is not None and not frame.get("take"):
        # one connection per seat; a second one is asked first (the
        # client asks its person), so two never take it from each other
        # sparsely: the seventh attack's opponent wrote one line each
        server.sparse_event("refuse", address, why="in use", game=room.id, side=side)
        await server.send(ws, error("in_use", "this seat is being played from elsewhere"))
        await ws.close(1008, "in use")
        return None
    if room.stranger is not None:
        if old is None and not server.open.room_for_seat(server.entrance.limit):
            server.sparse_event("refuse", address, why="open games full", game=room.id)
            await server.send(ws, error("full", "the server has no room for more players "
                                        "of open games now; try again later"))
            await ws.close(1013, "full")
            return None
        server.open.seated.discard(old)  # the seat counts once, as the new one's
        server.open.seated.add(ws)
    room.seats[side].connection = ws
    server.outboxes[ws] = Outbox(ws, server.limits.outbox, server.limits.outbox_bytes)
    if old is None:
        event("hello", address=address, game=room.id, side=side, took=False)
    else:  # take-overs sparsely (the seventh attack: 5,771 lines in 40 s)
        server.sparse_event("hello", address, game=room.id, side=side, took=True)
    server.door.seated(address)  # a player's: its address no busier (entrance.py)
    server.regulars.seated(room.id, address, side)
    if old is not None:  # taken over: told so, then closed
        server.let_go(old, error("taken", "this seat is now played from elsewhere"),
                      "taken over")
    await server.send(ws, welcome(room, side))
    async with room.lock:
        if room.seats[side].connection is not ws or ws.transport.is_closing():
            # gone, or taken over, while it waited: no replay for nobody
            # (issue 38: a flood of `take` queued them for 44 s)
            if room.seats[side].connection is ws:
                room.seats[side].connection = None
            return None
        # a long game's log is rebuilt by a replay: off the loop's thread
        history = await asyncio.to_thread(room.history, side)
        frame = room.position_frame(side, history)
        room.trim()  # a seat not connected gets its own replay when it joins
        await server.send(ws, frame)
        if room.game.over:
            await server.send(ws, room.over_frame(side))
    server.wake_bot(room)
    return room, side

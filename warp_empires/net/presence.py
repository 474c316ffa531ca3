"""Who is connected to a game, told to its seats (`presence` frames), at most
once a second a game.

Issue 38's sixth attack: an opponent holding its own seat's link took it
over and left again from 40 addresses, about 170 times a second, and the
victim was sent a frame for every change (1,225 in 15 s): its browser tab's
process spent 8 CPU-s in 17 s drawing "left" and "is back" notes, and its
page was sent 40-143 KB/s. Now a change is told at once, and the changes
in the second after it are told together, as the latest state, when that
second is over; a seat already told that state is sent nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from .room import HUMAN, Room

Send = Callable[[Any, dict[str, Any]], Awaitable[None]]

EVERY = 1.0  # seconds: a game's seats are sent at most one presence frame this often


def connected(room: Room) -> list[bool]:
    """By side: whether the seat has a connection (a computer's always has)."""
    return [s.connection is not None or s.player != HUMAN for s in room.seats]


class Presence:
    """The presence frames of every game: what each connection was last told,
    and the games told within the last second (`EVERY`)."""

    def __init__(self, send: Send, sleep: Callable[[float], Awaitable[None]],
                 later: Callable[[Coroutine[Any, Any, None]], None],
                 every: float = EVERY) -> None:
        self.send, self.sleep, self.later, self.every = send, sleep, later, every
        self._told: dict[Any, list[bool]] = {}  # by connection: the state it was last sent
        self._quiet: set[str] = set()  # games told within the last `every` seconds
        self._again: set[str] = set()  # ... that changed since

    async def joined(self, room: Room, connection: Any) -> None:
        """A seat's connection is told who is here at once; the others, that
        it came (as any change)."""
        here = connected(room)
        self._told[connection] = here
        await self.send(connection, self._frame(room, here))
        self.changed(room)

    def changed(self, room: Room) -> None:
        """A seat's connection came or went."""
        if room.id in self._quiet:
            self._again.add(room.id)  # told when its second is over
        else:
            self._quiet.add(room.id)
            self.later(self._tell(room))

    def forget(self, connection: Any) -> None:
        """A connection has ended."""
        self._told.pop(connection, None)

    async def _tell(self, room: Room) -> None:
        try:
            while await self._told_now(room):
                await self.sleep(self.every)  # the changes meanwhile wait for its end
                if room.id not in self._again:
                    break
                self._again.discard(room.id)
        finally:
            self._quiet.discard(room.id)
            self._again.discard(room.id)

    async def _told_now(self, room: Room) -> bool:
        """Sends the state to every seat not told it yet; whether any was."""
        here = connected(room)
        frame = self._frame(room, here)
        sent = False
        for seat in room.seats:
            connection = seat.connection
            if connection is not None and self._told.get(connection, here) != here:
                self._told[connection] = here
                await self.send(connection, frame)
                sent = True
        return sent

    @staticmethod
    def _frame(room: Room, here: list[bool]) -> dict[str, Any]:
        return {"t": "presence", "game": room.id, "connected": here}

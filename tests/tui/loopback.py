"""A joined seat without a network: the server's room and the client's seat
in one process, the server answering only when the test says so.

So a test can type keys while a decision is on its way (the controller's
`Mode.SERVER`) and let the answers come when it likes, in milliseconds."""

from __future__ import annotations

from pathlib import Path

from warp_empires.engine import Action, Game
from warp_empires.net.client import Seat
from warp_empires.net.links import Link
from warp_empires.net.room import Room
from warp_empires.net.room import Seat as RoomSeat
from warp_empires.tui.controller import Controller
from warp_empires.tui.remote import RemoteSession


class Loopback:
    """One side of `game` played through a RemoteSession; `answer()` lets the
    server take the decisions sent so far, one at a time, as it would."""

    def __init__(self, game: Game, side: int, folder: Path) -> None:
        self.room = Room(game, [RoomSeat(None, "human"), RoomSeat(None, "human")], folder)
        self.side = side
        self.sent: list[Action] = []
        seat = Seat(Link("ws://127.0.0.1:1/", game.id, game.module.sides[side].id, "x" * 32))
        seat.module = game.module
        seat.side = side
        seat.players = ["human", "human"]
        seat.take(self.room.position_frame(side, history=[]))
        self.seat = seat
        self.session = RemoteSession(seat, self.sent.append)
        self.controller = Controller(self.session)
        self.controller.after_change()

    def answer(self) -> bool:
        """The server takes the oldest decision sent and answers with the next
        position (as tui/remote.Joined does on a frame). False if none waits."""
        if not self.sent:
            return False
        action = self.sent.pop(0)
        self.room.apply(self.side, tuple(action))
        # the frame the room made for this seat, as the server sends it (its
        # events were counted as sent then); after an undo, its log anew
        seat = self.room.seats[self.side]
        frame, seat.outbox = seat.outbox, None
        if seat.rewound:
            frame = self.room.position_frame(self.side, self.room.history(self.side))
        if frame is not None:
            self.seat.take(frame)
        if self.session.arrived():
            return True  # the next decision of a batch went out at once
        if self.session.after_undo:
            self.session.after_undo = False
            self.controller.refresh()
        else:
            self.controller.after_change()
        return True

    def answer_all(self) -> int:
        n = 0
        while self.answer():
            n += 1
        return n

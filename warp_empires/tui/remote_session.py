"""The session a joined seat's game screen drives (tui/remote.py): it holds
no game, only the latest position the server sent this side (its view,
prompt, rows and events), and a decision goes to the server, which answers
with the next position. GameScreen asks of it what it asks of a local
Session (tui/session.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warp_empires.engine import Action, Prompt, View
from warp_empires.module.defs import Module
from warp_empires.net.client import Seat
from warp_empires.present.rows import Choice, HandOrder
from warp_empires.present.suggest import evident_move, pick_all_order
from warp_empires.tui.kept_hand import KeptHandOrder
from warp_empires.tui.players import HUMAN


class RemoteSession:
    """What GameScreen asks of a session, answered from the server's frames."""

    local = False
    open_hands = False
    verified = True
    max_turns = None
    hot_seat = False  # one person at this terminal: no hand-over screens
    runs_bots = False  # the server runs any computer player
    # while the connection is down: said on the top line until it is back
    # (play-test: a 4-second message, then "Waiting for ..." for minutes
    # with the server gone)
    link_note = ""

    def __init__(self, seat: Seat, send: Callable[[Action], None]) -> None:
        assert seat.module is not None and seat.position is not None
        self.seat = seat
        self._send = send
        self.module: Module = seat.module
        self.side = seat.side
        self.players = tuple(seat.players)
        self.version = 0
        self.waiting = False  # a decision was sent and not yet answered
        self.player_errors: list[BaseException] = []  # no computer player here
        # kept in a file: after a restart the hand keeps its rows (play-test: a
        # discard typed during a reconnect took the wrong cards)
        self.hand_order: HandOrder = KeptHandOrder(seat.link.game, seat.side)
        self.after_undo = False  # the last decision sent was an undo
        self.went_back = False  # the last decision sent was "back"
        # decisions sent since a group's source, while all are its picks the
        # app made (present.suggest.evident_move); 0 otherwise
        self.filled = 0
        # decisions made while one was on its way (picking every unit of a
        # group, say): each goes when the answer before it has come, if still legal
        self.queued: list[Action] = []

    # -- what the screen shows ----------------------------------------------------

    @property
    def position(self) -> dict[str, Any]:
        assert self.seat.position is not None
        return self.seat.position

    def arrived(self) -> bool:
        """A new position came from the server. True when a queued decision
        went out at once (its answer is awaited: the screen may wait too)."""
        self.waiting = False
        self.version += 1
        while self.queued:
            action = self.queued.pop(0)
            if action in self.seat.legal() or (action[0] == "undo" and self.position["undo"]):
                self._go(action)
                return True
        return False

    def is_human(self, side: int) -> bool:
        return 0 <= side < 2 and (side == self.side or self.players[side] == HUMAN)

    @property
    def human_sides(self) -> list[int]:
        return [s for s in (0, 1) if self.is_human(s)]

    def viewer(self, current: int | None) -> int:
        return self.side

    def view(self, side: int, public: bool = False) -> View:
        """The latest position's view, typed, with this side's events as its log."""
        view = self.seat.view()
        assert view is not None
        return view

    def shared_decision(self) -> bool:
        return False

    def prompt(self) -> Prompt:
        p = self.position["view"]["prompt"]
        return Prompt(p["side"], p["kind"], p["text"], p["owed"], p["forced"], p["undo"])

    @property
    def turn(self) -> int:
        return self.position["view"]["turn"]

    @property
    def over(self) -> bool:
        return bool(self.position["over"])

    turn_cap_reached = False

    def choices(self) -> list[Choice]:
        """The rows of the latest position (while `waiting`, the controller
        asks none: a decision is on its way, tui/controller.Mode.SERVER)."""
        return [Choice(tuple(a), label, territory, picked, enabled, about, why)
                for a, label, territory, picked, enabled, about, why
                in self.position["choices"]]

    def legal_actions(self, side: int | None = None) -> list[Action]:
        if self.waiting or (side is not None and side != self.side):
            return []
        return self.seat.legal()

    # -- decisions -----------------------------------------------------------------

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        """Sends `action` to the server; the next position shows what it did.
        Only what the position lists may be sent, one at a time."""
        if side != self.side:
            return []
        if self.waiting:
            self.queued.append(action)
        elif action in self.seat.legal() or action[0] in ("undo", "resign"):
            self._go(action)
        return []

    def _go(self, action: Action) -> None:
        self.waiting = True
        self.after_undo = action[0] == "undo"
        self.went_back = action[0] == "back"  # present.suggest.evident_move
        self.filled = 1 if action[0] == "from" else \
            self.filled + 1 if self.filled and action[0] == "pick" else 0
        self._send(action)

    def play_forced(self, one: bool = False) -> list[tuple[int, str]]:
        """Sends a forced decision (RULINGS H9) for the person, except right
        after an undo (Session.undo takes those back too): one at most, each
        call, so `one` changes nothing."""
        if self.waiting or self.after_undo or self.over:
            return []
        p = self.prompt()
        if p.side != self.side:
            return []
        payment = [tuple(a) for a in self.position.get("payment") or ()]
        if payment:
            # RULINGS B8, H9: the only way to pay the winner's losses, or a
            # selection that must take every item, as the hot seat takes it
            # (Session.play_forced); the first pick goes now,
            # the rest each when the answer before it has come (`queued`)
            rows = {tuple(c[0]): c[1] for c in self.position["choices"]}
            for action in payment:
                self.apply(self.side, action)
            return [(self.side, ", ".join(rows.get(a, "") for a in payment[:-1]))]
        rows = {tuple(c[0]): c[1] for c in self.position["choices"]}
        # what has one sensible answer in the own Move phase, as the hot seat
        # takes it (Session.play_forced)
        view = self.seat.view()
        legal = self.seat.legal()
        evident = None if view is None else evident_move(
            view, legal, self.went_back, self.filled > 0)
        if not rows or not legal or not (p.forced or evident is not None):
            return []
        # forced: the one legal action, as the hot seat takes it; not the first
        # row, which may be one shown disabled (a browser seat's app looped on
        # a Recruit phase whose first row was a unit it could not afford)
        action = evident if evident is not None else legal[0]
        self.apply(self.side, action)
        if not self.waiting:
            return []  # nothing went: the controller stops asking (it looped)
        if evident is not None and self.filled and view is not None:
            # the rest of the stack goes too, each when the answer before it
            # has come (`queued`): keys typed meanwhile wait for the whole group
            self.queued.extend(a for a in (("pick", i) for i in pick_all_order(view))
                               if a != action)
        return [(self.side, rows.get(action, ""))]

    def can_undo(self, side: int) -> bool:
        return side == self.side and not self.waiting and bool(self.position["undo"])

    def undo_depth(self, side: int) -> int:
        if not self.can_undo(side):
            return 0
        return int(self.position.get("undo_back") or 1)  # a server before undo_back: 1

    def undo_presses(self, side: int) -> int:
        """How many times `undo` can go back now: a group's picks the app
        made go back with their source at once."""
        depth = self.undo_depth(side)
        if self.filled and not self.waiting and depth >= self.filled:
            return depth - self.filled + 1
        return depth

    def undo(self, side: int) -> None:
        """Takes back the latest decision; a group's picks the app made go
        with it, back to the source (as Session.undo takes them)."""
        times = self.filled if self.filled and not self.waiting else 1
        for _ in range(times):
            self.apply(side, ("undo",))

    def one_decision(self, taken: int) -> bool:
        """Not kept: the server's undo goes back one decision a message, and
        the controller sends as many straight after the key (GameSession)."""
        return False

    def resign(self, side: int) -> None:
        self.apply(side, ("resign",))

    # -- no computer players here: the server runs them ----------------------------

    def bot_to_move(self) -> None:
        return None

    def bot_thinks(self) -> bool:
        return False

    def bot_request(self) -> None:
        return None

    # The hot seat's hand-over card is never shown here (one person at this
    # terminal): these answer only the protocol (tui/seat.GameSession).
    def log_length(self) -> int:
        return len(self.seat.events)

    def news_mark(self, side: int) -> int:
        return len(self.seat.events)

    def public_since(self, mark: int) -> list[tuple[str, str]]:
        return []

    def result_line(self) -> str:
        result = self.seat.result
        view = self.position["view"]
        if view["winner"] >= 0:
            side = self.module.sides[view["winner"]]
            return f"{side.says('win')} on turn {max(view['turn'], 1)}. {view['win_reason']}"
        return (result or {}).get("text", "") or "The game is over."

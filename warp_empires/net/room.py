"""One game on the server: the authoritative Game, its two seats, and what
each seat is sent.

A room is the only place a hosted game changes. Every change (a seat's
decision, a computer player's move) goes through `decide` under the room's
lock, is written to the saves folder, and only then is acknowledged: each
seat is sent the new position, made from its own view alone.

Files in the saves folder, both written atomically:
- `net-<id>.wes`: the game, in the project's save format (`play SAVE` opens it);
- `net-<id>.seats`: the seats (token digests, player kinds) and the position
  numbers, written *before* the save, so that after a crash a number is never
  behind the game: a decision is never applied twice, however often it is sent.

Each seat has its own position number, moved on by its own decisions and by
changes it is shown, never by what it is not shown: the side not moving does
not learn from its numbers how often the mover took something back in its
untold Move phase (RULINGS Z2, H9).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from warp_empires.engine import (
    Action,
    Game,
    IllegalAction,
    can_undo,
    taken_whole,
    undo_depth,
)
from warp_empires.engine.told import as_told
from warp_empires.present.rows import build_choices
from warp_empires.saves.errors import SaveError
from warp_empires.saves.format import encode as encode_save
from warp_empires.saves.game import game_doc, load_game
from warp_empires.saves.io import write_atomic

from .folder import read_seats
from .protocol import BadFrame

SEATS_FORMAT = 1
HUMAN = "human"


@dataclass
class Seat:
    """One side of a hosted game: a person joining by link, or a computer player."""

    digest: bytes | None  # SHA-256 of the join token; None for a computer seat
    player: str  # "human", or a computer player's kind
    # what this seat's connection has been sent of its side's events: the raw
    # log length scanned and how many events of the side that was
    scanned: int = 0
    sent: int = 0
    connection: Any = None  # the live connection, if any (one per seat)
    # the latest position sent, less its number: a change that shows this
    # seat nothing new (the other side's picks while it selects) sends nothing
    shown: Any = None
    rewound: bool = False  # its latest decision was undone: its log is sent anew
    # this seat's position number: what its frames carry and its decisions
    # answer; moves on with each of its decisions and each change it is shown
    position: int = 0
    # the frame made for it by the latest change, sent once the game is written
    outbox: Any = None


@dataclass(frozen=True)
class Mark:
    """A room as it was before a change (Room.mark)."""

    state: Any
    undo: Any
    told: Any
    actions: Any
    position: int
    whole_log: bool
    seats: list[tuple[Any, ...]]


@dataclass
class Room:
    game: Game
    seats: list[Seat]
    folder: Path
    # counts every change of the game, undo included; never goes back, even
    # across restarts (see the module's docstring). Never sent: each seat is
    # sent its own number (Seat.position)
    position: int = 0
    lock: Any = field(default=None, repr=False)
    # fsync every write: a power cut then loses nothing either (slower); without
    # it a decision is in the system's hands before it is acknowledged, which a
    # killed or crashed server cannot lose
    sync: bool = False
    # False once the game's log in memory has been trimmed (`trim`): a seat's
    # whole log then comes from a replay of the decisions (`history`)
    whole_log: bool = True
    # the address that created it without the host key (serve --open), or
    # None: the host's. Strangers' games count against their share (strangers.py)
    stranger: str | None = None

    @property
    def id(self) -> str:
        return self.game.id

    # -- files -------------------------------------------------------------

    @property
    def save_path(self) -> Path:
        return self.folder / f"net-{self.id}.wes"

    @property
    def seats_path(self) -> Path:
        return self.folder / f"net-{self.id}.seats"

    def write(self) -> None:
        """Writes the seats (with the position number) and then the game. The
        seats file says whether the game is over, so that a server starting
        knows its games from these small files alone (folder.scan); an older
        one without `over` is read as its save says."""
        seats = {"format": SEATS_FORMAT, "game": self.id, "position": self.position,
                 "over": self.game.over,
                 "positions": [s.position for s in self.seats],
                 "digests": [s.digest for s in self.seats],
                 # which side each digest opens, known without loading the game
                 # (folder.Entry.sides: a token for the wrong side loads nothing)
                 "sides": [side.id for side in self.game.module.sides],
                 "players": [s.player for s in self.seats],
                 **({"stranger": self.stranger} if self.stranger is not None else {})}
        write_atomic(self.seats_path, msgpack.packb(seats, use_bin_type=True), self.sync)
        doc = game_doc(self.game, f"net-{self.id}", [s.player for s in self.seats])
        write_atomic(self.save_path, encode_save(doc, str(self.save_path)), self.sync)

    @classmethod
    def load(cls, seats_path: Path) -> Room:
        """The room whose seats file is `seats_path`, its game replayed from the
        save beside it and checked (saves.load_game). SaveError if either is bad."""
        data = read_seats(seats_path)
        try:
            digests, players = data["digests"], data["players"]
            position = data["position"]
            # written before each seat had its own number: both start from the room's
            positions = data.get("positions", [position, position])
            if (data.get("format") != SEATS_FORMAT or len(digests) != 2 or len(players) != 2
                    or type(position) is not int or len(positions) != 2
                    or any(type(p) is not int for p in positions)):
                raise ValueError("not a seats file of this version")
        except Exception as e:  # noqa: BLE001 - a damaged file, whatever it holds
            raise SaveError(seats_path, f"not a seats file ({e})") from None
        game = load_game(seats_path.with_suffix(".wes"))
        game.state.undo = []  # a person may take back what they did before the restart
        seats = [Seat(d, p, position=n)
                 for d, p, n in zip(digests, players, positions, strict=True)]
        stranger = data.get("stranger")
        room = cls(game, seats, seats_path.parent, position,
                   stranger=stranger if isinstance(stranger, str) else None)
        room.trim()  # nobody is connected yet: each seat gets its log when it joins
        return room

    # -- deciding ------------------------------------------------------------

    def deciding(self) -> int:
        return self.game.prompt().side

    def check(self, side: int, pos: int, action: Action) -> None:
        """Whether `side` may take `action` answering position `pos` now;
        BadFrame (code stale or not_legal) if not. Changes nothing."""
        # resigning needs no position: it may come at any time, from either side
        mine = self.seats[side].position
        if pos != mine and action[0] != "resign":
            raise BadFrame(f"position {pos} is not the current one ({mine})", "stale")
        if self.game.over:
            raise BadFrame("the game is over", "over")
        if action[0] != "resign" and self.deciding() != side:
            raise BadFrame("it is not this side's decision now", "not_your_turn")

    def apply(self, side: int, action: Action) -> None:
        """Applies a checked action; IllegalAction leaves the game unchanged.
        The caller writes the room before acknowledging (`write`)."""
        if action[0] == "undo" and not can_undo(self.game.state, side):
            raise IllegalAction("nothing to take back now", "not_legal")
        self.game.apply(side, action)
        self.position += 1
        if action[0] == "undo":
            # the events taken back are in this side's log on screen: it is sent
            # its log anew (the other side saw nothing of it, RULINGS Z1, Z2)
            self.seats[side].rewound = True
        for other, seat in enumerate(self.seats):
            # made now, before the game is written, so that the numbers written
            # are those sent; a seat that is shown nothing new keeps its number
            frame = None if seat.rewound else self.news(other)
            if frame is None and other == side and not seat.rewound:
                frame = self.position_frame(other)  # its decision is answered
            if frame is not None or other == side:
                seat.position += 1
            if frame is not None:
                frame["pos"] = seat.position
            seat.outbox = frame

    def mark(self) -> Mark:
        """What `back_to` needs to take back the next `apply` (the server does
        when the game could not be written: a decision not on disk is not
        taken, and nobody is told of it)."""
        s = self.game.state
        return Mark(s.clone(), None if s.undo is None else s.undo[:], s.told,
                    self.game.actions.copy(), self.position, self.whole_log,
                    [(x.position, x.outbox, x.rewound, x.shown, x.scanned, x.sent)
                     for x in self.seats])

    def back_to(self, mark: Mark) -> None:
        """The game and its seats as they were at `mark` (connections aside)."""
        s = self.game.state
        s.restore(mark.state)
        s.undo, s.told, s.listed = mark.undo, mark.told, None
        self.game.actions = mark.actions
        self.position, self.whole_log = mark.position, mark.whole_log
        for seat, kept in zip(self.seats, mark.seats, strict=True):
            (seat.position, seat.outbox, seat.rewound, seat.shown, seat.scanned,
             seat.sent) = kept

    def trim(self) -> None:
        """Forgets the events every connected seat has been sent: a long game
        keeps its memory small. A seat that joins later, or undoes, is sent its
        log from a replay (`history`). Not while the mover's Move phase is
        untold: the other side has not been sent it yet (RULINGS Z2)."""
        if self.game.state.told is not None:
            return
        self.game.state.log.clear()
        for seat in self.seats:
            seat.scanned = 0
        self.whole_log = False

    def history(self, side: int) -> list[dict[str, Any]]:
        """Every event of `side`'s log since the game began."""
        state = self.game.state
        if not self.whole_log:
            g = self.game
            state = Game.replay(g.module, g.seed, g.options, list(g.actions), g.base).state
        log = as_told(state, side).log  # as far as this side was told (RULINGS Z2)
        return [_event(e) for e in log if e["to"] is None or e["to"] == side]

    # -- what a seat is sent ---------------------------------------------------

    def position_frame(self, side: int, history: list[dict[str, Any]] | None = None
                       ) -> dict[str, Any]:
        """The position as `side` may see it: its view, its prompt and legal
        rows when it decides, and its events not yet sent, or its whole log
        `history` (a seat joining, or after an undo). Nothing of the other
        side's secrets (RULINGS H1-H9): only view(), and the events of the
        log this side may read."""
        game, seat = self.game, self.seats[side]
        log = as_told(game.state, side).log  # as far as this side was told (RULINGS Z2)
        if history is not None:
            seat.rewound = False
            start, events = 0, history
            seat.sent = 0
        else:
            start = seat.sent
            events = [_event(e) for e in log[seat.scanned:]
                      if e["to"] is None or e["to"] == side]
        seat.scanned = len(log)
        seat.sent += len(events)
        deciding = not game.over and self.deciding() == side
        choices = [_choice(c) for c in build_choices(game)] if deciding else []
        frame = {"t": "position", "game": self.id, "pos": seat.position, "side": side,
                 "view": game.view(side, log=False).to_data(), "log_from": start, "events": events,
                 "choices": choices, "legal": [list(a) for a in game.legal_actions(side)]
                 if deciding else [],
                 "undo": deciding and can_undo(game.state, side), "over": game.over,
                 # how far back (RULINGS Z1, Z2): the seat's own, never the other's
                 "undo_back": undo_depth(game.state, side) if deciding else 0,
                 "payment": self._payment() if deciding else []}
        if history is not None:
            seat.shown = self._quiet(side, frame)
        return frame

    def _quiet(self, side: int, frame: dict[str, Any]) -> dict[str, Any]:
        """The frame as the next one would be if nothing changed: no events,
        the same number (a frame's number is left out: `news` compares the rest)."""
        out = {k: v for k, v in frame.items() if k != "pos"}
        out["events"], out["log_from"] = [], self.seats[side].sent
        return out

    def _payment(self) -> list[list[Any]]:
        """A selection the client takes whole for the person, as the hot seat
        does (engine.taken_whole: the winner's only payment, RULINGS B8, or
        one that must take every item). Public (B2, H5), so only the
        decider's frame needs it."""
        return [list(a) for a in taken_whole(self.game.state) or ()]

    def news(self, side: int) -> dict[str, Any] | None:
        """The position frame for `side` if it shows it anything new, else None."""
        frame = self.position_frame(side)
        quiet = self._quiet(side, frame)
        if not frame["events"] and quiet == self.seats[side].shown:
            return None
        self.seats[side].shown = quiet
        return frame

    def over_frame(self, side: int) -> dict[str, Any]:
        s = self.game.state
        # "Game over: <side> win(s). <why>" (the engine's words for the end)
        return {"t": "over", "game": self.id, "pos": self.seats[side].position,
                "winner": s.winner,
                "text": self.game.prompt().text,
                # RULINGS H7: the seed may show once the game is over
                "seed": self.game.seed}


def _event(e: dict[str, Any]) -> dict[str, Any]:
    return {"turn": e["turn"], "phase": e["phase"], "kind": e["kind"], "text": e["text"]}


def _choice(c: Any) -> list[Any]:
    return [list(c.action), c.label, c.territory, c.picked, c.enabled, c.about, c.why]

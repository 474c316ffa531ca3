"""Typed data of the decision being made: a half-built selection, the move card
in play, the card whose targets are being chosen, the recruit offer, the
battle. Each type copies cheaply (lists of ints are sliced, nothing deeper)
and turns into plain data for saves and back (`to_data`, `pending_from_data`).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any


@dataclass(slots=True)
class Selection:
    """Several items of one kind being picked (RULINGS D1, B7, B8, R1, U1, M1).

    `items` never changes while the selection is open, so a front end can keep
    its numbers stable; `picked` holds indices into `items` in the order they
    were picked (for a moving group, the first picked goes on top, H2).
    Nothing in it is final or shown to the other side until it is confirmed.
    """

    items: list[int]
    picked: list[int] = field(default_factory=list)

    def copy(self) -> Selection:
        return Selection(self.items[:], self.picked[:])

    def chosen(self) -> list[int]:
        """The picked items, in pick order."""
        items = self.items
        return [items[i] for i in self.picked]


@dataclass(slots=True)
class Choosers:
    """Sides still to choose where they start (RULINGS S3)."""

    sides: list[int]

    def copy(self) -> Choosers:
        return Choosers(self.sides[:])


@dataclass(slots=True)
class MovePhase:
    """The Move phase between cards: units engaged by entering an enemy stack
    may not move again in this phase (RULINGS M9)."""

    engaged: list[int] = field(default_factory=list)

    def copy(self) -> MovePhase:
        return MovePhase(self.engaged[:])


@dataclass(slots=True)
class Moving:
    """A move card in play: groups left, units moved under it (M7), and the
    group being formed at `src` (-1 while choosing where it starts)."""

    card: int
    left: int
    engaged: list[int]
    moved: list[int] = field(default_factory=list)
    src: int = -1
    group: Selection | None = None

    def copy(self) -> Moving:
        return Moving(self.card, self.left, self.engaged[:], self.moved[:], self.src,
                      None if self.group is None else self.group.copy())


@dataclass(slots=True)
class CardPlay:
    """A card whose target is being chosen (RULINGS B3, M8). `resume` is the
    pending data of the step the card was played from, restored after it."""

    card: int
    side: int
    resume_step: str
    resume: Any = None
    stage: int = 0
    chit: int = -1  # a rescue's freed leader, once chosen

    def copy(self) -> CardPlay:
        r = self.resume
        return CardPlay(self.card, self.side, self.resume_step,
                        None if r is None else r.copy(), self.stage, self.chit)


@dataclass(slots=True)
class Recruiting:
    """The Recruit phase: the offer being bought from (`offer`, over
    `State.recruit`), the bought units still to place, and the bonus draw
    (RULINGS R1-R3)."""

    offer: Selection
    drawn: int = 0  # chits drawn in this offer
    bonus: int = 0  # bonus draws taken this phase
    placing: list[int] = field(default_factory=list)
    bought_all: bool = False

    def copy(self) -> Recruiting:
        return Recruiting(self.offer.copy(), self.drawn, self.bonus, self.placing[:],
                          self.bought_all)


@dataclass(slots=True)
class Wearing:
    """Attrition at the end of a turn (RULINGS O3): the stack at `t` loses
    `owed` units, picked in `sel`; `left` holds the big stacks still to roll for."""

    t: int
    owed: int
    sel: Selection
    left: list[int] = field(default_factory=list)

    def copy(self) -> Wearing:
        return Wearing(self.t, self.owed, self.sel.copy(), self.left[:])


@dataclass(slots=True)
class Intercepting:
    """A moving group has entered a territory next to enemy stacks, which may
    try to intercept it (RULINGS O1). `t` is where the group stands, `group`
    its units (the mover's secret: view() leaves it out), `tried` the
    territories whose stacks have tried here (one try a territory entered),
    `path` the territories it has still to enter, `mover` its side;
    `resume_step` and `resume` are the step and pending data taken up again
    afterwards (the mover's Move phase; "" after a withdrawal: the Battle
    phase goes on)."""

    t: int
    group: list[int]
    resume_step: str
    resume: Any = None
    tried: list[int] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    mover: int = 0
    # docs/rules.md G2: where a group that carries units caught here, where they
    # may not stand, turns back to (the last territory of its way where all may
    # stand); -1 where the group may stand. Saved only when set, so that saves
    # of games without carrying keep their shape.
    back: int = field(default=-1, metadata={"omit_default": True})

    def copy(self) -> Intercepting:
        r = self.resume
        return Intercepting(self.t, self.group[:], self.resume_step,
                            None if r is None else r.copy(), self.tried[:], self.path[:],
                            self.mover, self.back)


@dataclass(slots=True)
class Returning:
    """Repaired ships coming back from the hangar, to be placed (RULINGS O5)."""

    chits: list[int]

    def copy(self) -> Returning:
        return Returning(self.chits[:])


@dataclass(slots=True)
class Battle:
    """One battle being fought (RULINGS B1-B12). `played` is [side, card kind,
    target chit or -1] per card; `losses` is [side, unit type, fate]."""

    t: int
    att: int
    turn: int
    passes: int = 0
    played: list[list[int]] = field(default_factory=list)
    zeroed: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)
    stage: str = "cards"  # cards, loser, winner, retreat
    winner: int = -1
    loser: int = -1
    picker: int = -1
    owed: int = 0
    lost_force: int = 0
    winner_lost: int = 0
    capture: bool = False
    result: str = ""
    losses: list[list[Any]] = field(default_factory=list)
    totals: list[dict[str, int]] = field(default_factory=list)
    # docs/rules.md G9: points each side spent in this battle; [] until one is
    # spent, and then not saved while empty (saves keep their shape)
    spent: list[int] = field(default_factory=list, metadata={"omit_default": True})

    def copy(self) -> Battle:
        # entries of played/losses/totals are appended whole and never changed
        b = Battle(self.t, self.att, self.turn)
        for name in _BATTLE_FIELDS[3:]:
            v = getattr(self, name)
            setattr(b, name, v[:] if type(v) is list else v)
        return b


_BATTLE_FIELDS = tuple(f.name for f in fields(Battle))

PENDING_TYPES: dict[str, type] = {
    cls.__name__: cls for cls in (Selection, Choosers, MovePhase, Moving, CardPlay, Recruiting,
                                  Battle, Wearing, Intercepting, Returning)
}


def to_data(p: Any) -> Any:
    """Plain, msgpack-able data: a dict tagged with its type."""
    if p is None:
        return None
    out: dict[str, Any] = {"type": type(p).__name__}
    for f in fields(p):
        v = getattr(p, f.name)
        if f.metadata.get("omit_default") and (
                v == f.default if f.default is not MISSING else not v):
            continue
        if type(v).__name__ in PENDING_TYPES:
            v = to_data(v)
        elif type(v) is list:
            v = [x[:] if type(x) is list else dict(x) if type(x) is dict else x for x in v]
        out[f.name] = v
    return out


def pending_from_data(data: Any) -> Any:
    """Inverse of `to_data`; raises KeyError/TypeError/ValueError on bad data."""
    if data is None:
        return None
    if type(data) is not dict or data.get("type") not in PENDING_TYPES:
        raise ValueError(f"unknown pending data {str(data)[:60]!r}")
    cls = PENDING_TYPES[data["type"]]
    kwargs = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        v = data[f.name]
        if type(v) is dict and "type" in v:
            v = pending_from_data(v)
        elif type(v) is list:
            v = [x[:] if type(x) is list else dict(x) if type(x) is dict else x for x in v]
        kwargs[f.name] = v
    return cls(**kwargs)

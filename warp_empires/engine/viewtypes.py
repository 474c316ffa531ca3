"""The types of a view: what one side may see (views.view builds it).

Front ends, computer players and the presentation read attributes of these
types. Each has `to_data()`, the plain dicts and lists of the wire (the server
sends them to a seat) and of the tests' fixtures, and `from_data()`, which
reads that form back: a joined client builds its typed view from the
server's frame. `X.from_data(x.to_data()) == x`, and the plain form keeps
its keys in the order they have always had, so that encoded frames stay the
same bytes.

This module imports only the pending data types: the engine's tables build
the unit entries once per module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action
from .pending import (
    Battle,
    CardPlay,
    Choosers,
    MovePhase,
    Moving,
    Recruiting,
    Returning,
    Selection,
    Wearing,
    pending_from_data,
    to_data,
)

if TYPE_CHECKING:
    from .api import Prompt

# What a deciding side sees of its own pending step: the engine's pending data
# (pending.py), or of an interception only what the interceptor may see.
PendingData = (Selection | Choosers | MovePhase | Moving | CardPlay | Recruiting | Wearing
               | Returning | Battle)


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """One unit of a stack the viewer may see unit by unit: its chit and unit type."""

    chit: int
    unit: int  # index into module.units

    def to_data(self) -> dict[str, int]:
        return {"chit": self.chit, "unit": self.unit}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> UnitEntry:
        return cls(data["chit"], data["unit"])


@dataclass(frozen=True, slots=True)
class StackEntry:
    """A stack as the viewer sees it: its size and top unit type, and its
    units top first when the viewer may see them (its own, open hands, the
    battle's, a stack shown in a battle: RULINGS H2, B2); None for an enemy
    stack seen from outside. `seen`: of a stack seen from outside, the units
    both sides know are in it (shown in a battle, then joined by others)."""

    size: int
    top: int  # unit type of the top unit
    units: tuple[UnitEntry, ...] | None = None
    seen: tuple[UnitEntry, ...] = ()

    def known(self) -> list[int]:
        """The unit types the viewer knows are in the stack: all of them when
        listed; else the seen ones and the top unit, counted once when one of
        the seen is of the top's type (it may be the top)."""
        if self.units is not None:
            return [u.unit for u in self.units]
        kinds = [u.unit for u in self.seen]
        return kinds if self.top in kinds else [self.top, *kinds]

    def to_data(self) -> dict[str, Any]:
        out: dict[str, Any] = {"size": self.size, "top": self.top}
        if self.units is not None:
            out["units"] = [u.to_data() for u in self.units]
        if self.seen:
            out["seen"] = [u.to_data() for u in self.seen]
        return out

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> StackEntry:
        units = data.get("units")
        return cls(data["size"], data["top"],
                   None if units is None else tuple(UnitEntry.from_data(u) for u in units),
                   tuple(UnitEntry.from_data(u) for u in data.get("seen", ())))


@dataclass(frozen=True, slots=True)
class HangarEntry:
    """A ship under repair (RULINGS O5): public, like the battle it came from."""

    chit: int
    unit: int
    turns: int  # its owner's turns left in the hangar
    since: int  # the player-turn it was lost

    def to_data(self) -> dict[str, int]:
        return {"chit": self.chit, "unit": self.unit, "turns": self.turns, "since": self.since}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> HangarEntry:
        return cls(data["chit"], data["unit"], data["turns"], data["since"])


@dataclass(frozen=True, slots=True)
class BattleView:
    """The battle being fought, all public (RULINGS B2): see pending.Battle.
    `totals` are each side's total and its parts (B5); `majorities` the
    majority bonuses each side holds while the totals follow the stacks as
    they stand, None once they are settled and the losses have begun."""

    t: int
    att: int
    turn: int
    passes: int
    stage: str
    winner: int
    loser: int
    picker: int
    owed: int
    lost_force: int
    winner_lost: int
    capture: bool
    result: str
    played: list[list[int]]  # [side, card kind, target chit or -1]
    zeroed: list[int]
    destroyed: list[int]
    losses: list[list[Any]]  # [side, unit type, fate]
    totals: list[dict[str, int]]
    majorities: list[list[int]] | None
    spent: list[int] = field(default_factory=list)  # battle points spent (G9); [] none

    def to_data(self) -> dict[str, Any]:
        more = {"spent": self.spent[:]} if self.spent else {}  # sent only once any is
        return more | {"t": self.t, "att": self.att, "turn": self.turn, "passes": self.passes,
                "stage": self.stage, "winner": self.winner, "loser": self.loser,
                "picker": self.picker, "owed": self.owed, "lost_force": self.lost_force,
                "winner_lost": self.winner_lost, "capture": self.capture,
                "result": self.result, "played": _lists(self.played),
                "zeroed": self.zeroed[:], "destroyed": self.destroyed[:],
                "losses": _lists(self.losses), "totals": [dict(x) for x in self.totals],
                "majorities": None if self.majorities is None else _lists(self.majorities)}

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> BattleView:
        majorities = d["majorities"]
        return cls(d["t"], d["att"], d["turn"], d["passes"], d["stage"], d["winner"],
                   d["loser"], d["picker"], d["owed"], d["lost_force"], d["winner_lost"],
                   d["capture"], d["result"], _lists(d["played"]), list(d["zeroed"]),
                   list(d["destroyed"]), _lists(d["losses"]), [dict(x) for x in d["totals"]],
                   None if majorities is None else _lists(majorities),
                   list(d.get("spent", ())))


@dataclass(frozen=True, slots=True)
class LastBattle:
    """The latest finished battle, for reports: where, who attacked, who won
    and lost and how (RULINGS B5-B9)."""

    t: int
    att: int
    winner: int
    loser: int
    result: str
    played: list[list[int]]
    losses: list[list[Any]]
    totals: list[dict[str, int]]

    def to_data(self) -> dict[str, Any]:
        return {"t": self.t, "att": self.att, "winner": self.winner, "loser": self.loser,
                "result": self.result, "played": _lists(self.played),
                "losses": _lists(self.losses), "totals": [dict(x) for x in self.totals]}

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> LastBattle:
        return cls(d["t"], d["att"], d["winner"], d["loser"], d["result"],
                   _lists(d["played"]), _lists(d["losses"]), [dict(x) for x in d["totals"]])


@dataclass(frozen=True, slots=True)
class SelectionView:
    """An open selection (pending.Selection) as its side sees it: the items
    (fixed while it is open), the indices picked in pick order, per item
    whether it may be picked now (a picked one may always be unpicked), the
    confirming actions legal now and the step's confirming verb ("to" for a
    moving group, which closes with its destination)."""

    items: list[int]
    picked: list[int]
    pickable: list[bool]
    confirm: list[Action]
    confirm_verb: str

    def to_data(self) -> dict[str, Any]:
        return {"items": self.items[:], "picked": self.picked[:],
                "pickable": self.pickable[:], "confirm": [list(a) for a in self.confirm],
                "confirm_verb": self.confirm_verb}

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> SelectionView:
        return cls(list(d["items"]), list(d["picked"]), list(d["pickable"]),
                   [tuple(a) for a in d["confirm"]], d["confirm_verb"])


@dataclass(frozen=True, slots=True)
class InterceptView:
    """What the interceptor sees while it decides (RULINGS O1, H2): where the
    moving group stopped, how many units it has, and where its own stacks
    have already tried. The group's units and the mover's own Move phase
    stay the mover's secrets."""

    t: int
    size: int
    tried: list[int]

    def to_data(self) -> dict[str, Any]:
        return {"type": "Intercepting", "t": self.t, "size": self.size, "tried": self.tried[:]}


@dataclass(frozen=True, slots=True)
class Decision:
    """The deciding side's own half-made decision; empty (`data` None) in the
    view of the other side and between decisions.

    `data` is a copy of the engine's pending data (pending.py: the move card
    in play, the card whose target is chosen, the recruit offer...), or an
    InterceptView; `selection` the open selection, if any; `targets` what a
    card's `target` action names ("territory" or "chit") while it is chosen."""

    data: PendingData | InterceptView | None = None
    selection: SelectionView | None = None
    targets: str | None = None

    # What readers ask most, whatever the pending type.

    @property
    def src(self) -> int:
        """Where the group being formed starts; -1 while there is none."""
        d = self.data
        return d.src if isinstance(d, Moving) else -1

    @property
    def card(self) -> int:
        """The card being carried out (a move card, a card whose target is
        chosen); -1 for none."""
        d = self.data
        return d.card if isinstance(d, Moving | CardPlay) else -1

    @property
    def engaged(self) -> list[int]:
        """Units that entered an enemy stack this Move phase (RULINGS M9)."""
        d = self.data
        return d.engaged if isinstance(d, Moving | MovePhase) else []

    @property
    def moved(self) -> list[int]:
        """Units moved under the move card in play (RULINGS M7)."""
        d = self.data
        return d.moved if isinstance(d, Moving) else []

    @property
    def placing(self) -> list[int]:
        """Bought units still to place (RULINGS R1)."""
        d = self.data
        return d.placing if isinstance(d, Recruiting) else []

    def to_data(self) -> dict[str, Any]:
        d = self.data
        out: dict[str, Any] = (
            {} if d is None else d.to_data() if isinstance(d, InterceptView) else to_data(d))
        if self.selection is not None:
            out["selection"] = self.selection.to_data()
        if self.targets is not None:
            out["targets"] = self.targets
        return out

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> Decision:
        if not d:
            return cls()
        selection = d.get("selection")
        data: PendingData | InterceptView | None
        if d.get("type") == "Intercepting" and "size" in d:
            data = InterceptView(d["t"], d["size"], list(d["tried"]))
        elif "type" in d:
            data = pending_from_data({k: v for k, v in d.items()
                                      if k not in ("selection", "targets")})
        else:
            data = None
        return cls(data, None if selection is None else SelectionView.from_data(selection),
                   d.get("targets"))


NO_DECISION = Decision()


@dataclass(slots=True)
class View:
    """What one side may see (RULINGS H1-H6): its own secrets, the public
    facts, and of the enemy only what the rules show. Built by views.view.

    Not frozen, unlike its parts: computer players take a view at every
    decision of every playout, and a frozen class of this many fields is
    several times dearer to make. Readers never change one (whoever makes it
    may still set its log: tui/replay.py, net/client.py)."""

    side: int
    turn: int
    phase: str
    active: int
    step: str
    # the deciding side's own words, or only who decides (Prompt.public)
    prompt: Prompt
    pend: Decision
    banks: list[int]
    revenue: list[int]  # what each side gained in its latest Revenue phase
    control: list[int]  # per territory: the side holding it or -1
    hand: list[int]  # own card kinds, sorted; empty in a public view
    hands: list[list[int]] | None  # both hands, in a game with open hands
    hand_sizes: list[int]
    deck_size: int
    discard: list[int]
    pile_sizes: list[int]
    captives: list[list[int]]  # per side: the unit types it holds
    hangar: list[HangarEntry]
    lives: list[int]  # chits with two lives that have lost the first (RULINGS O5)
    caught: list[int]  # territories of this turn's interceptions (RULINGS O1)
    shown: list[tuple[int, int]]  # (side, territory) of stacks both have seen (B2)
    stacks: list[list[StackEntry | None]]  # [side][territory]
    battle: BattleView | None
    last_battle: LastBattle | None
    recruit: list[UnitEntry]  # own recruit draw (RULINGS H3)
    intel: list[dict[str, Any]]  # what this side's spies showed it this turn (H4)
    history: list[list[int]]
    log: list[dict[str, Any]]  # the events this side may read
    options: dict[str, Any]
    winner: int
    win_reason: str
    enemy: int
    # docs/rules.md G9: each side's battle points left (public); [] without a pool
    points: list[int] = field(default_factory=list)
    # docs/rules.md G10: with a deck per side, each side's deck size and its
    # discard pile (public, as the shared ones are); [] with the shared deck
    decks: list[int] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)
    # docs/rules.md G16: this side's own [chit, territory, spaces left] (its secret)
    onward: list[list[int]] = field(default_factory=list)

    def spied(self, t: int) -> list[int] | None:
        """The unit types, top first, the latest spy card's look this turn
        showed in the enemy stack at t (RULINGS H4); None: none looked."""
        return next((i["units"] for i in reversed(self.intel)
                     if i.get("kind") == "stack" and i.get("territory") == t), None)

    def to_data(self) -> dict[str, Any]:
        """Plain, msgpack-able data: the view as the wire carries it."""
        b, last = self.battle, self.last_battle
        more: dict[str, Any] = {"points": self.points[:]} if self.points else {}  # with a pool
        if self.decks:  # and only with per-side decks
            more |= {"decks": self.decks[:], "discards": _lists(self.discards)}
        if self.onward:
            more["onward"] = _lists(self.onward)
        return more | {
            "side": self.side, "turn": self.turn, "phase": self.phase,
            "active": self.active, "step": self.step,
            "prompt": self.prompt.to_data(), "pend": self.pend.to_data(),
            "banks": self.banks[:], "revenue": self.revenue[:], "control": self.control[:],
            "hand": self.hand[:], "hands": None if self.hands is None else _lists(self.hands),
            "hand_sizes": self.hand_sizes[:], "deck_size": self.deck_size,
            "discard": self.discard[:], "pile_sizes": self.pile_sizes[:],
            "captives": _lists(self.captives),
            "hangar": [h.to_data() for h in self.hangar],
            "lives": self.lives[:], "caught": self.caught[:],
            "shown": [[sd, t] for sd, t in self.shown],
            "stacks": [[None if e is None else e.to_data() for e in row] for row in self.stacks],
            "battle": None if b is None else b.to_data(),
            "last_battle": None if last is None else last.to_data(),
            "recruit": [u.to_data() for u in self.recruit],
            "intel": [dict(i) for i in self.intel],
            "history": _lists(self.history),
            "log": [dict(e) for e in self.log],
            "options": dict(self.options),
            "winner": self.winner, "win_reason": self.win_reason, "enemy": self.enemy,
        }

    @classmethod
    def from_data(cls, d: dict[str, Any]) -> View:
        """The view from its plain form (a server's frame); KeyError, TypeError
        or ValueError when it is not one. The fields of optional rules may be
        missing, as in the state's data (state.SPARSE)."""
        from .api import Prompt

        b, last, hands = d["battle"], d["last_battle"], d["hands"]
        return cls(
            side=d["side"], turn=d["turn"], phase=d["phase"], active=d["active"],
            step=d["step"], prompt=Prompt.from_data(d["prompt"]),
            pend=Decision.from_data(d["pend"]),
            banks=list(d["banks"]), revenue=list(d["revenue"]), control=list(d["control"]),
            hand=list(d["hand"]), hands=None if hands is None else _lists(hands),
            hand_sizes=list(d["hand_sizes"]), deck_size=d["deck_size"],
            discard=list(d["discard"]), pile_sizes=list(d["pile_sizes"]),
            captives=_lists(d["captives"]),
            hangar=[HangarEntry.from_data(h) for h in d.get("hangar", ())],
            lives=list(d.get("lives", ())), caught=list(d.get("caught", ())),
            shown=[(sd, t) for sd, t in d.get("shown", ())],
            stacks=[[None if e is None else StackEntry.from_data(e) for e in row]
                    for row in d["stacks"]],
            battle=None if b is None else BattleView.from_data(b),
            last_battle=None if last is None else LastBattle.from_data(last),
            recruit=[UnitEntry.from_data(u) for u in d["recruit"]],
            intel=[dict(i) for i in d["intel"]], history=_lists(d["history"]),
            log=[dict(e) for e in d["log"]], options=dict(d["options"]),
            winner=d["winner"], win_reason=d["win_reason"], enemy=d["enemy"],
            points=list(d.get("points", ())), decks=list(d.get("decks", ())),
            discards=_lists(d.get("discards", ())), onward=_lists(d.get("onward", ())))


def _lists(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(r) for r in rows]

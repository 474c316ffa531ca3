"""The game state: plain lists, ints and strings, so that it clones cheaply and
serialises to msgpack as it is.

Chits are physical units: `chits[c]` is the unit type index of chit `c`. Each
chit is in exactly one place: a side's pile, a stack on the map, the active
side's recruit draw, or a side's captives.
"""

from __future__ import annotations

from typing import Any

from warp_empires.module.defs import Module

from . import rng
from .actions import Action
from .decks import full_decks
from .pending import Battle, pending_from_data, to_data
from .scenario import KEY as SCENARIO
from .scenario import played
from .tables import Tables, tables

NO_SIDE = -1

# The fields that make up a state, in the order they are serialised.
FIELDS = (
    "seed", "options", "rng", "turn", "active", "phase", "step", "pend", "battle",
    "last_battle",
    "chits", "stacks", "piles", "captives", "recruit", "hands", "deck",
    "discard", "banks", "revenue", "control", "intel", "history",
    "winner", "win_reason", "log", "hangar", "lives", "caught", "shown", "tries", "held",
    "points", "decks", "discards", "onward", "seen",
)
# Fields of optional rules, left out of the data while empty: a game without
# them writes what earlier versions wrote, and their saves load unchanged.
SPARSE = ("hangar", "lives", "caught", "shown", "tries", "held", "points", "decks",
          "discards", "onward", "seen")


# Fields that hold typed pending data (see pending.py), serialised by type.
TYPED = frozenset({"pend", "battle", "last_battle"})


class State:
    # `undo` holds the checkpoints a side may go back to (RULINGS Z1); None when
    # undo is off (playouts, replays). It is never saved: a save holds only the
    # decisions that stand.
    # `tab`: the module's precomputed tables (tables.py), shared by every copy
    # `listed`: the list legal_actions last returned for this position, so that
    # apply can accept an action found in it without working out its legality
    # again; None once anything may have changed (every apply, restore and copy
    # drops it). Never saved.
    # `told`: during the mover's untold stretch of its Move phase, a copy of the
    # position as the other side was last told it (told.py, RULINGS Z2); else
    # None. Kept only by states that keep a log; never saved (a replay of the
    # decisions that stand rebuilds it).
    __slots__ = ("module", "undo", "tab", "listed", "told") + FIELDS

    module: Module
    undo: list[State] | None
    tab: Tables
    listed: list[Action] | None
    told: State | None
    seed: int
    options: dict[str, Any]  # e.g. open_hands for teaching games
    rng: int
    turn: int  # player-turn number, from 1; 0 during setup
    active: int
    phase: str  # setup, draw, move, battle, revenue, recruit, upkeep, control, over
    step: str  # the prompt kind now pending
    pend: Any  # typed data of the pending step (pending.py), or None
    battle: Battle | None
    last_battle: Battle | None  # the latest finished battle, for reports
    chits: list[int]
    stacks: list[list[tuple[int, ...]]]  # [side][territory] -> chits, top first (never
    # changed in place: replaced whole, see board.place)
    piles: list[list[int]]
    captives: list[list[int]]  # [side] -> enemy chits that side holds
    recruit: list[int]  # chits drawn in Recruit, on offer to the active side
    hands: list[list[int]]  # [side] -> card kinds
    deck: list[int]  # card kinds, the next draw last
    discard: list[int]
    banks: list[int]
    revenue: list[int]  # revenue each side gained in its latest Revenue phase
    control: list[int]  # [territory] -> side or NO_SIDE
    intel: list[list[dict[str, Any]]]  # [side] -> what its spy cards showed it this turn
    history: list[list[int]]  # [turn, side, bank, revenue, units side 0, units side 1]
    # RULINGS O5, both replaced whole, never changed in place: ships in the
    # hangar as [chit, owner's turns left, player-turn lost], and the chits
    # with two lives that have lost the first
    hangar: list[list[int]]
    lives: list[int]
    # RULINGS O1/O2: territories where a stack intercepted a group this turn;
    # that stack may not then withdraw from the battle it caused. Replaced whole.
    caught: list[int]
    # RULINGS O1: the territory of each stack's interception try this turn, one
    # entry a try (a stack's further tries are harder). Replaced whole.
    tries: list[int]
    # docs/rules.md G4: [victory index, own turns in a row it held] of the
    # victories with `hold`, while it holds. Replaced whole.
    held: list[list[int]]
    # docs/rules.md G9: each side's points left to spend in battles; empty when
    # the module has none. Replaced whole.
    points: list[int]
    # docs/rules.md G10: each side's own deck and discard pile (decks.py), with
    # `deck` and `discard` then empty; both empty with the shared deck
    decks: list[list[int]]
    discards: list[list[int]]
    # docs/rules.md G16: [chit, territory, spaces left] of units that entered
    # an enemy stack with spaces to spare (advance.py). Replaced whole.
    onward: list[list[int]]
    # (side, territory) of stacks both sides have seen whole, in a battle there
    # or as its survivors (RULINGS B2), and that no unit has joined or left
    # since (board.place and the rest forget them): the view lists their
    # units to the enemy too. Replaced whole, never changed in place.
    shown: list[tuple[int, int]]
    # (side, territory, chits) of stacks not shown whole of which both sides
    # know these units are there: a stack shown, then joined by units not
    # known (board.py). Replaced whole, never changed in place.
    seen: list[tuple[int, int, tuple[int, ...]]]
    winner: int
    win_reason: str
    # None: no events are kept, because nobody will read them (playouts,
    # benchmarks): their words are then never even built (board.log, and the
    # `if s.log is not None` before the commonest events)
    log: list[dict[str, Any]] | None

    def clone(self, log: bool = True) -> State:
        """A copy that shares nothing mutable with this state; `log=False` gives
        a copy that keeps no events (for playouts: State.log None). Entries of the log, history
        and intel are never changed once added, so the copies share them; the
        stacks, history and intel lists are replaced whole, never changed in
        place, so the copies share those lists too."""
        s = State.__new__(State)
        s.module = self.module
        s.tab = self.tab
        s.seed = self.seed
        s.options = self.options
        s.rng = self.rng
        s.turn = self.turn
        s.active = self.active
        s.phase = self.phase
        s.step = self.step
        s.undo = None
        s.listed = None
        # never changed once taken (told.after replaces it): shared by copies
        # that keep the log, so that a copy reads as the other side was told
        s.told = self.told if log else None
        s.pend = None if self.pend is None else self.pend.copy()
        s.battle = None if self.battle is None else self.battle.copy()
        s.last_battle = self.last_battle  # replaced whole, never changed in place
        s.chits = self.chits  # never changes after setup
        s.stacks = [self.stacks[0][:], self.stacks[1][:]]
        s.piles = [self.piles[0][:], self.piles[1][:]]
        s.captives = [self.captives[0][:], self.captives[1][:]]
        s.recruit = self.recruit[:]
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.deck = self.deck[:]
        s.discard = self.discard[:]
        s.banks = self.banks[:]
        s.revenue = self.revenue[:]
        s.control = self.control[:]
        s.intel = self.intel[:]  # each side's list is replaced whole, never appended to
        s.history = self.history  # replaced whole at each turn's end (flow.py)
        s.winner = self.winner
        s.win_reason = self.win_reason
        s.log = self.log[:] if log and self.log is not None else None
        s.hangar = self.hangar
        s.lives = self.lives
        s.caught = self.caught
        s.tries = self.tries
        s.held = self.held
        s.points = self.points
        s.decks = [d[:] for d in self.decks] if self.decks else self.decks
        s.discards = [d[:] for d in self.discards] if self.discards else self.discards
        s.onward = self.onward
        s.shown = self.shown
        s.seen = self.seen
        return s

    def to_data(self, log: bool = True) -> dict[str, Any]:
        """A msgpack-able dict; `from_data` inverts it exactly. `log=False` leaves
        the event log out (a save rebuilds it by replaying the actions)."""
        return {name: to_data(getattr(self, name)) if name in TYPED else _copy(getattr(self, name))
                for name in FIELDS if (log or name != "log")
                and not (name in SPARSE and not getattr(self, name))}

    @classmethod
    def from_data(cls, module: Module, data: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        s.module = module
        s.tab = tables(module)
        s.undo = None
        s.listed = None
        s.told = None
        for name in FIELDS:
            v = data[name] if name != "log" and name not in SPARSE else data.get(name, [])
            setattr(s, name, pending_from_data(v) if name in TYPED else _copy(v))
        s.stacks = [[tuple(st) for st in row] for row in s.stacks]
        s.shown = [(sd, t) for sd, t in s.shown]
        s.seen = [(sd, t, tuple(chits)) for sd, t, chits in s.seen]
        if s.options.get(SCENARIO):  # the module as the game's scenario has it (G3)
            s.module = played(module, s.options)
            s.tab = tables(s.module)
        return s

    def restore(self, other: State) -> None:
        """Makes this state a copy of `other` in place (for undo, RULINGS Z1)."""
        self.listed = None
        for name in FIELDS:
            setattr(self, name, getattr(other, name))

    # Small queries used all over the engine.

    def fight(self) -> Battle:
        """The battle being fought. The battle's steps, and the rules they
        call, are pending only while there is one (RULINGS B1)."""
        b = self.battle
        assert b is not None, "no battle is being fought"
        return b

    def unit(self, chit: int):  # -> UnitDef
        return self.module.units[self.chits[chit]]

    def side_of(self, chit: int) -> int:
        return self.tab.chit_side[chit]

    def where(self, chit: int) -> int:
        """The territory holding this chit, or -1 if it is not on the map."""
        side = self.side_of(chit)
        for t, stack in enumerate(self.stacks[side]):
            if chit in stack:
                return t
        return -1

    def side_name(self, side: int) -> str:
        return self.module.sides[side].short

    def says(self, side: int, verb: str, start: bool = True) -> str:
        """"The Raiders draw" / "Guild draws" (SideDef.says); `start=False` mid-sentence."""
        key = (side, verb, start)
        phrase = self.tab.phrases.get(key)
        if phrase is None:
            phrase = self.tab.phrases[key] = self.module.sides[side].says(verb, start)
        return phrase

    def the(self, side: int, start: bool = False) -> str:
        """"the Raiders" / "Guild" (SideDef.the)."""
        key = (side, start)
        phrase = self.tab.phrases.get(key)
        if phrase is None:
            phrase = self.tab.phrases[key] = self.module.sides[side].the(start)
        return phrase

    def territory_name(self, t: int) -> str:
        return self.tab.territory_name[t]


def _copy(value: Any) -> Any:
    """Deep copy of plain data (dicts, lists, scalars); tuples become lists as in msgpack."""
    if isinstance(value, list | tuple):
        if all(type(v) is int for v in value):
            return list(value)
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def new_state(module: Module, seed: int, options: dict[str, Any]) -> State:
    s = State.__new__(State)
    module = played(module, options)  # a scenario's setup and victories (rules.md G3)
    s.module = module
    s.tab = tables(module)
    s.seed = seed
    s.options = dict(options)
    s.rng = rng.seed_state(seed)
    s.turn = 0
    s.active = module.rules.first_side
    s.phase = "setup"
    s.step = ""
    s.undo = None
    s.listed = None
    s.told = None
    s.pend = None
    s.battle = None
    s.last_battle = None
    s.chits = [u.index for u in module.units for _ in range(u.count)]
    n = len(module.map.territories)
    s.stacks = [[()] * n for _ in range(2)]
    s.piles = [[c for c, t in enumerate(s.chits) if module.units[t].side == side]
               for side in (0, 1)]
    s.captives = [[], []]
    s.recruit = []
    s.hands = [[], []]
    s.deck, s.decks = full_decks(module)  # docs/rules.md G10: one of them empty
    s.discard = []
    s.discards = [[], []] if s.decks else []
    s.onward = []
    s.banks = [0, 0]
    s.revenue = [0, 0]
    s.control = [NO_SIDE] * n
    s.intel = [[], []]
    s.history = []
    s.winner = NO_SIDE
    s.win_reason = ""
    s.log = []
    s.hangar = []
    s.lives = []
    s.caught = []
    s.shown = []
    s.seen = []
    s.tries = []
    s.held = []
    s.points = list(module.rules.points_start) if any(module.rules.points_start) else []
    return s

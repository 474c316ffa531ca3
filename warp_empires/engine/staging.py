"""A game that starts from a position set out by hand (docs/positions.md), so
that a modder tries a card where it matters instead of playing up to it.

The position names what each side has (bank, hand, control markers, stacks,
captives), whose player-turn it is and at which phase it starts; everything
it leaves out goes where a new game puts it: the other cards to the deck,
shuffled by the game's seed (RULINGS S4, H7), the other units to their
side's pile. Only a few starting points are allowed (STARTS): the start of
a phase, where the engine's own flow takes over, so no decision is ever
half made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from warp_empires.module.defs import Module

from . import flow
from .board import log, place, shuffle_decks
from .decks import deck_of
from .passage import admits
from .start import checked_options
from .state import NO_SIDE, State, new_state

# phase -> the continuation (flow.py) that starts it. "draw" is the start of
# the side's player-turn (the turn's line is logged, then the Draw phase);
# "move" follows a Draw phase already done; "battle" follows a Move phase, so
# a territory both sides stand in is fought over at once.
STARTS = {"draw": "new_turn", "move": "draw_over", "battle": "move_over"}


@dataclass(frozen=True)
class SideSetting:
    """What one side has, by the module's indices."""

    bank: int = 0
    hand: tuple[int, ...] = ()  # card kinds
    control: tuple[int, ...] = ()  # territories
    stacks: dict[int, tuple[int, ...]] = field(default_factory=dict)  # territory -> unit
    # types, top first
    captives: tuple[int, ...] = ()  # unit types of the other side


@dataclass(frozen=True)
class Setting:
    """A whole position: whose player-turn (`active`), its number and phase."""

    turn: int
    active: int
    phase: str  # one of STARTS
    sides: tuple[SideSetting, SideSetting]
    label: str = "a position"  # how the opening line names it


def staged_state(module: Module, seed: int, setting: Setting,
                 options: dict[str, Any] | None = None) -> State:
    """The state at the first decision of `setting`. ValueError with one line
    when it asks for pieces the module does not have, or a start not in
    STARTS; whether the result is a possible position is the caller's check
    (saves/snapshot.py), as for a saved one."""
    if setting.phase not in STARTS:
        raise ValueError(f"a position starts at one of {', '.join(STARTS)}, "
                         f"not {setting.phase!r:.30}")
    if setting.turn < 1 or setting.active not in (0, 1):
        raise ValueError("a position needs a player-turn from 1 and a side to play")
    s = new_state(module, seed, checked_options(module, options))
    for side, own in enumerate(setting.sides):
        s.banks[side] = own.bank
        for kind in own.hand:
            _take(deck_of(s, side), kind, f"copies of card {module.cards[kind].id}")
            s.hands[side].append(kind)
        for t in own.control:
            s.control[t] = side
        for t, types in own.stacks.items():
            for unit_type in types:
                if not admits(module, unit_type, t):  # docs/rules.md G1
                    where = module.map.territories[t]
                    raise ValueError(f"unit {module.units[unit_type].id} may not stand at "
                                     f"{where.id}: its kind {where.kind} does not admit it")
                place(s, _chit(s, side, unit_type), t)
        for unit_type in own.captives:
            s.captives[side].append(_chit(s, 1 - side, unit_type))
    shuffle_decks(s)  # RULINGS S4: what is left, in an order only the seed knows
    log(s, f"A game of {module.name} begins from {setting.label}.", kind="setup")
    s.active = setting.active
    if setting.phase == "draw":
        s.turn = setting.turn - 1  # the continuation counts the turn in
    else:
        s.turn, s.phase = setting.turn, "draw"
        log(s, f"Turn {s.turn}: {s.says(s.active, 'play', start=False)}.", kind="turn")
    flow.run(s, STARTS[setting.phase])
    return s


def _chit(s: State, side: int, unit_type: int) -> int:
    """A chit of `unit_type` taken from its side's pile."""
    unit = s.module.units[unit_type]
    if unit.side != side:
        raise ValueError(f"unit {unit.id} is not of side {s.module.sides[side].id}")
    pile = s.piles[side]
    for chit in pile:
        if s.chits[chit] == unit_type:
            pile.remove(chit)
            return chit
    raise ValueError(f"more units {unit.id} than the module has ({unit.count})")


def _take(items: list[int], kind: int, what: str) -> None:
    if kind not in items:
        raise ValueError(f"more {what} than the module has")
    items.remove(kind)


def winner_at_start(s: State) -> str | None:
    """Why a staged game is over before its first decision, or None: a
    position that is already won has nothing to try."""
    if s.winner == NO_SIDE:
        return None
    return f"the game would be over before its first decision ({s.win_reason})"

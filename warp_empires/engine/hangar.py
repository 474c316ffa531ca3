"""The repair hangar (RULINGS O5, an optional rule): a unit of the module's
repairable classes lost in battle (not to a card) rolls the fate die: back
after a number of its owner's turns, or destroyed. A unit marked with two lives
goes to the hangar on its first loss without a roll; the spent life comes back
when it goes to its pile (board.to_pile). Ships in the hangar are out of play and count for nothing;
when their time is up they come back free at the start of their owner's
Recruit phase, in a revenue territory the owner controls (or wait for one).
The hangar is public: the ships went there from a battle both sides saw."""

from __future__ import annotations

from .actions import Action
from .board import arrival_places, controlled_revenue, log, place, roll, unit_name
from .options import option
from .pending import Returning
from .state import State
from .steps import Step


def takes(s: State, chit: int) -> bool:
    """For a unit just lost in battle: whether it goes to the hangar (True, and
    it is there) rather than to its pile. Leaders and fortifications never do."""
    opt = option(s, "repair_hangar")
    if opt is None:
        return False
    unit = s.unit(chit)
    if unit.is_leader or unit.is_fortification:
        return False
    name = unit_name(s, chit)
    if unit.index in opt.two_lives and chit not in s.lives:
        s.lives = s.lives + [chit]
        turns = opt.two_lives_turns
        log(s, f"{name} loses its first life and goes to the hangar for {turns} turns.",
            kind="dice")
    elif opt.repairs.matches(unit):
        face = roll(s, len(opt.fate))
        turns = opt.fate[face - 1]
        if not turns:
            log(s, f"{name}: fate die {face}, destroyed.", kind="dice")
            return False
        log(s, f"{name}: fate die {face}, to the hangar for {turns} of its owner's turns.",
            kind="dice")
    else:
        return False
    s.hangar = s.hangar + [[chit, turns, s.turn]]
    return True


def begin_returns(s: State) -> str | None:
    """At the start of the active side's Recruit phase: its ships count down a
    turn (those lost in an earlier player-turn), and those due come back."""
    if not s.hangar:
        return "recruit"
    side = s.active
    ships = []
    for chit, left, since in s.hangar:
        if s.side_of(chit) == side and since < s.turn and left > 0:
            left -= 1
        ships.append([chit, left, since])
    s.hangar = ships
    due = [chit for chit, left, _ in ships if left <= 0 and s.side_of(chit) == side]
    if not due:
        return "recruit"
    if not controlled_revenue(s, side):
        log(s, f"{s.the(side, start=True)} {s.module.sides[side].verb('have')} no revenue "
               f"territory: {len(due)} repaired ship{'s' if len(due) != 1 else ''} wait"
               f"{'' if len(due) != 1 else 's'} in the hangar.", kind="recruit")
        return "recruit"
    # docs/rules.md G1: a ship with no territory it may enter waits for one
    due = [chit for chit in due if arrival_places(s, side, chit)]
    if not due:
        return "recruit"
    s.pend = Returning(due)
    return _next(s)


def _next(s: State) -> str | None:
    p = s.pend
    while p.chits:
        places = arrival_places(s, s.active, p.chits[0])
        if len(places) > 1:
            s.step = "hangar_return"
            return None
        _return(s, places[0])
    s.pend = None
    return "recruit"


def _return(s: State, t: int) -> None:
    chit = s.pend.chits.pop(0)
    s.hangar = [h for h in s.hangar if h[0] != chit]
    place(s, chit, t)
    log(s, f"{unit_name(s, chit)} returns from the hangar at {s.territory_name(t)}.",
        kind="recruit")


class HangarReturn(Step):
    kind = "hangar_return"
    public = True  # the hangar and the control markers are public (RULINGS H5, O5)
    all_public = True

    def legal(self, s: State) -> list[Action]:
        return [("place", t) for t in arrival_places(s, s.active, s.pend.chits[0])]

    def do(self, s: State, a: Action) -> str | None:
        _return(s, a[1])
        return _next(s)

    def text(self, s: State) -> str:
        return (f"Recruit phase: choose where {s.unit(s.pend.chits[0]).name} returns from the "
                f"hangar.")

    def owed(self, s: State) -> int:
        return len(s.pend.chits)


STEPS = [HangarReturn()]

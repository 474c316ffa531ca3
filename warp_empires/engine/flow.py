"""The seven-phase player-turn (RULINGS T1). A step's `do` returns the name of
a continuation here when its phase (or card) is over; `run` follows them until
a player must decide. Only this module sequences phases, so the phase modules
never import one another in a circle."""

from __future__ import annotations

from collections.abc import Callable

from . import attrition, battle, economy, hangar, initiative, move, victory
from .board import log, roll, units_on_map
from .options import option
from .state import NO_SIDE, State


def run(s: State, name: str | None) -> None:
    while name is not None and s.winner == NO_SIDE:
        name = CONTINUATIONS[name](s)


def _setup_over(s: State) -> str | None:
    s.pend = None
    s.active = s.module.rules.first_side
    if s.module.rules.first_roll:  # docs/rules.md G3: 1-3 the first side, 4-6 the second
        face = roll(s, 6)
        s.active = 0 if face <= 3 else 1
        log(s, f"The die for who plays first shows {face}: "
               f"{s.says(s.active, 'play', start=False)} first.", kind="dice")
    return "new_turn"


def _new_turn(s: State) -> str | None:
    s.turn += 1
    s.phase = "draw"
    s.pend = None
    if s.log is not None:
        log(s, f"Turn {s.turn}: {s.says(s.active, 'play', start=False)}.", kind="turn")
    return economy.begin_draw(s)


def _draw_over(s: State) -> str | None:
    if victory.check(s):
        return None
    move.begin_move(s)
    return None


def _move_over(s: State) -> str | None:
    if victory.check(s):
        return None
    s.phase = "battle"
    return battle.begin_phase(s)


def _battles_over(s: State) -> str | None:
    # No victory check here: the Battle phase ends only through battle.begin_phase,
    # right after a check (_move_over, battle._finish) with nothing changed since;
    # and revenue moves money, which no victory condition reads.
    s.phase = "revenue"
    economy.collect_revenue(s)
    s.phase = "recruit"
    return hangar.begin_returns(s)  # RULINGS O5: repaired ships first, then "recruit"


def _recruit_over(s: State) -> str | None:
    s.pend = None
    if victory.check(s):
        return None
    s.phase = "upkeep"
    return economy.begin_upkeep(s)


def _upkeep_over(s: State) -> str | None:
    s.pend = None
    if victory.check(s):  # disbanding may leave a side with nothing (or a leader off the map)
        return None
    return _control(s)


def _control(s: State) -> str | None:
    s.phase = "control"
    economy.take_control(s)
    if victory.check(s):
        return None
    if option(s, "attrition"):  # RULINGS O3: at the end of the turn
        return attrition.begin(s)
    return "turn_over"


def _attrition_over(s: State) -> str | None:
    s.pend = None
    if victory.check(s):  # attrition may take a side's last units or leaders
        return None
    return "turn_over"


def _turn_over(s: State) -> str | None:
    # replaced, not appended to: copies of the state share the history
    s.history = s.history + [[s.turn, s.active, s.banks[s.active], s.revenue[s.active],
                               units_on_map(s, 0), units_on_map(s, 1)]]
    if victory.at_turn_end(s):  # docs/rules.md G4: held, round and turn-limit victories
        return None
    s.intel[s.active] = []  # what the spies showed lasts until the end of the turn
    if s.caught:
        s.caught = []  # interceptions count for the turn they happen in
    if s.tries:
        s.tries = []
    if s.onward:
        s.onward = []  # docs/rules.md G16: spaces left last for the turn
    s.active = initiative.next_side(s)  # the other side, unless O4 rolls otherwise
    return "new_turn"


CONTINUATIONS: dict[str, Callable[[State], str | None]] = {
    "setup_over": _setup_over,
    "new_turn": _new_turn,
    "begin_draw": economy.begin_draw,
    "draw_over": _draw_over,
    "move_over": _move_over,
    "battle_card_over": battle.after_card,
    "battles_over": _battles_over,
    "battles_next": battle.begin_phase,  # after moving on (docs/rules.md G16)
    "recruit_over": _recruit_over,
    "upkeep_over": _upkeep_over,
    "control": _control,
    "attrition_over": _attrition_over,
    "recruit": economy.begin_recruit,
    "turn_over": _turn_over,
}

"""Victory: the module's conditions, elimination and resignation (RULINGS W1-W3)."""

from __future__ import annotations

from warp_empires.module.defs import Condition

from .board import controlled_revenue, log, other
from .state import NO_SIDE, State


def holds(s: State, side: int, cond: Condition) -> bool:
    return _TESTS.get(cond.kind, _unknown)(s, side, cond)


def _unknown(s: State, side: int, cond: Condition) -> bool:
    raise ValueError(f"unknown victory clause {cond.kind!r}")


def _controls(s: State, side: int, cond: Condition) -> bool:
    return s.control[cond.territory] == side


def _holds_captive(s: State, side: int, cond: Condition) -> bool:
    captives, chits_of = s.captives[side], s.tab.unit_chits
    for u in cond.units:
        if chits_of[u].isdisjoint(captives):  # no captive of that unit type
            return False
    return True


def _no_enemy_leaders_on_map(s: State, side: int, cond: Condition) -> bool:
    return not _leader_on_map(s, other(side))


def _captives_at_least(s: State, side: int, cond: Condition) -> bool:
    return len(s.captives[side]) >= cond.amount


def _enemy_lost(s: State, side: int, cond: Condition) -> bool:
    """docs/rules.md G5: no chit of these enemy unit types is on the map (nor
    waiting in the repair hangar, O5: it comes back)."""
    chits_of = s.tab.unit_chits
    waiting = {h[0] for h in s.hangar}
    for u in cond.units:
        for c in chits_of[u]:
            if c in waiting or s.where(c) >= 0:
                return False
    return True


_TESTS = {
    "controls": _controls,
    "holds_captive": _holds_captive,
    "no_enemy_leaders_on_map": _no_enemy_leaders_on_map,
    "captives_at_least": _captives_at_least,
    "enemy_lost": _enemy_lost,
}


def _leader_on_map(s: State, side: int) -> bool:
    """Whether any of `side`'s leaders stands on the map: a leader chit is in
    exactly one place (its pile, the recruit draw, held captive, or a stack)."""
    # one pass over each list in C, not a scan of the pile per leader
    return bool(s.tab.leaders[side].difference(s.piles[side], s.captives[other(side)],
                                               s.recruit))


def check(s: State) -> bool:
    """Declares a winner if one has emerged; True when the game is over."""
    if s.winner != NO_SIDE:
        return True
    order = (s.active, other(s.active))
    victory = s.tab.victory
    tests = _TESTS
    for side in order:
        for text, conditions in victory[side]:
            for c in conditions:
                if not tests.get(c.kind, _unknown)(s, side, c):  # holds(), inlined
                    break
            else:
                declare(s, side, text)
                return True
    if s.module.rules.elimination and s.phase != "setup":
        # the active side's win first: if both are wiped out at once, it wins
        for side in reversed(order):
            if not any(s.stacks[side]) and not controlled_revenue(s, side):
                declare(s, other(side), f"{s.says(side, 'have')} no units and no "
                                        f"territory left.")
                return True
    return False


def at_turn_end(s: State) -> bool:
    """The checks made when a player-turn ends (docs/rules.md G4): the active
    side's `hold` victories count this turn, `round` victories are checked when
    a round ends (every second player-turn), and at the turn limit the score
    decides. True when the game is over."""
    side, timed = s.active, s.tab.timed
    if timed:
        held = {i: n for i, n in s.held}
        for i, v in timed:
            if v.hold and v.side == side:
                if all(holds(s, side, c) for c in v.all):
                    held[i] = held.get(i, 0) + 1
                    if held[i] >= v.hold:
                        declare(s, side, v.text)
                        return True
                    log(s, f"{s.says(side, 'hold')} a goal at the end of the turn, "
                           f"{held[i]} of {v.hold} turns in a row: {v.text}", kind="victory")
                else:
                    held.pop(i, None)
        s.held = [[i, n] for i, n in sorted(held.items())]
        if s.turn % 2 == 0:  # a round is over
            for sd in (side, other(side)):
                for _, v in timed:
                    if v.when == "round" and v.side == sd and all(
                            holds(s, sd, c) for c in v.all):
                        declare(s, sd, v.text)
                        return True
    rules = s.module.rules
    if rules.turn_limit and s.turn >= 2 * rules.turn_limit:
        score = [_score(s, sd, rules.limit_score) for sd in (0, 1)]
        winner = rules.limit_tie if score[0] == score[1] else int(score[1] > score[0])
        what = {"revenue": "revenue", "territories": "territories", "units": "units on the map",
                "force": "Force on the map"}[rules.limit_score]
        if score[0] == score[1]:
            why = f"both have {score[0]} {what}; a tie goes to {s.the(winner)}"
        else:
            why = f"{s.says(winner, 'have', start=False)} more {what}, {max(score)} to {min(score)}"
        declare(s, winner, f"The turn limit ({rules.turn_limit} rounds) is reached: {why}.")
        return True
    return False


def _score(s: State, side: int, kind: str) -> int:
    """A side's score at the turn limit (docs/rules.md G4)."""
    mine = controlled_revenue(s, side)
    if kind == "revenue":
        return sum(s.tab.territory_revenue[t] for t in mine)
    if kind == "territories":
        return len(mine)
    chits = [c for st in s.stacks[side] for c in st]
    return len(chits) if kind == "units" else sum(s.tab.chit_force[c] for c in chits)


def declare(s: State, side: int, reason: str) -> None:
    s.winner = side
    s.win_reason = reason
    s.step = "game_over"
    s.pend = None
    log(s, f"{s.says(side, 'win')} the game. {reason}", kind="victory")


def resign(s: State, side: int) -> None:
    log(s, f"{s.says(side, 'resign')}.", kind="victory")
    declare(s, other(side), f"{s.the(side, start=True)} resigned.")

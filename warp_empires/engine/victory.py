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


_TESTS = {
    "controls": _controls,
    "holds_captive": _holds_captive,
    "no_enemy_leaders_on_map": _no_enemy_leaders_on_map,
    "captives_at_least": _captives_at_least,
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


def declare(s: State, side: int, reason: str) -> None:
    s.winner = side
    s.win_reason = reason
    s.step = "game_over"
    s.pend = None
    log(s, f"{s.says(side, 'win')} the game. {reason}", kind="victory")


def resign(s: State, side: int) -> None:
    log(s, f"{s.says(side, 'resign')}.", kind="victory")
    declare(s, other(side), f"{s.the(side, start=True)} resigned.")

"""Victory: the module's conditions, elimination and resignation (RULINGS W1-W3)."""

from __future__ import annotations

from warp_empires.module.defs import Condition

from .board import controlled_revenue, log, other
from .state import NO_SIDE, State


def holds(s: State, side: int, cond: Condition) -> bool:
    if cond.kind == "controls":
        return s.control[cond.territory] == side
    if cond.kind == "holds_captive":
        held = {s.chits[c] for c in s.captives[side]}
        return all(u in held for u in cond.units)
    if cond.kind == "no_enemy_leaders_on_map":
        return not _leader_on_map(s, other(side))
    if cond.kind == "captives_at_least":
        return len(s.captives[side]) >= cond.amount
    raise ValueError(f"unknown victory clause {cond.kind!r}")


def _leader_on_map(s: State, side: int) -> bool:
    """Whether any of `side`'s leaders stands on the map: a leader chit is in
    exactly one place (its pile, the recruit draw, held captive, or a stack)."""
    pile, held, offer = s.piles[side], s.captives[other(side)], s.recruit
    return any(c not in pile and c not in held and c not in offer for c in s.tab.leaders[side])


def check(s: State) -> bool:
    """Declares a winner if one has emerged; True when the game is over."""
    if s.winner != NO_SIDE:
        return True
    order = (s.active, other(s.active))
    for side in order:
        for vside, text, conditions in s.tab.victory:
            if vside != side:
                continue
            for c in conditions:
                if not holds(s, side, c):
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

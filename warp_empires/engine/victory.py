"""Victory: the module's conditions, elimination and resignation (RULINGS W1-W3)."""

from __future__ import annotations

from warp_empires.module.defs import Condition

from .board import controlled_revenue, log, other, units_on_map
from .state import NO_SIDE, State


def holds(s: State, side: int, cond: Condition) -> bool:
    if cond.kind == "controls":
        return s.control[cond.territory] == side
    if cond.kind == "holds_captive":
        held = {s.chits[c] for c in s.captives[side]}
        return all(u in held for u in cond.units)
    if cond.kind == "no_enemy_leaders_on_map":
        units = s.module.units
        return not any(units[s.chits[c]].is_leader for st in s.stacks[other(side)] for c in st)
    if cond.kind == "captives_at_least":
        return len(s.captives[side]) >= cond.amount
    raise ValueError(f"unknown victory clause {cond.kind!r}")


def check(s: State) -> bool:
    """Declares a winner if one has emerged; True when the game is over."""
    if s.winner != NO_SIDE:
        return True
    order = (s.active, other(s.active))
    for side in order:
        for v in s.module.victory:
            if v.side == side and all(holds(s, side, c) for c in v.all):
                declare(s, side, v.text)
                return True
    if s.module.rules.elimination and s.phase != "setup":
        # the active side's win first: if both are wiped out at once, it wins
        for side in reversed(order):
            if not units_on_map(s, side) and not controlled_revenue(s, side):
                declare(s, other(side), f"The {s.says(side, 'have')} no units and no "
                                        f"territory left.")
                return True
    return False


def declare(s: State, side: int, reason: str) -> None:
    s.winner = side
    s.win_reason = reason
    s.step = "game_over"
    s.pend = {}
    log(s, f"{s.says(side, 'win')} the game. {reason}", kind="victory")


def resign(s: State, side: int) -> None:
    log(s, f"{s.says(side, 'resign')}.", kind="victory")
    declare(s, other(side), f"The {s.side_name(side)} resigned.")

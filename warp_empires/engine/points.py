"""A pool of points each side spends in battles (docs/rules.md G9)."""

from __future__ import annotations

from .board import log
from .state import State


def may_spend(s: State, side: int) -> bool:
    """The side has points left, and the battle's limit (the module's `most`)
    leaves it room to spend one."""
    most = s.module.rules.points_most
    spent = s.fight().spent
    return s.points[side] > 0 and (not most or not spent or spent[side] < most)


def spend(s: State, side: int) -> None:
    """One point spent: +1 to the side's total; play then goes on as after a card."""
    b = s.fight()
    s.points = [n - (sd == side) for sd, n in enumerate(s.points)]  # replaced whole
    b.spent = [n + (sd == side) for sd, n in enumerate(b.spent or [0, 0])]
    log(s, f"{s.says(side, 'spend')} {s.module.rules.points_name}: +1 "
           f"({s.points[side]} left).", kind="battle")

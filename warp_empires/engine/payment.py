"""The winner's losses when they can be paid only one way (RULINGS B8): what a
front end may take for the winner, since the battle's stacks and what is owed
are open to both sides (B2, H9)."""

from __future__ import annotations

import itertools

from .actions import Action
from .battle import winner_owed
from .state import State


def only_payment(s: State) -> list[Action] | None:
    """The winner's own losses when there is one sensible way to pay them
    (RULINGS B8): the picks and the confirmation of the only set of unit types
    that meets the Force owed with no unit to spare, or None where there is a
    choice. What the battle's stacks hold and what is owed are public (RULINGS
    B2), so a front end may pay for the winner and say so (H9). The picks
    already made do not count: this is the whole decision."""
    b = s.battle
    if s.step != "casualty" or b is None or b.stage != "winner":
        return None
    owed = winner_owed(s)
    items = s.pend.items
    by_type: dict[int, list[int]] = {}
    for i, c in enumerate(items):
        by_type.setdefault(s.chits[c], []).append(i)
    kinds = sorted(by_type)
    force = [s.module.units[k].force for k in kinds]
    found: list[tuple[int, ...]] = []
    for counts in itertools.product(*(range(len(by_type[k]) + 1) for k in kinds)):
        total = sum(n * f for n, f in zip(counts, force, strict=True))
        if total < owed:
            continue
        # no unit to spare: leaving out any one of them would not pay
        spare = min((f for n, f in zip(counts, force, strict=True) if n), default=0)
        if total - spare >= owed:
            continue
        found.append(counts)
        if len(found) > 1:
            return None
    if not found:
        return None
    picks = [("pick", i) for k, n in zip(kinds, found[0], strict=True) for i in by_type[k][:n]]
    return [*picks, ("confirm",)]


# Owed selections whose debt counts items, not Force (the winner's losses,
# counted in Force, are only_payment's).
COUNTED = frozenset({"discard_down", "upkeep", "attrition"})


def whole_selection(s: State, *, begun: bool = False) -> list[Action] | None:
    """An owed selection that must take every item: upkeep with no revenue
    disbands every unit, a stack of one loses its only unit. How many are owed
    and how many there are is public (RULINGS H1, H2, H5, B2), so a front end
    may take it for the side and say so (H9): the picks still to make and the
    confirmation, or None where there is a choice. `begun`: picks already
    made count (an undo passing over it); else only while nothing is picked."""
    from .api import STEPS  # the step registry imports this module's neighbours
    from .steps import OwedStep

    step = STEPS.get(s.step)
    counted = s.step in COUNTED or (s.step == "casualty" and s.battle is not None
                                    and s.battle.stage == "loser")
    if not counted or not isinstance(step, OwedStep):
        return None
    sel = step.selection(s)
    if sel.picked and not begun:
        return None
    left = [i for i in range(len(sel.items)) if i not in sel.picked]
    if not left or step.owed(s) != len(left):
        return None
    return [*(("pick", i) for i in left), (step.confirm_verb,)]


def taken_whole(s: State, *, begun: bool = False) -> list[Action] | None:
    """A selection a front end takes whole for a person (RULINGS H9): the
    winner's only way to pay its losses (only_payment, B8) or one that must
    take every item (whole_selection); while nothing is picked, or with
    `begun` also part-way through it (an undo passing back over it)."""
    whole = whole_selection(s, begun=begun)
    if whole is not None:
        return whole
    if s.step != "casualty" or (s.pend.picked and not begun):
        return None
    return only_payment(s)

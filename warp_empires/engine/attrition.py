"""Attrition (RULINGS O3, an optional rule): at the end of a player's turn each
of their stacks of the module's size or more loses units to a die roll,
fewer in a territory they hold undisputed (controlled, no enemy stack there);
units of the module's attrition-first classes go first, then the owner picks
among the ordinary units, fortifications and leaders last."""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .board import log, log_pair, occupied, remove_from_map, roll, to_pile, unit_names
from .options import option
from .pending import Selection, Wearing
from .state import State
from .steps import OwedStep


def tier(s: State, chit: int) -> int:
    """The order units go in (RULINGS O3, docs/rules.md): the module's
    attrition-first units (the seed's horse before foot), then the other
    ordinary units, then fortifications, leaders last."""
    unit = s.unit(chit)
    if unit.is_leader:
        return 3
    if unit.is_fortification:
        return 2
    opt = option(s, "attrition")
    first = opt is not None and bool(opt.first.classes or opt.first.traits) \
        and opt.first.matches(unit)
    return 0 if first else 1


def undisputed(s: State, side: int, t: int) -> bool:
    """Controlled by `side` with no enemy stack in it (RULINGS O3): a stack
    facing an enemy one lives off contested ground."""
    return s.control[t] == side and not s.stacks[1 - side][t]


def begin(s: State) -> str | None:
    """Rolls for the active side's big stacks in territory order; asks the owner
    which units go where it has a choice."""
    opt = option(s, "attrition")
    assert opt is not None
    row = s.stacks[s.active]
    big = [t for t in occupied(row) if len(row[t]) >= opt.stack]
    return _next(s, big)


def _next(s: State, left: list[int]) -> str | None:
    opt = option(s, "attrition")
    assert opt is not None
    side = s.active
    while left:
        t = left.pop(0)
        stack = s.stacks[side][t]
        home = undisputed(s, side, t)
        divisor = opt.divide_controlled if home else opt.divide_elsewhere
        n = roll(s, 6)
        lost = min(len(stack), -(-n // divisor))  # rounded up
        where = ("in a territory they hold undisputed" if home
                 else "in a territory they do not hold undisputed")
        log(s, f"Attrition at {s.territory_name(t)} ({s.side_name(side)}, {len(stack)} units): "
               f"rolled {n}, ÷ {divisor} {where}, rounded up: {lost} unit"
               f"{'s' if lost != 1 else ''} lost.", kind="dice")
        if lost >= len(stack):
            _lose(s, t, list(stack))
            continue
        s.pend = Wearing(t, lost, Selection(list(stack)), left)
        s.step = "attrition"
        return None
    s.pend = None
    return "attrition_over"


def _lose(s: State, t: int, chits: list[int]) -> None:
    side = s.side_of(chits[0])
    for c in chits:
        remove_from_map(s, c, t)
        to_pile(s, c)
    n = len(chits)
    where = s.territory_name(t)
    log_pair(s, side, f"You lose {unit_names(s, chits)} at {where} to attrition.",
             f"{s.says(side, 'lose')} {n} unit{'s' if n != 1 else ''} at {where} to attrition.",
             "loss")


class Attrition(OwedStep):
    kind = "attrition"

    def selection(self, s: State) -> Selection:
        return s.pend.sel

    def owed(self, s: State) -> int:
        p = s.pend
        return p.owed - len(p.sel.picked)

    def legal(self, s: State) -> list[Action]:
        sel = s.pend.sel
        owed = self.owed(s)
        acts = self.item_actions(s, sel, None if owed > 0 else False)
        if owed == 0 and self.can_confirm(s, sel):
            acts.append(("confirm",))
        return acts

    def pick_test(self, s: State, sel: Selection) -> Callable[[int], bool]:
        if self.owed(s) <= 0:
            return lambda i: False
        items, picked = sel.items, sel.picked
        first = min(tier(s, items[i]) for i in range(len(items)) if i not in picked)
        return lambda i: tier(s, items[i]) == first

    def can_pick(self, s: State, sel: Selection, i: int) -> bool:
        return self.pick_test(s, sel)(i)

    def room(self, s: State, sel: Selection) -> bool | None:
        return None if self.owed(s) > 0 else False

    def can_confirm(self, s: State, sel: Selection) -> bool:
        # After unpicking, a later tier may be picked while an earlier one is
        # not: confirming waits until the picks keep the order again.
        if self.owed(s) != 0:
            return False
        items = sel.items
        kept = [tier(s, items[i]) for i in range(len(items)) if i not in sel.picked]
        lost = [tier(s, c) for c in sel.chosen()]
        return not kept or not lost or max(lost) <= min(kept)

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        p = s.pend
        _lose(s, p.t, sel.chosen())
        return _next(s, p.left)

    def text(self, s: State) -> str:
        p = s.pend
        n = self.owed(s)
        where = s.territory_name(p.t)
        if n == 0:
            return f"Attrition at {where}: confirm the picked units."
        opt = option(s, "attrition")
        assert opt is not None
        first = ""
        if opt.first.classes or opt.first.traits:
            first = opt.first.words(s.module.classes, s.module.traits) + " first, "
        return (f"Attrition at {where}: pick {n} more unit{'s' if n != 1 else ''} to lose "
                f"({first}fortifications and leaders last).")


STEPS = [Attrition()]

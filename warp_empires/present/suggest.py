"""What the app offers to do for a person in one key: every unit of a group
(`a`), the cards a computer player would let go at the hand limit (`a` there).
Each is worked out from the deciding side's own view alone (RULINGS H9)."""

from __future__ import annotations

from warp_empires.bots.hand import to_discard
from warp_empires.engine import View
from warp_empires.module.defs import Module


def pick_all_order(view: View) -> list[int]:
    """The items of the group being formed still to pick, in the order to pick
    them. The group's first unit goes on top where it lands (RULINGS H2), so
    while the group is empty the stack's present top unit goes first and stays
    the one the enemy sees."""
    selection = view.pend.selection
    src = view.pend.src
    if selection is None or src < 0:
        return []
    items = selection.items
    order = [i for i in range(len(items)) if i not in selection.picked]
    st = view.stacks[view.side][src]
    units = st.units or () if st is not None else ()
    if units and units[0].chit in items and not selection.picked:
        lead = items.index(units[0].chit)
        order.remove(lead)
        order.insert(0, lead)
    return order


def best_discards(module: Module, view: View | None) -> set[int] | None:
    """Down to the hand limit (RULINGS D1): the items to let go so that the
    hand keeps the cards worth most now, in a mix a turn can use: the weighing
    every computer player discards by (bots.hand, from the side's own view:
    H9), while the ticks differ from those; None otherwise."""
    if view is None:
        return None
    drop = to_discard(module, view)
    sel = view.pend.selection
    if drop is None or sel is None:
        return None
    return drop if drop != set(sel.picked) else None

"""What the app offers to do for a person in one key: every unit of a group
(`a`), the cards a computer player would let go at the hand limit (`a` there).
Each is worked out from the deciding side's own view alone (RULINGS H9)."""

from __future__ import annotations

from warp_empires.bots.hand import board_worth, keep_order
from warp_empires.engine import Action, View
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
    hand keeps the mix a computer player would keep, each card weighed as
    things stand (bots.hand.board_worth, from the side's own view: H9), while
    the ticks differ from those; None otherwise."""
    if view is None:
        return None
    sel = view.pend.selection
    if view.step != "discard_down" or sel is None:
        return None
    items = sel.items
    order = keep_order(module, view.side, items, board_worth(module, view))
    # how many go is the engine's count (still owed, and those ticked)
    drop = set(order[len(items) - view.prompt.owed - len(sel.picked):])
    return drop if drop != set(sel.picked) else None


def lone_unit(view: View, legal: list[Action]) -> Action | None:
    """Forming a group where only one unit may go: its pick, which the app
    makes for the person (issue 39: a stack of one unit took a key to pick
    it). Not a forced decision (RULINGS H9: the group may still go back), but
    the only group there is; it happens in the side's own Move phase, which
    the enemy is told of only when it ends (Z2), so it shows nothing."""
    selection = view.pend.selection
    if view.prompt.kind != "move_units" or selection is None or selection.picked:
        return None
    picks = [a for a in legal if a[0] == "pick"]
    return picks[0] if len(picks) == 1 else None

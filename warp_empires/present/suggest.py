"""What the app offers to do for a person in one key: every unit of a group
(`a`), the cards a computer player would let go at the hand limit (`a` there),
and in the selections of the Recruit phase, a battle's losses and upkeep,
what a computer player would pick (`a` there too: `Adviser`). Each is worked
out from the deciding side's own view alone (RULINGS H9)."""

from __future__ import annotations

from warp_empires.bots.hand import to_discard
from warp_empires.bots.heuristic import HeuristicPlayer
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


def evident_move(view: View, legal: list[Action], went_back: bool = False,
                 filling: bool = False) -> Action | None:
    """In the side's own Move phase, a decision with one sensible answer,
    which the app takes for the person (issue 39: keys a turn):
    - a group whose source was just chosen (`filling`: every decision since
      that "from" is a pick the app made; the session knows): its next unit,
      until the whole stack is picked. A stack moves whole unless the person splits it, by
      unpicking (play-tests and bench_keys: `a` after each source cost a key
      a group);
    - forming a group where only one unit may go: its pick (a stack of one
      unit took a key to pick it);
    - a move card just played with one stack that can move: that stack;
    - "stop" once no stack under the card can move (the only legal action).
    None of these is forced by the rules (RULINGS H9: whether a unit could
    still move may be a secret), but the Move phase is told to the enemy
    only when it ends (Z2), so it learns nothing of them; `u` goes back
    over them (tui/session.py). `went_back`: the person's last decision was
    "back" (from a group to its card's sources)."""
    if view.phase != "move" or view.active != view.side:
        return None
    forward = [a for a in legal if a[0] not in ("undo", "resign")]
    if forward == [("stop",)]:
        return forward[0]  # not "back" or any other lone verb: that could go round
    selection = view.pend.selection
    kind = view.prompt.kind
    if kind == "move_units" and selection is not None:
        picks = [a for a in forward if a[0] == "pick"]
        if filling:  # the stack's top unit first, so it stays on top (RULINGS H2)
            return next((("pick", i) for i in pick_all_order(view) if ("pick", i) in picks),
                        None)
        if not selection.picked:
            return picks[0] if len(picks) == 1 else None
        return None
    if kind == "move_from" and not view.pend.moved and not went_back:
        # (not straight after "back" from that stack's group: then "stop" is wanted)
        sources = [a for a in forward if a[0] == "from"]
        return sources[0] if len(sources) == 1 else None
    return None


# The steps where `a` takes a computer player's picks, and the footer's words
# for it (issue 39: buying recruits and choosing losses took a key a unit).
# Only picks and places are taken: the person confirms (`d`, `c`) after
# seeing them, since a confirmed selection may be told to the enemy or lead
# to a draw that cannot be taken back (RULINGS Z1).
SUGGESTS = {
    "recruit": "Suggested buys",
    "place": "Suggested places",
    "hangar_return": "Suggested places",
    "casualty": "Suggested losses",
    "attrition": "Suggested losses",
    "upkeep": "Suggested disbands",
}
TAKEN = ("pick", "place")


class Adviser:
    """The heuristic computer player's choice in the steps of SUGGESTS, from
    the deciding side's view and legal list alone (RULINGS H9), so the same
    choices the heuristic makes when it plays (bots/recruiting.py, its
    casualty and upkeep choices), never a second weighing."""

    def __init__(self, module: Module) -> None:
        self._player = HeuristicPlayer(module)

    def next(self, view: View, legal: list[Action]) -> Action | None:
        """The next pick or place the computer would make here; None where
        it would confirm, or the step is not one of SUGGESTS."""
        if view.step not in SUGGESTS or view.prompt.side != view.side:
            return None
        picks = [a for a in legal if a[0] in TAKEN]
        if not picks:
            return None
        action = self._player.choose(view, legal)
        return action if action[0] in TAKEN and action in picks else None

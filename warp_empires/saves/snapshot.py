"""Checking a save's snapshot before anything is drawn from it.

A save opens from its snapshot at once, before its replay has confirmed it, so
a damaged or crafted snapshot must be refused before the screen reads it:
first its sizes and ranges (cheap, and bounding the work of what follows),
then the engine's invariants, then a rehearsal of everything a front end asks
of a position (each side's view, the prompt, the legal actions and their
wording). Any failure is one line, never a crash of the app.
"""

from __future__ import annotations

from typing import Any

from warp_empires.engine import State, describe_action, legal_actions, prompt, view
from warp_empires.engine.invariants import broken
from warp_empires.engine.tables import tables


def snapshot_problem(data: dict[str, Any], state: State) -> str | None:
    """Why this state (built from `data`) cannot be played, or None."""
    try:
        problem = _sizes(data, state) or _words(state)
        if problem is not None:
            return problem
        problems = broken(state)
        if problems:
            return f"is not a possible position ({problems[0]})"
        for side in (0, 1):
            view(state, side).to_data()  # the server sends a seat this
        prompt(state).text  # noqa: B018 - built lazily: asking for it is the test
        for action in legal_actions(state):
            describe_action(state.module, state, action)
    except Exception as e:  # noqa: BLE001 - a crafted position may break anything
        return f"does not fit this engine ({type(e).__name__}: {e})"
    return None


def _sizes(data: dict[str, Any], state: State) -> str | None:
    m = state.module
    t = tables(m)
    n_chits, n_cards, n_places = len(t.chit_side), len(m.cards), len(m.map.territories)
    if list(state.chits) != [u.index for u in m.units for _ in range(u.count)]:
        return "holds chits that are not the module's"
    if any(len(row) != n_places for row in state.stacks) or len(state.control) != n_places:
        return f"has a map without the module's {n_places} territories"
    for name, cards in (("hands", [c for h in state.hands for c in h]),
                        ("deck", state.deck), ("discard", state.discard),
                        ("decks", [c for d in state.decks for c in d]),  # docs/rules.md G10
                        ("discards", [c for d in state.discards for c in d])):
        if any(type(c) is not int or not 0 <= c < n_cards for c in cards):
            return f"has {name} naming a card the module does not have"
    for name, chits in (("piles", [c for p in state.piles for c in p]),
                        ("stacks", [c for row in state.stacks for st in row for c in st]),
                        ("captives", [c for cs in state.captives for c in cs]),
                        ("recruit draw", state.recruit)):
        if any(type(c) is not int or not 0 <= c < n_chits for c in chits):
            return f"has {name} naming a chit the module does not have"
    # The decision in progress: its data is never longer than the pieces it
    # names, which also bounds the work of checking it.
    limit = 4 * (n_chits + n_cards + n_places) + 64
    for key in ("pend", "battle", "last_battle"):
        if _values(data.get(key)) > limit:
            return f"has a {key} of more than {limit} values"
    return None


def _values(value: Any) -> int:
    """How many scalars a tree of plain data holds."""
    count, todo = 0, [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, list | tuple):
            todo.extend(item)
        else:
            count += 1
    return count


def _words(state: State) -> str | None:
    """The sentences a saved state keeps for players are shown on screen before
    the replay has rebuilt them: plain one-line text, or the save is refused."""
    reason = state.win_reason
    if type(reason) is not str or len(reason) > 1000 or not reason.isprintable():
        return "has a win reason that is not one line of text"
    if (state.winner >= 0) != bool(reason) and reason:
        return "has a win reason for a game that is not over"
    return None

"""A one-line text form of a whole position, for tests and bug reports, that
parses back (`position_from_text`), as python-chess's FEN does: a readable
summary first, then ` || ` and the exact state as compact JSON. It shows
every secret (hands, hidden stacks, the generator): never show it to a player.
The event log is left out."""

from __future__ import annotations

import json

from warp_empires.module.defs import Module

from .decks import cards_left
from .errors import IllegalAction
from .state import FIELDS, NO_SIDE, SPARSE, State

SEPARATOR = " || "


def position_text(s: State) -> str:
    """E.g. 'T3 Red move/move | bank 4:10 | hand 5:7 | deck 20 | a *R R[cruiser,wing] || {...}'."""
    data = s.to_data()
    data["log"] = []
    return _summary(s) + SEPARATOR + json.dumps(data, separators=(",", ":"))


def position_from_text(module: Module, text: str) -> State:
    """The position `position_text` wrote (with an empty log); IllegalAction
    ("malformed") when the text is not one."""
    _, sep, exact = text.partition(SEPARATOR)
    try:
        data = json.loads(exact)
        # the fields of optional rules may be left out while empty (SPARSE)
        if not sep or type(data) is not dict or not set(FIELDS) - set(SPARSE) <= set(data) \
                or not set(data) <= set(FIELDS):
            raise ValueError("not a Warp Empires position")
        return State.from_data(module, data)
    except (ValueError, KeyError, TypeError) as e:
        raise IllegalAction(f"malformed position text ({e})", "malformed") from None


def _summary(s: State) -> str:
    m = s.module
    head = (f"T{s.turn} {s.side_name(s.active)} {s.phase}/{s.step} | bank "
            f"{s.banks[0]}:{s.banks[1]} | hand {len(s.hands[0])}:{len(s.hands[1])} | "
            f"deck {cards_left(s)} | captives {len(s.captives[0])}:{len(s.captives[1])}")
    parts = [head]
    for terr in m.map.territories:
        t = terr.index
        bits = []
        if s.control[t] != NO_SIDE:
            bits.append(f"*{m.sides[s.control[t]].id[0].upper()}")
        for side in (0, 1):
            st = s.stacks[side][t]
            if st:
                names = ",".join(m.units[s.chits[c]].id for c in st)
                bits.append(f"{m.sides[side].id[0].upper()}[{names}]")
        if bits:
            parts.append(f"{terr.id} {' '.join(bits)}")
    return " | ".join(parts)

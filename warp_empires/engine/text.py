"""A compact, readable text form of a position, for tests and bug reports."""

from __future__ import annotations

from .state import NO_SIDE, State


def position_text(s: State) -> str:
    """E.g. 'T3 Red move/move | bank 4:10 | hand 5:7 | deck 20 | a *R R[cruiser,wing]'."""
    m = s.module
    head = (f"T{s.turn} {s.side_name(s.active)} {s.phase}/{s.step} | bank "
            f"{s.banks[0]}:{s.banks[1]} | hand {len(s.hands[0])}:{len(s.hands[1])} | "
            f"deck {len(s.deck)} | captives {len(s.captives[0])}:{len(s.captives[1])}")
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

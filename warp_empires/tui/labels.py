"""Short forms of module names for the cramped map and stack labels.

The module gives full names only; the TUI derives abbreviations so that any
theme works without extra data.
"""

from __future__ import annotations

from warp_empires.module.defs import Module


def abbreviate(name: str, width: int) -> str:
    """Fit a name into `width` cells: whole if it fits, else a readable cut."""
    if width <= 0:
        return ""
    if len(name) <= width:
        return name
    words = name.replace("-", " ").split()
    if len(words) > 1:
        # "Yaga Minor" -> "Yaga M": keep the distinctive first word, then initials.
        tail = "".join(w[0].upper() for w in words[1:])
        head_room = width - len(tail) - 1
        if head_room >= 3:
            return f"{words[0][:head_room]} {tail}"[:width]
    return name[:width]


def unit_abbreviations(module: Module) -> list[str]:
    """An abbreviation per unit type (at most 4 chars): one per unit name
    across both sides, so a code never means two different units (one side's
    "Siege Galley" and the other's "Signal Gate" must not both read "SG") and
    a unit both sides have reads the same on either side."""
    code_of: dict[str, str] = {}
    used: set[str] = set()
    for unit in module.units:
        if unit.name in code_of:
            continue
        candidate = _unit_short(unit.name)
        if candidate in used:
            # "Ion Cannon" and "Interdictor Cruiser": spell more of the first word.
            words = unit.name.replace("-", " ").split()
            candidate = (words[0][:3] + "".join(w[0] for w in words[1:]))[:4]
        n = 2
        base = candidate[:3]
        while candidate in used:
            candidate = f"{base}{n}"
            n += 1
        used.add(candidate)
        code_of[unit.name] = candidate
    return [code_of[unit.name] for unit in module.units]


def _unit_short(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if len(words) == 1:
        return words[0][:3].capitalize()
    # Initials keep capital ships apart ("Imperial Star Destroyer" -> "ISD").
    initials = "".join(w[0].upper() if not w.isdigit() else w for w in words)
    return initials[:4]


def side_glyphs(module: Module) -> tuple[str, str]:
    """One letter per side, so control is never told by colour alone."""
    a = module.sides[0].short[:1].upper() or "1"
    b = module.sides[1].short[:1].upper() or "2"
    if a == b:
        return ("1", "2")
    return (a, b)

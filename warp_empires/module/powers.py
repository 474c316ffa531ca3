"""Rules a module gives as data beyond the core's: what a trait or a class
does (docs/rules.md G11-G13), one Power per unit type, the powers of its
class and of its traits together; and a blockade (G15). Part of the frozen
definitions (defs.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .defs import UnitFilter


@dataclass(frozen=True, slots=True)
class Power:
    move: int = 0  # G11: spaces more for a group holding such a unit
    # G12: (filter, bonus): +bonus to its side's total in a battle where the
    # enemy stack holds a unit matching the filter
    against: tuple[tuple[UnitFilter, int], ...] = ()
    ignores_forts: bool = False  # G13: the enemy's fortifications count 0 Force
    # G23: the units it fights (none: every unit); it counts, and is hit, only
    # in a battle against one of them
    fights: tuple[UnitFilter, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.move or self.against or self.ignores_forts or self.fights)

    def joined(self, other: Power) -> Power:
        """Both together: the larger movement bonus, every battle bonus, what
        either fights."""
        return Power(max(self.move, other.move), self.against + other.against,
                     self.ignores_forts or other.ignores_forts, self.fights + other.fights)


@dataclass(frozen=True, slots=True)
class Blockade:
    """G15: an enemy unit matching one of `by` in a revenue territory of one of
    `kinds`, or (`adjacent`) in a neighbour of it, halves its revenue."""

    by: tuple[UnitFilter, ...]
    kinds: frozenset[str]
    adjacent: bool = True

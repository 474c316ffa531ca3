"""Unit filters, the one way every rule names a set of units (a class, traits,
unit ids), and what a carrier carries (docs/rules.md G2): module definitions
kept apart from defs.py, which re-exports them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .defs import UnitDef


@dataclass(frozen=True, slots=True)
class UnitFilter:
    """Matches units of any of `classes` (empty: any) having all of `traits`,
    and, when `units` names unit ids, only units of those ids (either side's:
    an id is unique within its side, RULINGS X3; docs/rules.md G20)."""

    classes: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    units: frozenset[str] = frozenset()

    def matches(self, unit: UnitDef) -> bool:
        if self.classes and unit.cls not in self.classes:
            return False
        return self.traits <= unit.traits and (not self.units or unit.id in self.units)

    def to_data(self) -> dict[str, list[str]]:
        """The module file's form, for `module show --json`."""
        out = {"class": sorted(self.classes), "traits": sorted(self.traits)}
        if self.units:
            out["units"] = sorted(self.units)
        return out

    def words(self, classes: dict[str, str], traits: dict[str, tuple[str, str]]) -> str:
        """The units it matches, in the module's words: "Cavalry or Elephants with
        Armour", "units with Bombardment", "any unit"."""
        if self.units:  # G20: the ids say more than any class they belong to
            kinds = " or ".join(sorted(self.units))
        else:
            kinds = " or ".join(classes.get(c, c) for c in sorted(self.classes)) or "units"
        if not self.traits:
            return kinds if self.classes or self.units else "any unit"
        return f"{kinds} with " + " and ".join(traits.get(t, (t, ""))[0]
                                               for t in sorted(self.traits))


@dataclass(frozen=True, slots=True)
class Carry:
    """What the units of a class carry across territories they may not enter
    themselves (docs/rules.md G2): up to `capacity` units matching `cargo`;
    with `ferry`, also from where they stand: a group next to them crosses
    their territory and lands beyond it (G17)."""

    capacity: int
    cargo: UnitFilter = field(default_factory=UnitFilter)
    ferry: bool = False

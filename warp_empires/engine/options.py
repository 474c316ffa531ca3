"""Which optional rules a game plays with (RULINGS O1-O5).

A game turns options on by id in `State.options["optional"]`; each is offered
by the module (`Module.options`), which also holds its numbers. Off unless
turned on: the standard game plays as the rulings say without them.
"""

from __future__ import annotations

from collections.abc import Iterable

from warp_empires.module.defs import Module, OptionDef

from .state import State

KEY = "optional"
# The optional rules this version plays; a module may describe more (its data
# is read and checked), and those are not offered until the core has them.
PLAYABLE = ("interception", "withdrawal", "attrition", "initiative", "repair_hangar")


def offered(module: Module) -> list[str]:
    """The module's optional rules that a game can turn on, in module order."""
    return [name for name in module.options if name in PLAYABLE]


def option(s: State, name: str) -> OptionDef | None:
    """The module's settings of option `name` when this game plays with it."""
    chosen = s.options.get(KEY)
    if chosen and name in chosen:
        return s.module.options.get(name)
    return None


def check(module: Module, names: Iterable[str]) -> list[str]:
    """The options as a game stores them (sorted, no repeats); ValueError with
    one line when the module does not offer one of them."""
    out = sorted(set(names))
    for name in out:
        if name not in offered(module):
            listed = ", ".join(offered(module)) or "none"
            raise ValueError(f"module {module.id} has no optional rule '{name}' "
                             f"(it offers: {listed})")
    return out

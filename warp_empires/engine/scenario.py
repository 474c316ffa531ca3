"""Scenarios (docs/rules.md G3): a game may play one of its module's
scenarios instead of the module's own setup. The game's options name it
(`options["scenario"]`, so that a save replays it); the game's state then
holds the module as that scenario sets it up: its setups, who plays first
(or a die for it) and its victories. A game without the key plays the
module's own setup: saves made before scenarios existed load as they were."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from warp_empires.module.defs import Module

from .per_module import PerModule

KEY = "scenario"

# per module, by scenario id: the module as the scenario has it, one per
# scenario, so that the engine's tables are built once (tables.tables); for
# as long as the module lives (per_module.py)
_CACHE: PerModule[Module] = PerModule()


def played(module: Module, options: dict[str, Any]) -> Module:
    """The module as a game with these options plays it."""
    name = options.get(KEY)
    if not name:
        return module
    own = _CACHE.of(module)
    if name in own:
        return own[name]
    sc = module.scenario_by_id(name)
    rules = replace(module.rules, first_side=sc.first_side, first_roll=sc.first_roll)
    if sc.limit is not None:  # docs/rules.md G4
        rules = replace(rules, turn_limit=sc.limit[0], limit_score=sc.limit[1],
                        limit_tie=sc.limit[2])
    derived = replace(module, setup=sc.setup, victory=sc.victory or module.victory,
                      rules=rules)
    own[name] = derived
    return derived


def check(module: Module, name: object) -> str:
    """A scenario a game may play; ValueError with one line otherwise."""
    ids = [sc.id for sc in module.scenarios]
    if type(name) is not str or name not in ids:
        listed = ", ".join(ids) or "none"
        raise ValueError(f"module {module.id} has no scenario {name!r:.40} "
                         f"(it offers: {listed})")
    return name

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
# The edition of the rules a game was started under, kept in its options so
# that a save replays under the rules it was played by. Edition 1: the rules
# before RULINGS Z2, M8 and the revised O1-O3, O5, O6; edition 2: after them.
# A game's options without the key are of the current edition (saves older
# than the key are given edition 1 by their migration, saves/migrate.py).
RULES_KEY = "rules"
RULES = 2
# The optional rules this version plays; a module may describe more (its data
# is read and checked), and those are not offered until the core has them.
PLAYABLE = ("interception", "withdrawal", "attrition", "initiative", "repair_hangar",
            "advance")  # docs/rules.md G16


def edition(s: State) -> int:
    """The edition of the rules this game plays by (see RULES)."""
    return int(s.options.get(RULES_KEY, RULES))


def check_edition(value: object) -> int:
    """A stored edition; ValueError with one line unless it is one this
    program plays."""
    if type(value) is not int or not 1 <= value <= RULES:
        raise ValueError(f"rules edition {value!r:.20} is not one this program plays "
                         f"(1 to {RULES})")
    return value


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


# What a game's options may hold, each with its type: anything else is a
# mistake to say at once (issue: {"interception": True} was silently ignored,
# so the game played without it).
GAME_KEYS: dict[str, type] = {KEY: list, "seeded": bool, "open_hands": bool, RULES_KEY: int,
                              # the edition a game was carried over from (saves/carry.py)
                              "carried": int,
                              # the position file a game started from: its name and
                              # sha256 (engine/staging.py, docs/positions.md)
                              "position": dict,
                              # the module's scenario it plays (engine/scenario.py)
                              "scenario": str}


def check_keys(module: Module, options: dict[str, object]) -> None:
    """ValueError with one line for a key a game's options may not hold, or
    one of the wrong type."""
    for key, value in options.items():
        kind = GAME_KEYS.get(key) if type(key) is str else None
        if kind is None:
            hint = (f"; optional rules are listed under '{KEY}': "
                    f"{{'{KEY}': ['{key}']}}" if key in offered(module) else "")
            raise ValueError(f"unknown game option {key!r:.40} (known: "
                             f"{', '.join(GAME_KEYS)}){hint}")
        if type(value) is not kind:
            raise ValueError(f"game option {key!r} must be a {kind.__name__}, "
                             f"not {type(value).__name__}")

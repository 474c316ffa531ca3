"""The generic Warp Empires rules engine. See docs/engine-api.md.

The names below are loaded when first used (PEP 562): a program that needs
one small part of the engine at start-up (the title screen reads saves, whose
action record is engine.record) does not load all of the rules with it. No
module of this package is named like one of these names, so that importing a
module never hides a name (`view` the function lives in views.py).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# name -> the module of this package that defines it
_WHERE = {
    "Action": "actions", "parse_action": "actions", "short_text": "actions",
    "Prompt": "api", "apply": "api", "can_undo": "api", "decider": "api",
    "legal_actions": "api", "prompt": "api", "seen_prompt": "api", "undo_depth": "api",
    "only_payment": "payment", "taken_whole": "payment",
    "whole_selection": "payment",
    "describe_action": "describe",
    "IllegalAction": "errors",
    "Game": "game",
    "setup": "start",
    "State": "state",
    "position_from_text": "text", "position_text": "text",
    "view": "views",
    "View": "viewtypes",
}

if TYPE_CHECKING:
    from .actions import Action, parse_action, short_text
    from .api import (
        Prompt,
        apply,
        can_undo,
        decider,
        legal_actions,
        prompt,
        seen_prompt,
        undo_depth,
    )
    from .describe import describe_action
    from .errors import IllegalAction
    from .game import Game
    from .payment import only_payment, taken_whole, whole_selection
    from .start import setup
    from .state import State
    from .text import position_from_text, position_text
    from .views import view
    from .viewtypes import View


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{where}", __name__), name)
    globals()[name] = value  # looked up once
    return value


__all__ = [
    "Action", "Game", "IllegalAction", "Prompt", "State", "View", "apply", "can_undo", "decider",
    "describe_action", "legal_actions", "only_payment", "parse_action", "position_from_text",
    "position_text", "prompt", "seen_prompt", "setup", "short_text", "taken_whole", "undo_depth",
    "view", "whole_selection",
]

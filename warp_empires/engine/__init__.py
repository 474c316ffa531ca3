"""The generic Warp Empires rules engine. See docs/engine-api.md."""

from .actions import Action, parse_action, short_text
from .api import Prompt, apply, can_undo, decider, legal_actions, prompt
from .battle import only_payment
from .describe import describe_action
from .errors import IllegalAction
from .game import Game
from .setup import setup
from .state import State
from .text import position_from_text, position_text
from .view import view

__all__ = [
    "Action", "Game", "IllegalAction", "Prompt", "State", "apply", "can_undo", "decider",
    "describe_action", "legal_actions", "only_payment", "parse_action", "position_from_text",
    "position_text", "prompt", "setup", "short_text", "view",
]

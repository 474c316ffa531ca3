"""The controller's vocabulary: which keys it takes, what a key can do now
(`Mode`), and the messages it leaves for the screen. Kept apart so that the
screens and the tests can name them without the controller's machinery."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

# Shared decisions always taken on the shared screen (hot seat): the other
# person watches them, so they are never taken on a private screen.
WATCHED = frozenset({"casualty", "retreat"})

# Where the app takes decisions with one sensible answer that the rules do
# not force (present.suggest.evident_move): told apart from "the only choice".
EVIDENT_KINDS = frozenset({"move_from", "move_units"})

# The actions that close a selection all sit on `c`; `d` and `f` still work.
CONFIRM_KEYS = (("draw", "Draw", "d"), ("done", "Done", "f"), ("confirm", "Confirm", ""))
CONFIRMING = frozenset(verb for verb, _label, _alias in CONFIRM_KEYS)

# Bare verbs get a letter of their own.
VERB_KEYS = {
    "pass": ("p", "Pass"), "end": ("e", "End phase"), "stop": ("s", "Stop"),
    "back": ("b", "Back"), "hand": ("h", "Look at hand"),
    "spend": ("x", "Spend a point"),  # docs/rules.md G9: a module's pool of battle points
}
_VERB_OF_KEY = {key: verb for verb, (key, _label) in VERB_KEYS.items()}
_CONFIRM_OF_KEY = {alias: verb for verb, _label, alias in CONFIRM_KEYS if alias}

# Rows that a number key can reach (a third digit is never needed).
MAX_TYPED_ROW = 99

# The keys the controller gives a meaning; the rest belong to the widgets
# (arrows, paging, Tab) or the app (save, help, quit).
DIGITS = frozenset("0123456789")
KEYS = DIGITS | {"enter", "escape", "c", "a", "u", "P"} | set(_VERB_OF_KEY) | set(_CONFIRM_OF_KEY)


class Mode(Enum):
    """What the person at this keyboard can do now."""

    DECIDING = "deciding"  # a decision of theirs is shown: keys act on its rows
    HANDOVER = "handover"  # hot seat: the keyboard passes to the other person
    WATCHING = "watching"  # the other side decides (a computer, or a person elsewhere)
    SERVER = "server"  # a decision of theirs is on its way to the server
    OVER = "over"  # the game has ended


@dataclass(frozen=True)
class Handover:
    """The hot seat's hand-over card: who takes the keyboard, what they are
    to decide, and the public lines of what happened since their last
    decision (RULINGS H5, H6)."""

    side: int
    reason: str
    news: list[tuple[str, str]]
    # its person may pass a battle card from the card itself, `p` or `P`,
    # without their screen being shown (tui/standing_pass.py)
    passes: bool = False


@dataclass(frozen=True)
class Notice:
    """A passing message for the person (the screen shows it for a while)."""

    text: str
    severity: str = "information"
    timeout: float = 3.0


@dataclass(frozen=True)
class Note:
    """A line of the front end's own for the log (a decision taken for a
    person), and where it goes: before the log's event number `at`, the
    first of what it led to (None: after the latest)."""

    text: str
    at: int | None = None
    # written again whenever the log is (a resize, an undo, a hand-over):
    # only for what any viewer may read (a side's victory conditions); a
    # decision taken for a person is not, as it may tell of their hand
    keep: bool = False


def undo_refused(events: list[dict[str, Any]]) -> str:
    """Why `u` takes nothing back, naming the event undo stops at: the latest
    of the side's own log `events` (RULINGS Z1; its own only: H9)."""
    rule = "undo stops at anything the other side was shown or did, and at a card draw or die roll"
    if not events:
        return f"Nothing to take back: {rule}."
    return f"Nothing to take back since \u201c{events[-1]['text']}\u201d: {rule}."

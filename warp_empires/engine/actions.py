"""Actions and their readable text form.

An action is a tuple: a verb, then at most one int argument (a territory, a
card kind or a chit, depending on the verb). The short text form is
`verb arg` with the argument as an int or an id (`to hoth`, `play
tactical_move`, `pick 3`); the long form, from `describe.describe_action`, is
what players read.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction

Action = tuple[Any, ...]

TERRITORY_VERBS = frozenset({"start", "from", "to", "battle", "retreat", "place", "intercept"})
CARD_VERBS = frozenset({"play"})
CHIT_VERBS = frozenset({"top"})
# pick and unpick name an item of the open selection by its index (pending.Selection)
ITEM_VERBS = frozenset({"pick", "unpick"})
# "target" takes a territory or a chit, depending on the card being played.
BARE_VERBS = frozenset({"draw", "end", "stop", "back", "hand", "pass", "done", "confirm",
                        "arrange", "resign", "undo", "withdraw", "fight", "decline", "on",
                        "halt", "spend"})
VERBS = TERRITORY_VERBS | CARD_VERBS | CHIT_VERBS | ITEM_VERBS | BARE_VERBS | {"target"}


ARITY = {verb: 0 if verb in BARE_VERBS else 1 for verb in VERBS}


def check_shape(action: Any) -> Action:
    """Normalises a list (as read from msgpack) to a tuple, or raises 'malformed'."""
    if type(action) is tuple and action and type(action[0]) is str \
            and ARITY.get(action[0]) == len(action) - 1 \
            and (len(action) == 1 or type(action[1]) is int):
        return action  # the common case, checked without building anything
    if isinstance(action, list):
        action = tuple(action)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str) \
            or action[0] not in VERBS:
        raise IllegalAction(f"malformed action {action!r}", "malformed")
    verb = action[0]
    want = 0 if verb in BARE_VERBS else 1
    if len(action) != want + 1 or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in action[1:]):
        raise IllegalAction(f"malformed action {action!r}: '{verb}' takes {want} int argument"
                            f"{'s' if want != 1 else ''}", "malformed")
    return action


def short_text(action: Action) -> str:
    """The compact form: 'to 17', 'pass'."""
    return " ".join(str(x) for x in action)


def parse_action(module: Any, text: str) -> Action:
    """Reads the short form back: 'verb arg', the arg an int or a territory or
    card id; `parse_action(m, short_text(a)) == a` for every action."""
    parts = text.split()
    if not parts:
        raise IllegalAction("empty action text", "malformed")
    verb = parts[0]
    if verb not in VERBS:
        raise IllegalAction(f"unknown verb '{verb}'", "malformed")
    if len(parts) == 1:
        return check_shape((verb,))
    if len(parts) != 2:
        raise IllegalAction(f"'{text}': one argument at most", "malformed")
    raw = parts[1]
    if raw.lstrip("-").isdigit():
        return check_shape((verb, int(raw)))
    if verb in CARD_VERBS:
        for c in module.cards:
            if c.id == raw:
                return (verb, c.index)
    for t in module.map.territories:
        if t.id == raw:
            return (verb, t.index)
    raise IllegalAction(f"'{text}': no territory or card with id '{raw}'", "malformed")

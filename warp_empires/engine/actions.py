"""Actions and their readable text form.

An action is a tuple: a verb, then at most one int argument (a territory, a
card kind or a chit, depending on the verb). The short text form is
`verb arg` with the argument as an int or an id (`to hoth`, `play
tactical_move`, `add 57`); the long form from `describe_action` is what players
read.
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction

Action = tuple[Any, ...]

TERRITORY_VERBS = frozenset({"start", "from", "to", "battle", "retreat", "place"})
CARD_VERBS = frozenset({"discard", "play"})
CHIT_VERBS = frozenset({"top", "add", "lose", "buy", "disband"})
# "target" takes a territory or a chit, depending on the card being played.
BARE_VERBS = frozenset({"draw", "end", "stop", "back", "hand", "pass", "done", "resign"})
VERBS = TERRITORY_VERBS | CARD_VERBS | CHIT_VERBS | BARE_VERBS | {"target"}


def check_shape(action: Any) -> Action:
    """Normalises a list (as read from msgpack) to a tuple, or raises 'malformed'."""
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


PHRASES = {
    "start": "start at {t}",
    "discard": "discard {k}",
    "draw": "draw cards",
    "play": "play {k}",
    "top": "put {c} on top",
    "end": "end the Move phase",
    "from": "move a group from {t}",
    "stop": "stop moving with this card",
    "back": "choose another group",
    "add": "add {c} to the group",
    "to": "move the group to {t}",
    "hand": "look at the enemy hand",
    "battle": "fight the battle at {t}",
    "pass": "pass",
    "lose": "lose {c}",
    "retreat": "retreat to {t}",
    "buy": "buy {c} ({cost})",
    "place": "place at {t}",
    "done": "finish recruiting",
    "disband": "disband {c}",
    "resign": "resign",
}


def describe_action(module: Any, state: Any, action: Action) -> str:
    """What a player reads for this action, e.g. 'move the group to Hoth'."""
    verb = action[0]
    arg = action[1] if len(action) > 1 else None
    if verb == "target":
        return "target " + _target_name(state, arg)
    phrase = PHRASES[verb]
    if verb == "lose" and state.battle and state.battle["picker"] != state.side_of(arg):
        phrase = "eliminate {c}"  # the winner picks the loser's first loss (RULINGS B7)
    fields: dict[str, str] = {}
    if verb in TERRITORY_VERBS:
        fields["t"] = module.map.territories[arg].name
    elif verb in CARD_VERBS:
        fields["k"] = module.cards[arg].name
    elif verb in CHIT_VERBS:
        unit = module.units[state.chits[arg]]
        fields["c"] = unit.name
        fields["cost"] = str(unit.force)
    return phrase.format(**fields)


def _target_name(state: Any, arg: int) -> str:
    if state.pend.get("targets") == "chit":
        return state.module.units[state.chits[arg]].name
    return state.module.map.territories[arg].name


def short_text(action: Action) -> str:
    """The compact form: 'to 17', 'pass'."""
    return " ".join(str(x) for x in action)


def parse_action(module: Any, text: str) -> Action:
    """Reads 'verb arg', the arg an int or a territory/card id."""
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

"""What a player reads for an action: 'move the group to Alpha', 'buy Cruiser (4)'."""

from __future__ import annotations

from typing import Any

from .actions import CARD_VERBS, TERRITORY_VERBS, Action
from .api import STEPS
from .battle import captured_if_lost, claim_lost_if_lost
from .cards import target_type
from .economy import claim_lost_if_disbanded
from .steps import SelectStep

PHRASES = {
    "start": "start at {t}",
    "draw": "draw cards",
    "play": "play {k}",
    "top": "put {c} on top",
    "end": "end the Move phase",
    "arrange": "arrange a stack (choose its top unit)",
    "from": "move a group from {t}",
    "stop": "stop moving with this card",
    "back": "choose another group",
    "to": "move the group to {t}",
    "hand": "look at the enemy hand",
    "battle": "fight the battle at {t}",
    "pass": "pass",
    "retreat": "retreat to {t}",
    "withdraw": "try to withdraw",
    "fight": "fight",
    "intercept": "intercept from {t}",
    "decline": "let the group be",
    "on": "move the group on",
    "halt": "stop the group here",
    "spend": "spend {p}: +1 to your total ({n} left after)",
    "place": "place at {t}",
    "undo": "take back the last decision",
    "resign": "resign",
}

# What picking an item of each kind of selection does, and confirming it.
PICK = {
    "predraw_discard": "discard {x}",
    "discard_down": "discard {x}",
    "move_units": "move {x} with the group",
    "recruit": "buy {x} ({cost})",
    "casualty": "lose {x}",
    "upkeep": "disband {x}",
    "attrition": "lose {x}",
}
CONFIRM = {
    "predraw_discard": "discard the picked cards and draw",
    "discard_down": "discard the picked cards",
    "recruit": "buy the picked units and finish recruiting",
    "casualty": "lose the picked units",
    "upkeep": "disband the picked units",
    "attrition": "lose the picked units",
}


def describe_action(module: Any, state: Any, action: Action) -> str:
    """What a player reads for this action in the current position."""
    verb = action[0]
    arg = action[1] if len(action) > 1 else None
    step = state.step
    if verb in ("pick", "unpick"):
        text = _pick_text(state, action[1])
        return text if verb == "pick" else f"unpick: {text}"
    if verb == "confirm" or (verb == "draw" and state.step == "predraw_discard"
                             and state.pend.picked):
        text = CONFIRM.get(step, "confirm")
        if step == "casualty" and _eliminating(state):
            # a leader the winner takes is captured, not eliminated (RULINGS B9;
            # play-test: a leader's row read "capture", the confirming row "eliminate")
            casualty = STEPS[step]
            assert isinstance(casualty, SelectStep)
            sel = casualty.selection(state)
            # nothing picked yet: as the units that may be picked would be
            # (play-test: "eliminate" over a list of captures only)
            taken = [sel.items[i] for i in sel.picked] or list(sel.items)
            fates = {captured_if_lost(state, c) for c in taken}
            # play-test 16: "eliminate" under a list where row 1 read "capture"
            word = "capture or eliminate" if len(fates) == 2 else \
                "capture" if True in fates else "eliminate"
            text = f"{word} the picked unit"
        return text
    if verb == "done":
        if step != "recruit":
            return "leave the stacks as they are"
        if not state.pend.offer.picked:
            return "buy nothing and finish recruiting"
        return CONFIRM["recruit"]
    if verb == "target":
        if target_type(state) == "chit":
            return "target " + module.units[state.chits[arg]].name
        return "target " + module.map.territories[arg].name
    if verb == "start":
        # play-test: a $1 start meant a disband at the first Upkeep, unseen
        where = module.map.territories[arg]
        return f"start at {where.name} (revenue {where.revenue})"
    fields: dict[str, str] = {}
    if verb in TERRITORY_VERBS:
        fields["t"] = module.map.territories[arg].name
    elif verb in CARD_VERBS:
        fields["k"] = module.cards[arg].name
    elif verb == "top":
        fields["c"] = module.units[state.chits[arg]].name
    elif verb == "spend":  # docs/rules.md G9
        fields["p"] = module.rules.points_name
        fields["n"] = str(state.points[state.fight().turn] - 1)
    return PHRASES[verb].format(**fields)


def _eliminating(state: Any) -> bool:
    """The winner picks the loser's first loss (RULINGS B7)."""
    b = state.battle
    return b is not None and b.stage == "loser" and b.picker != b.loser


def _pick_text(state: Any, i: int) -> str:
    step = STEPS[state.step]
    assert isinstance(step, SelectStep)
    item = step.selection(state).items[i]
    m = state.module
    if state.step in ("predraw_discard", "discard_down"):
        return PICK[state.step].format(x=m.cards[item].name)
    unit = m.units[state.chits[item]]
    if state.step == "casualty":
        # RULINGS B9: say so before a leader is lost to the enemy for good.
        captured = captured_if_lost(state, item)
        # RULINGS K2: and before the winner's claim on the territory goes
        # (short: with the Force note a row must fit 80 columns, play-test)
        claim = " (last here able to take control)" \
            if claim_lost_if_lost(state, item) else ""
        if _eliminating(state):  # the winner picks (play-test: "eliminate X (captured)")
            return f"{'capture' if captured else 'eliminate'} {unit.name}{claim}"
        return f"lose {unit.name}{' (captured)' if captured else ''}{claim}"
    text = PICK[state.step].format(x=unit.name, cost=unit.force)
    if state.step == "upkeep" and claim_lost_if_disbanded(state, item):
        text += " (last here able to take control)"  # RULINGS K2
    return text


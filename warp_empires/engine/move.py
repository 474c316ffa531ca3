"""The Move phase: move cards moving groups, the top unit of stacks, and the
non-battle cards played here (RULINGS M1-M8, H2)."""

from __future__ import annotations

from . import cards
from .actions import Action
from .board import distinct_by_type, log, reachable, stack_move, unit_names
from .cards import playable
from .state import State


def move_legal(s: State) -> list[Action]:
    side = s.active
    acts: list[Action] = [("play", k) for k in playable(s, side, "move")]
    acts.extend(("play", k) for k in playable(s, side, "action"))
    chits = s.chits
    for stack in s.stacks[side]:
        if len(stack) > 1:
            top_type = chits[stack[0]]
            acts.extend(("top", c) for c in distinct_by_type(s, stack[1:])
                        if chits[c] != top_type)
    acts.append(("end",))
    return acts


def move_check(s: State, a: Action) -> bool:
    """`a in move_legal(s)`, without listing every top-unit choice: replaying a
    save checks each action, and the Move step is the one with long lists."""
    verb = a[0]
    if verb == "end":
        return True
    if verb == "play":
        return a[1] in playable(s, s.active, "move") or a[1] in playable(s, s.active, "action")
    if verb != "top" or not 0 <= a[1] < len(s.chits) or s.side_of(a[1]) != s.active:
        return False
    t = s.where(a[1])
    if t < 0:
        return False
    stack = s.stacks[s.active][t]
    top_type = s.chits[stack[0]]
    return a[1] in distinct_by_type(s, stack[1:]) and s.chits[a[1]] != top_type


def move_do(s: State, a: Action) -> None:
    from . import flow

    side = s.active
    verb = a[0]
    if verb == "end":
        log(s, f"{s.says(side, 'end')} the Move phase.", kind="phase")
        flow.end_move(s)
        return
    if verb == "top":
        chit = a[1]
        t = s.where(chit)
        stack = s.stacks[side][t]
        stack.remove(chit)
        stack.insert(0, chit)
        log(s, f"You put {s.unit(chit).name} on top at {s.territory_name(t)}.", to=side,
            kind="top")
        return
    kind = a[1]
    card = s.module.cards[kind]
    s.hands[side].remove(kind)
    s.discard.append(kind)
    log(s, f"{s.says(side, 'play')} {card.name}.", kind="card")
    if card.timing == "move":
        s.pend = {"card": kind, "left": card.effect.amount, "moved": []}
        s.step = "move_from"
        return
    cards.start(s, side, kind)


def movable_sources(s: State) -> list[int]:
    moved = s.pend["moved"]
    units = s.module.units
    enemy = s.stacks[1 - s.active]
    out = []
    for t, stack in enumerate(s.stacks[s.active]):
        if enemy[t]:
            continue  # engaged: it entered an enemy stack and stays for the battle (M2)
        if any(c not in moved and units[s.chits[c]].move > 0 for c in stack):
            out.append(t)
    return out


def move_from_legal(s: State) -> list[Action]:
    acts: list[Action] = [("from", t) for t in movable_sources(s)]
    acts.append(("stop",))
    return acts


def move_from_do(s: State, a: Action) -> None:
    if a[0] == "stop":
        _card_done(s)
        return
    s.pend["from"] = a[1]
    s.pend["sel"] = []
    s.step = "move_units"


def _eligible(s: State) -> list[int]:
    moved, sel = s.pend["moved"], s.pend["sel"]
    units = s.module.units
    return [c for c in s.stacks[s.active][s.pend["from"]]
            if c not in moved and c not in sel and units[s.chits[c]].move > 0]


def move_units_legal(s: State) -> list[Action]:
    acts: list[Action] = [("add", c) for c in distinct_by_type(s, _eligible(s))]
    sel = s.pend["sel"]
    if sel:
        acts.extend(("to", t) for t in reachable(s, s.active, s.pend["from"], stack_move(s, sel)))
    acts.append(("back",))
    return acts


def move_units_do(s: State, a: Action) -> None:
    verb = a[0]
    if verb == "add":
        s.pend["sel"].append(a[1])
        return
    if verb == "back":
        s.pend.pop("from")
        s.pend.pop("sel")
        s.step = "move_from"
        return
    side = s.active
    src, dst, sel = s.pend.pop("from"), a[1], s.pend.pop("sel")
    stack = s.stacks[side][src]
    for c in sel:
        stack.remove(c)
    # RULINGS H2: the group's first unit goes on top of the stack it forms or joins.
    s.stacks[side][dst][:0] = sel
    s.pend["moved"].extend(sel)
    s.pend["left"] -= 1
    src_name, dst_name = s.territory_name(src), s.territory_name(dst)
    log(s, f"You move {unit_names(s, sel)} from {src_name} to {dst_name}.", to=side, kind="move")
    log(s, f"{s.says(side, 'move')} a group of {len(sel)} from {src_name} to {dst_name}.",
        to=1 - side, kind="move")
    if s.pend["left"] <= 0 or not movable_sources(s):
        _card_done(s)
    else:
        s.step = "move_from"


def _card_done(s: State) -> None:
    s.pend = {}
    s.step = "move"

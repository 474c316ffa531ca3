"""The Move phase: move cards moving groups, arranging stacks, and the
non-battle cards played here (RULINGS M1-M9, H2)."""

from __future__ import annotations

from . import advance, cards, interception
from .actions import Action
from .board import (
    log,
    log_pair,
    move_group,
    occupied,
    reachable,
    stack_move,
    to_top,
    unit_names,
)
from .decks import discard_of
from .options import option
from .passage import chits_passage
from .pending import MovePhase, Moving, Selection
from .powers import may_move, may_start
from .state import State
from .steps import SelectStep, Step


def begin_move(s: State) -> None:
    s.phase = "move"
    s.step = "move"
    s.pend = MovePhase()


def _can_arrange(s: State) -> bool:
    chits = s.chits
    for stack in filter(None, s.stacks[s.active]):  # the empty ones skipped in C
        if len(stack) > 1:
            top = chits[stack[0]]
            for c in stack:
                if chits[c] != top:
                    return True
    return False


class MoveStep(Step):
    kind = "move"

    def legal(self, s: State) -> list[Action]:
        side = s.active
        hand = s.hands[side]
        acts: list[Action] = []
        if hand:
            when = s.tab.card_timing[side]
            kinds = sorted(set(hand))
            moves = [k for k in kinds if when[k] == "move"]
            if moves and cards.any_mobile(s, side):  # one look serves every move card
                acts.extend(("play", k) for k in moves)
            acts.extend(("play", k) for k in kinds if when[k] == "action"
                        and cards.has_effect(s, side, k))
        if _can_arrange(s):
            acts.append(("arrange",))
        acts.append(("end",))
        return acts

    def check(self, s: State, a: Action) -> bool:
        verb = a[0]
        if verb == "end":
            return len(a) == 1
        if verb == "arrange":
            return _can_arrange(s)
        if verb != "play":
            return False
        k = a[1]
        return k in s.hands[s.active] and (cards.can_play(s, s.active, k, "move")
                                           or cards.can_play(s, s.active, k, "action"))

    def do(self, s: State, a: Action) -> str | None:
        side = s.active
        verb = a[0]
        if verb == "end":
            if s.log is not None:
                log(s, f"{s.says(side, 'end')} the Move phase.", kind="phase")
            return "move_over"
        if verb == "arrange":
            s.step = "arrange"
            return None
        kind = a[1]
        card = s.module.cards[kind]
        s.hands[side].remove(kind)
        discard_of(s, side).append(kind)
        if s.log is not None:
            log(s, f"{s.says(side, 'play')} {card.name}.", kind="card")
        if card.timing == "move":
            s.pend = Moving(kind, card.effect.amount, s.pend.engaged)
            s.step = "move_from"
            return None
        return cards.start(s, side, kind)

    def text(self, s: State) -> str:
        return "Move phase: play a move or other card, arrange a stack, or end the phase."

    def forced(self, s: State, legal: list[Action]) -> bool:
        # Only "end" is left, and everyone can see so (RULINGS H9): no card in
        # hand, and no stack of two units (whether one could be arranged turns
        # on the units below its top, which are secret).
        return (len(legal) == 1 and not s.hands[s.active]
                and all(len(st) < 2 for st in s.stacks[s.active]))


class Arrange(Step):
    """Changing the top unit of a stack (RULINGS H2): a step of its own."""

    kind = "arrange"

    def legal(self, s: State) -> list[Action]:
        types = s.chits
        acts: list[Action] = []
        for stack in filter(None, s.stacks[s.active]):  # the empty ones skipped in C
            if len(stack) > 1:
                top = types[stack[0]]  # the top's own type is no change
                lowest: dict[int, int] = {}  # the lowest chit of each other type
                for c in stack:
                    t = types[c]
                    if t != top and (t not in lowest or c < lowest[t]):
                        lowest[t] = c
                if lowest:
                    acts.extend(("top", c) for c in sorted(lowest.values()))
        acts.append(("done",))
        return acts

    def check(self, s: State, a: Action) -> bool:
        if a[0] == "done":
            return len(a) == 1
        if a[0] != "top" or not 0 <= a[1] < len(s.chits) or s.tab.chit_side[a[1]] != s.active:
            return False
        t = s.where(a[1])
        if t < 0:
            return False
        stack, types = s.stacks[s.active][t], s.chits
        # one chit per unit type is offered (the lowest), never the top's type
        return types[a[1]] != types[stack[0]] and a[1] == min(
            c for c in stack if types[c] == types[a[1]])

    def do(self, s: State, a: Action) -> str | None:
        s.step = "move"
        if a[0] == "done":
            return None
        chit = a[1]
        t = s.where(chit)
        to_top(s, s.active, t, chit)
        if s.log is None:
            return None
        log_pair(s, s.active, f"You put {s.unit(chit).name} on top at {s.territory_name(t)}.",
                 f"{s.says(s.active, 'change')} the top unit at {s.territory_name(t)}.", "top")
        return None

    def text(self, s: State) -> str:
        return "Arrange: choose the unit to show on top of its stack, or leave them as they are."


def _card_name(s: State) -> str:
    return s.module.cards[s.pend.card].name


def _mobile(s: State, p: Moving, t: int) -> list[int]:
    """Units at t that may move now: mobile, not moved under this card (M7) and
    not engaged by entering an enemy stack this phase (M9)."""
    mobile, moved, engaged = s.tab.chit_mobile, p.moved, p.engaged
    return [c for c in s.stacks[s.active][t]
            if mobile[c] and c not in moved and c not in engaged]


def movable_sources(s: State) -> list[int]:
    p = s.pend
    mobile, moved, engaged = s.tab.chit_mobile, p.moved, p.engaged
    row = s.stacks[s.active]
    out = []
    for t in occupied(row):
        for c in row[t]:
            if mobile[c] and c not in moved and c not in engaged:
                out.append(t)
                break
    if s.module.rules.move_needs:  # docs/rules.md G14: a group needs one such unit
        out = [t for t in out if may_start(s.module, [s.chits[c] for c in _mobile(s, p, t)])]
    return out


class MoveFrom(Step):
    kind = "move_from"

    def legal(self, s: State) -> list[Action]:
        acts: list[Action] = [("from", t) for t in movable_sources(s)]
        acts.append(("stop",))
        return acts

    def check(self, s: State, a: Action) -> bool:
        if a[0] == "stop":
            return len(a) == 1
        return (a[0] == "from" and 0 <= a[1] < len(s.control)
                and bool(_mobile(s, s.pend, a[1]))
                and (not s.module.rules.move_needs or a[1] in movable_sources(s)))

    def do(self, s: State, a: Action) -> str | None:
        if a[0] == "stop":
            _card_done(s)
            return None
        p = s.pend
        p.src = a[1]
        p.group = Selection(_mobile(s, p, a[1]))
        s.step = "move_units"
        return None

    def text(self, s: State) -> str:
        left = s.pend.left
        return (f"{_card_name(s)}: choose where the next group starts ({left} group"
                f"{'s' if left != 1 else ''} left), or stop.")

    def owed(self, s: State) -> int:
        return s.pend.left


class MoveUnits(SelectStep):
    """Picking the group's units, then its destination (RULINGS M1-M3)."""

    kind = "move_units"

    def selection(self, s: State) -> Selection:
        return s.pend.group

    def confirm_actions(self, s: State, sel: Selection) -> list[Action]:
        acts: list[Action] = []
        if sel.picked:
            acts.extend(("to", t) for t in self._reach(s, sel))
        acts.append(("back",))
        return acts

    def _reach(self, s: State, sel: Selection) -> list[int]:
        group = sel.chosen()
        if s.module.rules.move_needs and not may_move(s.module, [s.chits[c] for c in group]):
            return []  # docs/rules.md G14: not without a unit the module names
        # docs/rules.md G1, G2: where the group may end, and pass, by its units' classes
        passage = chits_passage(s, group) if s.module.map.enter else None
        if interception.playing(s):  # RULINGS O1: not into a caught group's territory
            return interception.reach(s, s.active, s.pend.src, stack_move(s, group), passage)
        return reachable(s, s.active, s.pend.src, stack_move(s, group), passage)

    def check_confirm(self, s: State, sel: Selection, a: Action) -> bool:
        if a[0] == "back":
            return len(a) == 1
        return a[0] == "to" and bool(sel.picked) and a[1] in self._reach(s, sel)

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        p = s.pend
        if a[0] == "back":
            p.src, p.group = -1, None
            s.step = "move_from"
            return None
        side = s.active
        src, dst, group = p.src, a[1], sel.chosen()
        if s.stacks[1 - side][dst] and option(s, "advance"):  # docs/rules.md G16
            advance.record(s, side, src, dst, group, stack_move(s, group))
        path = (interception.route(s, side, src, dst, stack_move(s, group),
                                   chits_passage(s, group))
                if interception.playing(s) else [])
        if not path:
            # RULINGS H2: the group's first unit goes on top of the stack it forms or joins.
            move_group(s, side, src, dst, group)
            if s.stacks[1 - side][dst]:
                p.engaged.extend(group)  # RULINGS M9: into an enemy stack, not through it
        p.moved.extend(group)
        p.left -= 1
        p.src, p.group = -1, None
        if s.log is not None:
            src_name, dst_name = s.territory_name(src), s.territory_name(dst)
            if path:
                # RULINGS O1, H9: the other side learns where the group goes as
                # it goes (each territory it enters, where it arrives), never
                # ahead of an interception it decides (play-test: the log named
                # the destination, and the interceptor acted on it)
                log_pair(s, side, f"You move {unit_names(s, group)} from {src_name} towards "
                         f"{dst_name}.", f"{s.says(side, 'move')} a group of {len(group)} out "
                         f"of {src_name}.", "move")
            else:
                log_pair(s, side, f"You move {unit_names(s, group)} from {src_name} to "
                         f"{dst_name}.", f"{s.says(side, 'move')} a group of {len(group)} "
                         f"from {src_name} to {dst_name}.", "move")
        # RULINGS H9: the card ends by itself only when its groups are used up;
        # whether another unit could still move is the side's secret (a mobile
        # unit may hide under a fortification), so "stop" stays its decision
        if p.left <= 0:
            _card_done(s)
        else:
            s.step = "move_from"
        if path:  # RULINGS O1: territory by territory, where it may be intercepted
            at = interception.walk(s, side, src, list(group), path, s.step, s.pend)
            if s.step != "intercept":
                interception.arrived(s, side, len(group), at)
        return None

    def text(self, s: State) -> str:
        where = s.territory_name(s.pend.src)
        group = s.pend.group.chosen()
        if not group:
            return f"{_card_name(s)}: pick units for the group leaving {where}."
        spaces = stack_move(s, group)
        more = "" if len(group) == len(s.pend.group.items) else "Pick more units, or choose"
        # Three units or more are counted, not named: the ticked rows name them,
        # and a list of names pushed the question off a two-line prompt (80x24).
        who = f"is {unit_names(s, group)}" if len(group) <= 2 else f"has {len(group)} units"
        return (f"{_card_name(s)}: the group leaving {where} {who} (moves "
                f"up to {spaces}). {more or 'Choose'} its destination.")


def _card_done(s: State) -> None:
    s.pend = MovePhase(s.pend.engaged)
    s.step = "move"


STEPS = [MoveStep(), Arrange(), MoveFrom(), MoveUnits()]

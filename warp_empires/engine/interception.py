"""Interception (RULINGS O1, an optional rule): when a moving group stops in a
territory without an enemy stack but next to enemy stacks, their owner may
have them try, one at a time in the order it chooses, to catch the group: a
d6 roll of the module's number or more, +1 when only the interceptors have a
leader, -1 when only the group has. On a success the stack's mobile units move
in (a battle follows in the Battle phase) and no other stack tries.

What the enemy may not learn from this (RULINGS H9): the decision is asked
whenever an enemy stack stands next to the group, whether or not it has a
mobile unit; the prompt names the leader modifiers as rules, not as facts
about the group; the roll in the log shows what the rules reveal."""

from __future__ import annotations

from .actions import Action
from .board import log, other, put_on_top, remove_group, roll_against
from .options import option
from .pending import Intercepting
from .state import State
from .steps import Step


def begin(s: State, t: int, group: list[int]) -> None:
    """Called when the active side's group has stopped at `t`, with the
    mover's next step already set: asks the enemy when there is anyone to ask."""
    if not option(s, "interception") or not candidates(s, t, []):
        return
    s.pend = Intercepting(t, list(group), s.step, s.pend)
    s.step = "intercept"


def candidates(s: State, t: int, tried: list[int]) -> list[int]:
    """Neighbours of `t` with an enemy stack that may still try: not tried yet
    for this group move, and not pinned by a stack of the mover (our reading:
    a stack already facing a battle cannot leave it)."""
    if s.stacks[other(s.active)][t]:
        return []  # the group stopped on an enemy stack: a battle already follows
    mine, theirs = s.stacks[s.active], s.stacks[other(s.active)]
    return [n for n in s.module.map.territories[t].neighbours
            if theirs[n] and not mine[n] and n not in tried]


def _mobile(s: State, t: int) -> tuple[int, ...]:
    mobile = s.tab.chit_mobile
    return tuple(c for c in s.stacks[other(s.active)][t] if mobile[c])


def modifiers(s: State, t: int) -> list[tuple[int, str]]:
    p = s.pend
    leader = [any(s.unit(c).is_leader for c in group) for group in (_mobile(s, t), p.group)]
    if leader[0] and not leader[1]:
        return [(1, "only the interceptors have a leader")]
    if leader[1] and not leader[0]:
        return [(-1, "only the moving group has a leader")]
    return []


class Intercept(Step):
    kind = "intercept"

    def side(self, s: State) -> int:
        return other(s.active)

    def legal(self, s: State) -> list[Action]:
        p = s.pend
        acts: list[Action] = [("intercept", n) for n in candidates(s, p.t, p.tried)
                              if _mobile(s, n)]
        acts.append(("decline",))
        return acts

    def do(self, s: State, a: Action) -> str | None:
        p = s.pend
        side = other(s.active)
        if a[0] == "decline":
            log(s, f"{s.says(side, 'let')} the group at {s.territory_name(p.t)} be.",
                kind="move")
            return _resume(s)
        src = a[1]
        opt = option(s, "interception")
        assert opt is not None
        ok, rolled = roll_against(s, modifiers(s, src), opt.roll)
        p.tried.append(src)
        log(s, f"{s.the(side, start=True)} {s.module.sides[side].verb('try')} to intercept "
               f"from {s.territory_name(src)} into {s.territory_name(p.t)}: {rolled}: "
               f"{'success' if ok else 'failure'}.", kind="dice")
        if not ok:
            return None if candidates(s, p.t, p.tried) else _resume(s)
        going = _mobile(s, src)
        remove_group(s, side, src, going)
        put_on_top(s, side, p.t, going)  # the stack's top (or first mobile unit) leads
        k = len(going)
        log(s, f"{s.says(side, 'move')} {k} unit{'s' if k != 1 else ''} from "
               f"{s.territory_name(src)} into {s.territory_name(p.t)}: a battle follows.",
            kind="move")
        p.resume.engaged.extend(p.group)  # caught: the group may not move on (M9)
        s.caught = s.caught + [p.t]  # and the interceptors may not slip away (O2)
        return _resume(s)

    def text(self, s: State) -> str:
        # read by the deciding side only (view() shows the other side a
        # "waiting" line), so it may say what its own stacks can do
        p = s.pend
        opt = option(s, "interception")
        assert opt is not None
        where = s.territory_name(p.t)
        if not any(_mobile(s, n) for n in candidates(s, p.t, p.tried)):
            return (f"An enemy group stopped at {where}, next to your stacks, but none of "
                    f"them can move to catch it: let it be.")
        return (f"An enemy group stopped at {where}: intercept it from a stack next to it "
                f"({opt.roll}+ on a d6; +1 if only your stack has a leader, -1 if only the "
                f"group has one), or let it be.")


def _resume(s: State) -> str | None:
    p = s.pend
    s.pend, s.step = p.resume, p.resume_step
    return None


STEPS = [Intercept()]

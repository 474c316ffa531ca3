"""Interception (RULINGS O1, an optional rule): a moving group goes territory
by territory; each time it enters one with no enemy stack but next to enemy
stacks, their owner may pick one of those stacks to try to catch it (one try a
territory entered): a d6 roll of the module's number or more, +1 when only the
interceptors have a leader, -1 when only the group has, and the module's
`further_try` for each try the same stack made before this turn. On a success
the stack's mobile units move in, the group's move ends there and no other
group of the mover may enter that territory this Move phase (the battle is
fought first in the Battle phase); on a failure the mover may stop the group
there or move on. With withdrawal (O2) a withdrawing stack is tried the same
way where it goes.

What the enemy may not learn from this (RULINGS H9): the decision is asked
whenever an enemy stack stands next to the group, whether or not it has a
mobile unit; the prompt names the leader modifiers as rules, not as facts
about the group; the roll in the log shows what the rules reveal."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .board import log, log_pair, move_group, other, roll_against
from .options import option
from .passage import Passage, admits_all, chits_passage
from .pending import Intercepting
from .state import State
from .steps import Step


def playing(s: State) -> bool:
    return option(s, "interception") is not None


def candidates(s: State, t: int, mover: int, tried: Sequence[int] = ()) -> list[int]:
    """Neighbours of `t` with a stack of the mover's enemy that may try: not
    tried here yet, and not pinned by a stack of the mover (our reading: a
    stack already facing a battle cannot leave it)."""
    mine, theirs = s.stacks[mover], s.stacks[other(mover)]
    if theirs[t]:
        return []  # the group entered an enemy stack: a battle already follows
    return [n for n in s.module.map.territories[t].neighbours
            if theirs[n] and not mine[n] and n not in tried]


def reach(s: State, side: int, start: int, steps: int,
          passage: Passage | None = None) -> list[int]:
    """Where a group of `side` may go in up to `steps` moves: never through an
    enemy stack, never into a territory where an interception caught a group
    of its side this phase (RULINGS O1), and with a `passage` only where it
    may end (docs/rules.md G1)."""
    routes = _routes(s, side, start, steps, passage)
    if passage is None:
        return sorted(routes)
    return sorted(t for t in routes if passage.end[t])


def route(s: State, side: int, start: int, dst: int, steps: int,
          passage: Passage | None = None) -> list[int]:
    """The territories a group enters on its way to `dst`, `dst` last: of the
    ways there, the one with the fewest territories where it could be
    intercepted, then the shortest (our reading: a player would choose so)."""
    return _routes(s, side, start, steps, passage)[dst][2]


def _routes(s: State, side: int, start: int, steps: int, passage: Passage | None
            ) -> dict[int, tuple[int, int, list[int]]]:
    territories = s.module.map.territories
    enemy = s.stacks[other(side)]
    barred = set(s.caught)
    end = passage.end if passage is not None else None
    links = (passage.links if passage is not None else None) or {}
    best: dict[int, tuple[int, int, list[int]]] = {}  # t -> (risk, hops, path)
    frontier: list[tuple[int, int, list[int]]] = [(start, 0, [])]
    for hops in range(1, steps + 1):
        nxt: list[tuple[int, int, list[int]]] = []
        for t, risk, path in frontier:
            # docs/rules.md G17: a ferry's far shores, one move away
            for n in ((*territories[t].neighbours, *links[t]) if t in links
                      else territories[t].neighbours):
                if n == start or n in barred:
                    continue
                if end is not None and passage is not None and not end[n] and (
                        not passage.cross[n] or enemy[n]):
                    continue  # docs/rules.md G1, G2: neither may it end nor pass there
                r = risk + (1 if candidates(s, n, side) else 0)
                if n in best and best[n][:2] <= (r, hops):
                    continue
                best[n] = (r, hops, path + [n])
                if not enemy[n]:  # into an enemy stack, never through it (M2)
                    nxt.append((n, r, path + [n]))
        frontier = nxt
    return best


def walk(s: State, mover: int, at: int, group: list[int], path: list[int],
         resume_step: str, resume: object, back: int = -1) -> int:
    """Moves the group along `path` from `at`, pausing where an interception
    may be tried (the Intercept step); `resume_step` and `resume` are taken up
    again when it arrives, stops or is caught. `back`: the last territory
    where all of the group may stand, when `at` is not one (docs/rules.md G2).
    Returns where it is."""
    passage = chits_passage(s, group)
    last = back if back >= 0 else at
    while path:
        t = path.pop(0)
        move_group(s, mover, at, t, group)  # RULINGS H2: the group's first unit on top
        at = t
        stands = passage is None or passage.end[t]
        # asked wherever enemy stacks are next to it, whatever the group carries:
        # what it holds below its top is the mover's secret (RULINGS H9)
        if candidates(s, t, mover):
            s.pend = Intercepting(t, group, resume_step, resume, [], path, mover,
                                  -1 if stands else last)
            s.step = "intercept"
            return at
        if stands:
            last = t
    if s.stacks[other(mover)][at] and hasattr(resume, "engaged"):
        resume.engaged.extend(group)  # RULINGS M9: into an enemy stack, not through it
    s.pend, s.step = resume, resume_step
    return at


def arrived(s: State, mover: int, size: int, t: int) -> None:
    """Logs a moving group's arrival where it was going: its destination is
    told when it gets there (RULINGS O1, H9; see move.Movement.confirmed)."""
    log_pair(s, mover, f"Your group arrives at {s.territory_name(t)}.",
             f"{s.says(mover, 'move')} a group of {size} into {s.territory_name(t)}.", "move")


def _mobile(s: State, t: int, side: int, into: int) -> tuple[int, ...]:
    """The units at t that would intercept into `into`: mobile, and allowed
    to enter it (docs/rules.md G1)."""
    mobile = s.tab.chit_mobile
    if s.module.map.enter:
        return tuple(c for c in s.stacks[side][t] if mobile[c] and admits_all(s, (c,), into))
    return tuple(c for c in s.stacks[side][t] if mobile[c])


def modifiers(s: State, src: int) -> list[tuple[int, str]]:
    """The roll's modifiers for the stack at `src`, each with its reason."""
    p = s.pend
    opt = option(s, "interception")
    assert opt is not None
    leader = [any(s.unit(c).is_leader for c in group)
              for group in (_mobile(s, src, other(p.mover), p.t), p.group)]
    out: list[tuple[int, str]] = []
    if leader[0] and not leader[1]:
        out.append((1, "only the interceptors have a leader"))
    elif leader[1] and not leader[0]:
        out.append((-1, "only the moving group has a leader"))
    before = s.tries.count(src)
    if before and opt.further_try:
        out.append((opt.further_try * before,
                    f"{before} earlier tr{'ies' if before > 1 else 'y'} by that stack this turn"))
    return out


class Intercept(Step):
    kind = "intercept"

    def side(self, s: State) -> int:
        return other(s.pend.mover)

    def legal(self, s: State) -> list[Action]:
        p = s.pend
        acts: list[Action] = [("intercept", n) for n in candidates(s, p.t, p.mover, p.tried)
                              if _mobile(s, n, other(p.mover), p.t)]
        acts.append(("decline",))
        return acts

    def do(self, s: State, a: Action) -> str | None:
        p = s.pend
        side = other(p.mover)
        if a[0] == "decline":
            log(s, f"{s.says(side, 'let')} the group at {s.territory_name(p.t)} be.",
                kind="move")
            return _go_on(s)
        src = a[1]
        opt = option(s, "interception")
        assert opt is not None
        ok, rolled = roll_against(s, modifiers(s, src), opt.roll)
        p.tried.append(src)
        s.tries = s.tries + [src]
        log(s, f"{s.the(side, start=True)} {s.module.sides[side].verb('try')} to intercept "
               f"from {s.territory_name(src)} into {s.territory_name(p.t)}: {rolled}: "
               f"{'success' if ok else 'failure'}.", kind="dice")
        if not ok:
            if p.path and p.resume_step:  # RULINGS O1: the group may stop or move on
                s.step = "move_on"
                return None
            return _resume(s)
        going = _mobile(s, src, side, p.t)
        move_group(s, side, src, p.t, going)  # the stack's top (or first mobile unit) leads
        k = len(going)
        if p.back >= 0:
            return _turn_back(s, side, src, k)
        log(s, f"{s.says(side, 'move')} {k} unit{'s' if k != 1 else ''} from "
               f"{s.territory_name(src)} into {s.territory_name(p.t)}: the group's move ends "
               f"there, and a battle follows.", kind="move")
        if p.resume is not None and hasattr(p.resume, "engaged"):
            p.resume.engaged.extend(p.group)  # caught: the group may not move on (M9)
        s.caught = s.caught + [p.t]  # no other group may enter; no withdrawing (O2)
        return _resume(s)

    def text(self, s: State) -> str:
        # read by the deciding side only (view() shows the other side a
        # "waiting" line), so it may say what its own stacks can do
        p = s.pend
        opt = option(s, "interception")
        assert opt is not None
        where = s.territory_name(p.t)
        if not any(_mobile(s, n, other(p.mover), p.t)
                   for n in candidates(s, p.t, p.mover, p.tried)):
            return (f"An enemy group entered {where}, next to your stacks, but none of "
                    f"them can move to catch it: let it be.")
        further = f"; {opt.further_try:+d} for each earlier try by the same stack this turn" \
            if opt.further_try else ""
        return (f"An enemy group entered {where}: pick one stack next to it to intercept "
                f"({opt.roll}+ on a d6; +1 if only your stack has a leader, -1 if only the "
                f"group has one{further}), or let it be.")


class MoveOn(Step):
    """After a failed try the group may stop where it is or go on (RULINGS O1)."""

    kind = "move_on"

    def side(self, s: State) -> int:
        return s.pend.mover

    def legal(self, s: State) -> list[Action]:
        # docs/rules.md G2: carried units may not stop where they may not stand
        return [("on",)] if s.pend.back >= 0 else [("on",), ("halt",)]

    def do(self, s: State, a: Action) -> str | None:
        p = s.pend
        if a[0] == "on":
            return _go_on(s)
        log_pair(s, p.mover, f"Your group stops at {s.territory_name(p.t)}.",
                 f"{s.says(p.mover, 'stop')} the group at {s.territory_name(p.t)}.", "move")
        return _resume(s)

    def text(self, s: State) -> str:
        p = s.pend
        if p.back >= 0:
            return (f"The interception at {s.territory_name(p.t)} failed: the group goes on to "
                    f"{s.territory_name(p.path[-1])} (it carries units that may not stop "
                    "there).")
        return (f"The interception at {s.territory_name(p.t)} failed: stop the group there, or "
                f"go on to {s.territory_name(p.path[-1])}?")


def _turn_back(s: State, side: int, src: int, k: int) -> str | None:
    """docs/rules.md G2: a group caught where the units it carries may not
    stand turns back to the last territory of its way where all may stand, and
    its move ends there; the interceptors hold the territory they entered."""
    p = s.pend
    move_group(s, p.mover, p.t, p.back, p.group)
    log(s, f"{s.says(side, 'move')} {k} unit{'s' if k != 1 else ''} from "
           f"{s.territory_name(src)} into {s.territory_name(p.t)}; the group there carries "
           f"units that may not stay, and turns back to {s.territory_name(p.back)}, where "
           f"its move ends.", kind="move")
    if p.resume is not None and hasattr(p.resume, "engaged"):
        p.resume.engaged.extend(p.group)  # its move is over for this phase (M9)
    s.caught = s.caught + [p.t]  # no other group may enter (O1)
    return _resume(s)


def _go_on(s: State) -> str | None:
    p = s.pend
    at = walk(s, p.mover, p.t, p.group, p.path, p.resume_step, p.resume, p.back)
    if s.step != "intercept" and p.resume_step:  # a group's move, at its destination
        arrived(s, p.mover, len(p.group), at)
    if s.step == "intercept" or p.resume_step:
        return None
    return _after_withdrawal(s)


def _resume(s: State) -> str | None:
    p = s.pend
    s.pend, s.step = p.resume, p.resume_step
    if not p.resume_step:
        return _after_withdrawal(s)
    return None


def _after_withdrawal(s: State) -> str | None:
    from .battle import begin_phase  # the Battle phase goes on (battle imports move)
    from .victory import check as victory_check
    if victory_check(s):
        return None
    return begin_phase(s)


STEPS = [Intercept(), MoveOn()]

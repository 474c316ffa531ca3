"""What both sides know of a stack's units (RULINGS B2, H2): all of it
(`State.shown`, seen whole in a battle and nothing changed since) or some
(`State.seen`, units joined it since). board.py's stack helpers keep both
as units join, leave or move; the view reads them (docs/rules.md, Battles)."""

from __future__ import annotations

from .state import State


def show_stack(s: State, side: int, t: int) -> None:
    """Both sides have seen every unit of `side`'s stack at t (a battle there,
    RULINGS B2): it stays shown in both views until a unit joins or leaves."""
    if s.stacks[side][t] and (side, t) not in s.shown:
        set_seen(s, side, t, ())
        s.shown = [*s.shown, (side, t)]


def known_part(s: State, side: int, t: int) -> tuple[int, ...]:
    """The units of `side`'s stack at t that both sides know are there: all of
    a stack shown, the seen ones of a stack joined since, else none."""
    if (side, t) in s.shown:
        return s.stacks[side][t]
    return next((chits for sd, w, chits in s.seen if sd == side and w == t), ())


def forget_shown(s: State, side: int, t: int) -> None:
    """Nothing of `side`'s stack at t is known to both sides any more."""
    if (side, t) in s.shown:
        s.shown = [p for p in s.shown if p != (side, t)]  # replaced whole: copies share it
    if s.seen:
        set_seen(s, side, t, ())


def joined(s: State, side: int, t: int, before: tuple[int, ...]) -> None:
    """Units not known joined the stack: a stack shown before is known in part."""
    if (side, t) in s.shown:
        s.shown = [p for p in s.shown if p != (side, t)]
        set_seen(s, side, t, before)


def knows(s: State, side: int, t: int, known: tuple[int, ...]) -> None:
    """Both sides know these units of the stack at t: all of it (shown), or some."""
    if len(known) == len(s.stacks[side][t]):
        show_stack(s, side, t)
    else:
        set_seen(s, side, t, known)


def set_seen(s: State, side: int, t: int, chits: tuple[int, ...]) -> None:
    kept = [e for e in s.seen if e[0] != side or e[1] != t]
    if chits:
        kept.append((side, t, tuple(chits)))
    if kept or s.seen:
        s.seen = kept  # replaced whole: copies share it

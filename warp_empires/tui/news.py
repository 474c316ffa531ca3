"""Which lines of what happened are told when not all fit: one choice, made
for the hot seat's hand-over card (screens/handover.py) and for the recap of
the other side's turn (recap.py, widgets/recap.py), so both tell the same.

Plain Python (no Textual): the controller and the tests read it too.
"""

from __future__ import annotations

import textwrap

from warp_empires.module.defs import Module

# The most lines told at once: as many as fit, up to TOLD, with a count of
# those left out (the log has them all). Play-test at 120x40: with 8, a
# battle's lines pushed the enemy's move and its purchases off a card that
# had room for twice as many.
TOLD = 14
# Told first, whatever else happened: a side playing two player-turns in a
# row (RULINGS O4) changes whose turn the next one is (play-test: nothing
# on screen said so).
FIRST = frozenset({"initiative"})
# After the rest (attacks, moves, cards, spies), before the lesser lines:
# where the enemy's new units went and what it took (play-tests: four units
# placed and a planet taken, missing after a load; a spy's look and an
# attack pushed off by "takes control of ..." lines, when they came first).
NEWS = frozenset({"recruit", "control"})
# Then the turn's first line, which the phase bar says too (play-test at
# 80x24: the "Turn 9: ... plays." line kept, a claim left out); then each unit
# a battle cost, a line apiece, whose result line already says who won.
LESSER = frozenset({"turn"})
DETAIL = frozenset({"loss"})
# Given way first. Moves are not routine: where the enemy went is what a
# player most wants to know (play-test: a group of 6 moving next door was
# left out for "buys 1 unit").
ROUTINE = frozenset({"phase", "draw", "shuffle", "revenue", "dice", "discard", "setup"})
# Last of all in the recap: lines for the side itself alone (its own draws,
# placements), which it saw as they came (recap.since).
OWN = "own"


def tier(kind: str) -> int:
    """0 is told first; lines of a higher tier give way to those of a lower."""
    if kind in FIRST:
        return 0
    if kind in NEWS:
        return 2
    if kind in LESSER:
        return 3
    if kind in DETAIL:
        return 4
    if kind in ROUTINE:
        return 5
    if kind == OWN:
        return 6
    return 1


def runs(events: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The events with a line said again straight after told once, counted."""
    out: list[tuple[str, str]] = []
    count = 0
    for i, (kind, text) in enumerate(events):
        count += 1
        if i + 1 < len(events) and events[i + 1] == (kind, text):
            continue
        out.append((kind, f"{text} (\u00d7{count})" if count > 1 else text))
        count = 0
    return out


def told(events: list[tuple[str, str]], room: int, width: int) -> list[str]:
    """The lines of `events` told in `room` rows as they wrap at `width`
    (after a bullet), in their order, at most TOLD: the same line said again
    straight after is told once, with a count ("... (x3)": recruits placed
    one by one); when not all fit, the latest of each `tier` in turn, and
    none of a later tier once a line did not fit (play-test at 80x24: a
    claim that wrapped was left out for a shorter, lesser line); a row is
    kept for the count of those left out (play-test at 80x24: long lines
    pushed the card's border off)."""
    events = runs(events)
    rows = [len(textwrap.wrap(f"\u2022 {text}", width)) or 1 for _, text in events]
    latest = list(reversed(range(len(events))))
    if len(events) <= TOLD and sum(rows) <= room:
        return [text for _, text in events]
    room -= 1  # for the count
    kept: set[int] = set()
    tiers = [tier(kind) for kind, _ in events]
    short: int | None = None  # the tier of the first line that did not fit
    for i in sorted(latest, key=lambda i: tiers[i]):  # a stable sort: latest first in each
        if len(kept) == TOLD or (short is not None and tiers[i] > short):
            break
        if rows[i] <= room:
            kept.add(i)
            room -= rows[i]
        elif short is None:
            short = tiers[i]
    if not kept:  # one line at least, cut by the screen if it must be
        kept.add(latest[0])
    return [events[i][1] for i in sorted(kept)]


def left_out(events: list[tuple[str, str]], lines: list[str],
             on_card: bool = False) -> str | None:
    """The line that counts what `lines` left out of `events`, if anything
    (`on_card`: the hand-over card's, where `L` works only once it has gone)."""
    n = len(runs(events)) - len(lines)
    # play-test at 80x24: the rest could not be scrolled to, and nothing said where it was
    where = "L behind this card shows the log" if on_card else "L shows the log"
    return f"({n} more: {where})" if n else None


def goal_words(module: Module, side: int) -> str:
    """What `side` wins by, in the module's words: told on its first
    hand-over card and its first screen of a session (play-test: the win
    conditions were only in Help's Module tab)."""
    goals = [v.text for v in module.victory if v.side == side]
    return f"To win: {' Or: '.join(goals)}" if goals else ""


def own_turn_last(events: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`events` since a decision of the viewer's in its own player-turn, with
    the rest of that turn (its claims, its purchases, up to the next turn's
    first line) told last, as its own lines are: what the other side did is
    the news (play-tests: the recap and the hand-over card opened with the
    reader's own buys and placements and cut the enemy's moves). Unchanged
    while no other player-turn has begun; a FIRST line keeps its place."""
    first = next((i for i, (kind, _) in enumerate(events) if kind == "turn"), None)
    if not first:
        return events
    return [(kind if kind in FIRST else OWN, text) for kind, text in events[:first]] \
        + events[first:]

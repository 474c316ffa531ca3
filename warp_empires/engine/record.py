"""The record of a game's decisions, kept compact: the form saves store as it is.

A campaign of a thousand player-turns holds tens of thousands of decisions. Kept
as one Python list per decision they cost more to save and open than the rest of
the game, so the record is one flat list of small ints instead:

- each verb is numbered in the order it is first used (`verbs`);
- each decision is a header `verb number * 8 + side * 4 + argument count`
  followed by its arguments (non-negative ints), so that `pick 3` by side 0 is
  two ints, two bytes of msgpack.

Entries read back as `[side, [verb, args...]]`, the shape the record always had.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .actions import Action

MAX_ARGS = 3
Entry = list[Any]  # [side, [verb, arg, ...]]


class BadRecord(ValueError):
    """A flat record that does not decode; the message names the place."""


def starts_of(flat: Sequence[int], verb_count: int) -> list[int]:
    """Where each decision of `flat` begins; raises BadRecord if the headers do not
    chain exactly to its end or name a verb that is not there. (The caller has
    checked that every value is a non-negative int.)"""
    starts: list[int] = []
    i, end = 0, len(flat)
    while i < end:
        header = flat[i]
        if header >> 3 >= verb_count:
            raise BadRecord(f"decision {len(starts) + 1} (value {i}) names verb number "
                            f"{header >> 3} of {verb_count}")
        starts.append(i)
        i += 1 + (header & 3)
    if i != end:
        raise BadRecord(f"the last decision (value {starts[-1]}) runs past the end")
    return starts


class ActionLog:
    """The decisions that stand, oldest first: a sequence of `[side, [verb, args...]]`."""

    __slots__ = ("verbs", "flat", "_starts", "_number")

    def __init__(self, verbs: Sequence[str] = (), flat: Sequence[int] = (),
                 starts: list[int] | None = None) -> None:
        self.verbs = list(verbs)
        self.flat = list(flat)
        self._starts = starts if starts is not None else starts_of(self.flat, len(self.verbs))
        self._number = {v: i for i, v in enumerate(self.verbs)}

    @classmethod
    def of(cls, entries: Iterable[Sequence[Any]]) -> ActionLog:
        """A record of `(side, action)` pairs."""
        log = cls()
        for side, action in entries:
            log.append(side, action)
        return log

    def append(self, side: int, action: Action | Sequence[Any]) -> None:
        verb, args = action[0], action[1:]
        n = self._number.get(verb)
        if n is None:
            n = self._number[verb] = len(self.verbs)
            self.verbs.append(verb)
        if len(args) > MAX_ARGS or any(type(a) is not int or a < 0 for a in args):
            raise ValueError(f"cannot record {action!r}: at most {MAX_ARGS} "
                             "non-negative int arguments")
        self._starts.append(len(self.flat))
        self.flat.append(n * 8 + side * 4 + len(args))
        self.flat.extend(args)

    def pop(self) -> Entry:
        """Removes and returns the latest decision."""
        start = self._starts.pop()
        entry = self._entry(start)
        del self.flat[start:]
        return entry

    def copy(self) -> ActionLog:
        return ActionLog(self.verbs, self.flat, self._starts[:])

    def _entry(self, start: int) -> Entry:
        header = self.flat[start]
        return [(header >> 2) & 1,
                [self.verbs[header >> 3], *self.flat[start + 1:start + 1 + (header & 3)]]]

    def __len__(self) -> int:
        return len(self._starts)

    def __iter__(self) -> Iterator[Entry]:
        return map(self._entry, self._starts)

    @overload
    def __getitem__(self, i: int) -> Entry: ...
    @overload
    def __getitem__(self, i: slice) -> list[Entry]: ...

    def __getitem__(self, i: int | slice) -> Entry | list[Entry]:
        if isinstance(i, slice):
            return [self._entry(start) for start in self._starts[i]]
        return self._entry(self._starts[i])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ActionLog):
            return list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"ActionLog({len(self)} decisions)"

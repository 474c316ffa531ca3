"""A small schema checker for decoded save data.

A save file is untrusted input: it may be damaged, hand-edited or hostile, and a
correct checksum proves nothing about its contents (anyone can compute one). So
every field is checked for type, range and shape here, before any other code
looks at it. A check is a function `(value, where) -> None` that raises
`Invalid` naming the place (`meta.sides[1].name`) and what is wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

Check = Callable[[Any, str], None]

INT64_MIN = -(1 << 63)
UINT64_MAX = (1 << 64) - 1


_STR = frozenset({str})
_SCALARS = frozenset({type(None), bool, int, str})
_PLAIN = _SCALARS | {list, dict}


class Invalid(Exception):
    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where or 'top level'}: {problem}")


def kind(value: Any) -> str:
    """The msgpack-level name of a value's type, for messages."""
    if value is None:
        return "nil"
    names = {bool: "bool", int: "int", float: "float", str: "string", bytes: "bytes",
             list: "array", tuple: "array", dict: "map"}
    return names.get(type(value), type(value).__name__)


def integer(lo: int, hi: int) -> Check:
    def check(value: Any, where: str) -> None:
        # bool is an int subclass in Python but a distinct msgpack type.
        if type(value) is not int:
            raise Invalid(where, f"expected an int, got {kind(value)}")
        if not lo <= value <= hi:
            raise Invalid(where, f"{value} is out of range {lo}..{hi}")
    return check


def _has_control(text: str) -> bool:
    # Cc: C0/C1 controls (newlines, ESC sequences); Cf: bidi overrides and the like.
    # Text from a save is printed in terminals; it must not be able to steer them.
    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)


def text(max_len: int, pattern: str | None = None, min_len: int = 0) -> Check:
    """A string without control characters, optionally matching a regex in full."""
    regex = re.compile(pattern) if pattern else None

    def check(value: Any, where: str) -> None:
        if type(value) is not str:
            raise Invalid(where, f"expected a string, got {kind(value)}")
        if not min_len <= len(value) <= max_len:
            raise Invalid(where, f"string length {len(value)} is outside {min_len}..{max_len}")
        if regex is not None and not regex.fullmatch(value):
            raise Invalid(where, f"{value!r} is not of the form {pattern}")
        if _has_control(value):
            raise Invalid(where, "string holds control characters")
    return check


def timestamp() -> Check:
    """An ISO 8601 date and time with a UTC offset, in a year a clock can show
    (1970-9998): a listing converts it to local time and sorts by it."""
    base = text(40, min_len=10)

    def check(value: Any, where: str) -> None:
        base(value, where)
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise Invalid(where, f"{value!r} is not an ISO date and time") from None
        if moment.tzinfo is None:
            raise Invalid(where, f"{value!r} has no UTC offset")
        if not 1970 <= moment.year <= 9998:
            raise Invalid(where, f"{value!r} is outside the years 1970-9998")
    return check


def list_of(item: Check, max_len: int, min_len: int = 0) -> Check:
    def check(value: Any, where: str) -> None:
        if type(value) is not list:
            raise Invalid(where, f"expected an array, got {kind(value)}")
        if not min_len <= len(value) <= max_len:
            raise Invalid(where, f"array length {len(value)} is outside {min_len}..{max_len}")
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")
    return check


def record(fields: Mapping[str, Check]) -> Check:
    """A map with exactly these string keys (a new field means a new format version)."""
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise Invalid(where, f"expected a map, got {kind(value)}")
        prefix = f"{where}." if where else ""
        for key in value:
            if key not in fields:
                raise Invalid(where, f"unknown field {key!r}")
        for key, field_check in fields.items():
            if key not in value:
                raise Invalid(where, f"missing field {key!r}")
            field_check(value[key], prefix + key)
    return check


def plain_data(max_depth: int, max_nodes: int) -> Check:
    """A map whose values are trees of nil, bool, int, string, array and string-keyed map.

    Used for the engine's own data (snapshot, options), whose inner shape is the
    engine's business; the engine checks it again when it rebuilds the game. The
    walk goes level by level, so deep or huge trees cost no recursion, and it
    looks at each container's element types in bulk, since a long game's
    snapshot holds tens of thousands of values. (Ints need no range check: the
    unpacker cannot produce a larger one, and the packer refuses to write one.)
    """
    def check(value: Any, where: str) -> None:
        if type(value) is not dict:
            raise Invalid(where, f"expected a map, got {kind(value)}")
        level: list[Any] = [value]
        depth = nodes = 0
        while level:
            depth += 1
            if depth > max_depth:
                raise Invalid(where, f"nested deeper than {max_depth} levels")
            deeper: list[Any] = []
            for container in level:
                nodes += len(container)
                if nodes > max_nodes:
                    raise Invalid(where, f"more than {max_nodes} values")
                if type(container) is dict:
                    if not _STR.issuperset(map(type, container)):
                        bad = next(k for k in container if type(k) is not str)
                        raise Invalid(where, f"map key of type {kind(bad)} (only strings)")
                    items = container.values()
                else:
                    items = container
                types = set(map(type, items))
                if types <= _SCALARS:
                    continue
                if not types <= _PLAIN:
                    bad = next(v for v in items if type(v) not in _PLAIN)
                    raise Invalid(where, f"unexpected value of type {kind(bad)}")
                deeper.extend(v for v in items if type(v) is list or type(v) is dict)
            level = deeper
    return check


def optional(inner: Check) -> Check:
    """nil, or what `inner` accepts."""
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def flat_ints(max_len: int) -> Check:
    """An array of non-negative ints (the compact record of decisions), checked in
    bulk: a long campaign holds tens of thousands of them."""
    def check(value: Any, where: str) -> None:
        if type(value) is not list:
            raise Invalid(where, f"expected an array, got {kind(value)}")
        if len(value) > max_len:
            raise Invalid(where, f"more than {max_len} values")
        if value and (set(map(type, value)) != {int} or min(value) < 0):
            i = next(i for i, x in enumerate(value) if type(x) is not int or x < 0)
            raise Invalid(f"{where}[{i}]", "expected a non-negative int")
    return check

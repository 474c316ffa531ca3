"""Key and type checking for one TOML table at a time.

`check_table` reports unknown keys (with the nearest known key), missing
required keys, wrong types and values past their field's bound (limits.py),
and returns only the values that passed, with defaults filled in. A key whose
value was wrong is left out of the result, so later checks skip it rather
than report the same mistake twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from .errors import shown
from .limits import MAX_ID
from .toml_read import Report

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class Kind:
    text: str  # "an integer", as in "must be an integer"
    test: Callable[[Any], bool]


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


STR = Kind("a string", lambda v: isinstance(v, str))
INT = Kind("an integer", lambda v: type(v) is int)
BOOL = Kind("true or false", lambda v: isinstance(v, bool))
STR_LIST = Kind("a list of strings", _is_str_list)
TABLE = Kind("a table", lambda v: isinstance(v, dict))
TABLE_LIST = Kind(
    "a list of tables",
    lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
)
STR_OR_STR_LIST = Kind(
    "a string or a list of strings", lambda v: isinstance(v, str) or _is_str_list(v)
)
LIST = Kind("a list", lambda v: isinstance(v, list))


@dataclass(frozen=True, slots=True)
class Field:
    kind: Kind
    required: bool = False
    default: Any = None
    most: int | None = None  # the largest integer; the longest string, list or table


def too_big(value: Any, most: int | None) -> str | None:
    """What is wrong with `value` past the bound `most`, or None when it is within it."""
    if most is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return f"must be at most {most}, not {value}" if value > most else None
    if isinstance(value, str) and len(value) > most:
        return f"too long: {len(value)} characters (at most {most})"
    if isinstance(value, (list, dict)) and len(value) > most:
        what = "entries" if isinstance(value, list) else "keys"
        return f"too many {what}: {len(value)} (at most {most})"
    return None


def join(path: str, key: str | int) -> str:
    """Dotted key path; list items are 1-based, as a modder counts `[[unit]]` tables."""
    if isinstance(key, int):
        return f"{path}[{key + 1}]"
    return f"{path}.{key}" if path else key


def describe(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return f"a {type(value).__name__}"


def check_table(
    report: Report, file: str, path: str, value: Any, fields: dict[str, Field],
    explain: Callable[[str], str] | None = None,
) -> dict[str, Any] | None:
    """The table's known keys, checked, with defaults filled in; None when it
    is no table. `explain(key)`: more words for an unknown key (which other
    tables take it)."""
    if not isinstance(value, dict):
        report.add(file, path, f"must be a table, not {describe(value)}")
        return None
    result: dict[str, Any] = {}
    meant: set[str] = set()  # known keys an unknown key was taken for
    missing = [k for k in fields if k not in value]
    for key in value:
        if key not in fields:
            hint = report.hint(key, missing) or report.hint(key, fields)
            meant.add(hint.split("'")[1] if hint else "")
            noun = "table" if isinstance(value[key], dict) else "key"
            more = explain(key) if explain is not None else ""
            report.add(file, join(path, key), f"unknown {noun} '{shown(key)}'{hint}{more}")
    for key, spec in fields.items():
        if key not in value:
            if not spec.required:
                result[key] = list(spec.default) if isinstance(spec.default, list) else spec.default
            elif key not in meant:
                noun = "table" if spec.kind in (TABLE, TABLE_LIST) else "key"
                report.add(file, path, f"missing required {noun} '{key}'")
            continue
        if not spec.kind.test(value[key]):
            report.add(
                file, join(path, key), f"must be {spec.kind.text}, not {describe(value[key])}"
            )
        elif (wrong := too_big(value[key], spec.most)) is not None:
            # Left out like a wrong type: a million-chit count must not reach the game.
            report.add(file, join(path, key), wrong)
        else:
            result[key] = value[key]
    return result


def check_id(report: Report, file: str, path: str, value: str) -> bool:
    if len(value) > MAX_ID:
        # Ids name folders and are written into saves; see limits.MAX_ID.
        report.add(
            file,
            path,
            f"'{shown(value)}' is too long for an id: {len(value)} characters (at most {MAX_ID})",
        )
        return False
    if ID_PATTERN.fullmatch(value):
        return True
    report.add(
        file,
        path,
        f"'{shown(value)}' is not a valid id (lower-case letters, digits and _,"
        " starting with a letter)",
    )
    return False


def check_choice(
    report: Report, file: str, path: str, value: str, choices: Iterable[str], what: str
) -> bool:
    """Report `value` unless it is one of `choices`, naming the nearest one."""
    # A dict or set answers `in` at once: a thousand references to a thousand
    # territories must not cost a million comparisons.
    options = choices if isinstance(choices, Collection) else list(choices)
    if value in options:
        return True
    hint = report.hint(value, options)
    if len(options) <= 20:
        # the choices too, not only the nearest: it may not be the one meant
        # (issue 37: 'revenue' was offered 'rescue', and no list)
        listed = f"expected one of: {', '.join(options)}"
        hint = f"{hint[:-1]} {listed})" if hint else f" ({listed})"
    report.add(file, path, f"unknown {what} '{shown(value)}'{hint}")
    return False


def check_min(report: Report, file: str, path: str, value: int | None, least: int) -> bool:
    if value is None or value >= least:
        return True
    if least == 1:
        report.add(file, path, f"must be at least 1, not {value}")
    else:
        report.add(
            file,
            path,
            f"must not be negative, not {value}"
            if least == 0
            else f"must be at least {least}, not {value}",
        )
    return False

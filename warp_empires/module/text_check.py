"""No control or format characters in a module's text.

Names, card text and labels are printed in terminals (`validate`, `module
show`, `replay`, the app). A control character (ESC, BEL, a newline) or a
format character (a right-to-left override, a zero-width joiner) in them
could move the cursor, retitle the window or disguise a line, so every string
a module file holds, and every key, is refused when it has one (Unicode
categories Cc and Cf), with its file, line and key.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .schema import join
from .toml_read import Report

UNSAFE = frozenset({"Cc", "Cf"})
# Text whose lines are its shape: the map is drawn from the picture's rows.
LINES = {("map.toml", "map.picture")}


def first_unsafe(text: str) -> str | None:
    """The first control or format character of `text`, or None."""
    if text.isprintable():
        return None  # the common case, and the cheap one (Cc and Cf are never printable)
    return next((ch for ch in text if unicodedata.category(ch) in UNSAFE), None)


def check_text(report: Report, file: str, data: Any, path: str = "") -> None:
    """Reports every string (value or key) under `data` that holds one."""
    if isinstance(data, str):
        _check(report, file, path, data.replace("\n", "") if (file, path) in LINES else data)
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str) and first_unsafe(key) is not None:
                _check(report, file, path, key, what="key")
            check_text(report, file, value, join(path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_text(report, file, value, join(path, i))


def _check(report: Report, file: str, path: str, text: str, what: str = "text") -> None:
    ch = first_unsafe(text)
    if ch is not None:
        name = unicodedata.name(ch, "a control character")
        report.add(file, path, f"the {what} holds U+{ord(ch):04X} ({name.lower()}): no control "
                               "or format characters in module text (it is printed in terminals)")

"""The error a module raises when it cannot be loaded, and the list that builds it."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterable
from dataclasses import dataclass

from .limits import MAX_ID

MAX_KEY_PATH = 200  # characters of a problem's key path, then cut with "…"
MAX_MESSAGE = 500  # characters of a problem's message
MAX_SHOWN_PATH = 300  # characters of a path quoted in a problem


class ModuleError(Exception):
    """A module could not be found or loaded.

    `problems` holds every problem found, one line each, so that a modder can
    fix them all in one pass instead of one per run. Past limits.MAX_PROBLEMS_SHOWN
    only the first are kept, followed by one line saying how many more there
    are; `count` is the number of problems found in all.
    """

    def __init__(self, problems: list[str], count: int | None = None,
                 details: list[Problem] | None = None) -> None:
        self.problems = list(problems)
        self.count = len(self.problems) if count is None else count
        # the problems of a module's files as records (file, line, key, message),
        # for tools; empty when the module could not be read at all
        self.details = list(details or ())
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        return "\n".join(self.problems)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the nearest choice, or '' when none is near."""
    if len(word) > 2 * MAX_ID:
        return ""  # no id is that long, and comparing a huge word costs its length
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def shown(text: str, limit: int = 80) -> str:
    """`text` safe to quote in a one-line problem: control characters escaped, length capped.

    Problems quote keys, ids and paths from untrusted files and command lines; a
    newline must not break the one-line promise, nor a huge key make a huge line.
    """
    if len(text) <= limit and text.isprintable():
        return text  # the common case, and the cheap one
    if len(text) > limit:
        cut = text[: limit - 1]
        out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in cut)
        return f"{out}… ({len(text)} characters)"
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shown_path(path: str | os.PathLike[str]) -> str:
    """A folder or file path as a problem quotes it."""
    return shown(os.fspath(path), MAX_SHOWN_PATH)


def one_of(choices: Iterable[str]) -> str:
    return ", ".join(sorted(choices))


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    key: str  # dotted path, e.g. "unit[12].speed"; "" for the file as a whole
    message: str
    line: int | None = None
    column: int | None = None  # 1-based, where the reader knows it (a syntax error)

    def __str__(self) -> str:
        file = shown(self.file, MAX_SHOWN_PATH)  # a stray file's name is the modder's
        where = file if self.line is None else f"{file}:{self.line}"
        # The checks quote short values as they are; these caps are the backstop
        # that keeps any problem one line of readable length.
        message = shown(self.message, MAX_MESSAGE)
        if not self.key:
            return f"{where}: {message}"
        return f"{where}: {shown(self.key, MAX_KEY_PATH)}: {message}"

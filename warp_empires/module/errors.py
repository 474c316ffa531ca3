"""The error a module raises when it cannot be loaded, and the list that builds it."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass


class ModuleError(Exception):
    """A module could not be found or loaded.

    `problems` holds every problem found, one line each, so that a modder can
    fix them all in one pass instead of one per run.
    """

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))

    def __str__(self) -> str:
        return "\n".join(self.problems)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the nearest choice, or '' when none is near."""
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def one_of(choices: Iterable[str]) -> str:
    return ", ".join(sorted(choices))


@dataclass(frozen=True, slots=True)
class Problem:
    file: str
    key: str  # dotted path, e.g. "unit[12].speed"; "" for the file as a whole
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"

"""The one error type of the saves package."""

from __future__ import annotations

import os


def one_line(text: str, limit: int = 300) -> str:
    """Text safe to print on one terminal line: control characters escaped, length capped.

    Messages quote paths and strings that came from untrusted files; a newline or
    an escape sequence in them must not break the one-line promise or the terminal.
    """
    out = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


class SaveError(ValueError):
    """A save that cannot be written or read. `str()` is one line: "<file>: <problem>"."""

    def __init__(self, where: str | os.PathLike[str], problem: str) -> None:
        self.where = os.fspath(where)
        self.problem = one_line(problem)
        super().__init__(f"{one_line(self.where, 200)}: {self.problem}")


class SaveExists(SaveError):
    """Saving would replace a file that is not a save of the same game (another
    game's save, or something unreadable). `other` is what the file holds when it
    is a readable save, for the question a front end asks before replacing it."""

    def __init__(self, where: str | os.PathLike[str], problem: str, other: object = None) -> None:
        super().__init__(where, problem)
        self.other = other  # SaveMeta | None

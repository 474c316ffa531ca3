"""Problems as `validate` prints them for people and tools: the path as the
command line gave it, line and column, a stable code (codes.py), the key and
the message; or as a record for --json."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from .codes import code_of
from .errors import Problem, shown
from .files import Refused, read_bounded
from .limits import MAX_FILE_BYTES

# " (did you mean 'x'?)" or " (did you mean 'x'? expected one of: ...)"
_HINT = re.compile(r" \(did you mean '([^']*)'\?(\)| )")
_INDEX = re.compile(r"\[\d+\]")


class Columns:
    """Finds the column of a problem's key on its line, reading each file once."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._lines: dict[str, list[str]] = {}

    def of(self, problem: Problem) -> int:
        """1-based column of the key's last part on the problem's line; 1 when unknown."""
        if problem.column is not None:
            return problem.column
        if self.folder is None or problem.line is None or not problem.key:
            return 1
        lines = self._file(problem.file)
        if not 0 < problem.line <= len(lines):
            return 1
        text = lines[problem.line - 1]
        last = _INDEX.sub("", problem.key.rsplit(".", 1)[-1])
        found = re.search(rf"(?<![\w-]){re.escape(last)}(?![\w-])", text) if last else None
        return found.start() + 1 if found else len(text) - len(text.lstrip()) + 1

    def _file(self, name: str) -> list[str]:
        if name not in self._lines:
            try:
                data = read_bounded(self.folder / name, MAX_FILE_BYTES)  # type: ignore[operator]
                self._lines[name] = data.decode("utf-8", "replace").splitlines()
            except (Refused, OSError):
                self._lines[name] = []
        return self._lines[name]


def problem_line(problem: Problem, folder: str | None, columns: Columns) -> str:
    """`./my_theme/units.toml:14:3: E107 unit[2].speed: unknown speed ...`"""
    file = os.path.join(folder, problem.file) if folder else problem.file
    where = shown(file, 4096)
    if problem.line is not None:
        where += f":{problem.line}:{columns.of(problem)}"
    key = f"{shown(problem.key, 200)}: " if problem.key else ""
    return f"{where}: {code_of(problem.message)} {key}{shown(problem.message, 500)}"


def problem_record(problem: Problem, folder: str | None, columns: Columns) -> dict[str, Any]:
    """One problem for tools: where, its code, what, and the suggested fix if any."""
    hint = _HINT.search(problem.message)
    file = os.path.join(folder, problem.file) if folder else problem.file
    return {"file": shown(file, 4096), "line": problem.line,
            "column": columns.of(problem) if problem.line is not None else None,
            "code": code_of(problem.message), "key": shown(problem.key, 200),
            "message": shown(_HINT.sub(lambda m: "" if m.group(2) == ")" else " (",
                                       problem.message), 500),
            "hint": hint.group(1) if hint else None}

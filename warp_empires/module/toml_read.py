"""Reading a module's TOML files, and finding the line a dotted key path is on.

tomllib reports a line only for syntax errors; the validator's problems are
about values, so `Locator` scans the text for the table and key a problem
names. It is a best effort: a wrong line number is a nuisance, never an error.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem

_SYNTAX_AT = re.compile(r"^(?P<msg>.*) \(at line (?P<line>\d+), column (?P<col>\d+)\)$", re.S)
_SYNTAX_END = re.compile(r"^(?P<msg>.*) \(at end of document\)$", re.S)
_HEADER = re.compile(r"^\s*(\[\[|\[)\s*(?P<name>[^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_INDEX = re.compile(r"\[\d+\]$")


class Report:
    """Collects problems; fills in line numbers from each file's Locator."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.locators: dict[str, Locator] = {}
        self.file_order: list[str] = []

    def add(self, file: str, key: str, message: str, line: int | None = None) -> None:
        if line is None and file in self.locators:
            line = self.locators[file].locate(key)
        self.problems.append(Problem(file, key, message, line))

    def __len__(self) -> int:
        return len(self.problems)

    def lines(self) -> list[str]:
        """Problems in file order, then line order, so a modder can work down a file."""

        def rank(p: Problem) -> tuple[int, int]:
            order = (
                self.file_order.index(p.file) if p.file in self.file_order else len(self.file_order)
            )
            return (order, p.line if p.line is not None else 0)

        return [str(p) for p in sorted(self.problems, key=rank)]


@dataclass
class TomlFile:
    name: str
    text: str = ""
    raw: bytes = b""
    data: dict[str, Any] | None = None  # None: missing or unreadable
    locator: Locator | None = field(default=None, repr=False)


def read_toml(path: Path, report: Report) -> TomlFile:
    """Parse one file; a problem is reported (and `data` left None) if it cannot be read."""
    name = path.name
    result = TomlFile(name)
    report.file_order.append(name)
    try:
        result.raw = path.read_bytes()
    except FileNotFoundError:
        report.add(name, "", "file is missing")
        return result
    except OSError as err:
        report.add(name, "", f"cannot be read: {err.strerror or err}")
        return result
    try:
        result.text = result.raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = result.raw[: err.start].count(b"\n") + 1
        report.add(name, "", "is not UTF-8 text", line)
        return result
    result.locator = Locator(result.text)
    report.locators[name] = result.locator
    try:
        result.data = tomllib.loads(result.text)
    except tomllib.TOMLDecodeError as err:
        report.add(name, "", *_syntax_message(str(err), result.text))
    return result


def _syntax_message(text: str, source: str) -> tuple[str, int | None]:
    match = _SYNTAX_AT.match(text)
    if match:
        return (
            f"TOML syntax error: {match['msg']} (column {match['col']})",
            int(match["line"]),
        )
    match = _SYNTAX_END.match(text)
    if match:
        return f"TOML syntax error: {match['msg']} (at the end of the file)", source.count("\n") + 1
    return f"TOML syntax error: {text}", None


@dataclass
class _Section:
    name: str  # "module", "setup.empire", "unit[3]" (1-based); "" before any header
    header: int | None  # 1-based line of the header
    start: int  # 0-based index of its first line
    end: int = 0  # 0-based index past its last line


class Locator:
    """Finds the line of a dotted key path such as `unit[12].speed` in a TOML text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.in_string: set[int] = set()  # lines inside a multi-line string
        self.sections: list[_Section] = [_Section("", None, 0)]
        counts: dict[str, int] = {}
        delimiter: str | None = None
        for i, line in enumerate(self.lines):
            if delimiter is not None:
                self.in_string.add(i)
                if line.count(delimiter) % 2 == 1:
                    delimiter = None
                continue
            for quote in ("'''", '"""'):
                if line.count(quote) % 2 == 1:
                    delimiter = quote
                    break
            match = _HEADER.match(line)
            if not match or delimiter is not None:
                continue
            name = ".".join(part.strip().strip("\"'") for part in match["name"].split("."))
            if match.group(1) == "[[":
                counts[name] = counts.get(name, 0) + 1
                name = f"{name}[{counts[name]}]"
            self.sections[-1].end = i
            self.sections.append(_Section(name, i + 1, i + 1))
        self.sections[-1].end = len(self.lines)

    def locate(self, path: str) -> int | None:
        parts = _split_path(path)
        if not parts:
            return None
        by_name = {s.name: s for s in self.sections}
        for cut in range(len(parts), 0, -1):
            section = by_name.get(".".join(parts[:cut]))
            if section is not None:
                return self._within(section, parts[cut:])
        root = self.sections[0]
        found = self._within(root, parts)
        if found is not None:
            return found
        # "setup" names no header of its own when the file only has [setup.empire].
        for section in self.sections:
            if section.name.startswith((parts[0] + ".", parts[0] + "[")):
                return section.header
        return None

    def picture_row_line(self, path: str, row: int) -> int | None:
        """Line of row `row` (0-based) of a multi-line string value at `path`."""
        line = self.locate(path)
        if line is None:
            return None
        opening = self.lines[line - 1].rstrip()
        starts_below = opening.endswith(("'''", '"""'))
        return line + row + (1 if starts_below else 0)

    def _within(self, section: _Section, keys: list[str]) -> int | None:
        if not keys:
            return section.header
        first = re.compile(rf"^\s*[\"']?{re.escape(_bare(keys[0]))}[\"']?\s*[=.]")
        found = self._search(first, section.start, section.end)
        if found is None:
            return section.header
        for key in keys[1:]:
            inner = re.compile(rf"(^|[{{,\s])[\"']?{re.escape(_bare(key))}[\"']?\s*=")
            deeper = self._search(inner, found, section.end)
            if deeper is None:
                break
            found = deeper
        return found + 1

    def _search(self, pattern: re.Pattern[str], start: int, end: int) -> int | None:
        for i in range(start, end):
            if i not in self.in_string and pattern.search(self.lines[i]):
                return i
        return None


def _bare(part: str) -> str:
    return _INDEX.sub("", part)


def _split_path(path: str) -> list[str]:
    return [p for p in path.split(".") if p]

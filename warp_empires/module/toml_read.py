"""Reading a module's TOML files, and finding the line a dotted key path is on.

tomllib reports a line only for syntax errors; the validator's problems are
about values, so `Locator` scans the text for the table and key a problem
names. It is a best effort: a wrong line number is a nuisance, never an error.
"""

from __future__ import annotations

import bisect
import heapq
import re
import tomllib
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import Problem, did_you_mean
from .files import Refused, read_bounded
from .limits import HINT_BUDGET, MAX_FILE_BYTES, MAX_PROBLEMS_SHOWN
from .toml_scan import scan

_SYNTAX_AT = re.compile(r"^(?P<msg>.*) \(at line (?P<line>\d+), column (?P<col>\d+)\)$", re.S)
_SYNTAX_END = re.compile(r"^(?P<msg>.*) \(at end of document\)$", re.S)
_HEADER = re.compile(r"^\s*(\[\[|\[)\s*(?P<name>[^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_INDEX = re.compile(r"\[\d+\]$")


class Report:
    """Collects problems; fills in line numbers from each file's Locator.

    Linear in the number of problems: each line is looked up in the Locator's
    index, and only the first MAX_PROBLEMS_SHOWN (by file, then line) are kept,
    in a heap, while the rest are only counted.
    """

    def __init__(self, keep: int = MAX_PROBLEMS_SHOWN) -> None:
        self.locators: dict[str, Locator] = {}
        self.file_order: list[str] = []
        self.count = 0
        self._keep = keep
        self._rank: dict[str, int] = {}
        # A max-heap (keys negated) of the `keep` smallest (rank, line, number).
        self._kept: list[tuple[int, int, int, Problem]] = []
        self._hint_budget = HINT_BUDGET

    def add_file(self, name: str) -> None:
        """Problems of files added earlier come first; of unlisted files, last."""
        self._rank.setdefault(name, len(self.file_order))
        self.file_order.append(name)

    def add(self, file: str, key: str, message: str, line: int | None = None,
            column: int | None = None) -> None:
        if line is None and file in self.locators:
            line = self.locators[file].locate(key)
        self.count += 1
        rank = self._rank.get(file, _UNLISTED)
        entry = (-rank, -(line or 0), -self.count, Problem(file, key, message, line, column))
        if len(self._kept) < self._keep:
            heapq.heappush(self._kept, entry)
        elif entry > self._kept[0]:
            heapq.heapreplace(self._kept, entry)

    def hint(self, word: str, choices: Iterable[str]) -> str:
        """did_you_mean while the run's budget of comparisons lasts, then ''."""
        options = choices if isinstance(choices, Collection) else list(choices)
        if len(options) > self._hint_budget:
            self._hint_budget = 0
            return ""
        self._hint_budget -= len(options)
        return did_you_mean(word, options)

    def __len__(self) -> int:
        return self.count

    def kept(self) -> list[Problem]:
        """The problems kept, in file order, then line order."""
        return [entry[-1] for entry in sorted(self._kept, reverse=True)]

    def lines(self) -> list[str]:
        """Problems in file order, then line order, so a modder can work down a file;
        past the kept ones, one line saying how many more there are."""
        kept = self.kept()
        lines = [str(problem) for problem in kept]
        hidden = self.count - len(kept)
        if hidden:
            lines.append(
                f"... and {hidden} more problem{'s' if hidden != 1 else ''}"
                f" (only the first {len(kept)} are shown)"
            )
        return lines


_UNLISTED = 1 << 30  # the rank of a file that read_toml never read: after all others


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
    report.add_file(name)
    try:
        result.raw = read_bounded(path, MAX_FILE_BYTES)
    except Refused as err:
        report.add(name, "", str(err))
        return result
    try:
        result.text = result.raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = result.raw[: err.start].count(b"\n") + 1
        report.add(name, "", "is not UTF-8 text", line)
        return result
    result.locator = Locator(result.text)
    report.locators[name] = result.locator
    unsafe = scan(result.text)
    if unsafe is not None:
        report.add(name, "", *unsafe)
        return result
    try:
        result.data = tomllib.loads(result.text)
    except tomllib.TOMLDecodeError as err:
        message, at_line, at_column = _syntax_message(str(err), result.text)
        report.add(name, "", message, at_line, at_column)
    except (RecursionError, ValueError) as err:
        # The scan should have caught what raises these; this is the backstop.
        what = "too deeply nested" if isinstance(err, RecursionError) else "too large"
        report.add(name, "", f"cannot be read: something in it is {what} to parse")
    return result


def _syntax_message(text: str, source: str) -> tuple[str, int | None, int | None]:
    """The problem's words, line and column for tomllib's error `text`."""
    match = _SYNTAX_AT.match(text)
    if match:
        line, column = int(match["line"]), int(match["col"])
        opened = _unclosed_string(source, line) if "'\\n'" in match["msg"] else None
        if opened is not None:
            # tomllib names the line break after a string that never closed;
            # the modder needs to know where that string opens (issue 37)
            return (f"TOML syntax error: the string that opens at column {opened} is not "
                    "closed on its line (a string ends on the line it starts; text over "
                    'several lines goes between """ and """)', line, opened)
        return f"TOML syntax error: {match['msg']} (column {column})", line, column
    match = _SYNTAX_END.match(text)
    if match:
        return (f"TOML syntax error: {match['msg']} (at the end of the file)",
                source.count("\n") + 1, None)
    return f"TOML syntax error: {text}", None, None


def _unclosed_string(source: str, line: int) -> int | None:
    """The 1-based column where a one-line string opens on `line` and is never
    closed, or None."""
    lines = source.splitlines()
    if not 0 < line <= len(lines):
        return None
    text, i = lines[line - 1], 0
    opened: int | None = None
    while i < len(text):
        ch = text[i]
        if opened is None:
            if ch == "#":
                break
            if ch in "\"'":
                opened = i
        elif ch == "\\" and text[opened] == '"':
            i += 1  # an escape: the next character is part of the string
        elif ch == text[opened]:
            opened = None
        i += 1
    return None if opened is None else opened + 1


@dataclass
class _Section:
    name: str  # "module", "setup.empire", "unit[3]" (1-based); "" before any header
    header: int | None  # 1-based line of the header
    start: int  # 0-based index of its first line
    end: int = 0  # 0-based index past its last line
    keys: _KeyIndex | None = None  # built when first needed


@dataclass
class _KeyIndex:
    """Where keys are written in one section, so that a lookup is not a scan."""

    first: dict[str, int]  # key -> first line (0-based) starting with it: `key =`, `key.x =`
    anywhere: dict[str, list[int]]  # key -> lines with `key =` anywhere, e.g. in `{ key = 1 }`


# A key as written at the start of a line, and anywhere in one. Quoted keys
# keep their inner text; a bare key may carry stray quotes, as in a string
# that holds `"kind = x"`, which the old pattern-per-lookup search matched too.
_LINE_KEY = re.compile(r"""^\s*(?:"([^"]*)"|'([^']*)'|["']?([A-Za-z0-9_-]+)["']?)\s*[=.]""")
_ANY_KEY = re.compile(
    r"""(?:^|(?<=[{,\s]))(?:"([^"]*)"|'([^']*)'|["']?([A-Za-z0-9_-]+)["']?)\s*="""
)


class Locator:
    """Finds the line of a dotted key path such as `unit[12].speed` in a TOML text.

    Each lookup costs about the length of the path: sections are found by name
    in a dict, and each section's keys are indexed once, when first asked about,
    so that thousands of problems cost one pass over the text, not one each.
    """

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
        self.by_name = {s.name: s for s in self.sections}
        # "setup" -> the header of the first section under it, such as [setup.empire].
        self.first_under: dict[str, int | None] = {}
        for s in self.sections:
            head = re.split(r"[.\[]", s.name, maxsplit=1)
            if len(head) == 2:
                self.first_under.setdefault(head[0], s.header)

    def locate(self, path: str) -> int | None:
        parts = _split_path(path)
        if not parts:
            return None
        for cut in range(len(parts), 0, -1):
            section = self.by_name.get(".".join(parts[:cut]))
            if section is not None:
                return self._within(section, parts[cut:])
        root = self.sections[0]
        found = self._within(root, parts)
        if found is not None:
            return found
        # "setup" names no header of its own when the file only has [setup.empire].
        return self.first_under.get(parts[0])

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
        index = self._index(section)
        found = index.first.get(_bare(keys[0]))
        if found is None:
            return section.header
        for key in keys[1:]:
            lines = index.anywhere.get(_bare(key), ())
            at = bisect.bisect_left(lines, found)
            if at == len(lines):
                break
            found = lines[at]
        return found + 1

    def _index(self, section: _Section) -> _KeyIndex:
        if section.keys is None:
            first: dict[str, int] = {}
            anywhere: dict[str, list[int]] = {}
            for i in range(section.start, section.end):
                if i in self.in_string:
                    continue
                line = self.lines[i]
                match = _LINE_KEY.match(line)
                if match:
                    first.setdefault(_key_text(match), i)
                for match in _ANY_KEY.finditer(line):
                    lines = anywhere.setdefault(_key_text(match), [])
                    if not lines or lines[-1] != i:
                        lines.append(i)
            section.keys = _KeyIndex(first, anywhere)
        return section.keys


def _key_text(match: re.Match[str]) -> str:
    return next(g for g in match.groups() if g is not None)


def _bare(part: str) -> str:
    return _INDEX.sub("", part)


def _split_path(path: str) -> list[str]:
    return [p for p in path.split(".") if p]

"""A quick look at TOML text for what would crash tomllib rather than fail it cleanly.

tomllib parses arrays and inline tables by recursion, so `x = [[[[...]]]]` a
few hundred deep raises RecursionError; and it turns a decimal integer into an
int with int(), which refuses more than 4,300 digits with a ValueError; and it
keeps a record per prefix of a dotted key, so `a.a.a...` ten thousand parts
long takes 400 MB. This scan finds all three before tomllib runs, with the
line to report. It skips strings
and comments the way TOML does; anything else it gets wrong is a syntax error
that tomllib reports anyway.
"""

from __future__ import annotations

import re

from .limits import MAX_DIGITS, MAX_KEY_PARTS, MAX_NESTING

# What the scan stops at: string and comment openers, brackets, the dots of
# dotted keys and what ends a key, line ends, and runs of digits longer than
# any number a module needs.
_TOKEN = re.compile(
    r"\"\"\"|'''|[\"'#\[\]{}\n.=,]"
    + rf"|[0-9][0-9_]{{{MAX_DIGITS},}}|0[xob][0-9A-Fa-f_]{{{MAX_DIGITS},}}"
)
# Possessive (*+, ++): a long unterminated string must not make the regex backtrack.
_BASIC_END = re.compile(r'(?:[^"\\\n]++|\\.)*+"')  # the rest of a "..." string
_MULTI_BASIC_END = re.compile(r'(?:[^"\\]++|\\.|"(?!""))*+"""', re.S)  # the rest of """..."""
_OPEN = "[{"
_CLOSE = "]}"


def scan(text: str) -> tuple[str, int] | None:
    """(message, line) of the first thing tomllib cannot parse safely, or None."""
    depth = 0
    dots = 0  # dots since anything that ends a key: a dotted key's parts, less one
    line = 1
    pos = 0
    while True:
        match = _TOKEN.search(text, pos)
        if match is None:
            return None
        token = match.group()
        pos = match.end()
        if token == ".":
            # Outside strings a dot is in a key, a float or a time; only a key
            # has more than one between two of "=,[]{}" and a line end.
            dots += 1
            if dots >= MAX_KEY_PARTS:
                return f"a dotted key of more than {MAX_KEY_PARTS} parts", line
            continue
        if token[0] not in "\"'":
            dots = 0
        if token == "\n":
            line += 1
        elif token in _OPEN:
            depth += 1
            if depth > MAX_NESTING:
                return (
                    f"arrays and inline tables are nested more than {MAX_NESTING} deep",
                    line,
                )
        elif token in _CLOSE:
            depth = max(0, depth - 1)
        elif token in "=,":
            pass
        elif token == "#":
            end = text.find("\n", pos)
            pos = len(text) if end < 0 else end
        elif token[0].isdigit():
            digits = len(token) - token.count("_") - (2 if token[1] in "xob" else 0)
            if digits > MAX_DIGITS:
                return f"a number of {digits} digits (at most {MAX_DIGITS})", line
        else:
            end = _string_end(text, pos, token)
            line += text.count("\n", pos, end)
            pos = end


def _string_end(text: str, pos: int, opener: str) -> int:
    """Where the string opened just before `pos` ends (past its closing quotes)."""
    if opener == '"""':
        match = _MULTI_BASIC_END.match(text, pos)
        end = match.end() if match else len(text)
        return _extra_quotes(text, end, '"')
    if opener == "'''":
        found = text.find("'''", pos)
        return len(text) if found < 0 else _extra_quotes(text, found + 3, "'")
    if opener == '"':
        match = _BASIC_END.match(text, pos)
        # Unterminated on this line: a syntax error; stop at the line's end.
        return match.end() if match else _line_end(text, pos)
    found = text.find("'", pos, _line_end(text, pos))
    return _line_end(text, pos) if found < 0 else found + 1


def _extra_quotes(text: str, end: int, quote: str) -> int:
    # A multi-line string may end with one or two quotes of its own: """a""""
    for _ in range(2):
        if text.startswith(quote, end):
            end += 1
    return end


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end

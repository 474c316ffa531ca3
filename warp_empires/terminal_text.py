"""Text from files printed safely: control and format characters escaped.

A module is checked when it loads (module/text_check.py), and a save's
metadata when it is read; but a command printing what came from a file must
not rely on that: an old or hand-edited file, or a check added later, would
otherwise write escape sequences to the person's terminal. `safe_output`
wraps stdout and stderr for the commands that print such text; each control
or format character (Unicode Cc, Cf; newline and tab excepted) is written as
`\\uXXXX`, which also keeps JSON output valid.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

KEEP = frozenset("\n\t")


def safe(text: str) -> str:
    """`text` with every control or format character but newline and tab escaped."""
    if text.isprintable():
        return text  # the common case, and the cheap one
    return "".join(f"\\u{ord(ch):04x}" if ch not in KEEP and unicodedata.category(ch)
                   in ("Cc", "Cf") else ch for ch in text)


class SafeWriter:
    """A text stream that writes `safe` text to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        self._stream.write(safe(text))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def raw_stdout() -> TextIO:
    """The stdout under `safe_output`'s escaping: for colour output (whose
    escape sequences are the point) built only from `safe` text."""
    out = sys.stdout
    return out._stream if isinstance(out, SafeWriter) else out


@contextmanager
def safe_output() -> Iterator[None]:
    """stdout and stderr escaped while the block runs."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeWriter(out), SafeWriter(err)  # type: ignore[assignment,unused-ignore]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err

"""Reading a module's files: regular files only, never blocking, under a size
cap (warp_empires/bounded.py), refused in the module's own words."""

from __future__ import annotations

from pathlib import Path

from warp_empires.bounded import Unreadable, read_regular


class Refused(Exception):
    """A file that cannot be read; `str()` is what is wrong, e.g. "is not a regular file"."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The whole file; Refused if it is missing, not a regular file or over `limit` bytes."""
    try:
        return read_regular(path, limit)
    except Unreadable as err:
        if err.why == "missing":
            raise Refused("file is missing") from None
        if err.why == "special":
            raise Refused(f"is not a regular file ({err.detail})") from None
        if err.why == "too_large":
            size = f"{err.size} bytes" if err.size is not None else "it grew while being read"
            raise Refused(f"is too large ({size}; a module file has at most {limit} bytes)") \
                from None
        raise Refused(f"cannot be read: {err.detail}") from None

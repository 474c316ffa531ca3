"""Reading a module's files: regular files only, never blocking, under a size cap.

The same approach as warp_empires/saves/io.py (read_bounded), with the
module's own wording; that package imports this one, so it is not imported here.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Refused(Exception):
    """A file that cannot be read; `str()` is what is wrong, e.g. "is not a regular file"."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The whole file; Refused if it is missing, not a regular file or over `limit` bytes."""
    # O_NONBLOCK: a FIFO planted under a module file's name must not hang the open.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Refused("file is missing") from None
    except OSError as err:
        raise Refused(f"cannot be read: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            # /dev/zero, a FIFO, a socket, a folder: reading them never ends or means nothing.
            raise Refused(f"is not a regular file ({_kind(info.st_mode)})")
        if info.st_size > limit:
            raise Refused(_too_large(info.st_size, limit))
        chunks = []
        total = 0
        while True:
            # Read by chunks up to the limit: the file may grow after fstat.
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise Refused(_too_large(None, limit))
        return b"".join(chunks)
    except OSError as err:
        raise Refused(f"cannot be read: {err.strerror or err}") from None
    finally:
        os.close(fd)


def _too_large(size: int | None, limit: int) -> str:
    bytes_ = f"{size} bytes" if size is not None else "it grew while being read"
    return f"is too large ({bytes_}; a module file has at most {limit} bytes)"


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "a special file"

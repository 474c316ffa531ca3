"""Reading a whole file that anyone may have planted: regular files only, never
blocking, under a size cap. Saves and modules both read this way and word the
refusal in their own terms."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class Unreadable(Exception):
    """Why a file was not read. `why` is "missing", "failed" (`detail`: the
    system's reason), "special" (`detail`: what it is, e.g. "a named pipe") or
    "too_large" (`size`: its size, or None when it grew while being read)."""

    def __init__(self, why: str, detail: str = "", size: int | None = None) -> None:
        super().__init__(why, detail)
        self.why = why
        self.detail = detail
        self.size = size


def read_regular(path: Path, limit: int) -> bytes:
    """The whole file; Unreadable if it is missing, not a regular file or over
    `limit` bytes."""
    # O_NONBLOCK: a FIFO planted under the file's name must not hang the open.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise Unreadable("missing") from None
    except OSError as err:
        raise Unreadable("failed", str(err.strerror or err)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            # /dev/zero, a FIFO, a socket, a folder: reading them never ends or means nothing.
            raise Unreadable("special", kind_of(info.st_mode))
        if info.st_size > limit:
            raise Unreadable("too_large", size=info.st_size)
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
                raise Unreadable("too_large")
        return b"".join(chunks)
    except OSError as err:
        raise Unreadable("failed", str(err.strerror or err)) from None
    finally:
        os.close(fd)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
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

"""Reading files under a size cap, and writing them so that a crash never loses one.

Writing goes to a temporary file in the target's own folder (os.replace is only
atomic within one file system), which is flushed to disk before it replaces the
target; then the folder itself is synced so that the rename survives a power
cut. At every moment the target path holds either the complete old file or the
complete new one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from warp_empires.bounded import Unreadable, read_regular

from .errors import SaveError

TEMP_SUFFIX = ".tmp"
# A temporary file older than this was left by a write that died (a kill, a
# power cut): no write takes this long, so removing it cannot race a live one.
STALE_TEMP_SECONDS = 600


def read_bounded(path: Path, limit: int) -> bytes:
    """The whole file, refused if it is not a regular file or exceeds `limit` bytes
    (warp_empires/bounded.py: a FIFO or /dev/zero planted under a save's name
    can neither hang nor flood the reader)."""
    try:
        return read_regular(path, limit)
    except Unreadable as e:
        if e.why == "missing":
            raise SaveError(path, "no such file") from None
        if e.why == "special":
            raise SaveError(path, "not a regular file") from None
        if e.why == "too_large":
            size = f"{e.size} bytes" if e.size is not None else f"over {limit} bytes"
            limit_text = f"; limit {limit}" if e.size is not None else ""
            raise SaveError(path, f"too large for a save ({size}{limit_text})") from None
        raise SaveError(path, f"cannot read ({e.detail})") from None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _fsync_dir(directory: Path) -> None:
    # Makes the rename durable. Some platforms and file systems cannot open or
    # sync a folder; the data itself is already synced, so that is not fatal.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _write_temp(target: Path, data: bytes, sync: bool = True) -> Path:
    """A temporary file beside `target` holding `data`, synced to the disk
    unless `sync` is False.

    Its name starts with a dot and ends in .tmp, so listings never show it even
    when a crash leaves it behind; it carries the writer's process id, so that
    `remove_stale_temps` can tell a dead write's leftover from a live one.
    """
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                                dir=target.parent)
    temp = Path(name)
    try:
        try:
            _write_all(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def _failed(target: Path, e: OSError) -> SaveError:
    return SaveError(target, f"could not write ({e.strerror or e}); any previous file is unchanged")


def write_atomic(target: Path, data: bytes, sync: bool = True) -> None:
    """Replace `target` with `data`; on any failure the old file is left as it was.
    `sync` False skips the two fsyncs: the new file then survives the writing
    process being killed (it is in the system's hands), not a power cut."""
    try:
        temp = _write_temp(target, data, sync)
    except OSError as e:
        raise _failed(target, e) from None
    try:
        os.replace(temp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(e, OSError):
            raise _failed(target, e) from None
        raise
    if sync:
        _fsync_dir(target.parent)


def write_rotated(slots: Sequence[Path], data: bytes) -> None:
    """Write `data` to slots[0], first shifting slots[i] to slots[i+1] (the last drops off).

    The new file is complete on disk before anything moves, and each shift is
    one atomic rename, so at every moment each good older file is in some slot:
    a crash can lose at most the save being written, never the one before it.
    """
    target = slots[0]
    try:
        temp = _write_temp(target, data)
    except OSError as e:
        raise _failed(target, e) from None
    try:
        for older, newer in zip(reversed(slots[:-1]), reversed(slots[1:]), strict=True):
            with contextlib.suppress(FileNotFoundError):
                os.replace(older, newer)
        os.replace(temp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(e, OSError):
            raise _failed(target, e) from None
        raise
    _fsync_dir(target.parent)


def remove_stale_temps(folder: Path, now: float | None = None) -> int:
    """Deletes the temporary files of writes that died, in `folder`; how many.

    Only our own pattern (.NAME.wes.PID.XXXX.tmp) and only regular files: one
    whose writing process is gone (killed mid-write), or any older than
    STALE_TEMP_SECONDS (no write takes that long, whoever wrote it). A write in
    progress, in this process or another, is never touched.
    """
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TEMP_SUFFIX) and ".wes." in name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            if now - info.st_mtime > STALE_TEMP_SECONDS or _writer_is_gone(name):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def _writer_is_gone(name: str) -> bool:
    """Whether the process named in a temp file's name has ended."""
    pid_text = name.split(".wes.", 1)[1].split(".", 1)[0]
    if not pid_text.isdigit() or int(pid_text) == os.getpid():
        return False  # an older name without a process id, or a write of ours
    try:
        os.kill(int(pid_text), 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False  # alive under another user, or not a process id we can ask about
    return False

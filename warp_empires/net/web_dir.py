"""The folder of the browser seats' Unix socket (net/web.py): in the system's
temporary folder, since a socket's path must be short, with the server's
process id in it, so that a server started later removes the folders of
servers that were killed (`kill -9` runs no cleanup; issue 38's attacks left
one a run)."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

PREFIX = "warp-empires-web-"
# a folder without its process id is another server's in the making (the id
# is written just after), unless it is older than this
UNNAMED_SECONDS = 60.0


def make() -> str:
    """A new folder of this process, the dead servers' removed first."""
    sweep()
    path = tempfile.mkdtemp(prefix=PREFIX)
    Path(path, "pid").write_text(str(os.getpid()), encoding="ascii")
    return path


def sweep() -> list[str]:
    """Removes this user's folders whose server is no longer running; the
    folders removed."""
    gone = []
    for folder in Path(tempfile.gettempdir()).glob(PREFIX + "*"):
        try:
            if folder.is_symlink() or not folder.is_dir() \
                    or folder.stat().st_uid != os.getuid():
                continue
            age = time.time() - folder.stat().st_mtime
            pid = int((folder / "pid").read_text(encoding="ascii"))
        except (FileNotFoundError, ValueError):
            pid = None
        except OSError:
            continue
        if pid is not None and _running(pid):
            continue
        if pid is None and age < UNNAMED_SECONDS:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        gone.append(str(folder))
    return gone


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # (another user's process: never ours to judge)
    return True

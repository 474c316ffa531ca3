"""A server's saves folder: its lock, the games it holds, and their archive.

One server writes a folder at a time: `FolderLock` holds an exclusive lock on
`server.lock` for as long as the server runs (the system drops it when the
process dies, even by `kill -9`), and `warp-empires games` takes the same lock
to change a stopped server's games. A game is two files (room.py); knowing
which games there are and which have ended needs only the small seats files
(`scan`), so a server listens at once however many games its folder holds and
loads a game when someone joins it.

A game nobody has changed for the archive limit moves to `archive/` with both
its files: out of every count, still an ordinary save (`replay` opens it), and
`games restore` brings it back.
"""

from __future__ import annotations

import contextlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import msgpack

from warp_empires.saves.errors import SaveError
from warp_empires.saves.format import decode_meta
from warp_empires.saves.io import read_bounded

ARCHIVE = "archive"
LOCK_NAME = "server.lock"
SEATS_LIMIT = 64 * 1024
SAVE_LIMIT = 64 * 1024 * 1024
_SEATS_NAME = re.compile(r"net-([0-9a-f]{16})\.seats")


class FolderInUse(Exception):
    """Another process holds the folder's lock; the message says which."""


class FolderLock:
    """An exclusive lock on a saves folder, for as long as this process holds it."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._file: IO[str] | None = None

    def acquire(self) -> FolderLock:
        """Takes the lock, or raises FolderInUse at once (never waits)."""
        file = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held while serving
        try:
            _lock(file)
        except OSError:
            file.seek(0)
            holder = file.read(40).strip()
            file.close()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise FolderInUse(f"{self.path.parent} is in use by another server{who}; "
                              "one server per saves folder") from None
        file.seek(0)
        file.truncate()
        file.write(str(os.getpid()))
        file.flush()
        self._file = file
        return self

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file drops the lock
            self._file = None


def _lock(file: IO[str]) -> None:
    try:
        import fcntl
    except ImportError:  # Windows: a byte-range lock on the file's first byte
        import msvcrt

        file.seek(0)
        msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


@dataclass(slots=True)  # one per game of the folder, ended ones too
class Entry:
    """One game of the folder, known from its seats file alone."""

    id: str
    over: bool
    changed: float  # when it last changed: its seats file's time (seconds since 1970)
    archived: bool = False
    bots: bool = False  # a computer player has a seat (the server plays it)
    # the address that created it without the host key (serve --open), or None
    stranger: str | None = None
    seen: float = 0.0  # when a seat of it was last connected (this server run)
    # its seats' token digests (None: a computer's); () when the file named none
    digests: tuple[bytes | None, ...] = ()
    # the side ids of those seats, in order; () when the file is older than them
    sides: tuple[str, ...] = ()


def seats_path(folder: Path, game: str, archived: bool = False) -> Path:
    return (folder / ARCHIVE if archived else folder) / f"net-{game}.seats"


def read_seats(path: Path) -> dict[str, Any]:
    """A seats file's map, not yet checked (Room.load checks it); SaveError
    when it is not a msgpack map."""
    try:
        data = msgpack.unpackb(read_bounded(path, SEATS_LIMIT), raw=False)
    except SaveError:
        raise
    except Exception as e:  # noqa: BLE001 - a damaged file, whatever it holds
        raise SaveError(path, f"not a seats file ({e})") from None
    if not isinstance(data, dict):
        raise SaveError(path, "not a seats file (not a map)")
    return data


def entry(path: Path, archived: bool = False) -> Entry:
    """What the seats file `path` says of its game. Seats files written before
    they said whether the game is over leave that to the save's metadata."""
    match = _SEATS_NAME.fullmatch(path.name)
    if match is None:
        raise SaveError(path, "not the seats file of a hosted game")
    data = read_seats(path)
    over = data.get("over")
    if type(over) is not bool:
        meta, _ = decode_meta(read_bounded(path.with_suffix(".wes"), SAVE_LIMIT), str(path))
        over = meta.active < 0
    players = data.get("players")
    bots = isinstance(players, list) and any(p != "human" for p in players)
    stranger = data.get("stranger")
    digests = data.get("digests")
    known = tuple(digests) if isinstance(digests, list) and all(
        d is None or isinstance(d, bytes) for d in digests) else ()
    sides = data.get("sides")
    named = tuple(sides) if isinstance(sides, list) and len(sides) == len(known) and all(
        isinstance(x, str) for x in sides) else ()
    return Entry(match.group(1), over, path.stat().st_mtime, archived, bots,
                 stranger if isinstance(stranger, str) else None, digests=known, sides=named)


def save_sides(path: Path) -> tuple[str, ...]:
    """The side ids of the game whose seats file is `path`, in seat order,
    from its save's metadata: for a seats file written before it named them
    (Entry.sides), read once, not the whole game; () when it cannot be read."""
    try:
        meta, _ = decode_meta(read_bounded(path.with_suffix(".wes"), SAVE_LIMIT), str(path))
    except (SaveError, OSError):
        return ()
    return tuple(side.id for side in meta.sides)


def scan(folder: Path, archived: bool = False) -> tuple[dict[str, Entry], list[str]]:
    """The games of the folder (or of its archive), and one line for each
    seats file that cannot be read (left on disk untouched)."""
    where = folder / ARCHIVE if archived else folder
    games: dict[str, Entry] = {}
    problems = []
    for path in sorted(where.glob("net-*.seats")):
        if not path.with_suffix(".wes").exists():
            # a create cut short (a full disk, a kill between its two files):
            # no game, and no place of --max-games (issue 38's twelfth attack)
            problems.append(f"{path.name}: no save beside it, not counted as a game "
                            "(a create cut short; or a move to or from the archive, "
                            "which the server's next start mends)")
            continue
        try:
            found = entry(path, archived)
        except (SaveError, OSError) as e:
            problems.append(f"{path.name}: {e}")
            continue
        games[found.id] = found
    return games, problems


def archived_before(folder: Path, when: float) -> list[str]:
    """The archived games whose seats file is older than `when` (seconds
    since 1970), from the files' times alone."""
    found = []
    with contextlib.suppress(FileNotFoundError), os.scandir(folder / ARCHIVE) as files:
        for f in files:
            match = _SEATS_NAME.fullmatch(f.name)
            with contextlib.suppress(OSError):
                if match is not None and f.stat().st_mtime < when:
                    found.append(match.group(1))
    return found


def move(folder: Path, game: str, to_archive: bool) -> None:
    """Moves a game's two files into the archive or back; the seats file
    last, since it is what names a game. A crash between the two (kill -9
    while archiving, issue 38) leaves the game split: its save moved, its
    seats file not; `mend`, at the next start, puts the save back beside it."""
    src = folder if to_archive else folder / ARCHIVE
    dst = folder / ARCHIVE if to_archive else folder
    dst.mkdir(exist_ok=True)
    for suffix in (".wes", ".seats"):
        os.replace(src / f"net-{game}{suffix}", dst / f"net-{game}{suffix}")
    if not to_archive:  # back in play: its idle time starts again
        os.utime(dst / f"net-{game}.seats")


def mend(folder: Path) -> list[str]:
    """Puts each game found split between the folder and its archive (its
    seats file on one side, its save on the other only: a move cut short,
    see `move`) back whole beside its seats file, where it was; one line
    for each. Only while holding the folder's lock: a server moving a game
    would be seen split for a moment."""
    lines = []
    for archived in (False, True):
        here = folder / ARCHIVE if archived else folder
        there = folder if archived else folder / ARCHIVE
        for path in sorted(here.glob("net-*.seats")):
            save = path.with_suffix(".wes")
            if _SEATS_NAME.fullmatch(path.name) is None or save.exists():
                continue
            if not (there / save.name).exists():
                continue  # no save anywhere: a problem `scan` tells (not a split)
            try:
                os.replace(there / save.name, save)
            except OSError as e:
                lines.append(f"{save.name}: split between {folder} and its archive, "
                             f"not put back: {e.strerror or e}")
                continue
            lines.append(f"{save.name}: found in {there}, its seats file in {here} "
                         "(a stop while it was moved): put back beside it")
    return lines


def delete(folder: Path, game: str, archived: bool) -> None:
    where = folder / ARCHIVE if archived else folder
    for suffix in (".seats", ".wes"):  # the seats file first: no game is left half there
        with contextlib.suppress(FileNotFoundError):
            (where / f"net-{game}{suffix}").unlink()

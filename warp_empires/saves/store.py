"""Where saves live: the saves folder, save names, reading and writing files,
listing, and the autosave rotation."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from warp_empires.paths import expand, user_data_dir

from . import io
from .doc import SaveDoc, SaveMeta
from .errors import SaveError, SaveExists
from .format import MAX_FILE_SIZE, decode, decode_listing, decode_meta, encode

SUFFIX = ".wes"
ENV_DIR = "WARP_EMPIRES_SAVES"
MAX_NAME_LEN = 64
AUTOSAVE_SLOTS = 3  # per game
AUTOSAVE_GAMES = 10  # games whose autosaves are kept; an older game's go
AUTOSAVE_NAME = "autosave"
# autosave-<game>-<slot>: each game rotates its own slots, so a quick game
# never pushes out a campaign's autosaves. Plain autosave-<slot> files are
# those of versions before per-game rotation; they stay readable.
_AUTOSAVE_RE = re.compile(rf"{AUTOSAVE_NAME}(?:-([0-9a-f]{{8}}))?(?:-(\d+))?", re.IGNORECASE)

# The checkout this package was imported from, if it is one.
_CHECKOUT = Path(__file__).resolve().parents[2]

# Device names Windows will not let a file have, whatever its extension.
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


def user_dir() -> Path:
    """The per-user saves folder of an installed program: saves/ in the
    platform's data folder (warp_empires.paths, via platformdirs)."""
    return user_data_dir() / "saves"


def default_dir() -> Path:
    """$WARP_EMPIRES_SAVES, else saves/ of the checkout we run from, else user_dir()."""
    env = os.environ.get(ENV_DIR)
    if env:
        return expand(env)
    if (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "saves").is_dir():
        return _CHECKOUT / "saves"
    return user_dir()


def resolve_dir(directory: str | os.PathLike[str] | None) -> Path:
    return expand(directory) if directory is not None else default_dir()


def sanitize_name(name: str) -> str:
    """A file stem made of letters, digits, '-' and '_' only.

    No separator, dot or control character survives, so the result cannot name
    a path outside the saves folder, a hidden file, or '..'. Raises SaveError if
    nothing usable is left.
    """
    text = unicodedata.normalize("NFKC", name).strip()
    if text.lower().endswith(SUFFIX):
        text = text[: -len(SUFFIX)]
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append("-")
        elif ch in "-_" or ch.isalnum():
            kept.append(ch)
    stem = re.sub(r"-{2,}", "-", "".join(kept)).strip("-")[:MAX_NAME_LEN].strip("-")
    if not stem:
        raise SaveError(f"save name {name!r:.60}", "needs at least one letter or digit")
    if stem.lower() in _RESERVED:
        stem += "-save"
    return stem


def is_autosave_name(stem: str) -> bool:
    return _AUTOSAVE_RE.fullmatch(stem) is not None


def path_for_name(name: str, directory: str | os.PathLike[str] | None = None) -> Path:
    """The file a save called `name` goes to, inside the saves folder."""
    stem = sanitize_name(name)
    if is_autosave_name(stem):
        raise SaveError(f"save name {name!r:.60}", "names like 'autosave-1' are kept for autosaves")
    folder = resolve_dir(directory)
    path = folder / f"{stem}{SUFFIX}"
    # Cannot fail after sanitize_name; kept as a guard against future edits to it.
    if path.parent != folder or path.name.startswith("."):
        raise SaveError(path, "refusing a save name outside the saves folder")
    return path


def path_for_any_name(name: str, directory: str | os.PathLike[str] | None = None) -> Path:
    """The file of the save called `name` in the saves folder, autosaves included
    (for opening; `path_for_name` is for writing)."""
    stem = sanitize_name(name)
    folder = resolve_dir(directory)
    path = folder / f"{stem}{SUFFIX}"
    if not path.exists():
        m = _AUTOSAVE_RE.fullmatch(stem)
        if m is not None and m.group(1) is None:
            # "autosave-2": that slot of the game autosaved last
            groups = autosave_groups(folder)
            slot = int(m.group(2) or 1) - 1
            if groups and slot < len(groups[0]):
                return groups[0][slot]
    if not path.exists():  # "hoth-campaign" finds Hoth-campaign.wes, if only one matches
        try:
            same = [n for n in os.listdir(folder)
                    if n.lower() == path.name.lower() and not n.startswith(".")]
        except OSError:
            same = []
        if len(same) == 1:
            return folder / same[0]
    return path


def game_tag(game: str) -> str:
    """Eight hex digits naming a game in its autosaves' file names: the start
    of its id (a random hex string), or a digest of an id of another shape."""
    if re.fullmatch(r"[0-9a-f]{8,}", game):
        return game[:8]
    return hashlib.sha256(game.encode("utf-8", "replace")).hexdigest()[:8]


def autosave_slots(directory: str | os.PathLike[str] | None = None,
                   game: str | None = None) -> list[Path]:
    """The autosave files of one game, newest first: autosave-TAG-1.wes ..
    autosave-TAG-3.wes (game_tag). Without a game: the plain autosave-1.wes ..
    autosave-3.wes of earlier versions."""
    folder = resolve_dir(directory)
    middle = f"-{game_tag(game)}" if game is not None else ""
    return [folder / f"{AUTOSAVE_NAME}{middle}-{i}{SUFFIX}" for i in range(1, AUTOSAVE_SLOTS + 1)]


def autosave_groups(directory: str | os.PathLike[str] | None = None) -> list[list[Path]]:
    """Every game's autosave files (slots that exist, newest first), the game
    autosaved last first; the plain files of earlier versions form one group."""
    folder = resolve_dir(directory)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    groups: dict[str, list[tuple[int, Path]]] = {}
    for name in names:
        if not name.endswith(SUFFIX) or name.startswith("."):
            continue
        m = _AUTOSAVE_RE.fullmatch(name[: -len(SUFFIX)])
        if m is None or m.group(2) is None:
            continue
        groups.setdefault((m.group(1) or "").lower(), []).append((int(m.group(2)), folder / name))

    def newest(paths: list[Path]) -> float:
        try:
            return paths[0].stat().st_mtime
        except OSError:
            return 0.0

    ordered = [[p for _, p in sorted(slots)] for slots in groups.values()]
    ordered.sort(key=newest, reverse=True)
    return ordered


def read_save(path: str | os.PathLike[str]) -> SaveDoc:
    """The checked, upgraded document of a save file (no replay)."""
    data = io.read_bounded(Path(path), MAX_FILE_SIZE)
    return decode(data, os.fspath(path))[0]


def write_save(path: str | os.PathLike[str], doc: SaveDoc, *, force: bool = False) -> Path:
    """Write `doc` atomically to `path`, creating its folder if needed. A file
    already there is replaced only if it is a save of the same game (the same
    `meta.game`), or with `force`; else SaveExists."""
    target = Path(path)
    data = encode(doc, os.fspath(target))
    _make_folder(target.parent)
    if not force:
        check_overwrite(target, doc.meta.game)
    io.write_atomic(target, data)
    io.remove_stale_temps(target.parent)
    return target


def check_overwrite(target: Path, game: str) -> None:
    """SaveExists unless `target` is free or holds a save of game `game`."""
    if not os.path.lexists(target):
        return
    try:
        meta, _ = decode_meta(io.read_bounded(target, MAX_FILE_SIZE), os.fspath(target))
    except SaveError as e:
        raise SaveExists(target, f"holds a file that is not a readable save ({e.problem}); "
                                 "not replaced") from None
    if meta.game != game:
        when = meta.saved_at_local()
        title = meta.name or target.stem
        raise SaveExists(target, f"is the save of another game ({title}, turn {meta.turn}, "
                                 f"saved {when}); not replaced", meta)


def write_autosave(doc: SaveDoc, directory: str | os.PathLike[str] | None = None) -> Path:
    """Write `doc` as its game's newest autosave, moving that game's older
    autosaves one slot down; then drop the autosaves of games beyond the
    AUTOSAVE_GAMES autosaved most recently (named saves are never touched)."""
    slots = autosave_slots(directory, doc.meta.game)
    if doc.meta.active < 0 and slots[0].exists():
        newest = save_info(slots[0]).meta
        if newest is not None and newest.game == doc.meta.game and newest.active < 0:
            # The end is autosaved once: showing the results again (or loading
            # the finished game) pushed its turn-by-turn autosaves out (play-test).
            return slots[0]
    data = encode(doc, os.fspath(slots[0]))
    _make_folder(slots[0].parent)
    io.write_rotated(slots, data)
    for group in autosave_groups(directory)[AUTOSAVE_GAMES:]:
        for path in group:
            if _AUTOSAVE_RE.fullmatch(path.stem).group(1):  # only per-game files
                with contextlib.suppress(OSError):
                    path.unlink()
    return slots[0]


def ensure_folder(folder: str | os.PathLike[str]) -> Path:
    """A saves folder that exists and can be written to, created if needed;
    SaveError (one line) if it is a file, or cannot be created or written."""
    path = expand(folder)
    if path.exists() and not path.is_dir():
        raise SaveError(path, "is not a folder")
    _make_folder(path)
    if not os.access(path, os.W_OK | os.X_OK):
        raise SaveError(path, "cannot write to this folder (permission denied)")
    return path


def _make_folder(folder: Path) -> None:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SaveError(folder, f"cannot create the saves folder ({e.strerror or e})") from None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """One entry of a save listing: its metadata, or why the file cannot be read."""

    path: Path
    meta: SaveMeta | None
    error: str | None  # one line; None when the file is a good save
    format_version: int | None  # as written in the file, before any upgrade
    size: int
    mtime: float
    # the game starts from a saved position, not its seed: its start cannot be
    # checked (saves/proof.py)
    from_position: bool = False
    # "position NAME (sha256 …)": the position file the game started from, as
    # its options name it (proof.position_label); None for any other game
    position: str | None = None

    @property
    def sort_key(self) -> tuple[bool, float, float]:
        """Good saves by their saved-at time (to the second; the file's
        modification time breaks ties), then damaged files by modification time."""
        if self.meta is not None:
            try:
                return True, self.meta.saved_at_time.timestamp(), self.mtime
            except (OverflowError, ValueError, OSError):
                return True, 0.0, self.mtime
        return False, self.mtime, 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": os.fspath(self.path), "error": self.error,
                               "size": self.size, "format": self.format_version,
                               "start_checked": self.meta is not None and not self.from_position,
                               "position": self.position}
        m = self.meta
        out.update({
            "name": m.name if m else None,
            "saved_at": m.saved_at if m else None,
            "module": m.module_id if m else None,
            "module_version": m.module_version if m else None,
            "turn": m.turn if m else None,
            "phase": m.phase if m else None,
            "active": m.active_id if m else None,
            "sides": [{"id": s.id, "name": s.name, "player": s.player} for s in m.sides]
            if m else None,
        })
        return out


def save_info(path: Path) -> SaveInfo:
    """A listing entry: checksum and metadata checked, the rest of the payload
    left for load time."""
    try:
        st = path.stat()
        size, mtime = st.st_size, st.st_mtime
    except OSError:
        size, mtime = 0, 0.0
    try:
        data = io.read_bounded(path, MAX_FILE_SIZE)
        meta, version, from_position, position = decode_listing(data, os.fspath(path))
    except SaveError as e:
        return SaveInfo(path, None, e.problem, None, size, mtime)
    return SaveInfo(path, meta, None, version, size, mtime, from_position, position)


def list_saves(directory: str | os.PathLike[str] | None = None) -> list[SaveInfo]:
    """Every *.wes file of the folder: good saves newest first, then files that
    cannot be read, each with its error. A folder that does not exist yet has no
    saves."""
    folder = resolve_dir(directory)
    try:
        names = sorted(os.listdir(folder))
    except FileNotFoundError:
        return []
    except OSError as e:
        raise SaveError(folder, f"cannot list the saves folder ({e.strerror or e})") from None
    io.remove_stale_temps(folder)
    infos = [save_info(folder / n) for n in names
             if n.endswith(SUFFIX) and not n.startswith(".") and (folder / n).is_file()]
    infos.sort(key=lambda i: i.sort_key, reverse=True)
    return infos


def now_iso() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def latest_game(directory: str | os.PathLike[str] | None = None) -> SaveInfo | None:
    """The save (autosaves included) written last of a game still going on:
    what a Continue entry resumes. A game whose newest save says it is over
    is over, whatever older saves of it say (play-test: Continue offered a
    save from just before the winning move). None when there is none, or the
    folder cannot be read."""
    try:
        infos = list_saves(directory)
    except SaveError:
        return None
    seen: set[str] = set()
    for info in infos:  # newest first
        if info.meta is None or info.meta.game in seen:
            continue
        seen.add(info.meta.game)
        if info.meta.active >= 0:
            return info
    return None

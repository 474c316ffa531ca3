"""Where saves live: the saves folder, save names, reading and writing files,
listing, and the autosave rotation."""

from __future__ import annotations

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
from .format import MAX_FILE_SIZE, decode, decode_meta, encode

SUFFIX = ".wes"
ENV_DIR = "WARP_EMPIRES_SAVES"
MAX_NAME_LEN = 64
AUTOSAVE_SLOTS = 3
AUTOSAVE_NAME = "autosave"

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
    return re.fullmatch(rf"{AUTOSAVE_NAME}(-\d+)?", stem, re.IGNORECASE) is not None


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
    if not path.exists():  # "hoth-campaign" finds Hoth-campaign.wes, if only one matches
        try:
            same = [n for n in os.listdir(folder)
                    if n.lower() == path.name.lower() and not n.startswith(".")]
        except OSError:
            same = []
        if len(same) == 1:
            return folder / same[0]
    return path


def autosave_slots(directory: str | os.PathLike[str] | None = None) -> list[Path]:
    """autosave-1.wes (newest) .. autosave-N.wes (oldest)."""
    folder = resolve_dir(directory)
    return [folder / f"{AUTOSAVE_NAME}-{i}{SUFFIX}" for i in range(1, AUTOSAVE_SLOTS + 1)]


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
    """Write `doc` as autosave-1, moving older autosaves one slot down."""
    slots = autosave_slots(directory)
    data = encode(doc, os.fspath(slots[0]))
    _make_folder(slots[0].parent)
    io.write_rotated(slots, data)
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

    @property
    def sort_key(self) -> tuple[bool, float]:
        """Good saves by their saved-at time, then damaged files by modification time."""
        if self.meta is not None:
            try:
                return True, self.meta.saved_at_time.timestamp()
            except (OverflowError, ValueError, OSError):
                return True, 0.0
        return False, self.mtime

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": os.fspath(self.path), "error": self.error,
                               "size": self.size, "format": self.format_version}
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
        meta, version = decode_meta(data, os.fspath(path))
    except SaveError as e:
        return SaveInfo(path, None, e.problem, None, size, mtime)
    return SaveInfo(path, meta, None, version, size, mtime)


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

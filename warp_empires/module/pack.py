"""One file to share a module: its files and a manifest of their fingerprint.

`pack` writes a zip archive holding the module's four TOML files (and its
README.md and weights.json, if any) with `manifest.json`: the module's id, version and
fingerprint (module/assemble.py) and each file's size and sha256. `install`
reads such a file as untrusted: every name must be one a module folder may
hold, each file must match the manifest, the TOML files must give the
manifest's fingerprint, and the module must load, before it takes the place
of anything in the modules folder. A refusal is one line (PackError).

The manifest proves the file is whole, not who made it: anyone can write
one. What the fingerprint does give is the identity saves check: a save
made with the module names that fingerprint.
"""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from .assemble import fingerprint_of
from .defs import Module
from .errors import ModuleError, shown, shown_path
from .fields import MODULE_FILES
from .limits import MAX_FILE_BYTES
from .schema import ID_PATTERN
from .weights import FILE as WEIGHTS_FILE

MANIFEST = "manifest.json"
PACK_FORMAT = 1
SUFFIX = ".wem"
# what a pack may hold besides its manifest: the computer player's weights
# travel with the module, though no part of its fingerprint (module/weights.py)
FILES = (*MODULE_FILES, "README.md", WEIGHTS_FILE)
MAX_PACK_BYTES = 5 * MAX_FILE_BYTES


class PackError(ValueError):
    """A module pack that cannot be written or installed; `str()` is one line."""


def pack(module: Module, out: Path) -> Path:
    """Writes `module`'s pack to `out` (a folder: ID-VERSION.wem in it) and
    returns its path."""
    folder = Path(module.path)
    files = {name: (folder / name).read_bytes() for name in FILES if (folder / name).is_file()}
    tomls = {n: d for n, d in files.items() if n.endswith(".toml")}
    if fingerprint_of(tomls) != module.fingerprint:
        raise PackError(f"{shown_path(folder)}: its files changed while it was packed")
    manifest = {"format": PACK_FORMAT, "id": module.id, "version": module.version,
                "fingerprint": module.fingerprint,
                "files": {n: {"size": len(d), "sha256": hashlib.sha256(d).hexdigest()}
                          for n, d in sorted(files.items())}}
    path = out / f"{module.id}-{module.version}{SUFFIX}" if out.is_dir() else out
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1))
        for name, data in sorted(files.items()):
            archive.writestr(name, data)
    return path


def read_pack(path: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The manifest and files of a pack, each checked against the manifest."""
    where = shown_path(path)
    try:
        if path.stat().st_size > MAX_PACK_BYTES:
            raise PackError(f"{where}: larger than a module pack may be "
                            f"({MAX_PACK_BYTES // 1024 // 1024} MiB)")
        with zipfile.ZipFile(path) as archive:
            entries = archive.infolist()
            names = [e.filename for e in entries]
            unknown = [n for n in names if n != MANIFEST and n not in FILES]
            if unknown or len(set(names)) != len(names):
                what = f"'{shown(unknown[0])}'" if unknown else "a file twice"
                raise PackError(f"{where}: holds {what}; a module pack holds "
                                f"{MANIFEST} and {', '.join(FILES)} only")
            data = {e.filename: _read(archive, e, where) for e in entries}
    except (OSError, zipfile.BadZipFile, EOFError) as e:
        raise PackError(f"{where}: not a module pack ({shown(str(e), 120)})") from None
    manifest = _manifest(data.pop(MANIFEST, None), where)
    listed = manifest["files"]
    if set(listed) != set(data):
        missing = sorted(set(listed) ^ set(data))[0]
        raise PackError(f"{where}: the manifest and the files disagree on '{shown(missing)}'")
    for name, blob in data.items():
        want = listed[name]
        if len(blob) != want.get("size") or hashlib.sha256(blob).hexdigest() != want.get("sha256"):
            raise PackError(f"{where}: {name} does not match the manifest (changed or damaged)")
    tomls = {n: d for n, d in data.items() if n.endswith(".toml")}
    if fingerprint_of(tomls) != manifest["fingerprint"]:
        raise PackError(f"{where}: the files do not give the manifest's fingerprint")
    return manifest, data


def install(path: Path, modules: Path, force: bool = False) -> tuple[Module, Path]:
    """Installs the pack at `path` as modules/ID, after it loads; the module
    and its folder. PackError if it is refused; an existing module of that id
    is replaced only with `force`."""
    from . import load_module

    manifest, files = read_pack(path)
    target = modules / manifest["id"]
    if target.exists() and not force:
        raise PackError(f"{shown_path(target)} exists already (--force replaces it)")
    modules.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=modules, prefix=".install-") as tmp:
        staged = Path(tmp) / manifest["id"]  # the loader wants the id as the folder's name
        staged.mkdir()
        for name, data in files.items():
            (staged / name).write_bytes(data)
        try:
            module = load_module(staged)
        except ModuleError as e:
            first = e.problems[0] if e.problems else "it does not load"
            raise PackError(f"{shown_path(path)}: the module does not load: {first}") from None
        if module.fingerprint != manifest["fingerprint"] or module.id != manifest["id"]:
            raise PackError(f"{shown_path(path)}: the module is not the one the manifest names")
        if target.exists():
            shutil.rmtree(target)
        staged.rename(target)
    return load_module(target), target


def _read(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, where: str) -> bytes:
    """An entry's bytes, never more than a module file may hold (a small
    archive may unpack to gigabytes)."""
    if entry.file_size > MAX_FILE_BYTES:
        raise PackError(f"{where}: {shown(entry.filename)} is larger than a module file may be")
    with archive.open(entry) as f:
        data = f.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise PackError(f"{where}: {shown(entry.filename)} is larger than a module file may be")
    return data


def _manifest(data: bytes | None, where: str) -> dict[str, Any]:
    if data is None:
        raise PackError(f"{where}: has no {MANIFEST}: not a module pack")
    try:
        manifest = json.load(io.BytesIO(data))
        ok = (manifest.get("format") == PACK_FORMAT
              and isinstance(manifest.get("id"), str) and ID_PATTERN.fullmatch(manifest["id"])
              and len(manifest["id"]) <= 64 and isinstance(manifest.get("fingerprint"), str)
              and isinstance(manifest.get("files"), dict)
              and all(isinstance(v, dict) for v in manifest["files"].values()))
    except (ValueError, AttributeError, TypeError):
        ok = False
    if not ok:
        raise PackError(f"{where}: its {MANIFEST} is not one this version reads")
    return manifest

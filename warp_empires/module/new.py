"""`warp-empires module new`: a working module to start a theme from."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from warp_empires.paths import user_modules_dir

from .errors import ModuleError, shown
from .find import module_folder
from .limits import MAX_ID
from .weights import FILE as WEIGHTS_FILE

TEMPLATE = Path(__file__).resolve().parent / "template"
MODULE_FILES = ("module.toml", "map.toml", "units.toml", "cards.toml")
_ID = re.compile(r"[a-z][a-z0-9_]*")
# the id line of the [module] table: the first `id = "..."` after its header
_MODULE_ID = re.compile(r'(\[module\][^\[]*?\n\s*id\s*=\s*)"[^"\n]*"', re.S)


def new_module(name: str, into: Path | None = None, source: str | None = None) -> Path:
    """Writes module `name` into `into` (default: the user's modules folder) as a
    copy of `source` (a module name or folder; default: the built-in starting
    module) with its id changed; returns the new folder. ModuleError when the
    name is not an id, the folder exists, or the source cannot be read."""
    if not _ID.fullmatch(name) or len(name) > MAX_ID:
        raise ModuleError([f"'{shown(name)}': a module name is an id: lower-case letters, "
                           f"digits and _, starting with a letter, at most {MAX_ID} characters"])
    origin = TEMPLATE if source is None else module_folder(source)
    folder = (into if into is not None else user_modules_dir()) / name
    if folder.exists():
        raise ModuleError([f"{shown(str(folder))}: already exists; choose another name or "
                           "folder"])
    text = (origin / "module.toml").read_text(encoding="utf-8")
    renamed, found = _MODULE_ID.subn(rf'\g<1>"{name}"', text, count=1)
    if not found:
        raise ModuleError([f"{shown(str(origin))}/module.toml: no id in its [module] table"])
    folder.mkdir(parents=True)
    # a copy plays like its source until it is trained (`warp-empires train`)
    for file in (*MODULE_FILES, WEIGHTS_FILE):
        if (origin / file).is_file():
            shutil.copyfile(origin / file, folder / file)
    (folder / "module.toml").write_text(renamed, encoding="utf-8")
    return folder

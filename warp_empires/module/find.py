"""Finding module folders by name on the search path (warp_empires.paths)."""

from __future__ import annotations

import os
from pathlib import Path

from ..paths import expand, module_search_path
from .errors import ModuleError, did_you_mean, shown
from .limits import MAX_ID, MAX_PATH


def list_modules() -> list[Path]:
    """Every module folder on the search path; an earlier one hides a later one of its name."""
    found: dict[str, Path] = {}
    for folder in module_search_path():
        try:
            candidates = sorted(folder.iterdir()) if folder.is_dir() else []
        except OSError:
            continue  # a search folder we may not list holds no module we can load
        for candidate in candidates:
            if candidate.name not in found and _is_module(candidate):
                found[candidate.name] = candidate
    return list(found.values())


def _is_module(folder: Path) -> bool:
    try:
        return (folder / "module.toml").is_file()
    except OSError:  # e.g. a path too long for the file system
        return False


def first_module() -> Path:
    """The module used when none is named: the first on the search path."""
    found = list_modules()
    if not found:
        raise ModuleError(["no theme module found (see `warp-empires module list`)"])
    return found[0]


def find_module(name: str) -> Path:
    """The folder of the module called `name`; ModuleError when no search folder has it."""
    _check_name(name)
    for folder in module_search_path():
        candidate = folder / name
        if _is_module(candidate):
            return candidate
    hint = did_you_mean(name, [p.name for p in list_modules()])
    searched = ", ".join(str(p) for p in module_search_path())
    raise ModuleError([f"no module named '{shown(name)}'{hint} (searched: {searched})"])


def _check_name(name: str) -> None:
    # A module's id is its folder's name, so no module has a longer name; and
    # a name thousands of characters long makes the file system raise.
    if len(name) > MAX_ID:
        raise ModuleError(
            [f"'{shown(name)}': a module name has at most {MAX_ID} characters, not {len(name)}"]
        )


def module_folder(path_or_name: str | Path) -> Path:
    """A Path, or a string that looks like one, is a folder; a bare word is a module name."""
    if isinstance(path_or_name, Path):
        return expand(path_or_name)
    text = str(path_or_name)
    separators = [s for s in (os.sep, os.altsep, "/") if s]
    if any(s in text for s in separators) or text.startswith((".", "~")):
        if len(text) > MAX_PATH:
            problem = f"a module path has at most {MAX_PATH} characters, not {len(text)}"
            raise ModuleError([f"'{shown(text)}': {problem}"])
        try:
            return expand(text)
        except RuntimeError:  # "~nobody/x": no such user; then it is no folder either
            return Path(text)
    try:
        return find_module(text)
    except ModuleError:
        if len(text) <= MAX_ID and _is_module(Path(text)):
            return Path(text)
        raise

"""Finding module folders by name on the search path (warp_empires.paths)."""

from __future__ import annotations

import os
from pathlib import Path

from ..paths import module_search_path
from .errors import ModuleError, did_you_mean


def list_modules() -> list[Path]:
    """Every module folder on the search path; an earlier one hides a later one of its name."""
    found: dict[str, Path] = {}
    for folder in module_search_path():
        if not folder.is_dir():
            continue
        for candidate in sorted(folder.iterdir()):
            if candidate.name not in found and (candidate / "module.toml").is_file():
                found[candidate.name] = candidate
    return list(found.values())


def first_module() -> Path:
    """The module used when none is named: the first on the search path."""
    found = list_modules()
    if not found:
        raise ModuleError(["no theme module found (see `warp-empires module list`)"])
    return found[0]


def find_module(name: str) -> Path:
    """The folder of the module called `name`; ModuleError when no search folder has it."""
    for folder in module_search_path():
        candidate = folder / name
        if (candidate / "module.toml").is_file():
            return candidate
    hint = did_you_mean(name, [p.name for p in list_modules()])
    searched = ", ".join(str(p) for p in module_search_path())
    raise ModuleError([f"no module named '{name}'{hint} (searched: {searched})"])


def module_folder(path_or_name: str | Path) -> Path:
    """A Path, or a string that looks like one, is a folder; a bare word is a module name."""
    if isinstance(path_or_name, Path):
        return path_or_name.expanduser()
    text = str(path_or_name)
    separators = [s for s in (os.sep, os.altsep, "/") if s]
    if any(s in text for s in separators) or text.startswith((".", "~")):
        return Path(text).expanduser()
    try:
        return find_module(text)
    except ModuleError:
        if (Path(text) / "module.toml").is_file():
            return Path(text)
        raise

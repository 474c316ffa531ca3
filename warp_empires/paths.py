"""Where theme modules are looked for, first match winning.

1. every folder in $WARP_EMPIRES_MODULES (separated by os.pathsep);
2. the per-user folder: modules/ in the platform's data folder for the program
   (platformdirs: $XDG_DATA_HOME/warp-empires, by default
   ~/.local/share/warp-empires, on Linux; %LOCALAPPDATA%\\warp-empires on
   Windows; ~/Library/Application Support/warp-empires on macOS);
3. the checkout's modules/ folder, when running from a source checkout;
4. the built-in modules installed with the package (warp_empires/builtin_modules,
   copied from modules/ when the wheel is built).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_VAR = "WARP_EMPIRES_MODULES"
_PACKAGE = Path(__file__).resolve().parent


APP_NAME = "warp-empires"


def expand(path: str | os.PathLike[str]) -> Path:
    """`path` with a leading ~ or ~user expanded; as given when that user or
    the home folder is unknown (the path then simply does not exist)."""
    try:
        return Path(path).expanduser()
    except RuntimeError:
        return Path(path)


def user_data_dir() -> Path:
    """The platform's per-user data folder for the program (saves, modules).

    Before platformdirs, macOS used ~/.local/share/warp-empires as on Linux;
    while that folder exists and the platform's does not, it stays in use, so
    no campaign saved there goes missing. (Windows keeps %APPDATA%: roaming.)
    A folder chosen in $XDG_DATA_HOME is always used: the old one is only a
    default's stand-in."""
    folder = platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=True)
    legacy = Path.home() / ".local" / "share" / APP_NAME
    chosen = bool(os.environ.get("XDG_DATA_HOME"))
    if not chosen and not folder.exists() and legacy.is_dir() and os.name != "nt":
        return legacy
    return folder


def user_config_dir() -> Path:
    """The platform's per-user config folder for the program (settings)."""
    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def user_modules_dir() -> Path:
    return user_data_dir() / "modules"


def checkout_modules_dir() -> Path | None:
    root = _PACKAGE.parent
    if (root / "pyproject.toml").is_file() and (root / "modules").is_dir():
        return root / "modules"
    return None


def packaged_modules_dir() -> Path | None:
    folder = _PACKAGE / "builtin_modules"
    return folder if folder.is_dir() else None


def module_search_path() -> list[Path]:
    """The folders searched for modules, in order; some may not exist (yet)."""
    folders = [expand(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    folders.append(user_modules_dir())
    folders.extend(p for p in (checkout_modules_dir(), packaged_modules_dir()) if p is not None)
    unique: list[Path] = []
    for folder in folders:
        if not any(_same(folder, seen) for seen in unique):
            unique.append(folder)
    return unique


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b

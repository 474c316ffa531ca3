"""Where theme modules are looked for, first match winning.

1. every folder in $WARP_EMPIRES_MODULES (separated by os.pathsep);
2. the per-user folder: $XDG_DATA_HOME/warp-empires/modules, by default
   ~/.local/share/warp-empires/modules (%APPDATA%\\warp-empires\\modules on Windows);
3. the checkout's modules/ folder, when running from a source checkout;
4. the built-in modules installed with the package (warp_empires/builtin_modules,
   copied from modules/ when the wheel is built).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_VAR = "WARP_EMPIRES_MODULES"
_PACKAGE = Path(__file__).resolve().parent


def user_modules_dir() -> Path:
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "warp-empires" / "modules"
    data_home = os.environ.get("XDG_DATA_HOME") or ""
    base = Path(data_home) if os.path.isabs(data_home) else Path.home() / ".local" / "share"
    return base / "warp-empires" / "modules"


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
    folders = [Path(p).expanduser() for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
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

"""Theme modules: loading and validating TOML data into frozen definitions.

    module = load_module("my_theme")         # by name, on the search path
    module = load_module("path/to/my_theme") # or by folder

Bad data raises ModuleError; its `problems` list every problem found, one line
each, as `file:line: key.path: message` (past 200, the first 200 and a line
counting the rest). What a module may hold is bounded (limits.py), so that no
file, however hostile, makes loading hang, crash or exhaust memory.
"""

from __future__ import annotations

from pathlib import Path

from .assemble import fingerprint
from .defs import Module
from .errors import ModuleError
from .fields import FORMAT, MODULE_FILES
from .find import find_module, first_module, list_modules, module_folder
from .load import load_folder


def load_module(path_or_name: str | Path) -> Module:
    """Load a module by name (found on the search path) or by the path of its folder."""
    return load_folder(module_folder(path_or_name))


__all__ = [
    "FORMAT",
    "MODULE_FILES",
    "Module",
    "ModuleError",
    "find_module",
    "first_module",
    "fingerprint",
    "list_modules",
    "load_module",
]

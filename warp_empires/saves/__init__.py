"""Saved games: a versioned, checksummed msgpack format, written atomically.

See docs/save-format.md. The file-level API (documents, listing, names,
folders) needs no engine; save_game/load_game build and rebuild games, and
are loaded with the engine when first used (PEP 562), not at start-up (the
title screen lists saves before any game is opened).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .doc import SaveDoc, SaveMeta, SideInfo
from .errors import SaveError, SaveExists
from .format import MAX_FILE_SIZE
from .migrate import FORMAT_VERSION
from .store import (
    AUTOSAVE_SLOTS,
    SUFFIX,
    SaveInfo,
    autosave_groups,
    autosave_slots,
    default_dir,
    list_saves,
    path_for_name,
    read_save,
    resolve_dir,
    sanitize_name,
    user_dir,
    write_autosave,
    write_save,
)

# the names of .game: they need the engine and the module loader
_GAME = frozenset({"AutosaveLoad", "attach_log", "autosave", "load_game", "load_latest_autosave",
                   "open_game", "save_game", "verify_doc"})
if TYPE_CHECKING:
    from .game import (
        AutosaveLoad,
        attach_log,
        autosave,
        load_game,
        load_latest_autosave,
        open_game,
        save_game,
        verify_doc,
    )


def __getattr__(name: str) -> Any:
    if name not in _GAME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(".game", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "AUTOSAVE_SLOTS", "FORMAT_VERSION", "MAX_FILE_SIZE", "SUFFIX",
    "AutosaveLoad", "SaveDoc", "SaveError", "SaveExists", "SaveInfo", "SaveMeta", "SideInfo",
    "attach_log", "autosave", "autosave_groups", "autosave_slots", "default_dir", "list_saves",
    "load_game",
    "load_latest_autosave", "path_for_name", "read_save", "resolve_dir", "sanitize_name",
    "open_game", "save_game", "user_dir", "verify_doc", "write_autosave", "write_save",
]

"""Saved games: a versioned, checksummed msgpack format, written atomically.

See docs/save-format.md. The file-level API (documents, listing, names,
folders) needs no engine; save_game/load_game build and rebuild games.
"""

from .doc import SaveDoc, SaveMeta, SideInfo
from .errors import SaveError, SaveExists
from .format import MAX_FILE_SIZE
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

__all__ = [
    "AUTOSAVE_SLOTS", "FORMAT_VERSION", "MAX_FILE_SIZE", "SUFFIX",
    "AutosaveLoad", "SaveDoc", "SaveError", "SaveExists", "SaveInfo", "SaveMeta", "SideInfo",
    "attach_log", "autosave", "autosave_groups", "autosave_slots", "default_dir", "list_saves",
    "load_game",
    "load_latest_autosave", "path_for_name", "read_save", "resolve_dir", "sanitize_name",
    "open_game", "save_game", "user_dir", "verify_doc", "write_autosave", "write_save",
]

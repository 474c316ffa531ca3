"""A module's problems after one change to a copy of it: the validate tests
of the Rome theme's new capabilities (docs/rules.md G1-G8) share this."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warp_empires.module import ModuleError, load_module


def problems_after(tmp_path: Path, source: Path, file: str, old: str, new: str) -> list[str]:
    """Copies the module at `source`, replaces `old` by `new` once in `file`
    (which must hold it) and returns the problems loading it reports."""
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    text = (folder / file).read_text()
    assert old in text, old
    (folder / file).write_text(text.replace(old, new, 1))
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    return err.value.problems

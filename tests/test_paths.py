"""Where the program keeps its data (warp_empires/paths.py)."""

from __future__ import annotations

import os

import pytest

from warp_empires.paths import user_data_dir


@pytest.mark.skipif(os.name == "nt", reason="the old folder was never used on Windows")
def test_a_chosen_data_folder_wins_over_the_old_default(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".local" / "share" / "warp-empires").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "chosen"))
    assert user_data_dir() == tmp_path / "chosen" / "warp-empires"
    # with no folder chosen, an existing old folder is kept in use
    monkeypatch.delenv("XDG_DATA_HOME")
    assert user_data_dir() == home / ".local" / "share" / "warp-empires"

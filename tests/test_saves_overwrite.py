"""Saving never silently replaces another game's save, and what a killed
write left behind is cleaned up."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from tests.engine.builder import make_module
from warp_empires.cli import main
from warp_empires.engine import Game
from warp_empires.saves import SaveExists, list_saves, read_save, save_game
from warp_empires.saves.io import STALE_TEMP_SECONDS, remove_stale_temps

MODULE = make_module()


def test_another_games_save_is_not_replaced_without_force(tmp_path: Path) -> None:
    first, second = Game.new(MODULE, 1), Game.new(MODULE, 1)  # same seed, two games
    path = save_game(first, "campaign", dir=tmp_path)
    with pytest.raises(SaveExists, match=r"is the save of another game \(campaign, turn"):
        save_game(second, "campaign", dir=tmp_path)
    assert read_save(path).meta.game == first.id
    save_game(first, "campaign", dir=tmp_path)  # its own game: replaced without a question
    save_game(second, "campaign", dir=tmp_path, force=True)
    assert read_save(path).meta.game == second.id


def test_names_that_clean_up_to_one_file_do_not_collide_silently(tmp_path: Path) -> None:
    save_game(Game.new(MODULE, 1), "my game", dir=tmp_path)
    with pytest.raises(SaveExists) as err:
        save_game(Game.new(MODULE, 2), "my-game!", dir=tmp_path)
    assert err.value.other is not None and err.value.other.name == "my game"


def test_a_file_that_is_not_a_save_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes.wes").write_bytes(b"my notes")
    with pytest.raises(SaveExists, match="not a readable save"):
        save_game(Game.new(MODULE, 1), "notes", dir=tmp_path)
    assert (tmp_path / "notes.wes").read_bytes() == b"my notes"


def test_temp_files_of_killed_writes_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    old = tmp_path / ".campaign.wes.k3j2.tmp"
    fresh = tmp_path / ".campaign.wes.x9q1.tmp"
    other = tmp_path / ".notes.tmp"  # not ours
    for f in (old, fresh, other):
        f.write_bytes(b"partial")
    long_ago = time.time() - STALE_TEMP_SECONDS - 5
    os.utime(old, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    list_saves(tmp_path)
    assert not old.exists() and fresh.exists() and other.exists()
    assert remove_stale_temps(tmp_path, now=time.time() + 2 * STALE_TEMP_SECONDS) == 1
    assert not fresh.exists()


def test_a_temp_file_of_a_live_writer_is_kept_of_a_dead_one_removed(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead = tmp_path / f".campaign.wes.{int(done.stdout)}.x1y2.tmp"
    mine = tmp_path / f".campaign.wes.{os.getpid()}.a1b2.tmp"  # e.g. an autosave thread's
    for f in (dead, mine):
        f.write_bytes(b"partial")
    assert remove_stale_temps(tmp_path) == 1
    assert not dead.exists() and mine.exists()


def test_simulate_refuses_to_replace_saves_without_force(tmp_path: Path, capsys) -> None:
    argv = ["simulate", "--games", "1", "--players", "random,random", "--max-turns", "3",
            "--saves-dir", str(tmp_path)]
    assert main(argv) == 0
    first = read_save(tmp_path / "sim-star_wars-0.wes").meta.game
    capsys.readouterr()
    assert main(argv) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (f"warp-empires: {tmp_path / 'sim-star_wars-0.wes'}: already "
                                 "exists; not replaced (--force replaces it)\n")
    assert main([*argv, "--force"]) == 0
    assert read_save(tmp_path / "sim-star_wars-0.wes").meta.game != first

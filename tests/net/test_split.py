"""A game split between the folder and its archive (kill -9 between the two
renames of folder.move, issue 38: every sweep then failed on it, and no
`games` command could show, restore, close or delete it) is put back whole
beside its seats file at the next start, with one line; built by hand here."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

from warp_empires.cli import main
from warp_empires.net.folder import ARCHIVE, move
from warp_empires.net.server import GameServer, Limits

from .support import links_of


def split(folder: Path, game: str, to_archive: bool) -> None:
    """A move into the archive (or back) cut after its first rename."""
    (folder / ARCHIVE).mkdir(exist_ok=True)
    src, dst = (folder, folder / ARCHIVE) if to_archive else (folder / ARCHIVE, folder)
    os.replace(src / f"net-{game}.wes", dst / f"net-{game}.wes")


def test_a_game_split_by_a_stop_is_whole_again_on_its_seats_side(tmp_path: Path, rome: Path,
                                                                 caplog) -> None:  # noqa: ANN001
    server = GameServer(tmp_path, Limits(archive_days=0))
    archiving, _ = links_of(server, "ws://127.0.0.1:1/", module=rome)
    restoring, _ = links_of(server, "ws://127.0.0.1:1/", module=rome)
    whole, _ = links_of(server, "ws://127.0.0.1:1/", module=rome)
    split(tmp_path, archiving, to_archive=True)  # its save in archive/, its seats here
    move(tmp_path, restoring, to_archive=True)
    split(tmp_path, restoring, to_archive=False)  # its save back here, its seats not
    with caplog.at_level(logging.WARNING, "warp_empires"):
        again = GameServer(tmp_path, Limits(archive_days=0))
        assert again.resume() == []
    mended = [r for r in caplog.records if getattr(r, "event", "") == "mended"]
    assert len(mended) == 2  # one line each
    assert archiving in str(mended[0].fields) and restoring in str(mended[1].fields)
    assert (tmp_path / f"net-{archiving}.wes").is_file()
    assert (tmp_path / ARCHIVE / f"net-{restoring}.wes").is_file()
    assert not (tmp_path / f"net-{restoring}.wes").exists()
    assert again.playing == {archiving, whole}  # being played, loadable
    assert asyncio.run(again.room(archiving)) is not None
    caplog.clear()
    with caplog.at_level(logging.WARNING, "warp_empires"):
        GameServer(tmp_path, Limits(archive_days=0)).resume()
    assert not caplog.records  # whole now: nothing more said


def test_games_commands_work_on_a_game_split_by_a_stop(tmp_path: Path, rome: Path,
                                                      capsys) -> None:  # noqa: ANN001
    server = GameServer(tmp_path, Limits(archive_days=0))
    game, _ = links_of(server, "ws://127.0.0.1:1/", module=rome)
    split(tmp_path, game, to_archive=True)
    folder = ["--saves-dir", str(tmp_path)]
    assert main(["games", "show", game, *folder]) == 0
    out, err = capsys.readouterr()
    assert "playing" in out and err.count("\n") == 1 and "put back" in err
    assert main(["games", "close", game, *folder]) == 0
    assert main(["games", "restore", game, *folder]) == 0
    assert main(["games", "delete", game, *folder]) == 0
    assert not list(tmp_path.rglob(f"net-{game}.*"))  # no save left orphaned

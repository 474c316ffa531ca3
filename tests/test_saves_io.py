"""Crash safety of writing, the autosave rotation, and bounded reading."""

from __future__ import annotations

import dataclasses
import errno
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from tests.test_saves_support import make_doc
from warp_empires.saves import (
    MAX_FILE_SIZE,
    SaveDoc,
    SaveError,
    autosave_groups,
    autosave_slots,
    list_saves,
    read_save,
    write_autosave,
    write_save,
)
from warp_empires.saves import io as save_io
from warp_empires.saves.store import AUTOSAVE_GAMES

ROOT = Path(__file__).resolve().parents[1]


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


@pytest.fixture
def old(tmp_path: Path) -> Path:
    """A good save that a failing write must not destroy."""
    return write_save(tmp_path / "game.wes", make_doc(name="old"))


def _fail(*args: object, **kwargs: object) -> None:
    raise OSError(errno.EIO, "simulated I/O error")


@pytest.mark.parametrize("target", ["os.replace", "os.fsync", "os.write", "os.close"])
def test_failure_during_write_keeps_the_old_file(old: Path, monkeypatch: pytest.MonkeyPatch,
                                                 target: str) -> None:
    module, name = target.split(".")
    real_close = os.close
    if name == "close":
        # Fail the temp file's close once, but really close it (other files,
        # such as the old save read to check whose it is, close as usual).
        real_mkstemp = tempfile.mkstemp
        temp_fds: list[int] = []

        def mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
            fd, name = real_mkstemp(*args, **kwargs)
            temp_fds.append(fd)
            return fd, name

        def fail_close(fd: int) -> None:
            real_close(fd)
            if fd in temp_fds:
                monkeypatch.setattr(os, "close", real_close)
                _fail()
        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
        monkeypatch.setattr(os, "close", fail_close)
    else:
        monkeypatch.setattr(os, name, _fail)
    with pytest.raises(SaveError, match="could not write .* previous file is unchanged"):
        write_save(old, make_doc(name="new"))
    monkeypatch.undo()
    assert read_save(old).meta.name == "old"
    assert leftovers(old.parent) == []


def test_disk_full_half_way_keeps_the_old_file(old: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write
    written = []

    def write_then_fill(fd: int, data: bytes) -> int:
        if written:
            raise OSError(errno.ENOSPC, "No space left on device")
        n = real_write(fd, bytes(data[: len(data) // 2]))
        written.append(n)
        return n

    monkeypatch.setattr(os, "write", write_then_fill)
    with pytest.raises(SaveError, match="No space left on device"):
        write_save(old, make_doc(n_actions=5000, name="new"))
    assert written  # the write really was cut short
    monkeypatch.undo()
    assert read_save(old).meta.name == "old"
    assert leftovers(old.parent) == []


def _run_child(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "child.py"
    script.write_text(textwrap.dedent(code))
    return subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_real_file_size_limit_keeps_the_old_file(old: Path, tmp_path: Path) -> None:
    # The OS refuses the write (EFBIG), as a full disk would (ENOSPC).
    result = _run_child(f"""
        import resource, signal, sys
        from tests.test_saves_support import make_doc
        from warp_empires.saves import SaveError, write_save
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))
        try:
            write_save({str(old)!r}, make_doc(n_actions=5000, name="new"))
        except SaveError as e:
            print(e)
            sys.exit(3)
    """, tmp_path)
    assert result.returncode == 3, result.stderr
    assert "could not write" in result.stdout and result.stdout.count("\n") == 1
    assert read_save(old).meta.name == "old"
    assert leftovers(old.parent) == []


def test_process_killed_mid_write_keeps_the_old_file(old: Path, tmp_path: Path) -> None:
    result = _run_child(f"""
        import os, signal
        from tests.test_saves_support import make_doc
        from warp_empires.saves import write_save
        real_write = os.write
        def write_and_die(fd, data):
            real_write(fd, bytes(data[: len(data) // 3]))
            os.kill(os.getpid(), signal.SIGKILL)
        os.write = write_and_die
        write_save({str(old)!r}, make_doc(n_actions=5000, name="new"))
    """, tmp_path)
    assert result.returncode == -9, result.stderr
    assert read_save(old).meta.name == "old"
    # The half-written temp file is left behind, hidden; listings ignore it, and
    # remove it, since the process that wrote it is gone.
    assert len(leftovers(old.parent)) == 1
    assert [i.path.name for i in list_saves(old.parent)] == ["game.wes"]
    assert leftovers(old.parent) == []


def test_write_replaces_the_old_file(old: Path) -> None:
    write_save(old, make_doc(name="new"))
    assert read_save(old).meta.name == "new"
    assert leftovers(old.parent) == []


# Autosave rotation.

GAME = make_doc().meta.game  # the game of every make_doc document

def _names(folder: Path) -> list[str | None]:
    out: list[str | None] = []
    for slot in autosave_slots(folder, GAME):
        try:
            out.append(read_save(slot).meta.name)
        except SaveError:
            out.append(None)
    return out


def test_rotation_keeps_the_newest_three(tmp_path: Path) -> None:
    for i in range(1, 6):
        write_autosave(make_doc(name=f"turn {i}"), tmp_path)
        assert _names(tmp_path)[: min(i, 3)] == [f"turn {j}" for j in range(i, max(i - 3, 0), -1)]
    assert _names(tmp_path) == ["turn 5", "turn 4", "turn 3"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "autosave-01234567-1.wes", "autosave-01234567-2.wes", "autosave-01234567-3.wes"]


@pytest.mark.parametrize("fail_at", range(3))
def test_crash_at_any_step_of_rotation_loses_no_older_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fail_at: int) -> None:
    for i in range(1, 4):
        write_autosave(make_doc(name=f"turn {i}"), tmp_path)
    real_replace = os.replace
    calls = []

    def replace(src: object, dst: object) -> None:
        calls.append(dst)
        if len(calls) > fail_at:
            raise OSError(errno.EIO, "simulated crash")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(SaveError):
        write_autosave(make_doc(name="turn 4"), tmp_path)
    monkeypatch.undo()
    good = [n for n in _names(tmp_path) if n is not None]
    # The newest save before the crash survives, and the order is still newest first.
    assert "turn 3" in good
    assert good == sorted(good, reverse=True)
    assert leftovers(tmp_path) == []


def test_write_temp_failure_leaves_the_rotation_untouched(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(1, 4):
        write_autosave(make_doc(name=f"turn {i}"), tmp_path)
    monkeypatch.setattr(os, "fsync", _fail)
    with pytest.raises(SaveError):
        write_autosave(make_doc(name="turn 4"), tmp_path)
    monkeypatch.undo()
    assert _names(tmp_path) == ["turn 3", "turn 2", "turn 1"]


# Reading under limits.

def test_oversized_file_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.wes"
    with open(big, "wb") as f:
        f.truncate(MAX_FILE_SIZE + 1)  # sparse: no real disk use
    with pytest.raises(SaveError, match="too large"):
        read_save(big)


def test_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.wes"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(fifo)


def test_directory_and_missing_file(tmp_path: Path) -> None:
    (tmp_path / "dir.wes").mkdir()
    with pytest.raises(SaveError, match="not a regular file|cannot open"):
        read_save(tmp_path / "dir.wes")
    with pytest.raises(SaveError, match="no such file"):
        read_save(tmp_path / "nope.wes")


def test_read_bounded_stops_at_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "x"
    path.write_bytes(b"x" * 100)
    assert save_io.read_bounded(path, 100) == b"x" * 100
    with pytest.raises(SaveError, match="too large"):
        save_io.read_bounded(path, 99)


def _doc_of(game: str, name: str) -> SaveDoc:
    doc = make_doc(name=name)
    return dataclasses.replace(doc, meta=dataclasses.replace(doc.meta, game=game))


def test_another_game_never_pushes_out_this_games_autosaves(tmp_path: Path) -> None:
    # Issue 10: a quick game against the computer pushed out a campaign's
    # autosaves when all games shared three slots.
    campaign, quick = "aaaaaaaa11111111", "bbbbbbbb22222222"
    for i in range(1, 4):
        write_autosave(_doc_of(campaign, f"campaign {i}"), tmp_path)
    for i in range(1, 6):
        write_autosave(_doc_of(quick, f"quick {i}"), tmp_path)
    names = [read_save(p).meta.name for p in autosave_slots(tmp_path, campaign)]
    assert names == ["campaign 3", "campaign 2", "campaign 1"]
    groups = autosave_groups(tmp_path)
    assert [read_save(g[0]).meta.name for g in groups] == ["quick 5", "campaign 3"]


def test_only_the_latest_games_keep_autosaves(tmp_path: Path) -> None:
    named = write_save(tmp_path / "keep-me.wes", _doc_of("ffffffff00000000", "named"))
    legacy = tmp_path / "autosave-1.wes"  # an earlier version's plain slot
    write_save(legacy, _doc_of("eeeeeeee00000000", "legacy"))
    for g in range(AUTOSAVE_GAMES + 2):
        doc = _doc_of(f"{g:08x}cafecafe", f"game {g}")
        write_autosave(doc, tmp_path)
        os.utime(autosave_slots(tmp_path, doc.meta.game)[0], (1000 + g, 1000 + g))
    kept = {read_save(g[0]).meta.name for g in autosave_groups(tmp_path)}
    assert f"game {AUTOSAVE_GAMES + 1}" in kept and "game 0" not in kept
    assert not autosave_slots(tmp_path, f"{0:08x}cafecafe")[0].exists()
    assert named.exists() and legacy.exists()  # never touched


def _over(doc: SaveDoc) -> SaveDoc:
    return dataclasses.replace(doc, meta=dataclasses.replace(doc.meta, active=-1))


def test_a_finished_game_is_autosaved_once(tmp_path: Path) -> None:
    # Play-test: each look at the results autosaved the end again, until the
    # game's three slots all held "game over" and its last turns were gone.
    game = "aaaaaaaa33333333"
    for i in (1, 2):
        write_autosave(_doc_of(game, f"turn {i}"), tmp_path)
    write_autosave(_over(_doc_of(game, "the end")), tmp_path)
    write_autosave(_over(_doc_of(game, "the end, seen again")), tmp_path)
    names = [read_save(p).meta.name for p in autosave_slots(tmp_path, game) if p.exists()]
    assert names == ["the end", "turn 2", "turn 1"]


def test_continue_skips_a_game_whose_newest_save_is_over(tmp_path: Path) -> None:
    # Play-test: Continue offered a named save from before the winning move.
    from warp_empires.saves.store import latest_game

    going, won = "aaaaaaaa44444444", "bbbbbbbb55555555"
    older = write_save(tmp_path / "going.wes", _doc_of(going, "going"))
    before_win = write_save(tmp_path / "prewin.wes", _doc_of(won, "prewin"))
    write_autosave(_over(_doc_of(won, "won")), tmp_path)
    for i, path in enumerate((older, before_win, autosave_slots(tmp_path, won)[0])):
        os.utime(path, (1000 + i, 1000 + i))
    assert latest_game(tmp_path).meta.name == "going"

"""An unexpected exception ends the app with exit status 1 and one line on
stderr naming a crash log in the data folder (the traceback), after the game
as it stands is autosaved where that is safe (tui/crash.py; play-test: four
crashes, every one exiting with status 0)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tui.helpers import game_app, open_game
from warp_empires.bots.base import forward
from warp_empires.saves import autosave_slots, read_save
from warp_empires.saves.game import verify_doc
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.crash import crash_dir

CRASH = "boom [b]not markup[/b]"  # words of an exception are never markup


def crash_on_f1(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: WarpEmpiresApp) -> None:
        raise RuntimeError(CRASH)

    monkeypatch.setattr(WarpEmpiresApp, "action_rules", boom)


def crash_logs() -> list[Path]:
    # $XDG_DATA_HOME/warp-empires/crash-logs: the tests set XDG_DATA_HOME
    folder = crash_dir()
    return sorted(folder.glob("*.log")) if folder.is_dir() else []


def autosave_then_decide(app: WarpEmpiresApp, screen, folder: Path) -> tuple[list[Path], bytes]:  # noqa: ANN001
    """An autosave of the game on screen, then one decision after it (lost,
    were the game not saved on the way out): the autosave slots and the bytes
    of the newest one."""
    game = screen.session.game
    app.autosave()
    app.autosaver.flush()
    slots = autosave_slots(folder, game.id)
    last = slots[0].read_bytes()
    side = game.prompt().side
    screen.session.apply(side, forward(game.legal_actions(side))[0])
    return slots, last


def the_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    return lines[0]


async def test_a_crash_autosaves_the_game_and_names_its_log(
        at_decision, tmp_path, monkeypatch, capsys) -> None:
    crash_on_f1(monkeypatch)
    game = at_decision("move")
    app = game_app(tmp_path)
    with pytest.raises(RuntimeError, match="boom"):  # Pilot hands the crash on to the test
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, game)
            slots, last = autosave_then_decide(app, screen, tmp_path)
            await pilot.press("f1")
    assert app.return_code == 1
    (log,) = crash_logs()
    assert log.parent == Path(os.environ["XDG_DATA_HOME"]) / "warp-empires" / "crash-logs"
    line = the_line(capsys.readouterr().err)
    assert line == (f"warp-empires: internal error: RuntimeError: {CRASH} (the game is "
                    f"autosaved); crash log: {log}")
    text = log.read_text()
    assert "Traceback (most recent call last)" in text and f"RuntimeError: {CRASH}" in text
    assert "Screens: Screen > TitleScreen > GameScreen" in text
    assert f"Autosave: written before exit: {slots[0]}" in text
    # the newest autosave is the game as it stood, the one before it one slot down
    assert slots[1].read_bytes() == last
    newest = read_save(slots[0])
    assert list(newest.actions) == list(game.actions)
    verify_doc(newest, game.module, "test")  # it loads


async def test_a_half_changed_game_is_not_autosaved_over_the_last_one(
        at_decision, tmp_path, monkeypatch, capsys) -> None:
    """A crash in the middle of a change: the game as it stands does not replay,
    so the last autosave stays the newest, untouched."""
    crash_on_f1(monkeypatch)
    game = at_decision("move")
    app = game_app(tmp_path)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, game)
            slots, last = autosave_then_decide(app, screen, tmp_path)
            game.state.banks[0] += 50  # as if the next change had stopped half way
            await pilot.press("f1")
    assert app.return_code == 1
    assert slots[0].read_bytes() == last and not slots[1].exists()
    line = the_line(capsys.readouterr().err)
    assert "autosaved" not in line
    (log,) = crash_logs()
    assert "Autosave: not written, the last autosave stands" in log.read_text()


async def test_a_game_autosaved_as_it_stands_is_not_written_again(
        at_decision, tmp_path, monkeypatch, capsys) -> None:
    """Nothing decided since the last autosave: it stays where it is (writing
    it again would push an older autosave out of the game's three)."""
    crash_on_f1(monkeypatch)
    game = at_decision("move")
    app = game_app(tmp_path)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(120, 40)) as pilot:
            await open_game(pilot, game)
            app.autosave()
            await pilot.press("f1")
    slots = autosave_slots(tmp_path, game.id)
    assert slots[0].exists() and not slots[1].exists()
    assert "autosaved" not in the_line(capsys.readouterr().err)
    (log,) = crash_logs()
    assert f"Autosave: not needed: {slots[0]} holds the game as it stands" in log.read_text()


async def test_without_a_crash_log_the_traceback_follows_the_line(
        tmp_path, monkeypatch, capsys) -> None:
    crash_on_f1(monkeypatch)
    blocked = tmp_path / "data"
    blocked.write_text("a file where the data folder would be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    app = game_app(tmp_path)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("f1")
    assert app.return_code == 1
    err = capsys.readouterr().err
    first, *rest = err.splitlines()
    assert first.startswith("warp-empires: internal error: RuntimeError: boom")
    assert "no crash log could be written" in first
    assert rest[0] == "Traceback (most recent call last):" and rest[-1] == f"RuntimeError: {CRASH}"


async def test_a_joined_game_crash_ends_with_status_1(tmp_path, monkeypatch, capsys) -> None:
    from warp_empires.net.links import parse_link
    from warp_empires.tui.remote import JoinApp, Joined

    def boom(self: Joined) -> None:
        raise RuntimeError(CRASH)

    monkeypatch.setattr(Joined, "start", boom)
    link = parse_link("ws://127.0.0.1:9/#game=0123456789abcdef&side=rebels&token=" + "A" * 32)
    app = JoinApp(link)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)):
            pass
    assert app.return_code == 1
    (log,) = crash_logs()
    assert the_line(capsys.readouterr().err).endswith(f"; crash log: {log}")
    assert "Autosave: none: no game kept at this terminal" in log.read_text()


def test_the_command_exits_with_status_1_after_a_crash(tmp_path) -> None:
    """`warp-empires play` itself: status 1 and the one line (it was 0)."""
    script = (
        "import sys\n"
        "from warp_empires.cli import main\n"
        "from warp_empires.tui.app import WarpEmpiresApp\n"
        "def boom(self, message):\n"
        "    raise RuntimeError('boom')\n"
        "WarpEmpiresApp.on_game_screen_game_ended = boom\n"
        "sys.exit(main(['play', '--headless', '--players', 'random,random', '--seed', '3',"
        " '--max-turns', '2', '--saves-dir', sys.argv[1]]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "saves")],
                          capture_output=True, text=True, timeout=120, env=os.environ.copy())
    assert done.returncode == 1, done.stderr
    (log,) = crash_logs()
    assert done.stderr.splitlines()[-1] == (
        f"warp-empires: internal error: RuntimeError: boom; crash log: {log}")
    assert "Autosave: none: a headless run keeps no autosaves" in log.read_text()


@pytest.mark.timeout(60)  # the app used to hang here: a bound, never a wait
async def test_a_crash_while_autosaves_fail_still_ends(at_decision, tmp_path, monkeypatch,
                                                      capsys) -> None:
    """The autosave thread reported its failure by waiting for the app's
    thread, which was waiting for it (the rescue's flush): a hang."""
    crash_on_f1(monkeypatch)
    blocked = tmp_path / "saves"
    blocked.write_text("a file where the saves folder would be")
    app = game_app(blocked)
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await open_game(pilot, at_decision("move"))
            app.autosave()  # fails on its thread
            side = screen.session.game.prompt().side
            screen.session.apply(side, forward(screen.session.legal_actions(side))[0])
            await pilot.press("f1")
    assert app.return_code == 1
    assert "autosaved" not in the_line(capsys.readouterr().err)
    (log,) = crash_logs()
    assert "Autosave: could not be written: " in log.read_text()


async def test_a_game_screen_taken_off_as_it_comes_is_no_crash(star_wars):
    # a joined seat quit as its first position's screen came: the screen's
    # on_mount met NoMatches #log (Textual 8.2.8 sends Mount to a screen taken
    # off while its widgets were being mounted) and the app ended with an
    # internal error (tui/crash.py gone_before_mounted)
    from warp_empires.engine import Game
    from warp_empires.tui.screens.game import GameScreen
    from warp_empires.tui.session import Session

    app = game_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(Session(Game.new(star_wars, 3), ("human", "human")))
        app.pop_screen()  # in the same tick: while its widgets are being mounted
        assert not isinstance(app.screen, GameScreen)
        # the app goes on (the screen taken off meets its Mount meanwhile):
        # a game opened again is shown whole
        screen = await open_game(pilot, Game.new(star_wars, 3))
        assert screen.is_mounted and screen.query_one("#log")
    assert app.crash_line is None  # and run_test raised nothing on leaving


async def test_a_game_screen_that_comes_as_the_app_quits_is_no_crash(star_wars):
    # the same, the person quitting (Ctrl+Q) as the screen came: one in
    # twenty tries of `join` then Ctrl+Q 0.4 s later ended with an internal error
    from warp_empires.engine import Game
    from warp_empires.tui.session import Session

    app = game_app()
    async with app.run_test(size=(120, 40)):
        app.open_session(Session(Game.new(star_wars, 3), ("human", "human")))
        app.exit()  # in the same tick: while its widgets are being mounted
    assert app.crash_line is None and app.return_code == 0


async def test_a_joined_seats_news_waits_for_its_screens_widgets():
    # `join` then Ctrl+Q as the first position came: the screen pushed got no
    # widgets (the app quitting), and the connection's news for it met
    # NoMatches PhaseBar, 4 times in 20 tries (tui/remote.py Joined._drawn)
    from types import SimpleNamespace

    from warp_empires.net.links import Link
    from warp_empires.tui.remote import Joined

    told: list[str] = []
    screen = SimpleNamespace(is_mounted=True, children=[],
                             link_changed=lambda: told.append("link"),
                             after_change=lambda: told.append("position"))
    joined = Joined(SimpleNamespace(), Link("ws://127.0.0.1:1/", "0" * 16, "rebels", "t"),
                    failed=told.append)
    joined.screen = screen
    joined.session = SimpleNamespace(arrived=lambda: False, after_undo=False, link_note="")
    joined._noted()
    await joined._show_position()
    assert told == []  # nothing drawn on a screen without its widgets
    screen.children = ["its widgets"]
    joined._noted()
    await joined._show_position()
    assert told == ["link", "position"]

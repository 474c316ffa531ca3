"""Pictures of the main screens at a fixed seed and size. Textual is pinned
(pyproject) because its releases change these. Update with
`pytest tests/tui/test_snapshots.py --snapshot-update` after checking the
report by eye."""

from __future__ import annotations

import dataclasses
import random

import pytest

from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.saves import write_save
from warp_empires.saves.game import game_doc
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.screens.help import HelpScreen
from warp_empires.tui.session import Session

PLAYING = (120, 40)


def _app(**launch) -> WarpEmpiresApp:
    return WarpEmpiresApp(LaunchOptions(pace=30.0, **launch))


def _opener(game: Game, players=("human", "bot"), theme: str | None = None):
    async def run_before(pilot) -> None:
        if theme:
            pilot.app.theme = theme
        pilot.app.open_session(Session(game, players))
        await pilot.pause()

    return run_before


def _played(module, seed: int, steps: int) -> Game:
    """A game moved on by seeded random play (the Rebels, a person, to act)."""
    game = Game.new(module, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        p = game.prompt()
        game.apply(p.side, rng.choice(forward(game.legal_actions())))
    while game.prompt().side != 0:
        p = game.prompt()
        game.apply(p.side, rng.choice(forward(game.legal_actions())))
    return game


def _finished(module) -> Game:
    for seed in range(1, 200):
        game = Game.new(module, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            p = game.prompt()
            if p.side < 0:
                return game
            game.apply(p.side, rng.choice(forward(game.legal_actions())))
    raise AssertionError("no random game ended")


def test_title(snap_compare):
    assert snap_compare(_app(), terminal_size=PLAYING)


def test_new_game(snap_compare):
    assert snap_compare(_app(), press=["n"], terminal_size=PLAYING)


def test_game_screen_120x40(snap_compare, star_wars):
    assert snap_compare(_app(), terminal_size=PLAYING,
                        run_before=_opener(_played(star_wars, 7, 60)))


def test_game_screen_100x30(snap_compare, star_wars):
    assert snap_compare(_app(), terminal_size=(100, 30),
                        run_before=_opener(_played(star_wars, 7, 60)))


def test_game_screen_160x50(snap_compare, star_wars):
    # issue 10: the map grows to fill a large window, names whole
    assert snap_compare(_app(), terminal_size=(160, 50),
                        run_before=_opener(_played(star_wars, 7, 60)))


def test_game_screen_80x24(snap_compare, star_wars):
    assert snap_compare(_app(), terminal_size=(80, 24),
                        run_before=_opener(_played(star_wars, 7, 60)))


def test_game_screen_light_theme(snap_compare, star_wars):
    assert snap_compare(_app(), terminal_size=PLAYING,
                        run_before=_opener(_played(star_wars, 7, 60), theme="textual-light"))


def test_battle_view(snap_compare, at_decision):
    game = at_decision("battle_card", open_hands=False)
    players = ("human", "bot") if game.prompt().side == 0 else ("bot", "human")
    assert snap_compare(_app(), terminal_size=PLAYING, run_before=_opener(game, players))


def test_selection_in_progress(snap_compare, at_decision):
    """A card picked to discard: rows keep their numbers, marked [x] / [ ] (the
    rest dimmed, as enough are picked), the same mark in the hand. (The
    discard opens with the best hand ticked: `u` clears that first.)"""
    game = at_decision("discard_down", open_hands=False)
    players = ("human", "bot") if game.prompt().side == 0 else ("bot", "human")
    assert snap_compare(_app(), terminal_size=PLAYING, run_before=_opener(game, players),
                        press=["u", "2"])


def test_handover(snap_compare, at_decision):
    game = at_decision("move", open_hands=False)
    assert snap_compare(_app(), terminal_size=PLAYING,
                        run_before=_opener(game, ("human", "human")))


def test_help_units(snap_compare, star_wars):
    async def run_before(pilot) -> None:
        pilot.app.push_screen(HelpScreen(star_wars))
        await pilot.pause()
        pilot.app.screen.query_one("TabbedContent").active = "units"
        await pilot.pause()

    assert snap_compare(_app(), terminal_size=PLAYING, run_before=run_before)


def test_save_browser(snap_compare, star_wars, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()
    for name, steps, stamp in (("first-try", 20, "2026-01-02T10:00:00+00:00"),
                               ("later", 80, "2026-01-03T21:30:00+00:00")):
        doc = game_doc(_played(star_wars, 3, steps), name, ("human", "bot"))
        doc = dataclasses.replace(doc, meta=dataclasses.replace(doc.meta, saved_at=stamp))
        write_save(tmp_path / "saves" / f"{name}.wes", doc)
    (tmp_path / "saves" / "damaged.wes").write_bytes(b"not a save at all")
    import os

    os.utime(tmp_path / "saves" / "damaged.wes", (0, 0))
    assert snap_compare(_app(saves_dir="saves"), press=["l"], terminal_size=PLAYING)


@pytest.mark.filterwarnings("ignore")
def test_end_screen(snap_compare, star_wars):
    assert snap_compare(_app(), terminal_size=PLAYING,
                        run_before=_opener(_finished(star_wars), ("bot", "bot")))

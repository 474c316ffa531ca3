"""Text from a module or a save is never read as markup: a side, unit, card or
territory named with Rich markup, a save file named so, or a saves folder with
brackets in its path must show as written, not crash the app."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.tui.helpers import game_app, screen_text
from warp_empires.engine import Game
from warp_empires.module import load_module
from warp_empires.saves import save_game
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.screens.help import HelpScreen
from warp_empires.tui.screens.saves import SaveBrowser
from warp_empires.tui.session import Session

STAR_WARS = Path(__file__).resolve().parents[2] / "modules" / "star_wars"
MARKUP = "[/]"


def hostile_module(tmp_path: Path) -> Path:
    folder = tmp_path / "sw_markup"
    shutil.copytree(STAR_WARS, folder)
    edits = {"module.toml": [('id = "star_wars"', 'id = "sw_markup"'),
                             ('name = "Rebel Alliance"', f'name = "{MARKUP}Rebel Alliance"'),
                             ('short = "Rebels"', 'short = "[b]Rebels"')],
             "units.toml": [('name = "Luke Skywalker"', f'name = "{MARKUP}Luke"')],
             "cards.toml": [('name = "Sabotage"', f'name = "{MARKUP}Sabotage"')]}
    for file, pairs in edits.items():
        text = (folder / file).read_text()
        for old, new in pairs:
            assert old in text, old
            text = text.replace(old, new, 1)
        (folder / file).write_text(text)
    return folder


async def test_a_module_with_markup_in_its_names_plays_and_shows_help(tmp_path):
    module = load_module(hostile_module(tmp_path))
    game = Game.new(module, 3)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        pilot.app.open_session(Session(game, ("human", "human")))
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoverScreen)
        assert f"I play {MARKUP}Rebel Alliance" in screen_text(pilot.app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert "[b]Rebels" in screen_text(pilot.app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(pilot.app.screen, HelpScreen)
        for tab in ("units", "cards"):
            pilot.app.screen.query_one("TabbedContent").active = tab
            await pilot.pause()
        assert f"{MARKUP}Sabotage" in screen_text(pilot.app)


async def test_saves_named_with_markup_are_listed_as_written(tmp_path):
    folder = tmp_path / f"dir{MARKUP}x"
    module = load_module(hostile_module(tmp_path))
    save_game(Game.new(module, 4), folder / "[bold red]evil.wes")
    (folder / "[@click=app.quit]broken.wes").write_bytes(b"not a save [/]")
    async with game_app(folder).run_test(size=(160, 40)) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(pilot.app.screen, SaveBrowser)
        text = screen_text(pilot.app)
        assert "[bold red]evil" in text and "[@click=app.quit]broken" in text
        assert f"{MARKUP}Rebel Alliance" in text and f"dir{MARKUP}x" in text

"""The New Game screen offers a module's scenarios (docs/rules.md G3): the
module's own setup first, each scenario by name with its line, and the game
starts with the one chosen; a module without scenarios shows no such row."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from warp_empires.tui.screens.new_game import NewGameScreen

from .helpers import game_app, screen_text

THEMES = Path(__file__).parents[1] / "themes"


async def test_new_game_offers_the_scenarios_and_starts_the_chosen_one(tmp_path, monkeypatch):
    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(THEMES))
    async with game_app(tmp_path).run_test(size=(120, 50)) as pilot:
        await pilot.press("n")
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        modules = screen.query_one("#module", Select)
        rome = next(key for key, m in screen._modules.items() if m.id == "punic")
        star_wars = next(key for key, m in screen._modules.items() if m.id == "star_wars")
        modules.value = star_wars
        await pilot.pause()
        assert not screen.query_one("#scenario-row").display  # Star Wars has none
        modules.value = rome
        await pilot.pause()
        assert screen.query_one("#scenario-row").display
        pick = screen.query_one("#scenario", Select)
        assert pick.value == ""  # the module's own setup unless one is chosen
        pick.value = "sicily"
        await pilot.pause()
        assert "a die says who moves first" in str(screen.query_one("#scenario-about").render())
        assert "The war for Sicily" in screen_text(pilot.app)
        screen.action_start()
        await pilot.pause()
        game = pilot.app.session.game
        assert game.options["scenario"] == "sicily"
        assert any("Scenario: The war for Sicily." in e["text"] for e in game.state.log)

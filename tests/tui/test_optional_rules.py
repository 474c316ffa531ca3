"""The optional rules in the app (RULINGS O1-O5, issue 14): the New Game screen
lists the module's own with a line each, the game starts with those ticked,
the help's Rules tab explains those in play, and their decisions are taken
on screen like any other."""

from __future__ import annotations

from textual.widgets import Checkbox

from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.new_game import NewGameScreen

from .helpers import game_app, game_where, open_game, screen_text


async def test_new_game_lists_the_optional_rules_and_starts_with_those_ticked(tmp_path):
    async with game_app(tmp_path).run_test(size=(120, 50)) as pilot:
        await pilot.press("n")
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Optional rules" in text and "Attrition" in text and "Interception" in text
        assert "Stacks of 10 or more lose d6/3 units" in text  # the module's own line
        assert not screen.query_one("#opt-attrition", Checkbox).value  # off by default
        screen.query_one("#opt-attrition", Checkbox).value = True
        screen.query_one("#opt-withdrawal", Checkbox).value = True
        screen.action_start()
        await pilot.pause()
        game = pilot.app.session.game
        assert game.options["optional"] == ["attrition", "withdrawal"]
        assert any("Optional rules in play: attrition, withdrawal" in e["text"]
                   for e in game.state.log)


async def test_the_rules_tab_explains_the_optional_rules_in_play(star_wars, tmp_path):
    from warp_empires.engine import Game
    from warp_empires.tui.screens.help import HelpScreen

    game = Game.new(star_wars, 3, {"optional": ["attrition", "interception"]})
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        pilot.app.action_rules()
        await pilot.pause()
        help_screen = pilot.app.screen
        assert isinstance(help_screen, HelpScreen)
        assert help_screen.optional == ("attrition", "interception")
        from warp_empires.tui.screens.help import rules_markdown

        text = rules_markdown(star_wars, help_screen.optional)
        assert "**Attrition.**" in text and "stacks of 10 or more" in text
        assert "**Interception.**" in text and "4+ on a d6" in text
        assert "Withdrawal" not in text  # not in play
        assert "Optional rules in this game" not in rules_markdown(star_wars, ())


async def test_a_withdrawal_is_decided_on_the_shared_battle_screen(star_wars, tmp_path):
    game = game_where(star_wars, lambda g: g.prompt().kind == "withdraw",
                      optional=("withdrawal",))
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        if pilot.app.screen is not screen:  # a hand-over first, if any
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        labels = [c.label for c in screen.session.choices()]
        assert labels == ["try to withdraw", "fight"]
        text = screen_text(pilot.app)
        assert "4+ on a d6" in text
        before = len(game.actions)
        await pilot.press("1")
        await pilot.pause()
        assert game.actions[before:] and "withdraw" in str(game.state.log[-3:])


async def test_an_interception_is_offered_to_the_other_side_after_a_hand_over(
        star_wars, tmp_path):
    game = game_where(star_wars, lambda g: g.prompt().kind == "intercept",
                      optional=("interception",))
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        assert pilot.app.screen is not screen  # a hand-over: the enemy decides now
        await pilot.press("enter")
        await pilot.pause()
        labels = [c.label for c in screen.session.choices()]
        assert labels[-1] == "let the group be"
        assert all(label.startswith("intercept from ") for label in labels[:-1])


async def test_new_game_opens_at_its_top_on_a_small_screen(tmp_path):
    # play-test at 80x24: the form opened scrolled down to its Start button,
    # past the players; Enter still starts the game as remembered.
    async with game_app(tmp_path).run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        text = screen_text(pilot.app)
        assert "Theme module" in text and "Galactic Empire" in text
        assert screen.focused is not None and screen.focused.id == "start"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen) or pilot.app.screen is not screen

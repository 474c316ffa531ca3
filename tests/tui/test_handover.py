"""Hot seat: the hand-over screen is opaque and shows nothing of either hand
(RULINGS H6); computer sides and open-hands games skip it."""

from __future__ import annotations

from tests.tui.helpers import game_app, moving_on, open_game, screen_text
from warp_empires.engine import Game
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.widgets.hand import HandList


def _card_names(game: Game, side: int) -> set[str]:
    return {game.module.cards[k].name for k in game.view(side)["hand"]}


async def test_handover_hides_the_previous_hand(at_decision):
    game = at_decision("move", open_hands=False)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        mine = _card_names(game, side)
        assert mine and any(name in screen_text(app) for name in mine)
        await pilot.press("e")  # end the Move phase; play on until the other side decides
        while game.prompt().side == side:
            app.screen.choose(moving_on(app.screen.session.choices()))
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        other = game.prompt().side
        shown = screen_text(app) + app.export_screenshot()
        for name in mine | _card_names(game, other):
            assert name not in shown
        assert game.module.sides[other].name in shown
        # The game screen under it was wiped before the hand-over went up.
        game_screen = app.screen_stack[-2]
        assert game_screen.query_one(HandList).option_count <= 1
        assert not str(game_screen.query_one("#prompt").render()).strip()
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.viewer == other


async def test_no_handover_against_a_computer(star_wars):
    game = Game.new(star_wars, 5)
    async with game_app(pace=5.0).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("human", "bot"))
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.viewer == 0


async def test_open_hands_show_both_hands_without_handover(at_decision):
    game = at_decision("move")
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        assert isinstance(pilot.app.screen, GameScreen)
        text = screen_text(pilot.app)
        assert "Enemy hand (open)" in text
        assert all(name in text for name in _card_names(game, 1 - side))


async def test_a_repeated_enter_after_the_handover_chooses_nothing(at_decision, monkeypatch):
    monkeypatch.setattr(GameScreen, "QUIET_AFTER_HANDOVER", 30.0)
    game = at_decision("move", open_hands=False)
    before = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        assert isinstance(pilot.app.screen, HandoverScreen)
        await pilot.press("enter", "enter", "1")
        assert isinstance(pilot.app.screen, GameScreen)
        assert len(game.actions) == before  # the extra keys made no choice

"""Keys reach the screen they were typed on: in one burst, the keys after one
that opens a dialog answer the dialog (tui/key_order.py). Play-test: Ctrl+S
then Enter x3 while the computer moved added the Enters to the game's
typed-ahead keys; Escape then `1` at once came as one key, `alt+1`."""

from __future__ import annotations

from textual import events

from tests.tui.helpers import burst, game_app
from warp_empires.tui.config import GameSettings
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.screens.game import GameScreen


def hot_seat(tmp_path) -> object:
    settings = GameSettings(module="star_wars", players=("human", "human"), seed=7,
                            open_hands=True)
    return game_app(tmp_path, settings=settings)


async def test_keys_after_the_one_that_opens_a_dialog_answer_the_dialog(tmp_path) -> None:
    async with hot_seat(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        game = app.screen
        assert isinstance(game, GameScreen)
        # Escape opens the menu, `r` asks to resign, `c` cancels: one write
        await burst(pilot, "escape", "r", "c")
        assert app.screen is game and not game.session.over
        assert not game.controller.ahead  # none of them reached the game's list


async def test_the_next_dialog_opens_on_the_key_typed_for_it(tmp_path) -> None:
    async with hot_seat(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await burst(pilot, "escape", "r")
        assert isinstance(app.screen, AskDialog)
        assert [type(s) for s in app.screen_stack][-2:] == [GameScreen, AskDialog]


async def test_escape_and_a_key_typed_at_once_are_two_keys(tmp_path) -> None:
    async with hot_seat(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        app.post_message(events.Key("alt+r", "r"))  # how Textual reads ESC r in one read
        await pilot.pause()
        await app.keys_handled()
        await pilot.pause()
        assert isinstance(app.screen, AskDialog)  # the menu opened, and `r` chose Resign
        assert [type(s) for s in app.screen_stack][-2:] == [GameScreen, AskDialog]

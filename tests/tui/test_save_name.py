"""The name the save dialog offers follows the turn (issue 39): the turn the
screen shows, also when the game moves on while the dialog is open (a
computer player's answer lands under it); a name the person typed stays."""

from __future__ import annotations

import random

from textual.widgets import Input

from tests.tui.helpers import game_app, open_game
from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.tui import persistence
from warp_empires.tui.dialogs.save_name import SaveNameDialog


def _next_turn(game: Game, rng: random.Random) -> None:
    turn = game.state.turn
    while game.state.turn == turn:
        game.apply(game.prompt().side, rng.choice(forward(game.legal_actions())))


def test_before_the_first_turn_the_name_says_the_turn_on_screen(star_wars, tmp_path):
    game = Game.new(star_wars, 5)  # the Rebels choose where to start: "Turn 1" on screen
    assert game.view(0).turn == 0
    assert persistence.suggest_name(game, str(tmp_path)) == f"{star_wars.id}-turn1"


async def test_the_offered_name_follows_the_game_and_a_typed_one_stays(at_decision, tmp_path):
    game = at_decision("move")
    rng = random.Random(1)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("ctrl+s")
        dialog = pilot.app.screen
        assert isinstance(dialog, SaveNameDialog)
        field = dialog.query_one(Input)
        assert field.value == f"{game.module.id}-turn{game.state.turn}"
        _next_turn(game, rng)  # as a computer player's move does under the dialog
        screen.after_change()  # the dialog is told at once (no message to wait for)
        assert field.value == f"{game.module.id}-turn{game.state.turn}"
        await pilot.press("x")  # the person's own name now
        typed = field.value
        _next_turn(game, rng)
        screen.after_change()
        assert field.value == typed
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / f"{typed}.wes").is_file()

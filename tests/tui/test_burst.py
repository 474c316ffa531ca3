"""Keys typed with no pause, across hand-overs and two-digit lists, make the
decisions they would make typed one by one (issue 33: decisions made =
decisions meant, 0 lost). The keys come from tests/tui/typist.py."""

from __future__ import annotations

import pytest

from tests.tui.helpers import game_app, open_game, queue_keys
from tests.tui.typist import plan
from warp_empires.tui.screens.game import GameScreen


async def _settle(pilot, game, want: int) -> None:  # noqa: ANN001
    """Lets the app work through the burst (no clock: until it is idle)."""
    for _ in range(200):
        await pilot.pause()
        if len(game.actions) >= want:
            break
    for _ in range(5):  # and anything after it
        await pilot.pause()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_burst_across_handovers_makes_the_decisions_meant(at_decision, size):
    game = at_decision("move", open_hands=False)
    keys, meant = plan(game, ("human", "human"), decisions=40, seed=size[0])
    assert keys.count("enter") >= 2  # hand-overs and typed rows were crossed
    start = len(game.actions)
    async with game_app().run_test(size=size) as pilot:
        await open_game(pilot, game)
        queue_keys(pilot.app, keys)
        await _settle(pilot, game, start + len(meant))
        made = [list(a) for a in game.actions[start:]]
        assert made == meant
        assert any(isinstance(s, GameScreen) for s in pilot.app.screen_stack)


async def test_a_burst_through_a_long_discard_makes_the_picks_meant(star_wars):
    from tests.tui.test_controller import _long_discard

    game = _long_discard(star_wars, open_hands=False)
    keys, meant = plan(game, ("human", "human"), decisions=12, seed=3)
    assert any(len(k) == 1 and k.isdigit() for k in keys)
    start = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        queue_keys(pilot.app, keys)
        await _settle(pilot, game, start + len(meant))
        assert [list(a) for a in game.actions[start:]] == meant

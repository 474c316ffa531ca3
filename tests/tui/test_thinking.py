"""A search player thinks on a worker thread: the screen says so, stays live,
can be paused (the answer then waits) and never applies a stale answer."""

from __future__ import annotations

import asyncio
import threading

from tests.tui.helpers import game_app, open_game
from tests.tui.test_play_fixes import _to_bot_turn
from warp_empires.bots.base import forward
from warp_empires.engine import Game, View


class Gate:
    """A computer player that thinks until the test lets it answer."""

    kind = "gate"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()
        self.seen: list[object] = []

    def would_search(self, view, legal) -> bool:
        return True

    def choose(self, view, legal):
        self.seen.append(view)
        self.asked.set()
        self.go.wait(10)
        return forward(legal)[0]


async def _wait(pilot, event: threading.Event) -> None:
    # the worker sets the event; waited for on a thread, not polled (bounded
    # only so that a broken worker fails the test instead of hanging it)
    assert await asyncio.to_thread(event.wait, 30), "the worker never asked"


async def _answered(pilot) -> None:
    """The Gate let go: its worker's answer reaches the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _thinking(pilot, game: Game) -> tuple[object, Gate]:
    """The game screen with the computer's side (side 1) thinking on a Gate."""
    screen = await open_game(pilot, game, players=("human", "bot:normal"))
    gate = Gate()
    screen.session._bots[1] = gate
    screen._bot_tick()
    await _wait(pilot, gate.asked)
    return screen, gate


async def test_it_thinks_on_a_worker_shows_it_and_a_pause_holds_its_move(star_wars):
    game = Game.new(star_wars, 11)
    _to_bot_turn(game)
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        before = len(game.actions)
        screen, gate = await _thinking(pilot, game)
        assert "thinking" in screen._pace_note()
        assert isinstance(gate.seen[0], View)  # a view, not the state
        await pilot.press("l")  # the screen answers keys while it thinks
        await pilot.press("space")  # pause
        gate.go.set()
        await _answered(pilot)
        assert len(game.actions) == before  # held while paused
        assert screen._held is not None
        await pilot.press("space")  # resume: the move thought over is played
        await pilot.pause()
        assert len(game.actions) > before


async def test_an_answer_to_a_position_that_moved_on_is_dropped(star_wars):
    game = Game.new(star_wars, 11)
    _to_bot_turn(game)
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "bot:normal"))
        session = screen.session
        request = session.bot_request()
        assert request is not None
        session.bot_step()  # the game moves on without this request's answer
        moved = len(game.actions)
        assert not session.bot_answer(request, request.legal[0])
        assert len(game.actions) == moved


async def test_at_80x24_the_top_line_still_says_who_is_thinking(star_wars):
    # play-test: at 80x24 "Empire thinking..." was cut off at the line's end
    from tests.tui.helpers import screen_text

    game = Game.new(star_wars, 11)
    _to_bot_turn(game)
    async with game_app(pace=60.0).run_test(size=(80, 24)) as pilot:
        _screen, gate = await _thinking(pilot, game)
        await pilot.pause()
        who = star_wars.sides[1].short
        assert f"{who} thinking..." in screen_text(pilot.app).splitlines()[0]
        gate.go.set()
        await _answered(pilot)

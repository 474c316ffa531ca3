"""The replay viewer (issue 10, RULINGS H8): every position of a game rebuilt
from its decisions, stepped by decision, phase and turn, as one side saw it
or as both did."""

from __future__ import annotations

import random

from tests.tui.helpers import game_app, open_game, screen_text
from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.replay import PUBLIC, Replay
from warp_empires.tui.screens.replay import ReplayScreen
from warp_empires.tui.widgets.map_view import MapView


def _played(module, seed: int, turns: int) -> Game:
    game = Game.new(module, seed)
    rng = random.Random(seed)
    while not game.over and game.state.turn <= turns:
        game.apply(game.prompt().side, rng.choice(forward(game.legal_actions())))
    return game


def test_every_position_is_rebuilt_and_the_last_is_the_game(star_wars):
    game = _played(star_wars, 5, 8)
    r = Replay(game)
    assert len(r) == len(game.actions) + 1
    assert r.states[-1].to_data(log=False) == game.state.to_data(log=False)
    assert r.log_at(len(r) - 1, 0) == [e for e in game.state.log if e["to"] in (None, 0)]


def test_the_public_view_tells_of_moves_recruits_and_draws(star_wars):
    # Play-test: the public replay had no line for a move, a recruit, a
    # placement or a draw, while stacks appeared on the map.
    game = _played(star_wars, 6, 8)
    r = Replay(game)
    public = r.log_at(len(r) - 1, PUBLIC)
    kinds = {e["kind"] for e in public}
    assert {"move", "draw", "recruit"} <= kinds
    owners = [e for e in game.state.log if e["to"] is not None and not e["public"]]
    assert owners and not any(e in public for e in owners)  # "You move Luke ..." stays private
    # each side's enemy-form line is the very line the enemy read
    for side in (0, 1):
        assert [e for e in public if e["to"] == side] == [
            e for e in r.log_at(len(r) - 1, side) if e["to"] == side and e["public"]]


def test_the_public_view_shows_no_secret_of_either_side(star_wars):
    # RULINGS H8: by default a replay shows only what both sides saw
    game = _played(star_wars, 6, 8)
    r = Replay(game)
    for i in range(0, len(r), 7):
        v = r.view_at(i, PUBLIC)
        battle_at = v.battle.t if v.battle else -1
        assert v.hand == [] and v.recruit == [] and v.intel == []
        # events for both, and the enemy's form of a side's own (which names
        # no hidden unit); never the owner's form
        assert all(e["to"] is None or e["public"] for e in v.log)
        for side in (0, 1):
            for t, entry in enumerate(v.stacks[side]):
                assert entry is None or entry.units is None or t == battle_at
    # a side's own view shows its own stacks in full
    mine = r.view_at(len(r) - 1, 0)
    assert any(e and e.units is not None for e in mine.stacks[0])


def test_stepping_by_phase_and_turn(star_wars):
    game = _played(star_wars, 7, 8)
    r = Replay(game)
    i = r.next_start(0, "turn")
    assert r.states[i].turn == r.states[0].turn + 1 or r.states[0].turn == 0
    j = r.next_start(i, "phase")
    assert (r.states[j].turn, r.states[j].phase) != (r.states[i].turn, r.states[i].phase)
    assert r.previous_start(j, "phase") == i or r.states[r.previous_start(j, "phase")].phase \
        == r.states[i].phase
    assert r.previous_start(i, "turn") < i
    assert r.next_start(len(r) - 1, "turn") == len(r) - 1  # the end stays the end
    assert r.previous_start(0, "phase") == 0


async def test_the_viewer_steps_and_changes_point_of_view(star_wars):
    game = _played(star_wars, 8, 6)
    async with game_app().run_test(size=(120, 40)) as pilot:
        pilot.app.push_screen(ReplayScreen(game))
        await pilot.pause()
        screen = pilot.app.screen
        # opens at the start, as a replay is watched; End goes to where it stands
        assert isinstance(screen, ReplayScreen) and screen.index == 0
        assert "what both sides saw" in screen_text(pilot.app)
        # the whole map in sight at 120x40: it cannot be scrolled here
        # (play-test: its right edge was cut)
        map_view = screen.query_one(MapView)
        room = map_view.scrollable_content_region.size
        assert map_view.virtual_size.width <= room.width
        assert map_view.virtual_size.height <= room.height
        await pilot.press("end")
        assert screen.index == len(screen.replay) - 1
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("right", "right")
        assert screen.index == 2
        await pilot.press("pagedown")
        turn_start = screen.index
        assert screen.replay.states[turn_start].turn > screen.replay.states[2].turn
        await pilot.press("left")
        assert screen.index == turn_start - 1
        assert "hand:" not in screen_text(pilot.app)  # the public view holds no hand
        assert not game.over
        await pilot.press("v")  # RULINGS H6, H8: a side's secrets are asked for
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog) and screen.side == PUBLIC
        await pilot.press("s")  # "Show it"
        await pilot.pause()
        assert screen.side == 0 and "saw it" in screen_text(pilot.app)
        assert f"{star_wars.sides[0].short} hand:" in screen_text(pilot.app)
        await pilot.press("escape")
        assert not isinstance(pilot.app.screen, ReplayScreen)


async def test_a_save_opens_in_the_viewer_from_the_save_browser(star_wars, tmp_path):
    from warp_empires.saves import save_game
    from warp_empires.tui.screens.saves import SaveBrowser

    game = _played(star_wars, 9, 4)
    save_game(game, "to-replay", dir=tmp_path)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        assert isinstance(pilot.app.screen, SaveBrowser)
        await pilot.press("r")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.replay.states[-1].to_data(log=False) == game.state.to_data(log=False)


async def _viewer(pilot, game: Game) -> ReplayScreen:
    """The replay viewer of `game`, opened over whatever the app shows."""
    pilot.app.push_screen(ReplayScreen(game))
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


async def _press(pilot, key: str) -> None:
    await pilot.press(key)
    await pilot.pause()


async def test_a_side_view_of_an_unfinished_game_is_asked_for_and_can_be_refused(star_wars):
    # RULINGS H6, H8: a side's secrets are never one key away while the game goes on
    game = _played(star_wars, 8, 6)
    assert not game.over
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await _viewer(pilot, game)
        await _press(pilot, "v")
        assert isinstance(pilot.app.screen, AskDialog)
        await _press(pilot, "escape")
        assert pilot.app.screen is screen and screen.side == PUBLIC
        assert "hand:" not in screen_text(pilot.app)


async def test_the_game_being_played_here_replays_only_what_both_sides_saw(star_wars):
    # Found in play-test: at a hand-over screen, ctrl+o and the save browser's
    # replay showed the hand of the side that had just handed over (RULINGS H6).
    game = _played(star_wars, 8, 6)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        # the same game as its autosave reopens it: another object, the same id
        copy = Game.replay(star_wars, game.seed, game.options, list(game.actions), id=game.id)
        screen = await _viewer(pilot, copy)
        for _ in range(3):
            await _press(pilot, "v")
            assert pilot.app.screen is screen and screen.side == PUBLIC
        assert "hand:" not in screen_text(pilot.app)


async def test_a_finished_game_shows_a_side_view_at_once(star_wars):
    game = next(g for g in (_played(star_wars, seed, 300) for seed in range(11, 40)) if g.over)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await _viewer(pilot, game)
        await _press(pilot, "v")
        assert pilot.app.screen is screen and screen.side == 0
        assert f"{star_wars.sides[0].short} hand:" in screen_text(pilot.app)


async def test_the_last_decision_is_said_in_words_to_its_side_only(star_wars):
    # Play-test: "last: Rebels from" said little; in words for the side that
    # made it, and for a public decision; a verb at most for the other side.
    game = _played(star_wars, 8, 6)
    first = game.actions[0][0]  # the first decision: a start, made by this side
    async with game_app().run_test(size=(120, 40)) as pilot:
        for viewer, expect in ((first, ": start at "), (PUBLIC, " start"), (1 - first, None)):
            pilot.app.push_screen(ReplayScreen(game, viewer))
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            text = screen_text(pilot.app)
            name = star_wars.sides[first].short
            if expect is None:
                assert f"last: {name}" not in text
            else:
                assert f"last: {name}{expect}" in text
            pilot.app.pop_screen()
            await pilot.pause()


async def test_the_game_menu_replays_the_game_so_far(star_wars):
    # Play-test: the replay viewer was only in the save browser and at the end.
    # From the menu it shows the game being played here, as both sides saw it
    # (RULINGS H6, H8), and Escape goes back to the game where it was.
    from warp_empires.tui.dialogs.game_menu import GameMenu
    from warp_empires.tui.screens.game import GameScreen
    from warp_empires.tui.screens.handover import HandoverScreen

    game = _played(star_wars, 8, 3)
    made = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await _press(pilot, "enter")
        await _press(pilot, "escape")
        assert isinstance(pilot.app.screen, GameMenu)
        await _press(pilot, "p")
        screen = pilot.app.screen
        assert isinstance(screen, ReplayScreen) and screen.game is game
        assert len(screen.replay) == made + 1 and screen.side == PUBLIC
        await _press(pilot, "v")
        assert pilot.app.screen is screen and screen.side == PUBLIC
        await _press(pilot, "escape")
        assert isinstance(pilot.app.screen, GameScreen) and len(game.actions) == made


async def test_a_joined_games_menu_has_no_replay(star_wars):
    from warp_empires.tui.dialogs.game_menu import GameMenu

    async with game_app().run_test(size=(120, 40)) as pilot:
        menu = GameMenu(("replay",))
        chosen: list[str | None] = []
        pilot.app.push_screen(menu, callback=chosen.append)
        await pilot.pause()
        assert "Replay" not in screen_text(pilot.app) and "Resign" in screen_text(pilot.app)
        await _press(pilot, "p")
        assert pilot.app.screen is menu and chosen == []
        await _press(pilot, "b")
        assert chosen == ["resume"]

"""Whole games through the app with computer players, and the CLI smoke run."""

from __future__ import annotations

from tests.tui.helpers import game_app, game_where, open_game, screen_text, until
from warp_empires.cli import main
from warp_empires.engine import Game
from warp_empires.tui.config import GameSettings, LaunchOptions
from warp_empires.tui.screens.end import EndScreen
from warp_empires.tui.screens.game import GameScreen


async def test_two_computer_players_to_the_end_screen(star_wars, tmp_path):
    game = Game.new(star_wars, 11)
    async with game_app(tmp_path, pace=0.0).run_test(size=(120, 40)) as pilot:
        # the heuristic thinks on the same worker as the search player
        # (screens/computer_players.py), in a hundredth of its time
        await open_game(pilot, game, players=("heuristic", "random"), max_turns=8)
        await until(pilot, lambda: isinstance(pilot.app.screen, EndScreen))
        assert isinstance(pilot.app.screen, EndScreen)
        await pilot.pause()
        text = screen_text(pilot.app)
        assert "Revenue each round" in text and "Units on the map" in text
        assert game.over or game.state.turn > 8
        await pilot.press("t")
        assert pilot.app.screen.__class__.__name__ == "TitleScreen"


async def test_the_final_map_offers_no_pause(star_wars, tmp_path):
    # play-test 14: after the game, the final map's footer offered "space Pause"
    # played past its turn cap before the app opens it: the app opens at its
    # end, with computer players that would otherwise play on
    game = game_where(star_wars, lambda g: g.state.turn > 2, seeds=range(11, 12))
    async with game_app(tmp_path, pace=0.0).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("heuristic", "random"), max_turns=2)
        assert isinstance(pilot.app.screen, EndScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen)
        assert not pilot.app.screen.check_action("toggle_pause", ("pause",))
        assert "Pause" not in screen_text(pilot.app).splitlines()[-1]


def test_headless_exit_on_end_prints_one_result_line(capsys):
    code = main(["play", "--players", "heuristic,random", "--seed", "3", "--headless",
                 "--exit-on-end", "--max-turns", "4"])
    out = capsys.readouterr().out.strip().splitlines()
    assert code == 0
    assert len(out) == 1
    assert "turn" in out[0]


def test_play_rejects_bad_options(capsys):
    assert main(["play", "--players", "human,nobody"]) == 1
    assert "unknown player 'nobody'" in capsys.readouterr().err
    assert main(["play", "--headless", "--players", "human,bot"]) == 1
    assert "--headless needs computer players" in capsys.readouterr().err


def test_launch_settings_start_the_game_at_once(star_wars):
    launch = LaunchOptions(settings=GameSettings("star_wars", ("human", "bot"), 2), pace=5.0)

    async def scenario() -> None:
        from warp_empires.tui.app import WarpEmpiresApp
        from warp_empires.tui.screens.game import GameScreen

        async with WarpEmpiresApp(launch).run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(pilot.app.screen, GameScreen)
            assert pilot.app.screen.session.players == ("human", "bot")

    import asyncio

    asyncio.run(scenario())


def test_a_failing_computer_player_still_moves_the_game_on(at_decision):
    """bot_step falls back to the first action that goes forward: in a selection
    that is a pick, then the confirming action, never an unpick (which would go
    round for ever) and never a resignation."""
    from warp_empires.tui.session import Session

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("a bug in a computer player")

    game = at_decision("discard_down")
    session = Session(game, ("bot", "bot"))
    side = game.prompt().side
    session._bots[side] = Broken()
    start = len(game.actions)
    for _ in range(30):
        if game.prompt().kind != "discard_down":
            break
        session.bot_step()
    assert game.prompt().kind != "discard_down"
    verbs = [a[0] for _side, a in game.actions[start:]]
    assert verbs[-1] == "confirm" and set(verbs[:-1]) == {"pick"}
    assert not game.over
    # each failure is kept for the screen to report (it was swallowed)
    assert session.player_errors and all(isinstance(e, RuntimeError)
                                         for e in session.player_errors)


def test_the_screen_tells_of_a_failing_computer_player_and_logs_it(at_decision, tmp_path):
    from tests.tui.helpers import game_app
    from warp_empires.tui.crash import crash_dir
    from warp_empires.tui.screens.game import GameScreen
    from warp_empires.tui.session import Session

    class Broken:
        def choose(self, view, legal):
            raise RuntimeError("a bug in a computer player")

    async def scenario() -> None:
        # no computer move of the app's own pace comes in the test (a loaded
        # machine let one in: two failures told, not one)
        app = game_app(tmp_path, pace=3600.0)
        async with app.run_test(size=(120, 40)) as pilot:
            session = Session(at_decision("discard_down"), ("bot", "bot"))
            session._bots[session.game.prompt().side] = Broken()
            session.bot_step()
            told: list[str] = []
            app.notify = lambda message, **_: told.append(message)
            app.open_session(session)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            screen.after_change()
            assert session.player_errors == []  # reported, once
            assert len(told) == 1 and "A computer player failed" in told[0], told
            assert str(crash_dir()) in told[0]
            logs = list(crash_dir().glob("*.log"))
            assert len(logs) == 1 and "a bug in a computer player" in logs[0].read_text()

    import asyncio

    asyncio.run(scenario())


def test_a_computer_player_failing_at_its_group_does_not_go_back_and_forth(at_decision):
    """At a group's units the fallback moves the group on (picks, then a
    destination), never `back`: back at the sources, the player would choose a
    source again and fail again, for ever."""
    from warp_empires.tui.session import Session

    class BrokenAtGroups:
        def __init__(self, base):
            self.base = base

        def choose(self, view, legal):
            if view.step == "move_units":
                raise RuntimeError("a bug in a computer player")
            return self.base.choose(view, legal)

    game = at_decision("move_units")
    session = Session(game, ("bot", "bot"))
    side = game.prompt().side
    session._bots[side] = BrokenAtGroups(session._bots[side])
    start = len(game.actions)
    for _ in range(200):
        if game.prompt().side != side or game.state.phase != "move":
            break
        session.bot_step()
    verbs = [a[0] for _side, a in game.actions[start:]]
    assert "back" not in verbs and "to" in verbs

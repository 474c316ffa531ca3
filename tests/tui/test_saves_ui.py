"""Saving with Ctrl+S, loading from the title's save browser, autosave at the
end of a turn, quitting with the save question, and a failed load's reason."""

from __future__ import annotations

from tests.tui.helpers import game_app, moving_on, open_game, screen_text, until
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.dialogs.save_name import SaveNameDialog
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.saves import SaveBrowser
from warp_empires.tui.screens.title import TitleScreen


async def test_save_then_load_through_the_title(at_decision, tmp_path):
    game = at_decision("move")
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("ctrl+s")
        assert isinstance(pilot.app.screen, SaveNameDialog)
        await pilot.press(*"my game", "enter")  # typing replaces the suggested name
        await pilot.pause()
        assert (tmp_path / "my-game.wes").is_file()
    saved_actions = len(game.actions)

    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        await pilot.press("l")
        assert isinstance(pilot.app.screen, SaveBrowser)
        assert "my-game" in screen_text(pilot.app)
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        assert len(screen.session.game.actions) == saved_actions
        # playable at once; the replay that checks the save brings the log
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.session.verified
        assert screen.session.game.state.to_data() == game.state.to_data()
        assert game.state.log[-1]["text"] in screen_text(pilot.app)


async def test_a_save_that_does_not_replay_is_taken_off_screen(at_decision, tmp_path):
    import dataclasses

    from warp_empires.saves import read_save, save_game, write_save

    game = at_decision("move")
    path = save_game(game, tmp_path / "tampered.wes")
    doc = read_save(path)
    snapshot = dict(doc.snapshot, banks=[b + 50 for b in doc.snapshot["banks"]])
    write_save(path, dataclasses.replace(doc, snapshot=snapshot))
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog)
        assert "replaying the action log does not" in screen_text(pilot.app)
        assert pilot.app.session is None
        assert not list(tmp_path.glob("autosave*"))


async def test_a_broken_save_shows_its_reason(tmp_path):
    (tmp_path / "broken.wes").write_bytes(b"this is not a save")
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await pilot.press("l")
        assert "unreadable" in screen_text(pilot.app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog)
        assert "Cannot load broken.wes" in screen_text(pilot.app)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, SaveBrowser)


async def test_quit_asks_to_save_and_autosave_runs_at_turn_end(at_decision, tmp_path):
    game = at_decision("recruit")
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        turn = game.state.turn
        while game.state.turn == turn:  # finish the turn through the screen
            screen.choose(moving_on(screen.session.choices()))
            await pilot.pause()
        await pilot.pause()
        pilot.app.autosaver.flush()  # written off the UI thread
        assert (tmp_path / f"autosave-{game.id[:8]}-1.wes").is_file()
        await pilot.press("ctrl+q")
        assert isinstance(pilot.app.screen, AskDialog)
        await pilot.press("c")  # Cancel: back to the game
        assert isinstance(pilot.app.screen, GameScreen)


async def test_play_save_opens_the_game_at_once(at_decision, tmp_path):
    from warp_empires.saves import save_game

    game = at_decision("move")
    path = save_game(game, tmp_path / "resume.wes")
    async with game_app(tmp_path, open_save=str(path)).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.session.verified
        assert screen.session.game.state.to_data() == game.state.to_data()


async def test_saving_over_another_games_save_asks_first(at_decision, tmp_path):
    from warp_empires.engine import Game
    from warp_empires.saves import read_save, save_game

    game = at_decision("move")
    other = Game.new(game.module, 99)
    save_game(other, "campaign", dir=tmp_path)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("ctrl+s")
        dialog = pilot.app.screen
        assert isinstance(dialog, SaveNameDialog)
        # the suggestion is this game's own name, not the other's
        assert dialog.suggestion == f"{game.module.id}-turn{game.state.turn}"
        await pilot.press(*"campaign", "enter")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog)
        assert "is the save of another game" in screen_text(pilot.app)
        await pilot.press("c")  # Cancel: the other game's save stays
        assert read_save(tmp_path / "campaign.wes").meta.game == other.id
        await pilot.press("ctrl+s")
        await pilot.press(*"campaign", "enter")
        await pilot.pause()
        await pilot.press("r")  # Replace it
        await pilot.pause()
        assert read_save(tmp_path / "campaign.wes").meta.game == game.id


async def test_the_suggested_name_steps_past_another_games_save(at_decision, tmp_path):
    from warp_empires.engine import Game
    from warp_empires.saves import save_game

    game = at_decision("move")
    other = Game.new(game.module, 99)
    taken = f"{game.module.id}-turn{game.state.turn}"
    save_game(other, taken, dir=tmp_path)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("ctrl+s")
        assert pilot.app.screen.suggestion == f"{taken}-2"


async def test_each_autosave_holds_the_turn_that_just_ended(at_decision, tmp_path):
    # the computer plays on at once (pace 0): the autosave of the person's turn
    # must still be that turn's end, not wherever the computer has got to
    from warp_empires.saves import read_save

    game = at_decision("recruit")
    async with game_app(tmp_path, pace=0.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "heuristic"))
        side = game.state.active
        turn = game.state.turn
        while game.state.turn == turn:
            screen.choose(moving_on(screen.session.choices()))
            await pilot.pause()
        await until(pilot, lambda: game.state.turn >= turn + 2 or game.over)  # its whole turn
        pilot.app.autosaver.flush()
    metas = [read_save(tmp_path / f"autosave-{game.id[:8]}-{n}.wes").meta for n in (1, 2)]
    assert game.state.active == side or game.over
    assert [m.turn for m in metas] == [turn + 2, turn + 1]


async def test_continue_resumes_the_game_played_last(star_wars, tmp_path):
    # Issue 10: the title screen's Continue entry opens the latest game that is
    # still going on (its newest autosave or save), with `c` or Enter.
    import os

    from warp_empires.engine import Game
    from warp_empires.saves import autosave, save_game
    from warp_empires.tui.screens.title import TitleScreen

    older, latest, over = (Game.new(star_wars, s) for s in (1, 2, 3))
    save_game(older, "older-campaign", dir=tmp_path)
    os.utime(tmp_path / "older-campaign.wes", (1000, 1000))
    autosave(latest, tmp_path)
    over.apply(0, ("resign",))
    save_game(over, "finished", dir=tmp_path)  # written last, but over: not continued
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        assert "Continue" in screen_text(pilot.app)
        assert pilot.app.screen.latest.meta.game == latest.id
        await pilot.press("c")
        await pilot.pause()
        assert pilot.app.session is not None and pilot.app.session.game.id == latest.id


async def test_continue_is_dimmed_without_a_game_to_resume(tmp_path):
    from warp_empires.tui.screens.title import TitleScreen

    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        assert pilot.app.screen.latest is None
        await pilot.press("c")
        assert isinstance(pilot.app.screen, TitleScreen)


async def test_new_game_choices_and_pace_are_remembered(tmp_path):
    # Issue 10: the theme, the players and the pace are remembered between runs.
    from warp_empires.settings import load_settings
    from warp_empires.tui.screens.new_game import NewGameScreen

    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        screen = pilot.app.screen
        assert isinstance(screen, NewGameScreen)
        from textual.widgets import Select

        screen.query_one("#side0", Select).value = "heuristic"
        screen.query_one("#side1", Select).value = "human"
        screen.action_start()
        await pilot.pause()
        game_screen = pilot.app.screen
        assert isinstance(game_screen, GameScreen)
        await pilot.press("space")  # pause the computer, then make it slower
        game_screen.action_pace(1)
        paced = game_screen.pace
    settings, problems = load_settings()
    assert problems == [] and settings.players == ("heuristic", "human")
    assert settings.module and settings.pace == paced
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        screen = pilot.app.screen
        from textual.widgets import Select

        assert screen.query_one("#side0", Select).value == "heuristic"
        assert pilot.app.launch.pace == paced


async def test_escape_menu_goes_back_to_title_and_continue_resumes_there(star_wars, tmp_path):
    # Issue 10: Esc in a game opens a menu with Back to title; the game is
    # autosaved as it stands, so Continue resumes it at the same decision.
    from warp_empires.engine import Game
    from warp_empires.tui.dialogs.game_menu import GameMenu
    from warp_empires.tui.screens.title import TitleScreen

    game = Game.new(star_wars, 4)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "bot"))
        screen.choose(moving_on(screen.session.choices()))  # one decision into turn 1
        await pilot.pause()
        made = len(game.actions)
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, GameMenu)
        await pilot.press("escape")  # back to the game
        assert isinstance(pilot.app.screen, GameScreen)
        await pilot.press("escape", "t")
        await pilot.pause()
        assert isinstance(pilot.app.screen, TitleScreen) and pilot.app.session is None
        await pilot.press("c")
        await pilot.pause()
        resumed = pilot.app.session.game
        assert resumed.id == game.id and len(resumed.actions) == made


async def test_the_escape_menu_resigns_after_asking(at_decision):
    # Play-test: resigning was only in the command palette.
    from warp_empires.tui.dialogs.ask import AskDialog

    game = at_decision("move")
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("human", "bot") if side == 0 else ("bot", "human"))
        await pilot.press("escape", "r")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AskDialog) and not game.over
        await pilot.press("enter")  # a stray Enter keeps the game: Cancel has the focus
        await pilot.pause()
        assert not game.over
        await pilot.press("escape", "r")
        await pilot.pause()
        await pilot.press("r")  # "Resign"
        await pilot.pause()
        assert game.over and game.state.winner == 1 - side


async def test_arrow_keys_move_between_a_questions_answers(at_decision):
    # Play-test: Right then Enter in the quit question chose its first answer.
    from textual.widgets import Button

    game = at_decision("move")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("human", "bot"))
        await pilot.press("ctrl+q")
        dialog = pilot.app.screen
        assert isinstance(dialog, AskDialog)
        first = dialog.focused
        await pilot.press("right")
        assert isinstance(dialog.focused, Button) and dialog.focused is not first
        await pilot.press("left")
        assert dialog.focused is first


async def test_quitting_right_after_a_save_asks_nothing_but_after_a_change_it_asks(
        at_decision, tmp_path):
    # play-test: "Save and quit" straight after Ctrl+S asked for a name again
    game = at_decision("move")
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("ctrl+s")
        await pilot.press(*"kept", "enter")
        await pilot.pause()
        assert (tmp_path / "kept.wes").is_file()
        screen.choose(moving_on(screen.session.choices()))  # a change since the save
        await pilot.pause()
        await pilot.press("ctrl+q")
        assert isinstance(pilot.app.screen, AskDialog)
        await pilot.press("c")
        await pilot.press("ctrl+s")
        await pilot.press("enter")  # the suggested name: this game's own save
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert pilot.app.return_code == 0 and not isinstance(pilot.app.screen, AskDialog)


async def test_saving_a_loaded_game_offers_the_name_it_was_loaded_from(at_decision, tmp_path):
    # Play-test: after `play ptgame`, "Save and quit" offered "star_wars-turn7".
    from warp_empires.tui import persistence
    from warp_empires.tui.session import Session

    game = at_decision("move")
    path = persistence.save(Session(game, ("human", "human")), "ptgame", str(tmp_path))
    other = at_decision("recruit")
    persistence.save(Session(other, ("human", "human")), "not-this-one", str(tmp_path))
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        pilot.app.load_path(path)
        await pilot.pause()
        assert pilot.app._suggested_name() == "ptgame"
        await pilot.press("ctrl+s")
        assert isinstance(pilot.app.screen, SaveNameDialog)
        await pilot.press(*"x", "enter")  # saved under a new name: that one is offered next
        await pilot.pause()
        assert pilot.app._suggested_name() == "x"
    # a name that holds another game's save is not offered for this one
    assert persistence.suggest_name(game, str(tmp_path), "not-this-one") != "not-this-one"


def test_a_made_up_name_follows_the_turn_and_a_chosen_one_stays(at_decision, tmp_path):
    # play-test: Ctrl+S on turn 5 offered "star_wars-turn4", the name made at
    # the game's last save, and overwrote that file
    from warp_empires.tui import persistence

    game = at_decision("move")
    turn = game.state.turn
    stale = f"{game.module.id}-turn{turn - 1}"
    assert persistence.suggest_name(game, str(tmp_path), stale) == f"{game.module.id}-turn{turn}"
    assert persistence.suggest_name(game, str(tmp_path), "my campaign") == "my campaign"

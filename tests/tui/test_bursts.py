"""Keys typed in one burst (one write to the terminal) never crash a dialog or
a screen: each dismisses once, and the screens beneath stay (play-test: Ctrl+S
then Enter Enter Enter raised ScreenStackError; random keys raised
InvalidStateError in the resign question and ScreenStackError in the menu)."""

from __future__ import annotations

import pytest
from textual.screen import Screen

from tests.tui.helpers import burst, game_app
from warp_empires.tui.config import GameSettings
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.dialogs.game_menu import GameMenu
from warp_empires.tui.dialogs.link import LinkDialog
from warp_empires.tui.dialogs.save_name import SaveNameDialog
from warp_empires.tui.screens.end import EndScreen
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.saves import SaveBrowser
from warp_empires.tui.screens.title import TitleScreen


def straight_into_a_game(tmp_path) -> object:
    """The app as `play --players human,human` opens it: the game screen right
    above Textual's default screen, nothing else beneath to absorb a stray pop."""
    settings = GameSettings(module="star_wars", players=("human", "human"), seed=7,
                            open_hands=True)
    return game_app(tmp_path, settings=settings)


# (keys that open it, what they open, the key sent three times in one burst).
# Each answers through a message (an option selected) or its own key handler,
# so every key of the burst reaches it before its first dismiss takes it away.
# (Buttons have Textual's own guard against a second press while they light up,
# and a key binding is looked up on the screen on top when its key is handled.)
IN_GAME = [
    (("escape",), GameMenu, "enter"),  # Back to the game, selected three times
    (("escape", "r"), AskDialog, "c"),  # the resign question: Cancel
]


@pytest.mark.parametrize(("opening", "kind", "key"), IN_GAME,
                         ids=[k.__name__ for _, k, _ in IN_GAME])
async def test_a_burst_in_a_game_dismisses_once(tmp_path, opening: tuple[str, ...],
                                               kind: type[Screen], key: str) -> None:
    async with straight_into_a_game(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        before = list(app.screen_stack)
        await pilot.press(*opening)
        assert isinstance(app.screen, kind)
        await burst(pilot, key, key, key)
        assert app.screen_stack == before
        assert not app.screen.session.over
    assert app.return_code in (None, 0)


async def test_save_name_then_three_enters_saves_once(tmp_path) -> None:
    async with straight_into_a_game(tmp_path).run_test(size=(120, 40)) as pilot:
        before = list(pilot.app.screen_stack)
        await pilot.press("ctrl+s")
        assert isinstance(pilot.app.screen, SaveNameDialog)
        await burst(pilot, "enter", "enter", "enter")
        assert pilot.app.screen_stack == before
    # before the first turn the name says turn 1, as the screen does (issue 39)
    assert [p.name for p in tmp_path.glob("*.wes") if not p.name.startswith("autosave")] == [
        "star_wars-turn1.wes"]


async def test_the_resign_question_answers_once(tmp_path) -> None:
    """Resign, then a stray Cancel in the same burst: the game is resigned once
    and the screens stay (the second answer found the future already set)."""
    async with straight_into_a_game(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        game_screen = app.screen
        await pilot.press("escape", "r")
        assert isinstance(app.screen, AskDialog)
        await burst(pilot, "r", "c", "r")
        assert game_screen.session.over
        assert game_screen in app.screen_stack
        assert isinstance(app.screen, EndScreen)


async def test_the_join_link_is_taken_once(tmp_path) -> None:
    """A pasted link, then Enter three times: one join. The Enters after the
    first go, in order, to the screen beneath once the dialog has gone (the
    title, which starts a game), never to the dialog again."""
    link = "ws://127.0.0.1:9/#game=0123456789abcdef&side=rebels&token=" + "A" * 32
    app = game_app(tmp_path)
    joined: list[object] = []
    app.join = joined.append  # no server here: the dialog's answer is what is tested
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("j")
        assert isinstance(app.screen, LinkDialog)
        app.screen.query_one("#link").value = link
        await burst(pilot, "enter", "enter", "enter")
        assert not any(isinstance(s, LinkDialog) for s in app.screen_stack)
    assert [str(x) for x in joined] == [link]


async def test_the_save_browser_loads_once(at_decision, tmp_path) -> None:
    from warp_empires.saves import save_game

    save_game(at_decision("move"), tmp_path / "mine.wes")
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        app = pilot.app
        await pilot.press("l")
        assert isinstance(app.screen, SaveBrowser)
        await burst(pilot, "enter", "enter", "enter")
        assert [type(s) for s in app.screen_stack] == [Screen, TitleScreen, GameScreen]
        await app.workers.wait_for_complete()


# Ctrl+P then a page key in one burst: the palette's list got the key before
# it was first laid out (Textual 8.2.8: KeyError: 0 in OptionList._move_page,
# 4 of 4 in play-tests). Guarded in tui/textual_fixes.py.
@pytest.mark.parametrize("in_game", [False, True], ids=["title", "game"])
async def test_the_palette_takes_a_page_key_at_once(tmp_path, in_game: bool) -> None:
    from textual.command import CommandPalette

    app = straight_into_a_game(tmp_path) if in_game else game_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await burst(pilot, "ctrl+p", "pageup")
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await burst(pilot, "ctrl+p", "pagedown", "pageup", "pagedown")
        assert isinstance(app.screen, CommandPalette)


async def test_a_page_key_waits_until_the_option_list_has_a_size() -> None:
    from textual.app import App
    from textual.widgets import OptionList

    import warp_empires.tui.textual_fixes  # noqa: F401 - the guard under test

    app: App[None] = App()
    async with app.run_test(size=(60, 20)) as pilot:
        options = OptionList(*(f"option {i}" for i in range(50)))
        options.display = False  # no size: no lines built
        await app.screen.mount(options)
        options.highlighted = 0
        options.action_page_down()  # Textual alone: KeyError: 0
        await pilot.pause()
        assert options.highlighted == 0  # still no size: no page to move by
        options.action_page_down()
        options.display = True  # laid out at the next refresh: the key acts then
        await pilot.pause()
        assert options.highlighted > 0


async def test_a_palette_closing_before_its_commands_are_gathered_does_not_crash() -> None:
    # Found by the app's key fuzzer (Ctrl+P then Escape in one burst): the
    # worker that fills the palette started after the palette had taken its
    # list down, and NoMatches failed the app (Textual 8.2.8). The race, made
    # to happen: the list taken away, then the worker run.
    from textual.app import App
    from textual.command import CommandList, CommandPalette

    import warp_empires.tui.textual_fixes  # noqa: F401 - the guard under test

    app: App[None] = App()
    async with app.run_test(size=(60, 20)) as pilot:
        app.action_command_palette()
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await palette.query_one(CommandList).remove()
        await palette._gather_commands("q").wait()
        await pilot.pause()
        assert app.is_running and app.return_code is None

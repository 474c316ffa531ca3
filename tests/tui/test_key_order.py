"""Keys reach the screen they were typed on: in one burst, the keys after one
that opens a dialog answer the dialog (tui/key_order.py). Play-test: Ctrl+S
then Enter x3 while the computer moved added the Enters to the game's
typed-ahead keys; Escape then `1` at once came as one key, `alt+1`."""

from __future__ import annotations

import pytest
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
        await pilot.pause()  # the app has read it
        await app.keys_handled()  # and handed both keys on, each settled
        assert isinstance(app.screen, AskDialog)  # the menu opened, and `r` chose Resign
        assert [type(s) for s in app.screen_stack][-2:] == [GameScreen, AskDialog]


async def test_keys_typed_before_their_screen_exists_wait_for_it() -> None:
    # play-test: keys typed 0.3 s after `join`, before the server's first
    # frame, were lost: the joined app holds them until its game screen comes
    from textual.app import ComposeResult
    from textual.screen import Screen

    from warp_empires.tui.key_order import KeysInOrder

    typed: list[str] = []

    class Target(Screen[None]):
        def compose(self) -> ComposeResult:
            return iter(())

        def on_key(self, event: events.Key) -> None:
            typed.append(event.key)

    class Waiting(KeysInOrder):
        ready = False

        def holds_keys(self) -> bool:
            return not self.ready

    app = Waiting()
    async with app.run_test() as pilot:
        await pilot.press("1", "2", "c")
        assert typed == [] and len(app._held) == 3
        await app.push_screen(Target())
        app.ready = True
        app.release_keys()
        await app.keys_handled()
        assert typed == ["1", "2", "c"]


@pytest.mark.parametrize(("sent", "meant"), [("\x1b1", "1"), ("\x1b2", "2"), ("\x1b0", "0"),
                                             ("\x1bb", "b"), ("\x1bf", "f"), ("\x1br", "r")])
def test_escape_then_a_key_in_one_read_is_escape_then_that_key(sent: str, meant: str) -> None:
    # play-tests: Escape 1 came as one key, `¡`; Escape b as Ctrl+Left (tui/textual_fixes.py)
    from textual._xterm_parser import XTermParser

    import warp_empires.tui.textual_fixes  # noqa: F401 - the fix is applied on import
    from warp_empires.tui.key_order import _meant

    parser = XTermParser()
    (key,) = [*parser.feed(sent), *parser.feed("")]
    assert [k.key for k in _meant(key)] == ["escape", meant]


def test_escape_a_key_and_escape_in_one_read_keeps_the_first_escape() -> None:
    # third play-test: `Escape 1 Escape` with the menu open: Textual read the
    # first Escape as `^`, so the menu closed late and row 1 went to it
    from textual._xterm_parser import XTermParser

    import warp_empires.tui.textual_fixes  # noqa: F401 - the fix is applied on import
    from warp_empires.tui.key_order import _meant

    parser = XTermParser()
    read = [*parser.feed("\x1b1\x1b"), *parser.feed("")]
    meant = [k.key for key in read for k in _meant(key)]
    assert meant == ["escape", "1", "escape"], [k.key for k in read]
    # in a text field (a save's name) a `^` is a `^`
    assert [k.key for k in _meant(events.Key("circumflex_accent", "^"), True)] == \
        ["circumflex_accent"]

"""Reading the screen and driving the app in tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual import events
from textual.app import App
from textual.pilot import Pilot

from warp_empires.engine import Game
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.session import Choice, Session
from warp_empires.tui.widgets.map_view import MapView


def screen_text(app: App) -> str:
    """The text of the top screen as drawn (what a person would read)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def game_app(tmp_path=None, **launch) -> WarpEmpiresApp:
    if tmp_path is not None:
        launch.setdefault("saves_dir", str(tmp_path))
    return WarpEmpiresApp(LaunchOptions(**launch))


async def open_game(pilot: Pilot, game: Game, players=("human", "human"),
                    **kwargs) -> GameScreen:
    """Show `game` in the app; returns its game screen (which may be under a hand-over)."""
    app = pilot.app
    assert isinstance(app, WarpEmpiresApp)
    app.open_session(Session(game, players, **kwargs))
    await pilot.pause()
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def against_computer(game: Game) -> tuple[str, str]:
    """The players of a game where the side deciding now is a person and
    the other side the computer."""
    return ("human", "bot") if game.prompt().side == 0 else ("bot", "human")


async def click_territory(pilot: Pilot, territory: int) -> None:
    """Click the middle of a territory's label on the map."""
    map_view = pilot.app.screen.query_one(MapView)
    map_view.move_cursor_to(territory)
    await pilot.pause()
    x, y = map_view.anchor(territory)
    ox, oy = map_view.scroll_offset
    await pilot.click(MapView, offset=(x - ox, y - oy))
    await pilot.pause()


async def type_row(pilot: Pilot, number: int) -> None:
    """Types a row's number as a person would: its digits, then Enter when
    the last one could still begin a longer number (tui/controller.py)."""
    await pilot.press(*str(number))
    screen = pilot.app.screen
    if isinstance(screen, GameScreen) and screen.controller.prefix is not None:
        await pilot.press("enter")
    await pilot.pause()


def last_verb(game: Game) -> str:
    return game.actions[-1][1][0]


# Actions that close a decision rather than add to it, tried first when a test
# only needs the game to move on.
CLOSING = ("done", "confirm", "draw", "end", "pass", "stop")


def moving_on(choices: list[Choice]) -> Choice:
    """A choice that moves the game on: a closing action if one is allowed,
    else the first pick (never an unpick, which could go round for ever)."""
    usable = [c for c in choices if c.enabled and c.action[0] != "unpick"]
    closing = [c for c in usable if c.action[0] in CLOSING]
    return (closing or usable)[0]


def game_where(module, wanted, *, seeds: range = range(1, 80), turns: int = 30,
               optional: tuple[str, ...] = (), rules: int | None = None) -> Game:
    """The first position, over random games of `seeds` (forward actions only,
    each seed its own generator, the optional rules named in play), at which
    `wanted(game)` holds."""
    import random

    from warp_empires.bots.base import forward

    for seed in seeds:
        options: dict = {"optional": list(optional)} if optional else {}
        if rules is not None:  # an edition of the rules (engine/options.py)
            options["rules"] = rules
        game = Game.new(module, seed, options or None)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= turns:
            if wanted(game):
                return game
            game.apply(game.prompt().side, rng.choice(forward(game.legal_actions())))
    raise AssertionError(f"no position found in seeds {seeds.start}..{seeds.stop - 1}")


# The character a terminal sends for a named key (the rest: the key itself, or none).
_CHARACTERS = {"enter": "\r", "tab": "\t", "escape": "\x1b", "space": " "}


def queue_keys(app: App, keys: Iterable[str]) -> None:
    """Queues `keys` as one write to the terminal does: every key before the
    app handles the first (Pilot's `press` lets the app settle after each key,
    so it never shows what a fast typist, a paste or a key repeat does)."""
    for key in keys:
        app.post_message(events.Key(key, _CHARACTERS.get(key, key if len(key) == 1 else None)))


async def burst(pilot: Pilot, *keys: str) -> None:
    """Types `keys` as one write to the terminal (queue_keys), then lets the
    app work through them."""
    queue_keys(pilot.app, keys)
    await pilot.pause()
    await pilot.app.keys_handled()  # the app hands keys on one at a time (tui/key_order.py)
    await pilot.pause()


async def until(pilot: Pilot, done: Callable[[], bool], rounds: int = 2000) -> None:
    """Lets the app play on until `done()`: each round awaits the computer
    players' worker threads, then the app's idle; never a wall-clock sleep, so
    a loaded machine only makes it slower, not wrong."""
    for _ in range(rounds):
        if done():
            return
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    raise AssertionError(f"the app never got there in {rounds} rounds")


def untick(controller, loop=None) -> None:
    """Clears the picks a selection opened with (tui/several.TICKED_AT_ONCE:
    the suggested buys, the cards that leave the best hand) with `u`, as a
    person who wants to pick by hand does; `loop`: a joined seat's
    tests.tui.loopback.Loopback, whose answers are let come first."""
    from warp_empires.tui.several import TICKED_AT_ONCE

    if loop is not None:
        loop.answer_all()
    view = controller.view
    if view is None or view.step not in TICKED_AT_ONCE:
        return
    selection = view.pend.selection
    if selection is not None and selection.picked:
        controller.key("u")
        if loop is not None:
            loop.answer_all()
    assert not controller.view.pend.selection.picked


async def untick_screen(pilot: Pilot, screen: GameScreen) -> None:
    """untick on the screen: `u` pressed where a selection opened ticked."""
    from warp_empires.tui.several import TICKED_AT_ONCE

    view = screen.controller.view
    if view is not None and view.step in TICKED_AT_ONCE and view.pend.selection is not None \
            and view.pend.selection.picked:
        await pilot.press("u")
        await pilot.pause()

"""A seeded key fuzzer of the whole app under Pilot: bursts of random keys,
dialogs and the palette included, hot seat, against the computer and joined
to a server on 127.0.0.1. An exception in the app is a crash. Used by
tests/tui/test_appfuzz.py (a seeded share) and benchmarks/bench_keyfuzz.py."""

from __future__ import annotations

import contextlib
import random
import tempfile
import traceback
from collections.abc import AsyncIterator
from pathlib import Path

from textual.app import App

from tests.tui.helpers import queue_keys
from tests.tui.keyfuzz import Result
from warp_empires.engine import Game
from warp_empires.module.defs import Module
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.session import Session

SIZES = ((120, 40), (80, 24))
# the keys that make decisions, most of the time (so that games go on)...
DECIDING = (*"123456789", *"123456789", *"cccaepsdf", "enter", "enter", "u")
# ...and every other key a person might press in a game, bar Ctrl+Q (which
# ends the run): dialogs, the palette, the menu, paging, the map
OTHER = (
    "0", *"bhnzlr", "escape", "tab", "shift+tab", "up", "down", "left", "right",
    "pageup", "pagedown", "space", "plus", "minus", "ctrl+s", "ctrl+p", "ctrl+o", "ctrl+z",
    "f1", "question_mark", "j", "y", "q",
)


def _key(rng: random.Random) -> str:
    return rng.choice(DECIDING if rng.random() < 0.8 else OTHER)


@contextlib.asynccontextmanager
async def _app(module: Module, mode: str, seed: int, folder: Path
               ) -> AsyncIterator[tuple[App, Session | None]]:
    """The app of `mode`, and the session to open in it once it runs."""
    if mode == "joined":
        from tests.net.support import links_of, serving
        from warp_empires.tui.remote import JoinApp

        async with serving(folder / "server") as (server, url):
            _, links = links_of(server, url, ("human", "random"), seed=seed)
            yield JoinApp(links[module.sides[0].id]), None
        return
    players = ("human", "human") if mode == "hot seat" else ("human", "random")
    app = WarpEmpiresApp(LaunchOptions(pace=0.0, saves_dir=str(folder / "saves")))
    yield app, Session(Game.new(module, seed), players)


async def app_fuzz(module: Module, mode: str, size: tuple[int, int], seed: int,
                   keys: int) -> Result:
    """Sends about `keys` random keys in bursts of 1-8, a new app when one
    ends; returns what was sent and the crashes."""
    rng = random.Random(seed)
    result = Result()
    with tempfile.TemporaryDirectory() as tmp:
        while result.keys < keys:
            result.games += 1
            folder = Path(tmp) / str(result.games)
            folder.mkdir()
            game_seed = seed + 1000 * result.games
            try:
                async with _app(module, mode, game_seed, folder) as (app, session):
                    async with app.run_test(size=size) as pilot:
                        if session is not None:
                            app.open_session(session)  # type: ignore[attr-defined]
                        for _ in range(20):  # the game on screen (a joined one connects)
                            await pilot.pause()
                        while result.keys < keys and app.is_running:
                            chunk = [_key(rng) for _ in range(rng.randint(1, 8))]
                            queue_keys(app, chunk)
                            result.keys += len(chunk)
                            await pilot.pause()
                            await pilot.pause()
                    if session is not None:
                        result.decisions += len(session.game.actions)
            except Exception:  # noqa: BLE001 - a crash is what the fuzzer looks for
                line = traceback.format_exc(limit=-2).strip().splitlines()[-1]
                result.crashes.append(f"{mode} {size[0]}x{size[1]}, seed {game_seed}: {line}")
    return result

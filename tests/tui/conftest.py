"""Shared fixtures for the TUI tests: modules, games paused at each kind of
decision, and a way to read what is on screen."""

from __future__ import annotations

import asyncio
import inspect
import random

import pytest

from tests.tui.tiny import tiny_module
from warp_empires.bots.base import forward
from warp_empires.engine import Game, taken_whole, whole_selection
from warp_empires.module import load_module
from warp_empires.module.defs import Module

DECISIONS = (
    "choose_start", "predraw_discard", "discard_down", "move", "arrange", "move_from",
    "move_units", "card_target", "choose_battle", "battle_card", "casualty", "retreat",
    "recruit", "place", "upkeep",
)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests (Pilot) in a fresh event loop; no plugin needed."""
    if not inspect.iscoroutinefunction(pyfuncitem.obj):
        return None
    names = pyfuncitem._fixtureinfo.argnames
    asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
    return True


@pytest.fixture(autouse=True)
def private_folders(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
                    ) -> None:
    """Every test saves (autosaves too) and remembers settings in folders of its
    own, never in the checkout's saves/ or the user's folders."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("WARP_EMPIRES_SAVES", str(home / "saves"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    # paths.user_data_dir keeps using ~/.local/share/warp-empires when that
    # exists and the XDG folder does not: never the real one in a test
    monkeypatch.setenv("HOME", str(home))


@pytest.fixture(scope="session")
def star_wars() -> Module:
    return load_module("star_wars")


@pytest.fixture(scope="session")
def tiny() -> Module:
    return tiny_module()


def _key(game: Game) -> str:
    p = game.prompt()
    if p.kind == "card_target":
        return f"card_target:{game.view(p.side).pend.targets}"
    return p.kind


@pytest.fixture(scope="session")
def decision_games(star_wars: Module) -> dict[str, tuple[int, list]]:
    """For each decision kind, a (seed, action log) that stops at it, found by
    seeded random play so that the tests follow the engine as it changes."""
    found: dict[str, tuple[int, list]] = {}
    wanted = set(DECISIONS) | {"card_target:territory", "card_target:chit"}
    for seed in range(1, 80):
        game = Game.new(star_wars, seed)
        rng = random.Random(seed)
        for _ in range(2500):
            p = game.prompt()
            if p.side < 0:
                break
            # a selection taken whole for the person is no decision to test
            # (nor a winner's payment that the app makes for the person: taken_whole)
            taken = whole_selection(game.state) is not None or bool(taken_whole(game.state))
            # the casualty tests pick by number: a loser's losses (the winner's own
            # are paid in Force, rows the person may not all pick, RULINGS B8)
            b = game.state.battle
            taken = taken or (p.kind == "casualty" and b is not None and b.picker != b.loser)
            for key in (p.kind, _key(game)):
                if key not in found and not taken:
                    found[key] = (seed, [list(a) for a in game.actions])
            game.apply(p.side, rng.choice(forward(game.legal_actions())))
        if wanted <= set(found):
            break
    return found


@pytest.fixture
def at_decision(star_wars: Module, decision_games: dict[str, tuple[int, list]]):
    def make(kind: str, open_hands: bool = True) -> Game:
        """Open hands by default: the decision tests need no hand-over."""
        seed, actions = decision_games[kind]
        options = {"open_hands": True} if open_hands else {}
        return Game.replay(star_wars, seed, options, [list(a) for a in actions])

    return make

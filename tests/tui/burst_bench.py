"""The burst figure of benchmarks/bench_keyfuzz.py: hot-seat games typed as
one write each through the whole app (tests/tui/typist.py makes the keys)."""

from __future__ import annotations

from typing import Any

from tests.tui.helpers import open_game, queue_keys
from tests.tui.typist import plan
from warp_empires.engine import Game
from warp_empires.module.defs import Module
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.config import LaunchOptions


async def bursts(module: Module, count: int, seed: int, decisions: int = 40) -> dict[str, Any]:
    """`count` bursts of `decisions` decisions each, from new games."""
    out = {"bursts": count, "keys": 0, "enters": 0, "digit_pairs": 0, "meant": 0, "made": 0,
           "lost": 0}
    for i in range(count):
        game = Game.new(module, seed + i)
        keys, meant = plan(game, ("human", "human"), decisions, seed + i)
        out["keys"] += len(keys)
        out["enters"] += keys.count("enter")
        # digits typed straight after a digit: two-digit rows, and a digit that
        # settles the one before it
        out["digit_pairs"] += sum(1 for a, b in zip(keys, keys[1:], strict=False)
                                if a.isdigit() and b.isdigit())
        out["meant"] += len(meant)
        start = len(game.actions)
        app = WarpEmpiresApp(LaunchOptions(exit_on_end=True))
        async with app.run_test(size=(120, 40)) as pilot:
            await open_game(pilot, game)
            queue_keys(app, keys)
            for _ in range(400):
                await pilot.pause()
                if len(game.actions) - start >= len(meant):
                    break
        made = [list(a) for a in game.actions[start:]]
        out["made"] += len(made)
        # a decision lost, added or made otherwise: every place the two differ
        out["lost"] += sum(1 for a, b in zip(made, meant, strict=False) if a != b) \
            + abs(len(made) - len(meant))
    return out

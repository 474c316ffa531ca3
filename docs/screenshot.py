"""Makes docs/images/game.svg, the README's screenshot: a Star Wars game against
the computer at 120x40, a few turns in, on the Rebel player's Move phase.

    .venv/bin/python docs/screenshot.py
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from warp_empires.engine import Game, decider, legal_actions
from warp_empires.module import load_module
from warp_empires.sim import make_player
from warp_empires.tui.app import WarpEmpiresApp
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.session import Session

OUT = Path(__file__).resolve().parent / "images" / "game.svg"


def a_game() -> Game:
    """Two heuristic players, seeded, up to the Rebels' Move phase of player-turn 5."""
    module = load_module("star_wars")
    for seed in range(21, 60):
        game = Game.new(module, seed)
        players = [make_player("heuristic", module, seed + side) for side in (0, 1)]
        s = game.state
        while not game.over and not (s.turn >= 5 and s.active == 0 and s.step == "move"):
            side = decider(s)
            game.apply(side, players[side].choose(game.view(side, log=False),
                                                  legal_actions(s)))
            s = game.state
        if not game.over:
            return game
    raise SystemExit("no seed reached turn 5")


async def main() -> None:
    app = WarpEmpiresApp(LaunchOptions(pace=0.0))
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_session(Session(a_game(), ("human", "heuristic")))
        await pilot.pause()
        await pilot.pause()
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(app.export_screenshot(title="Warp Empires"))
    print(OUT)


if __name__ == "__main__":
    asyncio.run(main())

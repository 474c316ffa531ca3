"""Seeded games of computer players, each told as a hash of its actions and the
seconds it took: prints them, asserts nothing.

    .venv/bin/python benchmarks/bot_games.py [--games bot:hard-bot:hard:v1:2:30,...]
        [--module FOLDER] [--json]

Each game is A-B:SEED:TURNS (A on the first side, players seeded as bench_bot.py
seeds them), played to the end or past player-turn TURNS. A change meant only
to make the players faster must leave every hash as it was: run this on the
code of before (a git worktree) and after, at once on two cores, and compare
the hashes and the seconds (a ratio in one run: the machine is shared). A hash
that differs means the games differ, and bench_bot.py's logged figures of
the code of before no longer stand for the new one.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.bots import make_player  # noqa: E402
from warp_empires.engine import Game  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.module.defs import Module  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# a long game of the two hard levels (the bench's slowest), a short one, and
# two of normal against the heuristic
GAMES = ("bot:hard-bot:hard:v1:2:30,bot:hard-bot:hard:v1:7:10,"
         "bot:normal-heuristic:3:40,bot:normal-heuristic:8:60")


def play(module: Module, a: str, b: str, seed: int, turns: int) -> dict[str, Any]:
    """One game: how many actions, their hash, the seconds it took."""
    game = Game.new(module, seed)
    game.state.undo = None
    players = {0: make_player(a, module, seed * 2), 1: make_player(b, module, seed * 2 + 1)}
    digest = hashlib.sha256()
    actions = 0
    started = time.perf_counter()
    while not game.over and game.state.turn <= turns:
        p = game.prompt()
        action = players[p.side].choose(game.view(p.side, log=False), game.legal_actions())
        digest.update(repr(action).encode())
        actions += 1
        game.apply(p.side, action)
    return {"game": f"{a}-{b}:{seed}:{turns}", "actions": actions,
            "hash": digest.hexdigest()[:16], "turn": game.state.turn,
            "seconds": round(time.perf_counter() - started, 1)}


def parse(spec: str) -> tuple[str, str, int, int]:
    """A-B:SEED:TURNS; player kinds hold colons (bot:hard:v1), so read from the end."""
    players, seed, turns = spec.rsplit(":", 2)
    a, _, b = players.partition("-")
    return a, b, int(seed), int(turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=GAMES, help="comma-separated A-B:SEED:TURNS")
    parser.add_argument("--module", type=Path, default=ROOT / "modules" / "star_wars")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    module = load_module(args.module)
    rows = []
    for spec in args.games.split(","):
        row = play(module, *parse(spec.strip()))
        rows.append(row)
        if not args.json:
            print(f"{row['game']:<36} {row['actions']:>6} actions  {row['hash']}  "
                  f"turn {row['turn']:>3}  {row['seconds']:>7.1f} s", flush=True)
    total = round(sum(r["seconds"] for r in rows), 1)
    if args.json:
        print(json.dumps({"games": rows, "seconds": total}))
    else:
        print(f"{'in all':<36} {sum(r['actions'] for r in rows):>6} actions"
              f"{'':>28}{total:>7.1f} s")


if __name__ == "__main__":
    main()

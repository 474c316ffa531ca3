"""Save and load times and file size for a long game.

    .venv/bin/python benchmarks/bench_saves.py [--turns 400] [--seed 1] [--repeat 5]

Random legal play (never resigning) ends most Star Wars games by elimination
within a few dozen player-turns, so the long game is played on a marathon
variant of the module: elimination and victory conditions switched off, every
other rule and all the data unchanged. The save still names star_wars and its
fingerprint; the variant module is passed to load_game explicitly.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.engine import Game, legal_actions, prompt  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.module.defs import Module  # noqa: E402
from warp_empires.saves import list_saves, load_game, read_save, save_game  # noqa: E402
from warp_empires.saves.format import MAX_FILE_SIZE, envelope, unpack  # noqa: E402
from warp_empires.saves.io import read_bounded  # noqa: E402


def marathon_module() -> Module:
    module = load_module("star_wars")
    rules = dataclasses.replace(module.rules, elimination=False)
    return dataclasses.replace(module, rules=rules, victory=())


def long_game(module: Module, turns: int, seed: int) -> Game:
    game = Game.new(module, seed)
    rnd = random.Random(seed)
    while not game.over and game.state.turn < turns:
        side = prompt(game.state).side
        choices = [a for a in legal_actions(game.state) if a[0] != "resign"]
        game.apply(side, rnd.choice(choices))
    return game


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of `repeat` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=400, help="player-turns to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    args = parser.parse_args()

    module = marathon_module()
    start = time.perf_counter()
    game = long_game(module, args.turns, args.seed)
    played = time.perf_counter() - start
    print(f"game: star_wars marathon variant, seed {args.seed}: reached player-turn "
          f"{game.state.turn} with {len(game.actions)} actions "
          f"({len(game.state.log)} log events) in {played:.2f} s of play")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "long.wes"
        save_ms = timed(lambda: save_game(game, path), args.repeat)
        size = path.stat().st_size
        doc = read_save(path)

        def read_and_unpack() -> None:
            _, payload = envelope(read_bounded(path, MAX_FILE_SIZE), str(path))
            unpack(payload, str(path))

        unpack_ms = timed(read_and_unpack, args.repeat)
        read_ms = timed(lambda: read_save(path), args.repeat)
        fast_ms = timed(lambda: load_game(path, module, verify=False), args.repeat)
        full_ms = timed(lambda: load_game(path, module), args.repeat)
        for i in range(19):
            save_game(game, f"copy {i}", dir=folder)
        list_ms = timed(lambda: list_saves(folder), args.repeat)

    print(f"file size: {size:,} bytes ({size / 1024:.0f} KiB; "
          f"{len(doc.actions)} actions, snapshot of {len(doc.snapshot['log'])} log events)")
    print(f"save (encode, check, atomic write + fsync): {save_ms:8.1f} ms")
    print(f"read + checksum + unpack:                  {unpack_ms:8.1f} ms")
    print(f"  + migrate + schema check (read_save):    {read_ms:8.1f} ms")
    print(f"load without replay (verify=False):        {fast_ms:8.1f} ms")
    print(f"load with replay verification (default):   {full_ms:8.1f} ms")
    print(f"list_saves of 20 such saves:               {list_ms:8.1f} ms")
    print(f"(median of {args.repeat} runs each; Python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()

"""Save size and speed for long games, at several lengths: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_saves.py [--turns 100,500,1000] [--seed 1]
        [--repeat 5] [--json]

For each length: the file size, the time to write a save (encode, check, atomic write
with fsync), the time to open it to a playable game (read, checksum, decode, schema,
state from the snapshot, consistency checks; with the module already loaded, and with
loading it too), the time of the full verification (replaying every decision and
comparing with the snapshot), and the time to list 20 such saves.

Random legal play (never resigning) ends most Star Wars games by elimination
within a few dozen player-turns, so the long games are played on a marathon
variant of the module: elimination and victory conditions switched off, every
other rule and all the data unchanged. The save still names star_wars and its
fingerprint; the variant module is passed to the loader explicitly.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.engine import Game, decider, legal_actions  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.module.defs import Module  # noqa: E402
from warp_empires.saves import list_saves, open_game, read_save, save_game  # noqa: E402
from warp_empires.saves.game import verify_doc  # noqa: E402

TARGETS = {"file_bytes_max_at_500": 100_000, "write_ms_max_at_500": 50,
           "open_ms_max_at_500": 50}


def marathon_module() -> Module:
    module = load_module("star_wars")
    rules = dataclasses.replace(module.rules, elimination=False)
    return dataclasses.replace(module, rules=rules, victory=())


def long_game(module: Module, turns: int, seed: int) -> Game:
    """Random legal play (unpicks included: a long, busy log) to player-turn `turns`."""
    game = Game.new(module, seed)
    game.state.undo = None  # no checkpoints: random play never undoes
    rnd = random.Random(seed)
    while not game.over and game.state.turn < turns:
        game.apply(decider(game.state), rnd.choice(legal_actions(game.state)))
    return game


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of `repeat` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(module: Module, turns: int, seed: int, repeat: int) -> dict[str, Any]:
    game = long_game(module, turns, seed)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = folder / "long.wes"
        write_ms = timed(lambda: save_game(game, path), repeat)
        size = path.stat().st_size
        open_ms = timed(lambda: open_game(path, module), repeat)

        def open_with_module() -> None:
            open_game(path, dataclasses.replace(marathon_module()))

        open_module_ms = timed(open_with_module, repeat)
        doc = read_save(path)
        verify_ms = timed(lambda: verify_doc(doc, module, str(path)), repeat)
        for i in range(19):
            save_game(game, f"copy {i}", dir=folder)
        list_ms = timed(lambda: list_saves(folder), repeat)
    return {"turns": game.state.turn, "actions": len(game.actions),
            "log_events": len(game.state.log), "file_bytes": size,
            "write_ms": round(write_ms, 1), "open_ms": round(open_ms, 1),
            "open_with_module_load_ms": round(open_module_ms, 1),
            "verify_ms": round(verify_ms, 1), "list_20_ms": round(list_ms, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", default="100,500,1000",
                        help="player-turn counts to measure, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5, help="runs per timing (median)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    lengths = [int(x) for x in args.turns.split(",")]
    module = marathon_module()
    rows = [measure(module, t, args.seed, args.repeat) for t in lengths]
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "targets": TARGETS,
                          "games": rows}))
        return
    print(f"star_wars marathon variant, seed {args.seed}, median of {args.repeat} runs "
          f"(Python {sys.version.split()[0]}); targets at 500 player-turns: file <= 100 KB, "
          "write <= 50 ms, open <= 50 ms")
    head = (f"{'turns':>6} {'actions':>8} {'file KB':>8} {'write ms':>9} {'open ms':>8} "
            f"{'+module':>8} {'verify ms':>10} {'list 20':>8}")
    print(head)
    for r in rows:
        print(f"{r['turns']:>6} {r['actions']:>8} {r['file_bytes'] / 1000:>8.1f} "
              f"{r['write_ms']:>9.1f} {r['open_ms']:>8.1f} {r['open_with_module_load_ms']:>8.1f} "
              f"{r['verify_ms']:>10.1f} {r['list_20_ms']:>8.1f}")
    print("open: read, checksum, decode, schema, state from the snapshot, checks (a playable "
          "game);\n+module: the same, loading the module too; verify: replay every decision "
          "and compare.")


if __name__ == "__main__":
    main()

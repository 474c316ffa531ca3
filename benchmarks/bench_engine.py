"""Engine speed on the Star Wars module: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_engine.py [--games N]

Figures: raw actions per second (uniform random choice over legal_actions,
then apply), full random games per second, and the cost of the operations a
search-based player leans on (clone, legal_actions, view), plus games between
heuristic players for comparison.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from warp_empires.engine import apply, legal_actions, prompt, setup, view
from warp_empires.module import load_module
from warp_empires.sim import simulate

SW = Path(__file__).parents[1] / "modules" / "star_wars"


def random_games(module, games: int, max_turns: int):
    actions = 0
    states = []
    started = time.perf_counter()
    for seed in range(games):
        s = setup(module, seed)
        rng = random.Random(seed)
        while s.winner < 0 and s.turn <= max_turns:
            acts = [a for a in legal_actions(s) if a[0] != "resign"]
            apply(s, prompt(s).side, rng.choice(acts))
            actions += 1
            if actions % 97 == 0:
                states.append(s.clone(log=False))
    return actions, time.perf_counter() - started, states


def per_call(fn, items, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, (time.perf_counter() - started) / len(items))
    return best * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args()
    module = load_module(SW)
    actions, seconds, states = random_games(module, args.games, args.max_turns)
    print(f"random play: {args.games} games, {actions} actions in {seconds:.2f} s")
    print(f"  actions per second      {actions / seconds:10.0f}")
    print(f"  games per second        {args.games / seconds:10.2f}")
    print(f"  mean actions per game   {actions / args.games:10.0f}")
    print(f"per call, over {len(states)} sampled mid-game states (microseconds):")
    print(f"  clone(log=False)        {per_call(lambda s: s.clone(log=False), states):10.1f}")
    print(f"  clone() with log        {per_call(lambda s: s.clone(), states):10.1f}")
    print(f"  legal_actions           {per_call(legal_actions, states):10.1f}")
    print(f"  view(log=False)         {per_call(lambda s: view(s, 0, log=False), states):10.1f}")
    print(f"  to_data                 {per_call(lambda s: s.to_data(), states):10.1f}")
    n = max(4, args.games // 10)
    h = simulate(module, n, 0, ["heuristic", "heuristic"], args.max_turns)
    print(f"heuristic v heuristic: {n} games, {h['actions']} actions, "
          f"{h['actions_per_second']:.0f} actions/s, mean {h['turns_mean']} turns")
    r = actions / seconds
    print(f"  ratio random/heuristic actions per second: {r / h['actions_per_second']:.2f}")


if __name__ == "__main__":
    main()

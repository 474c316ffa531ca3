"""What the richer features of issue 40 (bots/sight.py) cost the search
player: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_sight.py [--games 6] [--turns 8] [--level normal]
        [--json]

Star Wars games (seeds 0..N-1, the search level against the heuristic,
sides alternating) with the weights Star Wars ships (the nine features of
before, the richer ones weighed 0 and so never counted); at each decision of
the search player that matters, a twin with the richer ones weighed too
(RICH_WEIGHTS below, hand-set: the cost does not depend on the values)
decides the same view right after, so both are timed on the same positions
under the same load. Prints the decision time p50/p95 of each, the ratio
after/before, and the microseconds of one evaluation.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.bots import make_player  # noqa: E402
from warp_empires.bots.evaluate import Evaluator  # noqa: E402
from warp_empires.bots.search import SearchPlayer  # noqa: E402
from warp_empires.bots.weights import as_vector, weights_for  # noqa: E402
from warp_empires.engine import Game, State  # noqa: E402
from warp_empires.module import load_module  # noqa: E402

RICH_WEIGHTS = (-0.3, -0.02, 0.4, 0.002, -0.001)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def game(module: Any, seed: int, level: str, turns: int, times: dict[bool, list[float]],
         seen: list[State]) -> None:
    """One game of the search level (without the richer features) against the
    heuristic; at each of its decisions that matter, a twin player with the
    richer features weighed decides the same view too, so that the two are
    timed on the same positions under the same load."""
    bot = SearchPlayer(module, seed, level)
    rich = SearchPlayer(module, seed, level)
    rich.evaluator = Evaluator(module, rich.base.dist,
                               as_vector(weights_for(module))[:9] + RICH_WEIGHTS)
    players = [bot, make_player("heuristic", module, seed)]
    if seed % 2:
        players.reverse()
    g = Game.new(module, seed)
    g.state.undo = None
    while not g.over and g.state.turn <= turns:
        p = g.prompt()
        player = players[p.side]
        seen_view, legal = g.view(p.side, log=False), g.legal_actions()
        before = getattr(player, "deliberated", 0)
        started = time.perf_counter()
        action = player.choose(seen_view, legal)
        took = time.perf_counter() - started
        if getattr(player, "deliberated", 0) > before:
            started = time.perf_counter()
            rich.choose(seen_view, legal)
            times[True].append(time.perf_counter() - started)
            times[False].append(took)
            rich.base.plan = None  # the twin's choice is not played
        g.apply(p.side, action)
        if len(seen) < 200 and g.state.turn > 1:
            seen.append(g.state.clone(log=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    module = load_module(Path(__file__).resolve().parents[1] / "modules" / "star_wars")
    times: dict[bool, list[float]] = {False: [], True: []}
    seen: list[State] = []
    for seed in range(args.games):
        game(module, seed, args.level, args.turns, times, seen)
    base = as_vector(weights_for(module))
    evals = {}
    for rich in (False, True):
        ev = Evaluator(module, None, base[:9] + (RICH_WEIGHTS if rich else (0.0,) * 5))
        started = time.perf_counter()
        for s in seen:
            ev.score(s, 0)
        evals[rich] = (time.perf_counter() - started) / max(1, len(seen)) * 1e6
    report = {
        "games": args.games, "turns": args.turns, "level": args.level,
        "before": {"decisions": len(times[False]), "p50": percentile(times[False], 0.5),
                   "p95": percentile(times[False], 0.95), "eval_us": evals[False]},
        "after": {"decisions": len(times[True]), "p50": percentile(times[True], 0.5),
                  "p95": percentile(times[True], 0.95), "eval_us": evals[True]},
    }
    b, a = report["before"], report["after"]
    report["ratio_p50"] = a["p50"] / b["p50"] if b["p50"] else None
    report["ratio_p95"] = a["p95"] / b["p95"] if b["p95"] else None
    report["ratio_eval"] = a["eval_us"] / b["eval_us"] if b["eval_us"] else None
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.games} games of {args.turns} player-turns, bot:{args.level} v heuristic; "
          f"each decision that matters timed without and with the richer features")
    for name in ("before", "after"):
        r = report[name]
        print(f"  {name:6s} decisions that matter {r['decisions']:5d}  p50 {r['p50']:.3f} s  "
              f"p95 {r['p95']:.3f} s   one evaluation {r['eval_us']:.0f} us")
    print(f"  ratio after/before: p50 {report['ratio_p50']:.2f}, p95 {report['ratio_p95']:.2f}, "
          f"evaluation {report['ratio_eval']:.2f}")


if __name__ == "__main__":
    main()

"""Fits the search player's evaluation (bots/evaluate.py) to who wins: plays
games between heuristic players, records each side's features at the start of
every player-turn, and fits a logistic model of the active side winning on the
difference of the two sides' features. Prints the weights and, on held-out
games, how well they and the weights now in evaluate.py predict the winner.
Asserts nothing and changes no file: copy the weights by hand if they are better,
all but `cards`, which evaluate.py sets by hand (CARD_WORTH): the fit weighs a
hand against its holder, which a search reads as a gain for playing cards for
nothing (issue 11).

    .venv/bin/python benchmarks/fit_eval.py [--games 4000] [--seed 10000] [--jobs 2] [--json]

A quarter of the games (by seed) are held out. The model has no constant but
one for the side to move being the first side, so that the game's lean to one
side is not read into the weights; evaluate.py leaves that term out (both
candidates a search compares are the same side's).
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.bots import make_player  # noqa: E402
from warp_empires.bots.base import forward  # noqa: E402
from warp_empires.bots.evaluate import V1_FEATURES as FEATURES  # noqa: E402
from warp_empires.bots.evaluate import V1_WEIGHTS, Evaluator  # noqa: E402
from warp_empires.bots.fit import fit, judged  # noqa: E402
from warp_empires.engine import apply, legal_actions, setup, view  # noqa: E402
from warp_empires.engine.api import decider  # noqa: E402
from warp_empires.engine.state import NO_SIDE  # noqa: E402
from warp_empires.module import load_module  # noqa: E402

STAR_WARS = Path(__file__).resolve().parents[1] / "modules" / "star_wars"


def play(job: tuple[int, int]) -> dict[str, Any]:
    """One heuristic mirror game: rows of (active side, its features, the
    other's) at each player-turn start, and the winner (NO_SIDE at the cap)."""
    seed, max_turns = job
    module = load_module(STAR_WARS)
    s = setup(module, seed, {}, log_events=False)
    players = [make_player("heuristic", module, seed * 2 + side) for side in (0, 1)]
    ev = Evaluator(module)
    rows, last = [], -1
    while s.winner == NO_SIDE and s.turn <= max_turns:
        if s.turn != last and s.phase == "draw":
            last = s.turn
            rows.append((s.active, ev.features(s, s.active), ev.features(s, 1 - s.active)))
        who = decider(s)
        acts = forward(legal_actions(s))
        action = acts[0] if len(acts) == 1 else players[who].choose(view(s, who, log=False), acts)
        apply(s, who, action)
    return {"seed": seed, "winner": s.winner, "rows": rows}


def samples(games: list[dict[str, Any]]) -> tuple[list[list[float]], list[float]]:
    """Feature differences (and the first-side term) with 1.0 where the side
    to move went on to win; unfinished games left out."""
    xs, ys = [], []
    for g in games:
        if g["winner"] == NO_SIDE:
            continue
        for active, mine, theirs in g["rows"]:
            xs.append([a - b for a, b in zip(mine, theirs, strict=True)]
                      + [1.0 if active == 0 else -1.0])
            ys.append(1.0 if g["winner"] == active else 0.0)
    return xs, ys


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=120)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    jobs = [(args.seed + i, args.max_turns) for i in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(play, jobs, chunksize=8))
    held = [g for g in games if g["seed"] % 4 == 3]
    train_x, train_y = samples([g for g in games if g["seed"] % 4 != 3])
    test_x, test_y = samples(held)
    fitted = fit(train_x, train_y)
    # the weights in evaluate.py, with the first-side term fitted alone
    now = list(V1_WEIGHTS) + [fit([[x[-1]] for x in train_x], train_y)[0]]
    out = {
        "games": len(games), "positions": len(train_x), "held_out_positions": len(test_x),
        "weights": dict(zip([*FEATURES, "first_side"], [round(w, 4) for w in fitted],
                            strict=True)),
        "fitted_held_out": judged(fitted, test_x, test_y),
        "evaluate_py_held_out": judged(now, test_x, test_y),
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['games']} heuristic mirror games, {out['positions']} positions to fit, "
          f"{out['held_out_positions']} held out")
    for name, w in out["weights"].items():
        print(f"  {name:14s} {w:+.4f}")
    for label, key in (("fitted", "fitted_held_out"), ("evaluate.py", "evaluate_py_held_out")):
        j = out[key]
        print(f"  {label:12s} held-out log-loss {j['log_loss']:.4f}  accuracy {j['accuracy']:.1%}")


if __name__ == "__main__":
    main()

"""Tuning a round's weights by play (issue 40; `warp-empires train --pairs N`).

A fit (bots/train.py) learns what goes with winning; on the `module new`
template the fitted weights called held-out winners better and played no
better (49% of 200 against the weights they came from). Tuning asks the games
themselves which way to move: SPSA (simultaneous perturbation stochastic
approximation, as chess engines tune their evaluations by self-play). Each
pair is two games on one seed, one from each side, between the weights
nudged one way and the weights nudged the opposite way, every weight at once
by a random sign; the weights then step toward the nudge that won more. Over
hundreds of pairs the steps that only chance took cancel out, and the ones
the games keep asking for add up.

A nudge is NUDGE log-odds per spread of the feature (its standard deviation
over the round's recorded positions), so one setting fits a module whatever
its scale; a feature that never varied there is left alone, and so are the
weights the fit leaves alone (train.FIXED). The weights returned are the mean
of those the second half of the pairs passed through: a fixed step keeps
wandering by chance, and the mean of its wanderings is steadier than any one.

Pairs are played BATCH at a time (the process pool or cluster plays them
side by side), each batch's pairs nudging the weights of before the batch.
Everything a pair does follows from the run, the round, its number and the
games' outcomes, so a run started again replays the logged games to the same
weights and plays only the pairs the log lacks.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
from collections.abc import Callable
from typing import Any

from warp_empires.module.weights import FEATURES

# A nudge, in log-odds per spread of a feature; a step after a pair, in
# nudges per game won more by one side (two games: -2..2). Measured on the
# template (session 19): from the generic weights, 324 pairs at these sizes
# won 59 of 100 against them.
NUDGE = 0.15
STEP = 0.15
BATCH = 16
SEED_OFFSET = 75_000  # a pair's seed beside a round's self-play and eval seeds

Task = dict[str, Any]
Player = Callable[[list[Task]], list[dict[str, Any]]]  # tasks -> their results, in order


def nudges(rows: list[list[float]], fixed: tuple[str, ...]) -> dict[str, float]:
    """Each feature's nudge from recorded positions (a row: the side to move,
    then every feature's lead): NUDGE over the feature's spread, 0 where it
    never varied or is not tuned."""
    out = {}
    for j, f in enumerate(FEATURES):
        values = [r[1 + j] for r in rows]
        spread = statistics.pstdev(values) if len(values) > 1 else 0.0
        out[f] = 0.0 if f in fixed or spread <= 0 else NUDGE / spread
    return out


def held(weights: dict[str, float], signs: dict[str, int]) -> dict[str, float]:
    """The weights with each sign the rules settle held (train.SIGNS)."""
    out = dict(weights)
    for f, sign in signs.items():
        if out[f] * sign < 0:
            out[f] = 0.0
    return out


def directions(key: str, rnd: int, number: int) -> dict[str, int]:
    """Pair `number`'s random sign per feature: the same in every run of this key."""
    rng = random.Random(f"{key}:{rnd}:{number}")
    return {f: rng.choice((-1, 1)) for f in FEATURES}


def pair_tasks(base: Task, rnd: int, number: int, plus: dict[str, float],
               minus: dict[str, float]) -> list[Task]:
    """The two games of a pair: the nudged-up weights first, then second."""
    up, down = [plus[f] for f in FEATURES], [minus[f] for f in FEATURES]
    out = []
    for game, pair in enumerate(([up, down], [down, up])):
        played_by = hashlib.sha256(json.dumps(pair).encode()).hexdigest()[:12]
        out.append({**base, "id": [base["id"], rnd, "tune", 2 * number + game, played_by],
                    "weights": pair, "seed": base["seed"] + SEED_OFFSET + number,
                    "record": False})
    return out


def net_wins(first: dict[str, Any], second: dict[str, Any]) -> int:
    """Games the nudged-up weights won less those the nudged-down ones won."""
    up = (first["winner"] == 0) + (second["winner"] == 1)
    down = (first["winner"] == 1) + (second["winner"] == 0)
    return up - down


def tune(start: dict[str, float], size: dict[str, float], pairs: int, base: Task, rnd: int,
         signs: dict[str, int], play: Player) -> dict[str, float]:
    """`pairs` pairs from `start`; the mean of the weights over the second half.
    `base`: what every game shares (module, level, max_turns; its "id" the
    run's key, its "seed" the round's first)."""
    weights = held(start, signs)
    passed: list[dict[str, float]] = []
    for first in range(0, pairs, BATCH):
        batch = []
        for number in range(first, min(first + BATCH, pairs)):
            d = directions(base["id"], rnd, number)
            plus = held({f: weights[f] + size[f] * d[f] for f in FEATURES}, signs)
            minus = held({f: weights[f] - size[f] * d[f] for f in FEATURES}, signs)
            batch.append((number, d, pair_tasks(base, rnd, number, plus, minus)))
        results = play([t for _, _, tasks in batch for t in tasks])
        for i, (number, d, _) in enumerate(batch):
            won = net_wins(results[2 * i], results[2 * i + 1])
            weights = held({f: weights[f] + STEP * size[f] * won * d[f] for f in FEATURES},
                           signs)
            if 2 * number >= pairs:
                passed.append(weights)
    if not passed:
        return weights
    return {f: round(sum(w[f] for w in passed) / len(passed), 6) for f in FEATURES}


__all__ = ["BATCH", "NUDGE", "STEP", "nudges", "tune"]

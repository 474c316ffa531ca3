"""Fitting the evaluation's weights: a logistic model of who wins, from
positions of finished games (benchmarks/fit_eval.py, `warp-empires train`).

A sample is the feature lead of the side to move over its enemy, and 1.0
when that side went on to win. Plain Python: a few thousand samples of a
dozen features fit in a second, and the project needs no numerical library
for it.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence

# A step smaller than this (in units of a feature's spread) ends the descent.
STILL = 1e-7


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(xs: Sequence[Sequence[float]], ys: Sequence[float], rounds: int = 400,
        rate: float = 0.5, offsets: Sequence[float] | None = None,
        prior: Sequence[float] | None = None, pull: float = 1e-4,
        signs: Sequence[int] | None = None) -> list[float]:
    """Logistic regression by gradient descent on features scaled to unit
    spread; `offsets`: a fixed part of each sample's log-odds (the weighed
    features that are not fitted); `prior`: weights to start from and be
    pulled back to with strength `pull` (none: zero), so that a round of few
    games moves the weights of the round before a little, not anywhere;
    `signs`: per weight +1 (at least 0), -1 (at most 0) or 0 (either), held
    at every step (projected gradient descent: the loss is convex and the
    allowed weights a box, so this finds the best weights that keep them)."""
    n, d = len(xs), len(xs[0])
    spread = [max(1e-9, math.sqrt(sum(x[j] ** 2 for x in xs) / n)) for j in range(d)]
    zs = [[x[j] / spread[j] for j in range(d)] for x in xs]
    base = offsets or [0.0] * n
    keep = list(signs) if signs is not None else [0] * d
    centre = [p * s for p, s in zip(prior, spread, strict=True)] if prior else [0.0] * d
    # a prior of the wrong sign (a round fitted before signs were held) is
    # both started from and pulled back to only as far as the sign allows
    centre = held(centre, keep)
    w = list(centre)
    columns = list(zip(*zs, strict=True))  # the gradient is a column's dot product with the errors
    for _ in range(rounds):
        errors = [sigmoid(o + sum(map(operator.mul, w, z))) - y
                  for z, y, o in zip(zs, ys, base, strict=True)]
        grad = [sum(map(operator.mul, errors, c)) for c in columns]
        step = held([w[j] - rate * (grad[j] / n + pull * (w[j] - centre[j])) for j in range(d)],
                    keep)
        moved = max(abs(a - b) for a, b in zip(step, w, strict=True))
        w = step
        if moved < STILL:  # converged: the rest of the rounds would change nothing
            break
    return [w[j] / spread[j] for j in range(d)]


def held(w: Sequence[float], signs: Sequence[int]) -> list[float]:
    """`w` with each weight of the wrong sign for `signs` set to 0."""
    return [max(0.0, x) if k > 0 else min(0.0, x) if k < 0 else x
            for x, k in zip(w, signs, strict=True)]


def judged(weights: Sequence[float], xs: Sequence[Sequence[float]],
           ys: Sequence[float]) -> dict[str, float]:
    """Log-loss and share of winners called right by `weights`."""
    loss = right = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(1 - 1e-9, max(1e-9, sigmoid(sum(a * b for a, b in zip(weights, x, strict=True)))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p > 0.5) == (y > 0.5)
    n = max(1, len(ys))
    return {"log_loss": round(loss / n, 4), "accuracy": round(right / n, 4)}

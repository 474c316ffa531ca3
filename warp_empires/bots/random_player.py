"""Uniform over the legal actions that go forward (never unpicking, undoing or
resigning): the fuzzer's player."""

from __future__ import annotations

import random

from warp_empires.engine import Action, View

from .base import forward


class RandomPlayer:
    kind = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(forward(legal))

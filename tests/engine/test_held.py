"""The enemy's hand as a search player deals it (bots.held): nearer the hands
real players hold than a random deal, on Star Wars and the `module new`
template alike (the turn's pattern, not a theme's)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from warp_empires.bots import make_player
from warp_empires.bots.held import held_weight
from warp_empires.engine import Game
from warp_empires.engine.determinize import determinize
from warp_empires.module import load_module
from warp_empires.module.defs import Module
from warp_empires.module.new import new_module

from .builder import star_wars


def _counts(module: Module, hand: list[int]) -> tuple[int, int, int]:
    timings = [module.cards[k].timing for k in hand]
    return timings.count("battle"), timings.count("move"), timings.count("action")


def _hands(module: Module, games: int) -> dict[str, list[tuple[int, int]]]:
    """At the start of each Move phase of heuristic games: the enemy's real
    hand, and hands dealt from the mover's view at random and by weight."""
    found: dict[str, list[tuple[int, int, int]]] = {"real": [], "random": [], "held": []}
    for seed in range(games):
        game = Game.new(module, seed)
        game.state.undo = None
        players = [make_player("heuristic", module, seed * 2 + i) for i in (0, 1)]
        last = None
        while not game.over and game.state.turn <= 30:
            s, p = game.state, game.prompt()
            if s.phase == "move" and p.side == s.active and (s.turn, s.active) != last:
                last = (s.turn, s.active)
                side, enemy = s.active, 1 - s.active
                seen = game.view(side, log=False)
                found["real"].append(_counts(module, s.hands[enemy]))
                rng = random.Random(seed * 1000 + s.turn)
                weight = held_weight(module, side)
                for _ in range(3):
                    found["random"].append(_counts(module, determinize(
                        module, seen, rng).hands[enemy]))
                    found["held"].append(_counts(module, determinize(
                        module, seen, rng, weight).hands[enemy]))
            game.apply(p.side, players[p.side].choose(game.view(p.side, log=False),
                                                      game.legal_actions()))
    return found


@pytest.mark.parametrize("which", ["star_wars", "template"])
def test_a_hand_dealt_by_weight_looks_more_like_a_real_hand(which: str,
                                                            tmp_path: Path) -> None:
    # a hand played from keeps its battle cards and spends its move cards:
    # dealt at random, the enemy held about two thirds of the battle cards
    # it really held (issue 40)
    module = star_wars() if which == "star_wars" else load_module(
        new_module("tmpl", tmp_path))
    found = _hands(module, 10)
    mean = {k: [sum(c[i] for c in v) / len(v) for i in (0, 1, 2)] for k, v in found.items()}
    real, rand, held = mean["real"], mean["random"], mean["held"]
    assert len(found["real"]) >= 60
    assert real[0] > rand[0] * 1.25, mean  # more battle cards than at random
    assert abs(held[0] - real[0]) < abs(rand[0] - real[0]) / 2, mean
    # the hand as a whole: battle, move and other cards, each off by less
    off = {k: sum(abs(mean[k][i] - real[i]) for i in (0, 1, 2)) for k in ("random", "held")}
    assert off["held"] < off["random"] / 2, (off, mean)

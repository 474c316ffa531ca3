"""Whole random games with every invariant checked after every action."""

from __future__ import annotations

import msgpack
import pytest

from warp_empires.engine import Game
from warp_empires.engine.invariants import broken

from .builder import make_module
from .playout import play


def checked(game: Game) -> None:
    problems = broken(game.state)
    assert not problems, f"after {len(game.actions)} actions: {problems}"


@pytest.mark.parametrize("seed", range(40))
def test_random_games_on_the_tiny_theme_keep_every_invariant(seed):
    game = play(make_module(), seed, each=checked)
    assert game.over or game.state.turn > 60


@pytest.mark.parametrize("seed", range(6))
def test_heuristic_games_keep_every_invariant(seed):
    play(make_module(), seed, kinds=("heuristic", "random"), each=checked)


def test_open_hands_show_both_hands():
    game = Game.new(make_module(), 4, {"open_hands": True})
    game.apply(0, ("start", 0))
    v = game.view(1)
    assert v["hands"] == [sorted(h) for h in game.state.hands]


def test_same_seed_and_actions_give_the_same_game_byte_for_byte():
    m = make_module()
    a = play(m, 21, max_turns=20)
    b = Game.replay(m, 21, {}, a.actions)
    pack = msgpack.packb
    assert pack(a.state.to_data()) == pack(b.state.to_data())
    c = play(m, 22, max_turns=20)
    assert pack(c.state.to_data()) != pack(a.state.to_data())


def test_state_data_round_trips_through_msgpack():
    from warp_empires.engine import State

    m = make_module()
    g = play(m, 5, max_turns=8)
    data = msgpack.unpackb(msgpack.packb(g.state.to_data()))
    back = State.from_data(m, data)
    assert back.to_data() == g.state.to_data()


def test_clone_is_independent():
    m = make_module()
    g = play(m, 6, max_turns=5)
    copy = g.state.clone()
    before = copy.to_data()
    play_on = Game(m, g.seed, {}, g.state, g.actions)
    from warp_empires.bots import make_player

    p = make_player("random", m, 1)
    for _ in range(30):
        if play_on.over:
            break
        pr = play_on.prompt()
        play_on.apply(pr.side, p.choose(play_on.view(pr.side), play_on.legal_actions()))
    assert copy.to_data() == before


@pytest.mark.parametrize("seed", range(12))
def test_random_star_wars_games_keep_every_invariant(seed):
    from pathlib import Path

    from warp_empires.module import load_module

    sw = load_module(Path(__file__).parents[2] / "modules" / "star_wars")
    kinds = ("random", "random") if seed % 3 else ("heuristic", "random")
    game = play(sw, 1000 + seed, kinds=kinds, max_turns=80, each=checked)
    assert game.over or game.state.turn > 80


def test_fast_move_check_agrees_with_the_legal_list():
    from warp_empires.engine.move import move_check, move_legal

    m = make_module()
    compared = 0

    def agree(game: Game) -> None:
        nonlocal compared
        s = game.state
        if s.step != "move" or s.winner >= 0:
            return
        legal = set(move_legal(s))
        candidates = legal | {("top", c) for c in range(len(s.chits))} | {
            ("play", k) for k in range(len(m.cards))} | {("end",)}
        for a in candidates:
            assert move_check(s, a) == (a in legal), a
            compared += 1

    for seed in range(15):
        play(m, 300 + seed, max_turns=30, each=agree)
    assert compared > 1000

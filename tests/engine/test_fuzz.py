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


# Seeded shares, kept small for CI's budget: `warp-empires simulate --check
# --games N [--options ID,...] [--players ...]` checks every invariant after
# every action of as many games as one asks for.
@pytest.mark.parametrize("seed", range(24))
def test_random_games_on_the_tiny_theme_keep_every_invariant(seed):
    game = play(make_module(), seed, each=checked)
    assert game.over or game.state.turn > 60


OPTIONS = ("interception", "withdrawal", "attrition", "initiative", "repair_hangar")
IMPLEMENTED = OPTIONS


@pytest.mark.parametrize("optional", [(name,) for name in IMPLEMENTED] + [IMPLEMENTED])
@pytest.mark.parametrize("seed", range(5))
def test_random_games_with_optional_rules_keep_every_invariant(seed, optional):
    # RULINGS O1-O5, each alone and all together
    play(make_module(), seed, each=checked, optional=optional)


@pytest.mark.parametrize("optional", [(name,) for name in IMPLEMENTED] + [IMPLEMENTED])
def test_heuristic_star_wars_games_with_optional_rules_keep_every_invariant(optional):
    from pathlib import Path

    from warp_empires.module import load_module

    sw = load_module(Path(__file__).resolve().parents[2] / "modules" / "star_wars")
    for seed in range(2):
        play(sw, seed, kinds=("heuristic", "heuristic"), each=checked, optional=optional,
             max_turns=40)


@pytest.mark.parametrize("seed", range(6))
def test_heuristic_games_keep_every_invariant(seed):
    play(make_module(), seed, kinds=("heuristic", "random"), each=checked)


def test_open_hands_show_both_hands():
    game = Game.new(make_module(), 4, {"open_hands": True})
    game.apply(0, ("start", 0))
    v = game.view(1)
    assert v.hands == [sorted(h) for h in game.state.hands]


def test_same_seed_and_actions_give_the_same_game_byte_for_byte():
    m = make_module()
    a = play(m, 21, max_turns=20)
    b = Game.replay(m, 21, a.options, a.actions)
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


@pytest.mark.parametrize("seed", range(9))
def test_random_star_wars_games_keep_every_invariant(seed):
    from pathlib import Path

    from warp_empires.module import load_module

    sw = load_module(Path(__file__).parents[2] / "modules" / "star_wars")
    kinds = ("random", "random") if seed % 3 else ("heuristic", "random")
    game = play(sw, 1000 + seed, kinds=kinds, max_turns=80, each=checked)
    assert game.over or game.state.turn > 80


def candidates(s, m) -> set:
    """Actions worth trying at any step: every verb with every small argument."""
    from warp_empires.engine.actions import BARE_VERBS, VERBS

    n = max(len(s.chits), len(m.map.territories), len(m.cards))
    out = {(v,) for v in BARE_VERBS - {"resign", "undo"}}
    out |= {(v, x) for v in VERBS - BARE_VERBS for x in range(-1, n + 1)}
    return out


def checks_agree(m, seeds, max_turns: int, sample_seed: int = 0) -> tuple[int, set[str]]:
    """Plays random games of `m` and, at about a third of the decisions, asks
    each step's fast check about every candidate action: it must accept exactly
    the listed ones (move_check beside move_legal). Returns how many actions
    were compared and the steps seen."""
    import random

    from warp_empires.engine.api import STEPS

    seen: set[str] = set()
    compared = 0
    sample = random.Random(sample_seed)

    def agree(game: Game) -> None:
        nonlocal compared
        s = game.state
        if s.winner >= 0 or sample.random() > 0.3:
            return
        step = STEPS[s.step]
        legal = set(step.legal(s))
        for a in candidates(s, m):
            assert step.check(s, a) == (a in legal), (s.step, a)
            compared += 1
        seen.add(s.step)

    for seed in seeds:
        play(m, seed, max_turns=max_turns, each=agree)
    return compared, seen


def test_every_steps_fast_check_agrees_with_its_legal_list():
    # apply takes an action from the list without listing again (step.check):
    # for every step, check must accept exactly the listed actions
    compared, seen = checks_agree(make_module(), range(300, 315), 30)
    assert compared > 10000
    assert {"move", "move_from", "move_units", "recruit", "predraw_discard"} <= seen

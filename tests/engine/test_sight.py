"""bots.sight: the evaluation's richer features (issue 40), counted from one
side's view only: leaders within reach of a stronger enemy, a capital's
defence, how near each victory is, money and what it buys."""

from __future__ import annotations

import random

from warp_empires.bots.evaluate import V1_WEIGHTS, Evaluator
from warp_empires.bots.measures import distances
from warp_empires.bots.search import SearchPlayer
from warp_empires.bots.sight import RICH, Sight
from warp_empires.engine import legal_actions, view
from warp_empires.engine.determinize import determinize
from warp_empires.module.weights import FEATURES, RICH_FEATURES, V1_FEATURES

from .builder import blank, give, put, tid
from .test_search import _at

RICH_WEIGHTS = (-0.3, -0.02, 0.4, 0.002, -0.001)


def _sight(s):
    return Sight(s.module, distances(s.module))


def _mine(s, side=0):
    return dict(zip(RICH, _sight(s).features(view(s, side, log=False))[0], strict=True))


def test_the_features_are_the_ones_weights_files_name():
    assert RICH == RICH_FEATURES and FEATURES == V1_FEATURES + RICH


def test_a_leader_is_exposed_where_enemy_force_within_reach_outweighs_its_stack():
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "d", "destroyer", "destroyer")
    assert _mine(s)["exposed_leaders"] == 1
    guarded = blank()
    put(guarded, 0, "c", "hero", "cruiser", "cruiser", "cruiser")
    put(guarded, 1, "d", "destroyer", "destroyer")
    assert _mine(guarded)["exposed_leaders"] == 0
    far = blank()
    put(far, 0, "a", "hero")
    put(far, 1, "e", "destroyer", "destroyer")  # four spaces: beyond a move of 2
    assert _mine(far)["exposed_leaders"] == 0


def test_a_capital_the_enemy_needs_is_threatened_by_force_beyond_its_defence():
    # side 0's victory names c (builder); side 1 holds it
    s = blank()
    s.control[tid(s, "c")] = 1
    put(s, 1, "c", "base")
    assert _mine(s, 1)["capital_threat"] == 0
    put(s, 0, "d", "cruiser", "cruiser")
    threat = _mine(s, 1)["capital_threat"]
    assert threat > 0
    put(s, 1, "c", "destroyer", "destroyer", "destroyer")
    assert _mine(s, 1)["capital_threat"] == 0
    # side 1's own victory names no territory: nothing of side 0's is its capital
    assert _mine(s, 0)["capital_threat"] == 0


def test_a_victory_is_near_when_its_territories_are_held_or_can_be_taken():
    # side 0's victory names c (builder)
    s = blank()
    assert _mine(s)["victory_near"] == 0
    put(s, 0, "b", "cruiser")
    assert _mine(s)["victory_near"] == 1  # c is within a cruiser's move, undefended
    put(s, 1, "c", "destroyer", "destroyer", "destroyer")
    assert _mine(s)["victory_near"] == 0


def test_money_it_can_keep_units_with_is_buying_power_the_rest_idle():
    # RULINGS R1 (a unit costs its Force), U1 (upkeep: 5 units per revenue point)
    s = blank()
    put(s, 0, "a", "wing")
    s.revenue[0], s.banks[0] = 1, 100
    f = _mine(s)
    assert 0 < f["buying_power"] < 100 and f["buying_power"] + f["idle_bank"] == 100
    s.revenue[0] = 40
    f = _mine(s)
    assert f["buying_power"] == 100 and f["idle_bank"] == 0


def test_twins_that_differ_only_in_what_the_rules_hide_count_alike():
    # RULINGS H1, H2, H9: side 0 sees the enemy stack's top and size, not what is below
    twins = []
    for below, cards in (("destroyer", ("ambush",)), ("swarm", ("step", "march"))):
        s = blank()
        put(s, 0, "c", "hero", "wing")
        put(s, 1, "d", "destroyer", below, below)
        give(s, 1, *cards)
        twins.append(s)
    a, b = (_sight(s).features(view(s, 0, log=False)) for s in twins)
    assert a == b
    # the enemy, who sees its own stack, counts the two apart: the test can fail
    a1, b1 = (_sight(s).features(view(s, 1, log=False)) for s in twins)
    assert a1 != b1


def test_a_search_with_the_richer_features_decides_alike_on_twin_positions():
    game = _at("move_from")
    side = game.prompt().side
    seen = view(game.state, side, log=False)
    twin = determinize(game.module, seen, random.Random(99))
    choices = []
    for state in (game.state, twin):
        bot = SearchPlayer(game.module, 1, "normal")
        bot.evaluator = Evaluator(game.module, bot.base.dist, V1_WEIGHTS + RICH_WEIGHTS)
        assert bot.evaluator.sight is not None
        choices.append(bot.choose(view(state, side, log=False), legal_actions(state)))
    assert choices[0] == choices[1]


def test_the_richer_features_change_the_score_only_when_weighed():
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "d", "destroyer", "destroyer")
    plain = Evaluator(s.module, None, V1_WEIGHTS)
    assert plain.sight is None
    rich = Evaluator(s.module, None, V1_WEIGHTS + (-0.3, 0, 0, 0, 0))
    # an exposed leader weighs against its side
    assert rich.score(s, 0) < plain.score(s, 0)

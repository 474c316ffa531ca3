"""Tuning by pairs of games (bots/tune.py, `warp-empires train --pairs`): the
weights move toward the nudge that wins, hold the signs the rules settle,
leave alone what is not tuned, and a stopped run resumes to the same weights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from warp_empires.bots import make_player
from warp_empires.bots import train as training
from warp_empires.bots import tune as tuning
from warp_empires.bots.train import Plan, log_path
from warp_empires.bots.tune import NUDGE, held, net_wins, nudges, tune
from warp_empires.bots.weights import shipped_weights, user_weights_path
from warp_empires.module import load_module
from warp_empires.module.new import new_module
from warp_empires.module.weights import FEATURES, write_weights

FORCE, STACKS = FEATURES.index("force"), FEATURES.index("stacks")


@pytest.fixture(autouse=True)
def own_data(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


@pytest.fixture
def template(tmp_path) -> Path:
    return new_module("tmpl", tmp_path / "modules")


def _won_by(feature: str, more: bool = True):
    """Games won by the side whose weights weigh `feature` more (or less)."""
    col = FEATURES.index(feature)

    def play(task):
        weighs = [w[col] for w in task["weights"]]
        if weighs[0] == weighs[1]:
            winner = task["seed"] % 2
        else:
            winner = weighs.index(max(weighs) if more else min(weighs))
        rows = [[float(side), *[float((side + t + j) % 3) for j in range(len(FEATURES))]]
                for t in range(3) for side in (0, 1)] if task["record"] else []
        return {"id": task["id"], "winner": winner, "turns": 6, "rows": rows}
    return play


def _player(play):
    return lambda tasks: [play(t) for t in tasks]


BASE = {"id": "k", "module": "m", "level": "normal", "max_turns": 5, "seed": 0}
SIZE = {f: 0.1 for f in FEATURES} | {"cards": 0.0}


def test_the_weights_move_toward_the_nudge_that_wins():
    start = {f: 0.0 for f in FEATURES} | {"cards": 0.004}
    up = tune(start, SIZE, 64, BASE, 1, {}, _player(_won_by("stacks")))
    down = tune(start, SIZE, 64, BASE, 1, {}, _player(_won_by("stacks", more=False)))
    assert up["stacks"] > 0.5 > -0.5 > down["stacks"]
    # the games said nothing of the others: they only wandered, and less
    assert all(abs(up[f]) < up["stacks"] for f in FEATURES if f != "stacks")
    assert up["cards"] == down["cards"] == 0.004  # no nudge: not tuned (issue 11)


def test_a_sign_the_rules_settle_is_held_however_the_games_lean():
    start = {f: 0.0 for f in FEATURES} | {"idle_bank": -0.2}
    tuned = tune(start, SIZE, 64, BASE, 1, training.SIGNS, _player(_won_by("idle_bank")))
    assert tuned["idle_bank"] == 0.0  # pushed up to its bound, never past it
    assert held({"force": -1.0, "leaders": -1.0}, {"force": 1}) == {"force": 0.0,
                                                                    "leaders": -1.0}


def test_a_pairs_two_games_are_one_seed_from_each_side():
    plus, minus = ({f: s for f in FEATURES} for s in (1.0, -1.0))
    first, second = tuning.pair_tasks(BASE, 2, 5, plus, minus)
    assert first["seed"] == second["seed"] and first["id"] != second["id"]
    assert first["weights"] == second["weights"][::-1] and first["weights"][0][0] == 1.0
    assert net_wins({"winner": 0}, {"winner": 1}) == 2  # the nudged-up side won both
    assert net_wins({"winner": 0}, {"winner": 0}) == 0  # the first side won both
    assert net_wins({"winner": -1}, {"winner": 0}) == -1  # unfinished, then lost


def test_a_nudge_is_a_share_of_the_features_spread():
    rows = [[0.0, *[float(i) * (j == FORCE) + (j == STACKS) for j in range(len(FEATURES))]]
            for i in range(-2, 3)]
    size = nudges(rows, ("cards",))
    assert size["force"] == pytest.approx(NUDGE / 2 ** 0.5)  # spread of -2..2
    assert size["stacks"] == 0.0  # never varied: nothing to learn of it
    assert size["cards"] == 0.0


def test_a_round_tunes_its_fit_and_plays_the_tuned_weights_against_its_own(
        template, tmp_path):
    seen: list = []
    play = _won_by("stacks")
    plan = Plan(str(template), "normal", rounds=1, games=8, eval_games=4, max_turns=5,
                pairs=32)
    results = training.train(plan, tmp_path / "w.json",
                             lambda tasks: ((t, play(t)) for t in tasks if not seen.append(t)))
    kinds = [t["id"][2] for t in seen]
    assert kinds.count("self") == 8 and kinds.count("tune") == 64 and kinds.count("eval") == 4
    (r,) = results
    assert r.pairs == 32 and r.win_rate == 1.0 and r.kept == ""
    assert r.weights["stacks"] > shipped_weights(load_module(template))["stacks"]


def test_a_stopped_tuning_resumes_to_the_same_weights(template, tmp_path):
    play = _won_by("stacks")
    plan = Plan(str(template), "normal", rounds=1, games=4, eval_games=2, max_turns=5,
                pairs=40)
    whole = training.train(plan, tmp_path / "whole.json",
                           lambda tasks: ((t, play(t)) for t in tasks))
    out, count = tmp_path / "w.json", [0]

    def stopping(tasks):
        for t in tasks:
            if count[0] == 50:  # inside the tuning's third batch
                raise KeyboardInterrupt
            count[0] += 1
            yield t, play(t)
    with pytest.raises(KeyboardInterrupt):
        training.train(plan, out, stopping)
    rest: list = []
    again = training.train(plan, out, lambda tasks: ((t, play(t)) for t in tasks
                                                     if not rest.append(t)))
    assert len(rest) == 4 + 80 + 2 - 50
    assert again[0].weights == whole[0].weights
    assert len(log_path(out).read_text().splitlines()) == 4 + 80 + 2


def test_a_run_without_pairs_keeps_the_key_its_log_was_written_with(template):
    module = load_module(template)
    plan = Plan(str(template), "normal", 2, 8, 4, 5)
    named = {"module": module.fingerprint, "level": "normal", "rounds": None, "games": 8,
             "eval_games": 4, "max_turns": 5, "seed": 0, "shipped": module.bot_weights}
    import hashlib
    before = hashlib.sha256(json.dumps(named, sort_keys=True).encode()).hexdigest()[:16]
    assert training.run_key(plan, module) == before
    assert training.run_key(Plan(str(template), "normal", 2, 8, 4, 5, pairs=10),
                            module) != before


def test_untrained_plays_the_shipped_weights_whatever_the_player_trained(template):
    module = load_module(template)
    write_weights(user_weights_path(module), {"force": 0.5}, "a trained file")
    trained = make_player("bot:normal", module)
    untrained = make_player("bot:normal:untrained", module)
    force = FEATURES.index("force")
    assert trained.evaluator.weights[force] == 0.5
    assert untrained.evaluator.weights[force] == shipped_weights(module)["force"] != 0.5
    assert untrained.kind == "bot:normal:untrained"

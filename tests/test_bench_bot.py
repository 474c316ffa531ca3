"""benchmarks/bench_bot.py's report names each module's own sides (a modder
benchmarking a theme read "as Rebels" for its first side), and a mistyped
argument is one line."""

from __future__ import annotations

import json

import pytest

from benchmarks.bench_bot import job_key, logged, show, side_names, summarise
from tests.net.support import ROME  # the template's theme, under its own name
from warp_empires.module import load_module


def _game(seed: int, a_first: bool, a_won: bool) -> dict:
    a_side = 0 if a_first else 1
    kinds = {a_side: "bot:normal", 1 - a_side: "heuristic"}
    none = {0: [], 1: []}
    return {"seed": seed, "a_first": a_first, "a_side": a_side, "turns": 9,
            "winner": a_side if a_won else 1 - a_side, "kinds": kinds, "times": none,
            "mattered": none, "playouts": {0: 0, 1: 0}, "search_seconds": {0: 0.0, 1: 0.0},
            "deliberated": {0: 0, 1: 0}, "changed": {0: 0, 1: 0}, "conduct": {}}


def test_the_report_names_the_modules_sides(capsys):
    m = load_module(ROME)
    assert side_names(m) == {"first": "Rome", "second": "Carthaginians"}
    games = [_game(0, True, True), _game(1, False, False)]
    report = {**summarise([("bot:normal", "heuristic")], games), "sides": side_names(m),
              "games_per_match": 2, "seconds": 0.0, "jobs": 1, "from_log": 0}
    show(report)
    out = capsys.readouterr().out
    assert "as Rome 100.0%, as Carthaginians 0.0%" in out
    assert "Rebels" not in out


def test_a_log_resumed_from_another_checkout_finds_its_games(tmp_path):
    # session 17: a run resumed from a worktree keyed its games by the module's
    # folder too, found none of them and played 72 again
    log = tmp_path / "games.jsonl"
    game = {**_game(3, False, True), "job": ["bot:hard", "bot:hard:v1", 3, 120, False,
                                             "/one/checkout/modules/star_wars"], "code": "c0de"}
    log.write_text(json.dumps(game) + "\n" + '{"cut short')
    done = logged(log, "c0de")
    other = ("bot:hard", "bot:hard:v1", 3, 120, False, "/another/modules/star_wars")
    assert job_key(other) in done and done[job_key(other)]["winner"] == game["winner"]
    assert logged(log, "another code") == {}


def test_leaders_lost_are_counted_per_game_beside_per_turn(capsys):
    # a level that only made its games longer lowered the rate per turn and
    # lost as many leaders (bots/rescue.py CAUTION, 2026-12-02)
    games = [_game(0, True, True), _game(1, False, False)]
    games[0]["conduct"] = {0: {"turns": 30, "leaders_lost": 3, "recruits": 0, "unspent": []}}
    games[1]["conduct"] = {1: {"turns": 10, "leaders_lost": 1, "recruits": 0, "unspent": []}}
    report = summarise([("bot:normal", "heuristic")], games)
    level = report["levels"]["bot:normal"]
    assert level["leaders_lost_per_100_turns"] == 10.0 and level["leaders_lost_per_game"] == 2.0
    show({**report, "sides": {"first": "A", "second": "B"}, "games_per_match": 2,
          "seconds": 0.0, "jobs": 1, "from_log": 0})
    assert "leaders lost  10.00 per 100 of    40 turns (2.00 a game)" in capsys.readouterr().out


def test_a_mistyped_module_or_player_kind_is_one_line_and_status_2(tmp_path, monkeypatch, capsys):
    from benchmarks import bench_bot
    for argv, said in ((["--module", str(tmp_path / "nope")], "no such module folder"),
                       (["--matches", "bot:hardd-heuristic"], "unknown player kind 'bot:hardd'")):
        monkeypatch.setattr("sys.argv", ["bench_bot.py", "--games", "1", *argv])
        with pytest.raises(SystemExit) as ended:
            bench_bot.main()
        assert ended.value.code == 2
        err = capsys.readouterr().err
        assert said in err and err.count("\n") == 1 and "Traceback" not in err

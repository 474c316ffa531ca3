"""benchmarks/bench_bot.py's report names each module's own sides (a modder
benchmarking a theme read "as Rebels" for its first side)."""

from __future__ import annotations

from benchmarks.bench_bot import show, side_names, summarise
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

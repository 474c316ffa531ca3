"""`warp-empires simulate`, as a user runs it."""

from __future__ import annotations

import json

from warp_empires.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_has_the_promised_keys(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "2", "--seed", "3", "--players",
                       "random,heuristic", "--max-turns", "40", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("games", "players", "finished", "wins", "errors", "turns_mean", "actions",
                "seconds", "actions_per_second"):
        assert key in data
    assert data["games"] == 2 and data["players"] == {"rebels": "random", "empire": "heuristic"}
    assert data["errors"] == 0 and data["actions"] > 0


def test_simulate_same_arguments_same_json_but_timing(capsys):
    args = ("simulate", "--games", "2", "--seed", "9", "--max-turns", "30", "--json")
    _, a, _ = run(capsys, *args)
    _, b, _ = run(capsys, *args)
    a, b = json.loads(a), json.loads(b)
    for key in ("seconds", "actions_per_second"):
        a.pop(key), b.pop(key)
    assert a == b


def test_simulate_rejects_unknown_players_in_one_line(capsys):
    code, _, err = run(capsys, "simulate", "--players", "random,wizard")
    assert code == 1 and err.count("\n") == 1 and "wizard" in err


def test_simulate_save_dir_writes_loadable_saves(capsys, tmp_path):
    from warp_empires.saves import load_game

    code, out, _ = run(capsys, "simulate", "--games", "2", "--max-turns", "20",
                       "--save-dir", str(tmp_path / "sims"))
    assert code == 0
    files = sorted((tmp_path / "sims").glob("*.wes"))
    assert len(files) == 2
    game = load_game(files[0])
    assert game.state.turn >= 1


def test_simulate_saves_dir_that_is_a_file_is_one_line(capsys, tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    code = main(["simulate", "--games", "1", "--saves-dir", str(target)])
    out, err = capsys.readouterr()
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err == f"warp-empires: --saves-dir: {target}: is not a folder\n"


def test_simulate_jobs_gives_the_results_of_one_process(capsys):
    args = ("simulate", "--games", "4", "--seed", "21", "--max-turns", "30", "--json")
    _, one, _ = run(capsys, *args)
    _, two, _ = run(capsys, *args, "--jobs", "2")
    one, two = json.loads(one), json.loads(two)
    for key in ("seconds", "actions_per_second"):
        one.pop(key), two.pop(key)
    assert one == two


def test_simulate_json_gives_each_side_a_win_rate_with_its_interval(capsys):
    code, out, _ = run(capsys, "simulate", "--games", "3", "--seed", "5", "--max-turns",
                       "40", "--json")
    data = json.loads(out)
    for side, rate in data["win_rates"].items():
        assert rate["rate"] == round(data["wins"][side] / 3, 4)
        assert 0 <= rate["low"] <= rate["rate"] <= rate["high"] <= 1
        assert rate["high"] - rate["low"] > 0.3  # three games say little


def test_win_rate_interval_matches_wilson():
    from warp_empires.sim import win_rate

    # 60 of 100: Wilson's 95% interval is 0.5020..0.6906 (by hand, z = 1.96)
    assert win_rate(60, 100) == {"rate": 0.6, "low": 0.502, "high": 0.6906}
    assert win_rate(0, 10)["low"] == 0.0 and win_rate(10, 10)["high"] == 1.0


def test_a_game_stopped_at_the_turn_cap_counts_the_turns_played(capsys):
    # issue 34: a game stopped at the cap was counted as cap+1 turns
    import json

    from warp_empires.cli import main

    assert main(["simulate", "--games", "2", "--max-turns", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["unfinished"] == 2 and summary["turns_mean"] == 3.0


def test_validate_of_an_empty_name_says_so(capsys):
    from warp_empires.cli import main

    assert main(["validate", ""]) == 1
    err = capsys.readouterr().err
    assert not err.startswith(":") and "(an empty module name): 1 problem" in err


def test_json_tells_every_games_length_and_how_it_ended(capsys):
    # issue 37: a mean length alone hid games running from 3 to 301 turns
    import json

    from warp_empires.cli import main

    assert main(["simulate", "--games", "4", "--max-turns", "30", "--seed", "2", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    games = s["per_game"]
    assert [g["seed"] for g in games] == [2, 3, 4, 5]
    turns = sorted(g["turns"] for g in games)
    assert s["turns_range"] == [turns[0], turns[-1]]
    assert turns[0] <= s["turns_quartiles"][0] <= s["turns_quartiles"][1] \
        <= s["turns_quartiles"][2] <= turns[-1]
    for side, causes in s["causes"].items():
        assert sum(causes.values()) == s["wins"][side]
        assert all(any(g["winner"] == side and g["ended"] == why for g in games) for why in causes)
    assert all(g["ended"] == "turn cap" for g in games if g["winner"] is None)


def test_simulate_seats_p1_on_the_first_side_as_play_does(capsys):
    # A modder-tester: `simulate --players` seated P1 on the side that moves
    # first, `play --players` on the first [[side]]; with a module whose other
    # side moves first (the tiny test theme: first_side is its second side)
    # the same list put each player on opposite sides.
    from tests.test_module_load import TINY
    from warp_empires.module import load_module

    module = load_module(TINY)
    assert module.rules.first_side == 1
    code, out, _ = run(capsys, "simulate", "--module", str(TINY), "--games", "1",
                       "--players", "random,heuristic", "--max-turns", "2", "--json")
    assert code == 0
    first, second = (s.id for s in module.sides)
    assert json.loads(out)["players"] == {first: "random", second: "heuristic"}

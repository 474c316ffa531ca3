"""A bare `warp-empires` is `warp-empires play`, options included."""

from __future__ import annotations

from warp_empires.cli import main


def test_bare_options_go_to_play(capsys):
    code = main(["--players", "heuristic,random", "--seed", "4", "--headless", "--exit-on-end",
                 "--max-turns", "2"])
    out, _ = capsys.readouterr()
    assert code == 0 and out.count("\n") == 1 and "after 2 turns" in out


def test_version_is_still_the_programs_own(capsys):
    assert main(["--version"]) == 0
    out, _ = capsys.readouterr()
    assert out.startswith("warp-empires ")


def test_play_help_lists_the_solo_opponent(capsys):
    # RULINGS O6: `solo` is a player kind of `play` as of `simulate`
    try:
        main(["play", "--help"])
    except SystemExit:
        pass
    out = " ".join(capsys.readouterr().out.split())
    assert "heuristic, random or solo" in out

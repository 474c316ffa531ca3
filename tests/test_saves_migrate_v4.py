"""Saves of format 4 (written before a game named the edition of the rules it
was started under) load as edition 1 and keep it when saved again: a real file
kept in tests/fixtures/saves_v4."""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires.engine import Game
from warp_empires.engine.options import RULES, edition
from warp_empires.module import load_module
from warp_empires.saves import load_game, save_game

OLD = Path(__file__).parent / "fixtures" / "saves_v4" / "spied_hand_mid_battle.wes"


def test_the_fixture_really_is_format_4():
    assert OLD.read_bytes()[8:10] == b"\x00\x04"


def test_an_old_save_plays_by_the_first_edition_and_keeps_it(tmp_path):
    game = load_game(OLD)
    assert edition(game.state) == 1 and game.options["rules"] == 1
    again = load_game(save_game(game, tmp_path / "again.wes"))
    assert edition(again.state) == 1
    assert again.state.to_data() == game.state.to_data()


def test_a_new_game_writes_the_current_edition_down():
    game = Game.new(load_module("star_wars"), seed=5)
    assert RULES >= 2 and game.options["rules"] == RULES == edition(game.state)


@pytest.mark.parametrize("bad", [0, RULES + 1, "2", 1.0, None])
def test_an_edition_this_program_does_not_play_is_refused_in_one_line(bad):
    refused = "rules edition .* is not one this program plays|game option .rules. must be"
    with pytest.raises(ValueError, match=refused):
        Game.new(load_module("star_wars"), seed=5, options={"rules": bad})

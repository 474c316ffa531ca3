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


ALL_OPTIONS = Path(__file__).parent / "fixtures" / "saves_v4" / "all_options_mid_game.wes"


def test_a_game_of_the_first_edition_with_revised_options_is_carried_over(tmp_path):
    # issue 35: interception, attrition and the repair hangar were revised; a game
    # played with them under edition 1 goes on from its saved position, labelled
    from warp_empires.engine.invariants import broken
    from warp_empires.saves.carry import LABEL
    from warp_empires.saves.store import save_info

    assert ALL_OPTIONS.read_bytes()[8:10] == b"\x00\x04"
    assert save_info(ALL_OPTIONS).meta.name.endswith(LABEL)  # in the listing
    game = load_game(ALL_OPTIONS)
    assert edition(game.state) == RULES and game.options["carried"] == 1
    assert (game.state.turn, game.state.phase) == (10, "move") and len(game.actions) == 0
    assert game.state.hangar and not broken(game.state)
    again = load_game(save_game(game, tmp_path / "again.wes"))
    assert again.options["carried"] == 1 and save_info(tmp_path / "again.wes").meta.name \
        .endswith(LABEL)  # the label stays
    from warp_empires.bots import make_player

    players = [make_player("heuristic", game.module, 1), make_player("heuristic", game.module, 2)]
    for _ in range(400):  # it plays on under the revised rules
        if game.over:
            break
        p = game.prompt()
        game.apply(p.side, players[p.side].choose(game.view(p.side, log=False),
                                                  game.legal_actions(p.side)))
        assert not broken(game.state)


def test_a_standard_game_of_the_first_edition_is_not_carried_over():
    game = load_game(OLD)
    assert "carried" not in game.options and len(game.actions) > 0

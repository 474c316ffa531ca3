"""A game's options hold only what the engine reads (engine/options.py
GAME_KEYS): anything else is said at once, in one line."""

from __future__ import annotations

import pytest

from warp_empires.engine import Game
from warp_empires.module import load_module


def test_an_optional_rule_given_as_a_key_is_refused_with_the_right_form():
    # issue 34: {"interception": True} was silently ignored
    with pytest.raises(ValueError) as err:
        Game.new(load_module("star_wars"), 3, {"interception": True})
    assert "unknown game option 'interception'" in str(err.value)
    assert "{'optional': ['interception']}" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("options", [{"cheat": 1}, {"open_hands": "yes"},
                                     {"optional": "attrition"}])
def test_an_unknown_key_or_a_wrong_type_is_refused(options):
    with pytest.raises(ValueError, match="game option"):
        Game.new(load_module("star_wars"), 3, options)


def test_the_known_keys_are_taken():
    game = Game.new(load_module("star_wars"), 3, {"open_hands": True, "optional": ["attrition"]})
    assert game.options["open_hands"] is True and game.options["optional"] == ["attrition"]

"""`x` spends a point of a module's pool in a battle's card play (docs/rules.md
G9), on the controller without a screen: milliseconds."""

from __future__ import annotations

from pathlib import Path

from tests.tui.helpers import game_where
from warp_empires.engine import Game
from warp_empires.module import load_module
from warp_empires.tui.control_words import VERB_KEYS
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session

PUNIC = load_module(Path(__file__).parents[1] / "themes" / "punic")


def _deciding(game: Game) -> Controller:
    """The hot seat's controller, past the hand-over card to the decider."""
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    if c.mode is Mode.HANDOVER:
        c.key("enter")
    assert c.mode is Mode.DECIDING
    return c


def test_x_spends_a_point_where_the_battle_lets_one_be_spent():
    game = game_where(PUNIC, lambda g: ("spend",) in g.legal_actions(), seeds=range(1, 20))
    side = game.prompt().side
    c = _deciding(game)
    before = game.state.points[side]
    assert VERB_KEYS["spend"][0] == "x"
    c.key("x")
    assert game.state.points[side] == before - 1
    assert game.state.battle is None or game.state.battle.spent[side] >= 1


def test_x_where_nothing_can_be_spent_says_so(star_wars):
    game = game_where(star_wars, lambda g: g.prompt().kind == "battle_card", seeds=range(1, 20))
    c = _deciding(game)
    n = len(game.actions)
    c.key("x")
    assert len(game.actions) == n
    assert any("x (Spend a point) is not a choice now" in m.text for m in c.notices)

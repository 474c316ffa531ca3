"""The winner's losses paid for the winner when there is one way to pay them
(RULINGS B8, H9), and said in a message."""

from __future__ import annotations

from tests.tui.helpers import game_where
from warp_empires.engine import only_payment
from warp_empires.tui.session import Session


def _owing(star_wars):
    """A game where the winner owes losses it can pay only one way."""
    return game_where(star_wars, lambda g: g.state.step == "casualty" and not g.state.pend.picked
                      and only_payment(g.state) is not None, seeds=range(1, 200))


def test_the_only_payment_is_made_and_named(star_wars):
    game = _owing(star_wars)
    side = game.prompt().side
    payment = only_payment(game.state)
    session = Session(game, ("human", "human"))
    done = session.play_forced()
    assert done and done[0][0] == side and done[0][1].startswith("lose ")
    assert [tuple(a) for _s, a in game.actions[-len(payment):]] == payment
    assert not (game.state.step == "casualty" and game.state.battle.stage == "winner")


def test_no_payment_is_made_for_a_computer_player(star_wars):
    game = _owing(star_wars)
    side = game.prompt().side
    players = ("human", "heuristic") if side == 1 else ("heuristic", "human")
    session = Session(game, players)
    before = len(game.actions)
    session.play_forced()
    assert len(game.actions) == before

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


def test_a_selection_that_must_take_every_item_is_taken_and_named(star_wars):
    # Play-test: with no revenue left, upkeep asked "1 of 1: disband Princess
    # Leia"; every unit must go, and everyone can count that (RULINGS U1, H5, H9).
    from warp_empires.engine import whole_selection

    # edition 1 (RULINGS M8 before its revision): an uprising on the Empire's
    # only marker strips it at its first upkeep, which random play finds often
    game = game_where(star_wars, lambda g: whole_selection(g.state) is not None,
                      seeds=range(1, 200), rules=1)
    side = game.prompt().side
    kind = game.prompt().kind
    whole = whole_selection(game.state)
    assert whole[-1][0] in ("confirm", "done") and len(whole) - 1 == len(game.state.pend.items)
    session = Session(game, ("human", "human"))
    done = session.play_forced()
    assert done and done[0][0] == side
    assert [tuple(a) for _s, a in game.actions[-len(whole):]] == whole
    assert game.state.step != kind or game.prompt().side != side
    # an undo goes back past it, to the side's own decision before (RULINGS Z1)
    if session.can_undo(side):
        session.undo(side)
        assert whole_selection(game.state, begun=True) is None


def test_a_selection_with_a_choice_is_left_to_the_side(star_wars):
    from warp_empires.engine import whole_selection

    game = game_where(star_wars, lambda g: g.state.step == "upkeep"
                      and whole_selection(g.state) is None, seeds=range(1, 200))
    assert game.prompt().owed < len(game.state.pend.items)

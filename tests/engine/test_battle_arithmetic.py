"""The battle's arithmetic, written once in engine/strength.py for the engine,
the forecasts and the computer players: who wins (RULINGS B6) and what the
loser and the winner lose (B7, B8)."""

from __future__ import annotations

from warp_empires.engine.strength import loser_loses, winner, winner_owes


def test_b6_the_higher_total_wins_a_tie_goes_as_the_module_says_a_lone_stack_wins():
    assert winner(0, [True, True], [9, 7], "defender") == 0
    assert winner(0, [True, True], [7, 9], "attacker") == 1
    assert winner(0, [True, True], [7, 7], "defender") == 1
    assert winner(0, [True, True], [7, 7], "attacker") == 0
    assert winner(1, [True, True], [7, 7], "defender") == 0  # side 1 attacks
    assert winner(0, [True, False], [0, 30], "defender") == 0  # a card destroyed the stack
    assert winner(0, [False, True], [30, 0], "attacker") == 1


def test_b7_b8_half_rounded_up_and_exactly_half_is_enough():
    assert [loser_loses(n) for n in range(5)] == [0, 1, 1, 2, 2]
    assert [winner_owes(f) for f in (0, 1, 5, 6, 15)] == [0, 1, 3, 3, 8]

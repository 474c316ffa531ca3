"""Initiative, an optional rule (RULINGS O4): each round both sides roll their
quality die and the higher plays first; a tie goes to the side that played
first in the round before; round 1 is the module's first side's."""

from __future__ import annotations

from dataclasses import replace

from warp_empires.engine import view

from .builder import advance, blank, make_module, play_with, rig


def end_turn(s) -> None:
    """The active side ends its turn (Upkeep over: Control, then the next turn)."""
    s.phase = "upkeep"
    advance(s, "upkeep_over")


def test_o4_off_in_the_standard_game():
    s = blank()
    rig(s, 1, 8, sides=8)
    end_turn(s)
    end_turn(s)
    assert s.active == 0 and s.turn == 3


def test_o4_the_first_round_is_the_first_sides_without_a_roll():
    s = blank()
    play_with(s, "initiative")
    rig(s, 1, 8, sides=8)
    end_turn(s)  # turn 1 -> 2: the other side, as always within a round
    assert s.active == 1 and not any("Initiative" in e["text"] for e in s.log)


def test_o4_the_higher_roll_plays_first_and_may_play_twice_in_a_row():
    s = blank()
    play_with(s, "initiative")
    end_turn(s)  # side 1 now plays the second turn of round 1
    rig(s, 2, 7, sides=8)  # side 0 rolls 2, side 1 rolls 7
    end_turn(s)
    assert s.turn == 3 and s.active == 1  # side 1 again
    line = next(e["text"] for e in s.log if "Initiative" in e["text"])
    assert ("Initiative for round 2: The Red rolls 2 (d8), the Blue rolls 7 (d8); the Blue "
            "plays first.") == line
    assert all(e["to"] is None for e in s.log if "Initiative" in e["text"])  # public
    # and said in a line of its own, for both sides (play-test: nobody noticed)
    twice = [e for e in s.log if e["kind"] == "initiative"]
    assert [(e["text"], e["to"]) for e in twice] == [
        ("The Blue plays two player-turns in a row (initiative).", None)]
    end_turn(s)  # round 2's second turn: side 0, no roll
    assert s.active == 0 and sum("Initiative" in e["text"] for e in s.log) == 1


def test_o4_a_tie_stays_with_the_side_that_played_first_last_round():
    s = blank()
    play_with(s, "initiative")
    end_turn(s)
    rig(s, 4, 4, sides=8)
    end_turn(s)
    line = next(e["text"] for e in s.log if "Initiative" in e["text"])
    assert s.active == 0 and "a tie: it stays with the side that played first" in line
    assert not any(e["kind"] == "initiative" for e in s.log)  # no turn twice in a row
    # round 2 had side 0 first; a tie at its end keeps side 0 first again
    end_turn(s)
    rig(s, 3, 3, sides=8)
    end_turn(s)
    assert s.active == 0


def test_o4_a_tie_after_a_round_won_by_the_second_side_keeps_it_with_them():
    s = blank()
    play_with(s, "initiative")
    end_turn(s)
    rig(s, 1, 8, sides=8)
    end_turn(s)  # round 2: side 1 first (turn 3), side 0 second (turn 4)
    assert s.active == 1
    end_turn(s)
    assert s.active == 0
    rig(s, 5, 5, sides=8)
    end_turn(s)
    assert s.active == 1  # the tie stays with side 1, first in round 2


def test_o4_quality_sets_each_sides_die():
    m = make_module(elimination=False)
    opts = {**m.options, "initiative": replace(m.options["initiative"], dice=(10, 6))}
    s = blank(replace(m, options=opts))
    play_with(s, "initiative")
    end_turn(s)
    rig(s, 9, 6, sides=(10, 6))  # side 0's d10, then side 1's d6
    end_turn(s)
    line = next(e["text"] for e in view(s, 1).log if "Initiative" in e["text"])
    assert "The Red rolls 9 (d10), the Blue rolls 6 (d6)" in line and s.active == 0

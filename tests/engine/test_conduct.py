"""bots.conduct: the tallies benchmarks and `train` keep of how a side played
(leaders lost to capture, money left unspent when a keepable chit was on
offer, player-turns)."""

from __future__ import annotations

from warp_empires.bots.conduct import Conduct
from warp_empires.engine import apply

from .builder import at_revenue, blank, buy_first, hold_captive, put, tid


def _recruiting(bank: int, units: int = 1):
    """Side 0 in its Recruit phase with revenue 4 (upkeep limit 20 in the tiny
    theme) and `units` units on the map."""
    s = blank()
    put(s, 0, "a", *["wing"] * min(units, 4), *["cruiser"] * max(0, units - 4))
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "c")] = 0
    at_revenue(s, bank=bank)
    return s


def test_a_bank_left_with_an_affordable_keepable_chit_on_offer_is_counted():
    # RULINGS R1: a chit costs its Force
    s = _recruiting(bank=20)
    c = Conduct()
    chit = buy_first(s)
    left = s.banks[0] - s.unit(chit).force
    c.before(s, 0, ("done",))
    apply(s, 0, ("done",))
    assert c.recruits[0] == 1 and c.unspent[0] == [left]


def test_nothing_affordable_or_no_room_under_the_upkeep_limit_is_not_hoarding():
    # RULINGS U1: units past the upkeep limit are disbanded, so not buying them is right
    poor = _recruiting(bank=0)
    poor.banks[0] = 0  # the revenue just gained spent elsewhere
    c = Conduct()
    c.before(poor, 0, ("done",))
    assert c.recruits[0] == 1 and c.unspent[0] == []
    full = _recruiting(bank=20, units=7)
    full.revenue[0] = 1  # upkeep limit 5, 7 units on the map
    c.before(full, 0, ("done",))
    assert c.recruits[0] == 2 and c.unspent[0] == []


def test_only_the_closing_of_an_offer_is_looked_at():
    s = _recruiting(bank=20)
    c = Conduct()
    c.before(s, 0, ("pick", 0))
    assert c.recruits[0] == 0 and c.unspent[0] == []


def test_each_capture_of_a_leader_counts_once_and_a_recapture_again():
    # RULINGS B9: a leader alone is captured
    s = blank()
    c = Conduct()
    hero = hold_captive(s, 1, "hero")
    c.after(s)
    c.after(s)
    assert c.leaders_lost == [1, 0]
    hold_captive(s, 1, "wing")  # not a leader
    c.after(s)
    assert c.leaders_lost == [1, 0]
    s.captives[1].remove(hero)  # rescued (G6), then taken again
    c.after(s)
    s.captives[1].append(hero)
    c.after(s)
    assert c.leaders_lost == [2, 0]


def test_player_turns_are_counted_for_the_side_whose_turn_it_is():
    s = blank()
    c = Conduct()
    c.after(s)
    s.turn, s.active = 2, 1
    c.after(s)
    c.after(s)
    s.turn, s.active = 3, 0
    c.after(s)
    assert c.turns == [2, 1]
    assert c.summary(0) == {"turns": 2, "leaders_lost": 0, "recruits": 0, "unspent": []}

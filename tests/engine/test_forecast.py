"""Forecasts a side works out from its own view (engine/forecast.py): they must
say what the rules then do (RULINGS U1, K1, K2) and read only the view."""

from __future__ import annotations

from tests.engine.builder import blank, end_recruit, end_upkeep, make_module, put, tid
from warp_empires.engine import prompt, view
from warp_empires.engine.forecast import unclaimed_reason, upkeep


def test_u1_the_upkeep_forecast_is_what_upkeep_then_asks():
    # RULINGS U1: 5 per revenue; every unit on the map counts
    s = blank()
    put(s, 0, "a", "hero", "fort", "wing", "wing", "cruiser", "cruiser", "frigate")
    s.control[tid(s, "a")] = 0  # revenue 1: limit 5
    due = upkeep(s.module, view(s, 0), 0)
    assert (due.units, due.revenue, due.limit, due.over) == (7, 1, 5, 2)
    # stack sizes and markers are public: the enemy reads the same forecast
    assert upkeep(s.module, view(s, 1), 0) == due
    s.revenue[0] = due.revenue  # what the Revenue phase gains from the same markers
    s.phase = "recruit"
    end_recruit(s)
    assert prompt(s).kind == "upkeep" and prompt(s).owed == due.over


def test_u1_no_warning_within_the_limit():
    s = blank()
    put(s, 0, "c", "cruiser", "wing")
    s.control[tid(s, "c")] = 0  # revenue 3: limit 15
    assert upkeep(s.module, view(s, 0), 0).over == 0


def test_k1_k2_the_reason_a_territory_would_not_be_claimed_matches_control():
    s = blank()
    put(s, 0, "a", "wing")  # no control trait (K2)
    put(s, 0, "c", "frigate")  # a carrier: claims it
    put(s, 0, "e", "cruiser")
    put(s, 1, "e", "swarm")  # an enemy stack (K1)
    v = view(s, 0)
    reasons = {w: unclaimed_reason(s.module, v, tid(s, w)) for w in "abcdef"}
    assert "K2" in reasons["a"] and "no unit here can take control" in reasons["a"]
    assert "K1" in reasons["e"]
    assert reasons["c"] is None and reasons["b"] is None  # claimed; not a revenue territory
    end_upkeep(s)
    claimed = {w for w in "abcdef" if s.control[tid(s, w)] == 0}
    assert claimed == {w for w in "ace" if reasons[w] is None} == {"c"}


def test_k2_no_reason_when_any_unit_may_claim():
    s = blank(make_module(control_filters=(), elimination=False))
    put(s, 0, "a", "wing")
    assert unclaimed_reason(s.module, view(s, 0), tid(s, "a")) is None


def test_the_forecast_says_nothing_about_units_the_view_does_not_list():
    # a shared screen's view lists no units of the viewer's hidden stacks
    s = blank()
    put(s, 0, "a", "wing")
    assert unclaimed_reason(s.module, view(s, 0, public=True), tid(s, "a")) is None

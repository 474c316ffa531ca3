"""Forecasts a side works out from its own view (engine/forecast.py): they must
say what the rules then do (RULINGS U1, K1, K2) and read only the view."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.engine.builder import (
    blank,
    end_recruit,
    end_upkeep,
    give,
    make_module,
    pass_both,
    put,
    tid,
    to_battle,
)
from warp_empires.engine import prompt, view
from warp_empires.engine.forecast import unclaimed_reason, upkeep
from warp_empires.engine.viewtypes import UnitEntry
from warp_empires.present.odds import brief, leaderless_victories


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
    assert "no unit here can take control" in reasons["a"]  # K2
    assert reasons["e"] == "an enemy stack is here too"  # K1
    assert "RULINGS" not in reasons["a"]  # players know no ruling numbers (play-test)
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


# Battles (RULINGS B5-B8)

def _battles_about_to_be_fought() -> list:
    """Positions of real games at a battle's first card decision, no card
    played: the totals the battle will compare are then fixed (B5)."""
    from tests.engine.test_secrets import positions

    return [s for name in ("star_wars", "tiny") for s in positions(name)
            if s.step == "battle_card" and not s.battle.played and s.battle.passes == 0]


def test_b5_with_both_stacks_open_the_forecast_is_the_battle():
    # During a battle both stacks are open (B2): the forecast must be exact.
    from warp_empires.engine.battle import totals
    from warp_empires.engine.forecast import battle_forecast

    checked = 0
    for s in _battles_about_to_be_fought():
        t = s.battle.t
        real = totals(s)
        for side in (0, 1):
            odds = battle_forecast(s.module, view(s, side), t)
            mine, theirs = real[side]["total"], real[1 - side]["total"]
            assert odds.ours == (mine, mine) and odds.theirs == (theirs, theirs), (odds, real)
            assert odds.hidden == 0 and odds.verdict in ("win", "lose")
            wins = mine > theirs or (mine == theirs and (side == s.active) ==
                                     (s.module.rules.tie_winner == "attacker"))
            assert odds.verdict == ("win" if wins else "lose")
            checked += 1
    assert checked >= 20


def test_b5_a_hidden_stack_gives_a_range_holding_the_real_total():
    # Before the reveal the viewer sees the enemy's top unit and size (H2):
    # whatever is below, the real totals fall inside the ranges.
    from warp_empires.engine.battle import totals
    from warp_empires.engine.forecast import battle_forecast

    ranged = 0
    for s in _battles_about_to_be_fought():
        t = s.battle.t
        real = totals(s)
        for side in (0, 1):
            v = view(s, side)
            entry = replace(v.stacks[1 - side][t], units=None)  # as seen before the battle
            v.stacks[1 - side][t] = entry
            v.intel = []  # and not spied on (see the spy test below)
            odds = battle_forecast(s.module, v, t)
            assert odds.hidden == entry.size - 1
            lo, hi = odds.theirs
            assert lo <= real[1 - side]["total"] <= hi, (odds, real)
            assert odds.ours[0] <= real[side]["total"] <= odds.ours[1], (odds, real)
            ranged += odds.hidden > 0
    assert ranged >= 10


def test_b7_b8_what_a_win_costs():
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "wing")  # Force 9, one Bombardment
    put(s, 1, "c", "hauler")  # one unit: nothing hidden
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert odds.verdict == "win" and odds.hidden == 0
    assert odds.their_losses == 1  # half of one, rounded up (B7)
    assert odds.our_loss_force == (1, 1)  # at least half of the hauler's Force 1 (B8)
    assert odds.our_losses_if_lost == 2
    assert "you win" in odds.words() and odds.words().endswith("you lose Force 1")
    assert "(B8)" not in odds.words()  # play-test: the words are for players, not rulings
    assert "before cards" not in odds.words()  # the enemy holds none
    # B3, B4: cards may yet turn it, and how many the enemy holds is public (H5)
    give(s, 1, "ambush", "step")
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert "you win before cards (they hold 2 cards);" in odds.words()


def test_b6_a_forecast_tie_says_who_ties_go_to():
    # play-test: "you 5 against 5: you lose" did not say why
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "c", "frigate", "frigate", "wing")  # 5 and the Defense majority: 7
    put(s, 1, "c", "destroyer")  # 5 and the Bomb majority: 7, nothing hidden
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert odds.ours == odds.theirs == (7, 7) and odds.verdict == "lose"
    assert "you lose (a tie goes to the defender)" in odds.words()
    put(s, 0, "c", "wing")  # 8 to 7: no tie, nothing to say about ties
    assert "tie" not in battle_forecast(s.module, view(s, 0), tid(s, "c")).words()


def test_b8_the_forecast_says_when_a_win_would_take_a_leader():
    # play-test: a hero and a wing beat a lone destroyer, the hero paid the
    # winner's losses and the side, left with no leader, lost the game
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "c", "hero", "wing")  # Force 5 + 1 (and the leader bonus)
    put(s, 1, "c", "destroyer")  # Force 5 lost: the winner owes 3 (B8)
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert odds.our_loss_force == (3, 3) and odds.leader_paid == "must"
    assert "which must take a leader (your last on the map)" in odds.words()
    # and the destination's row says it too (play-test: it said only "you win")
    assert brief(odds).endswith("; winning costs you your last leader (Force 3 owed)")
    # the side panel names what the enemy then wins by (issue 39 play-test)
    from warp_empires.tui.looks import territory_details

    panel = territory_details(s.module, view(s, 0), tid(s, "c")).plain
    assert f"win: {leaderless_victories(s.module, 0)[0]}" in panel
    put(s, 0, "d", "captain")  # another leader elsewhere: not the last one
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert "which must take a leader;" in odds.words() + ";" and not odds.last_leader
    assert brief(odds).endswith("; winning costs you a leader (Force 3 owed)")
    s2 = blank()
    put(s2, 0, "c", "hero", "cruiser")  # the cruiser's Force 4 pays the 3
    put(s2, 1, "c", "destroyer")
    odds = battle_forecast(s2.module, view(s2, 0), tid(s2, "c"))
    assert odds.leader_paid == "" and "leader" not in odds.words()
    assert brief(odds).endswith("; winning costs you Force 3")


def test_b7_a_row_forecasting_a_loss_says_the_last_leader_goes_with_it():
    # Play-test 17: lone Leia attacked, or Luke and a wing against the Emperor:
    # the row forecast a loss and said nothing, though losing gives the winner
    # the first pick of the losses (RULINGS B7), the last leader among them
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "c", "hero", "wing")  # 5 + 1 (+5 bonus, cancelled by the tyrant)
    put(s, 1, "c", "tyrant", "destroyer", "destroyer")  # 15: the hero's side loses
    odds = battle_forecast(s.module, view(s, 0), tid(s, "c"))
    assert odds.verdict == "likely lose" and odds.last_here  # two of its units hidden
    assert brief(odds).endswith("; losing costs your last leader")
    assert "your last leader on the map among them" in odds.words()
    # a win (a card may bring one) that a leader must pay for too: either way
    t = blank()
    put(t, 0, "c", "hero", "wing")  # 6 (+5: no leader there) against 15
    put(t, 1, "c", "destroyer", "destroyer", "destroyer")  # won, 10 lost: 5 owed
    t.shown = [(1, tid(t, "c"))]  # seen in a battle
    odds = battle_forecast(t.module, view(t, 0), tid(t, "c"))
    assert (odds.verdict, odds.leader_paid) == ("lose", "must")
    assert brief(odds).endswith("; either way you lose your last leader")
    # another leader elsewhere, or a shared screen's view: nothing said
    put(s, 0, "a", "captain")
    assert not battle_forecast(s.module, view(s, 0), tid(s, "c")).last_here
    u = blank()
    put(u, 0, "c", "hero", "wing")
    put(u, 0, "a", "captain")  # elsewhere, unseen by the enemy: a shared view lists it not
    put(u, 1, "c", "tyrant", "destroyer", "destroyer")
    u.shown = [(0, tid(u, "c")), (1, tid(u, "c"))]
    shared = battle_forecast(u.module, view(u, 0, public=True), tid(u, "c"))
    assert shared is not None and not shared.last_here


def test_the_victories_a_side_loses_with_its_last_leader_are_named():
    # RULINGS W2: the Empire wins with no Rebel leader in play (and a captive)
    from warp_empires.module import load_module

    star_wars = load_module("star_wars")
    rebels = next(i for i, sd in enumerate(star_wars.sides) if sd.id == "rebels")
    assert leaderless_victories(star_wars, rebels) == [
        v.text for v in star_wars.victory if v.side == 1 - rebels]
    assert leaderless_victories(star_wars, 1 - rebels) == []


def test_no_forecast_where_there_would_be_no_battle():
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "e", "hauler")
    assert battle_forecast(s.module, view(s, 0), tid(s, "c")) is None
    assert battle_forecast(s.module, view(s, 0), tid(s, "e")) is None
    # a group moving in counts: the cruiser's type joining at e
    cruiser = s.chits[s.stacks[0][tid(s, "c")][0]]
    odds = battle_forecast(s.module, view(s, 0), tid(s, "e"), [cruiser])
    assert odds is not None and odds.ours[0] >= 4


def test_h4_a_stack_spied_this_turn_is_forecast_as_seen():
    # Play-test: right after a spy card showed a stack, the forecast still
    # gave a range over its "hidden" units.
    from tests.engine.builder import card, give
    from warp_empires.engine import apply
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "tyrant")
    cruiser = [s.chits[c] for c in s.stacks[0][tid(s, "a")]]
    before = battle_forecast(s.module, view(s, 0), tid(s, "e"), cruiser)
    assert before.hidden == 1 and before.theirs[0] < before.theirs[1]
    give(s, 0, "spies")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("target", tid(s, "e")))
    after = battle_forecast(s.module, view(s, 0), tid(s, "e"), cruiser)
    # the same as with the stack open (as in a battle, RULINGS B2)
    seen = view(s, 0)
    seen.intel = []
    seen.stacks[1][tid(s, "e")] = replace(seen.stacks[1][tid(s, "e")], units=tuple(
        UnitEntry(c, s.chits[c]) for c in s.stacks[1][tid(s, "e")]))
    assert after == battle_forecast(s.module, seen, tid(s, "e"), cruiser)
    assert after.hidden == 0 and after.theirs[0] == after.theirs[1]
    # the enemy's own view of the same stack is unchanged by the other's intel
    assert battle_forecast(s.module, view(s, 1), tid(s, "a"), []) is None


def test_b5_h2_hidden_units_are_bounded_by_what_the_enemy_has_left():
    # Play-test: "9 to 109 (4 hidden)" counted every hidden unit as the
    # strongest kind, though the module has one of it. A kind counts at most as
    # often as the module has it, less those seen elsewhere (tops, H2).
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "hauler")  # the hauler is hidden
    for where in ("c", "f"):
        put(s, 1, where, "destroyer")  # the three destroyers are all seen
    put(s, 1, "b", "tyrant")  # and the Force-5 leader
    cruiser = [s.chits[c] for c in s.stacks[0][tid(s, "a")]]
    odds = battle_forecast(s.module, view(s, 0), tid(s, "e"), cruiser)
    # the hidden unit is at most the enforcer (4), who brings the leader bonus
    # (5), and at most one swarm's Defence majority (2): 5 + 4 + 5 + 2
    assert odds.theirs == (6, 16) and odds.hidden == 1
    assert odds.verdict == "lose"


def test_b5_the_verdict_leans_on_what_hidden_units_average():
    # Play-test: with anything hidden the forecast said "could go either way"
    # nearly always; the average of what may be hidden decides a "likely".
    from warp_empires.engine.forecast import battle_forecast

    s = blank()
    put(s, 0, "a", "cruiser", "cruiser", "cruiser")
    put(s, 1, "e", "swarm", "hauler", "swarm")
    cruisers = [s.chits[c] for c in s.stacks[0][tid(s, "a")]]
    odds = battle_forecast(s.module, view(s, 0), tid(s, "e"), cruisers)
    lo, hi = odds.theirs
    assert lo < odds.ours[0] < hi  # the ranges overlap: not certain
    assert odds.verdict == "likely win" and "you are likely to win" in odds.words()
    s = blank()
    put(s, 0, "a", "cruiser", "cruiser")
    put(s, 1, "e", "destroyer", "hauler", "swarm")  # a Force-5 top and two hidden
    cruisers = [s.chits[c] for c in s.stacks[0][tid(s, "a")]]
    odds = battle_forecast(s.module, view(s, 0), tid(s, "e"), cruisers)
    assert odds.theirs[0] < odds.ours[0] < odds.theirs[1]
    assert odds.verdict == "likely lose" and "you are likely to lose" in odds.words()


def test_u1_w3_the_status_says_when_upkeep_would_lose_the_game():
    # Play-test: an Incite Uprising took a side's only planet; at its next
    # upkeep every unit went and the game with it (RULINGS U1, W3), while the
    # status only said "upkeep would disband 6 units".
    from tests.engine.builder import make_module
    from warp_empires.tui.widgets.status import status_text

    def status(s) -> str:
        return status_text(s.module, view(s, 0)).plain

    s = blank(make_module())  # elimination (W3) on
    put(s, 0, "b", "cruiser", "wing")
    assert "disband 2 units at revenue 0" in status(s)
    assert "that loses the game" in status(s)
    s.control[tid(s, "a")] = 0  # a planet of revenue 1: upkeep keeps 5 units
    assert "disband" not in status(s) and "loses" not in status(s)
    s2 = blank()  # elimination off: disbanding everything loses nothing by itself
    put(s2, 0, "b", "cruiser")
    assert "disband 1 unit" in status(s2) and "loses" not in status(s2)


def test_w2_the_last_leader_warning_is_its_sides_alone_twins_read_alike():
    # Play-test 16: the game ended when the last Rebel leader was captured,
    # and nothing in play had said it was the last (RULINGS W2: the enemy's
    # victory asks for none of them on the map).
    from warp_empires.tui.widgets.status import compact_status_text, status_text

    def status(s, side: int = 0, public: bool = False) -> str:
        return status_text(s.module, view(s, side, public=public)).plain

    s = blank()
    put(s, 0, "a", "hero", "wing")
    put(s, 0, "c", "cruiser", "wing")
    put(s, 1, "e", "tyrant")
    assert "hero is your last leader: lose it and the blue may win" in status(s).lower()
    # a second leader, in a stack the enemy has not seen: no warning, and the
    # enemy's panel and a shared screen's read the same as with one (H1, H2)
    t = blank()
    put(t, 0, "a", "hero", "wing")
    put(t, 0, "c", "cruiser", "captain")
    put(t, 1, "e", "tyrant")
    assert "last leader" not in status(t) and "may win" not in status(t)
    assert status(s, 1) == status(t, 1)
    assert status(s, 0, public=True) == status(t, 0, public=True)
    assert "may win" not in status(s, 0, public=True)
    # none on the map: nothing left to guard, nothing said
    u = blank()
    put(u, 0, "c", "cruiser")
    assert "leader" not in status(u)
    # the enemy's victory here asks for none of side 1's leaders: no warning
    assert "leader" not in status(s, 1)
    # one line on a short screen (80x24)
    short = compact_status_text(s.module, view(s, 0)).plain
    assert "  your last leader: Hero\n" in short
    assert compact_status_text(t.module, view(t, 1)).plain \
        == compact_status_text(s.module, view(s, 1)).plain


def test_an_uprising_on_the_enemys_last_marker_is_said_to_end_its_game():
    # RULINGS M8, U1, W3: with its last revenue marker gone the enemy collects
    # nothing, its upkeep keeps no unit, and with no units and no revenue
    # territory it loses (play-test: a first-turn Incite Uprising on Coruscant)
    from warp_empires.engine.forecast import last_marker
    s = blank()
    put(s, 0, "a", "hero")
    put(s, 1, "c", "destroyer")
    c, e = tid(s, "c"), tid(s, "e")
    s.control[c] = 1
    v = view(s, 0, log=False)
    assert last_marker(s.module, v, c)
    assert not last_marker(s.module, v, e)  # no marker of theirs there
    s.control[e] = 1
    assert not last_marker(s.module, view(s, 0, log=False), c)  # another one is left
    s.control[tid(s, "a")] = 0  # and the other side's only one, seen from across
    assert last_marker(s.module, view(s, 1, log=False), tid(s, "a"))


@pytest.mark.parametrize("ours, theirs", [
    (("scipio", "legion"), ("elephants",)),  # G12: the tactician's +2 against elephants
    (("legion", "castra"), ("elephants",)),  # G13: elephants ignore fortifications
    (("legion", "quinqueremes"), ("mercenaries",)),  # G23: a fleet fights only fleets
])
def test_g12_g13_g23_the_forecast_counts_powers_as_the_battle_does(ours, theirs):
    # A modder's play-test: "you win 17 to 12" at move time, 21 in the battle
    # with "powers 4": the forecast left units' powers out.
    import dataclasses
    from pathlib import Path

    from tests.engine.builder import blank, put, to_battle
    from warp_empires.engine.battle import totals
    from warp_empires.engine.forecast import battle_forecast
    from warp_empires.module import load_module

    rome = load_module(Path(__file__).parents[1] / "themes" / "punic")
    quiet = dataclasses.replace(rome, rules=dataclasses.replace(rome.rules, elimination=False))
    s = blank(quiet)
    put(s, 0, "sicily", *ours)
    put(s, 1, "sicily", *theirs)
    to_battle(s)
    real = totals(s)
    force = [sum(rome.units[u].force for u in (s.chits[c] for c in s.stacks[side][s.battle.t]))
             for side in (0, 1)]
    # the case is one where a power counts (else it would pass without the fix)
    assert any(real[i]["total"] != force[i] + real[i]["leader"] + real[i]["majority"]
               for i in (0, 1)), real
    for side in (0, 1):
        odds = battle_forecast(s.module, view(s, side), s.battle.t)
        assert odds.ours == (real[side]["total"],) * 2, (odds, real)
        assert odds.theirs == (real[1 - side]["total"],) * 2, (odds, real)


def test_the_short_panel_lists_each_sides_captives_under_its_own_line():
    # Play-test at 80x24: "E $0 (+13) ... / holds captive: Darth Vader" where the
    # Rebels held Vader: the warnings all came after both sides' lines
    from tests.engine.builder import hold_captive
    from warp_empires.tui.widgets.status import compact_status_text

    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer")
    hold_captive(s, 0, "tyrant")
    lines = compact_status_text(s.module, view(s, 1)).plain.splitlines()
    held = next(i for i, line in enumerate(lines) if "holds captive" in line)
    assert held == 1 and lines[2].startswith(s.module.sides[1].short[:1])


def test_w2_a_loss_row_says_it_takes_the_last_leader():
    # Play-test 17: "lose Luke Skywalker (Force 5)" said nothing of the game
    # ending with it (RULINGS W2: the enemy wins with none on the map). The
    # rows are the decider's own (build_choices reads its own view).
    from warp_empires.engine import Game, apply
    from warp_empires.present.rows import build_choices

    def rows(captain: bool) -> list[str]:
        s = blank()
        put(s, 0, "c", "hero", "wing", "wing", "wing")
        put(s, 1, "c", "destroyer", "destroyer", "destroyer")
        if captain:
            put(s, 0, "a", "captain")  # a second leader elsewhere
        to_battle(s)
        pass_both(s)
        # the winner picks a wing first (RULINGS B7); the Red picks the rest
        wing = s.stacks[0][tid(s, "c")][1]
        apply(s, 1, ("pick", s.pend.items.index(wing)))
        apply(s, 1, ("confirm",))
        assert prompt(s).side == 0 and prompt(s).kind == "casualty"
        game = Game(s.module, 0, dict(s.options), s, [])
        return [c.label for c in build_choices(game) if c.action[0] in ("pick", "unpick")]

    one = rows(captain=False)
    assert [r for r in one if r.endswith("; your last leader)")] == [
        next(r for r in one if "Hero" in r)]
    assert not any("last leader" in r for r in rows(captain=True))


def test_b5_a_hidden_unit_is_either_the_strongest_or_a_leader_not_both():
    # play-test 18: "they 7-36" took one hidden unit for the strongest ship
    # and for a leader (its bonus) at once
    from warp_empires.engine.forecast import _hidden_lead

    m = blank().module
    destroyer, hauler, enforcer = (m.unit_by_id(1, u) for u in ("destroyer", "hauler", "enforcer"))
    bonus = m.rules.leader_bonus
    # one hidden: the destroyer (5) or the enforcer (4) with the bonus, 4 + 5 at most
    assert 5 + _hidden_lead([destroyer, hauler, enforcer], 1, bonus) == max(5, 4 + bonus)
    # two hidden: the destroyer and the enforcer together, bonus and all
    assert _hidden_lead([destroyer, hauler, enforcer], 2, bonus) == bonus
    # a leader at least as strong as the rest: the bonus whole
    assert _hidden_lead([hauler, enforcer], 1, bonus) == bonus

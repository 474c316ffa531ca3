"""Fleets that stay at sea (docs/rules.md G17-G21), ruling by ruling on the
punic test theme: its fleets ferry (G17), a unit bought may enter a sea next
to a port of its side (G18), the Storm strikes only enemy stacks at sea (G19),
Turncoat Horse names the Roman cavalry by unit id (G20), and fleets move
without a general (G21). Map: Latium, Campania, Sardinia, Sicily, Africa and
Hispania are ports; Etruria and Gaul provinces; the Tyrrhenian Sea touches
Latium, Campania, Sardinia, Sicily and Mare Africum, which touches Sardinia,
Sicily and Africa."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from tests.engine.builder import blank, card, destinations, give, put, stack, tid
from warp_empires.engine import Game, apply, decider, legal_actions
from warp_empires.engine.api import STEPS
from warp_empires.engine.board import arrival_places, reachable, stack_move
from warp_empires.engine.invariants import broken
from warp_empires.engine.passage import chits_passage, group_passage
from warp_empires.engine.pending import Moving
from warp_empires.module import load_module
from warp_empires.module.defs import UnitFilter

PUNIC = load_module(Path(__file__).parents[1] / "themes" / "punic")
QUIET = dataclasses.replace(PUNIC, rules=dataclasses.replace(PUNIC.rules, elimination=False))


# G17: ferries


def test_g17_without_a_fleet_at_sea_an_army_keeps_to_the_land():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    assert destinations(s, "latium", *group) == {"etruria", "campania"}


def test_g17_a_fleet_at_sea_ferries_a_group_to_any_shore_in_one_move():
    # the legion is slow (1 space): the crossing counts as one move
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    (fleet,) = put(s, 0, "tyrrhenian", "quinqueremes")
    assert destinations(s, "latium", *group) == {"etruria", "campania", "sardinia", "sicily"}
    apply(s, 0, ("to", tid(s, "sardinia")))
    assert stack(s, 0, "sardinia") == ["scipio", "legion"]
    assert s.stacks[0][tid(s, "tyrrhenian")] == (fleet,)  # the ferry stays
    assert broken(s) == []


def test_g17_a_chain_of_ferries_is_crossed_together():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    put(s, 0, "africum", "quinqueremes")
    assert "africa" in destinations(s, "latium", *group)


def test_g17_a_ferry_carries_only_a_group_it_has_room_for():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    assert "sardinia" not in destinations(s, "latium", *group)
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes", "quinqueremes")
    assert "sardinia" in destinations(s, "latium", *group)


def test_g17_an_enemy_stack_at_sea_stops_the_ferry():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    put(s, 1, "tyrrhenian", "squadron")
    assert destinations(s, "latium", *group) == {"etruria", "campania"}


def test_g17_a_landing_on_an_enemy_stack_brings_a_battle():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    put(s, 1, "sardinia", "mercenaries")
    assert "sardinia" in destinations(s, "latium", *group)
    apply(s, 0, ("to", tid(s, "sardinia")))
    assert set(group) <= set(s.pend.engaged)  # RULINGS M9: it entered an enemy stack


def test_g17_the_fast_check_agrees_with_the_legal_list():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    destinations(s, "latium", *group)
    for t in range(len(PUNIC.map.territories)):
        listed = ("to", t) in legal_actions(s)
        assert STEPS["move_units"].check(s, ("to", t)) == listed


def test_g17_the_enemys_ferries_carry_nobody_of_ours():
    s = blank(QUIET)
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 1, "tyrrhenian", "squadron")
    passage = chits_passage(s, group)
    assert passage is not None and not passage.links


# G18: arriving next to a port


def test_g18_a_fleet_bought_may_enter_a_sea_next_to_a_port_of_its_side():
    s = blank(QUIET)
    s.control[tid(s, "etruria")] = 0  # a province: no sea next to it
    fleet = next(c for c in s.piles[0] if PUNIC.units[s.chits[c]].id == "quinqueremes")
    legion = next(c for c in s.piles[0] if PUNIC.units[s.chits[c]].id == "legion")
    assert arrival_places(s, 0, fleet) == []
    s.control[tid(s, "latium")] = 0
    ids = PUNIC.map.territories
    assert {ids[t].id for t in arrival_places(s, 0, fleet)} == {"latium", "tyrrhenian"}
    assert {ids[t].id for t in arrival_places(s, 0, legion)} == {"etruria", "latium"}


def test_g18_the_place_step_lists_and_checks_the_sea():
    from warp_empires.engine.pending import Recruiting, Selection

    s = blank(QUIET)
    s.control[tid(s, "latium")] = 0
    fleet = next(c for c in s.piles[0] if PUNIC.units[s.chits[c]].id == "quinqueremes")
    s.piles[0].remove(fleet)
    s.recruit = [fleet]
    s.phase, s.step = "recruit", "place"
    s.pend = Recruiting(Selection([fleet]), placing=[fleet])
    legal = legal_actions(s)
    assert ("place", tid(s, "tyrrhenian")) in legal
    for t in range(len(PUNIC.map.territories)):
        assert STEPS["place"].check(s, ("place", t)) == (("place", t) in legal)
    apply(s, 0, ("place", tid(s, "tyrrhenian")))
    assert stack(s, 0, "tyrrhenian") == ["quinqueremes"]
    assert broken(s) == []


# G19: a random loss limited


def test_g19_the_storm_strikes_only_an_enemy_stack_at_sea():
    # Rome plays the Storm: its own fleet at sea and the Punic legion ashore
    # are spared whatever the draw; the Punic squadron at sea founders
    for seed in range(1, 7):  # whatever the generator draws
        s = blank(QUIET, seed)
        put(s, 0, "africum", "quinqueremes")
        put(s, 1, "sicily", "squadron")
        put(s, 1, "tyrrhenian", "squadron")
        give(s, 0, "storm")
        apply(s, 0, ("play", card(s, "storm")))
        assert stack(s, 0, "africum") == ["quinqueremes"]
        assert stack(s, 1, "sicily") == ["squadron"]
        assert stack(s, 1, "tyrrhenian") == []


def test_g19_with_no_enemy_stack_at_sea_the_storm_may_not_be_played():
    s = blank(QUIET)
    put(s, 0, "tyrrhenian", "quinqueremes")
    put(s, 1, "sicily", "squadron")
    give(s, 0, "storm")
    assert ("play", card(s, "storm")) not in legal_actions(s)
    assert not STEPS[s.step].check(s, ("play", card(s, "storm")))


# G20: filters naming unit ids


def test_g20_a_filter_naming_a_unit_id_matches_that_unit_only():
    equites, legion = PUNIC.unit_by_id(0, "equites"), PUNIC.unit_by_id(0, "legion")
    numidians = PUNIC.unit_by_id(1, "numidians")  # cavalry too, another id
    named = UnitFilter(units=frozenset({"equites"}))
    assert named.matches(equites)
    assert not named.matches(legion) and not named.matches(numidians)
    both = UnitFilter(classes=frozenset({"cavalry"}), units=frozenset({"equites", "legion"}))
    assert both.matches(equites) and not both.matches(legion)


def test_g20_turncoat_horse_takes_the_roman_cavalry_by_its_id():
    s = blank(QUIET)
    s.active = 1
    put(s, 0, "latium", "legion", "equites")
    give(s, 1, "turncoats")
    apply(s, 1, ("play", card(s, "turncoats")))
    apply(s, 1, ("target", tid(s, "latium")))
    assert stack(s, 0, "latium") == ["legion"]
    assert stack(s, 1, "latium") == ["numidians"]


# G21: units that move alone


def test_g21_fleets_sail_alone_but_carry_no_army_without_a_general():
    s = blank(PUNIC)
    fleet, legion = put(s, 0, "latium", "quinqueremes", "legion")
    s.pend, s.step = Moving(PUNIC.card_by_id("march").index, 1, []), "move_from"
    assert ("from", tid(s, "latium")) in legal_actions(s)  # the fleet may go alone
    assert STEPS["move_from"].check(s, ("from", tid(s, "latium")))
    apply(s, 0, ("from", tid(s, "latium")))
    items = s.pend.group.items
    apply(s, 0, ("pick", items.index(fleet)))
    assert any(a[0] == "to" for a in legal_actions(s))
    apply(s, 0, ("pick", items.index(legion)))
    assert not any(a[0] == "to" for a in legal_actions(s))  # G14: the legion needs a general


def test_g21_a_stack_of_legions_alone_is_still_no_start():
    s = blank(PUNIC)
    put(s, 0, "latium", "legion", "legion")
    s.pend, s.step = Moving(PUNIC.card_by_id("march").index, 1, []), "move_from"
    assert ("from", tid(s, "latium")) not in legal_actions(s)
    assert not STEPS["move_from"].check(s, ("from", tid(s, "latium")))


# whole games


def test_random_games_ferry_and_launch_and_keep_every_invariant():
    # the rules are used, not only allowed: some group lands beyond a sea it
    # never entered, and some unit enters play at sea
    ferried = launched = 0
    for seed in range(6):
        game = Game.new(QUIET, 40 + seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 30:
            s = game.state
            a = rng.choice([a for a in legal_actions(s) if a[0] != "unpick"])
            if a[0] == "to" and s.step == "move_units":  # not where it could walk
                group = s.pend.group.chosen()
                walking = group_passage(QUIET, [s.chits[c] for c in group])
                ferried += a[1] not in reachable(s, s.active, s.pend.src,
                                                 stack_move(s, group), walking)
            if a[0] == "place" and s.module.map.territories[a[1]].kind == "sea":
                launched += 1
            game.apply(decider(s), a)
            assert broken(game.state) == [], (seed, game.state.turn)
    assert ferried > 0 and launched > 0


def test_a_computer_players_dealt_world_puts_no_fleet_on_land():
    # docs/rules.md G1 in the dealt worlds (determinize): Carthage's hidden
    # units under a squadron at sea are fleets, those under mercenaries in
    # Gaul are not, whatever the generator deals
    import random as rnd

    from warp_empires.engine import view
    from warp_empires.engine.determinize import determinize

    s = blank(QUIET)
    put(s, 1, "tyrrhenian", "squadron", "squadron", "squadron")
    put(s, 1, "gaul", "mercenaries", "numidians", "elephants")
    put(s, 0, "latium", "scipio")
    seen = view(s, 0, log=False)
    for n in range(30):
        dealt = determinize(QUIET, seen, rnd.Random(n))
        assert broken(dealt) == [], n
        assert stack(dealt, 1, "tyrrhenian") == ["squadron"] * 3


def test_g17_a_ferried_group_is_asked_about_where_it_lands():
    # RULINGS O1 with G17: a Punic squadron in Mare Africum is next to
    # Sardinia, where the ferried group lands: Carthage is asked there, as
    # for any group entering Sardinia; caught, the group stands and fights
    from tests.engine.builder import pick_all, play_with, rig
    from warp_empires.engine import prompt

    s = blank(QUIET)
    play_with(s, "interception")
    group = put(s, 0, "latium", "scipio", "legion")
    put(s, 0, "tyrrhenian", "quinqueremes")
    put(s, 1, "africum", "squadron")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "latium")))
    pick_all(s, 0, group)
    apply(s, 0, ("to", tid(s, "sardinia")))
    assert (prompt(s).kind, prompt(s).side) == ("intercept", 1)
    assert stack(s, 0, "sardinia") == ["scipio", "legion"]
    rig(s, 6)
    apply(s, 1, ("intercept", tid(s, "africum")))
    assert stack(s, 0, "sardinia") == ["scipio", "legion"] and s.stacks[1][tid(s, "sardinia")]
    assert broken(s) == []

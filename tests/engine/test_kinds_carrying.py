"""Territory kinds that rule who may enter (docs/rules.md G1) and fleets that
carry armies across the sea (G2), ruling by ruling on the Rome theme
(tests/themes/rome: provinces, ports, seas; fleets carry 2), then whole games."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from tests.engine.builder import blank, card, destinations, give, put, tid
from tests.engine.playout import play
from warp_empires.engine import Game, apply, decider, legal_actions
from warp_empires.engine.api import STEPS
from warp_empires.engine.invariants import broken
from warp_empires.engine.passage import group_speed
from warp_empires.module import load_module

ROME = load_module(Path(__file__).parents[1] / "themes" / "punic")
# the rulings of kinds and carrying alone: any group may move (G14 in test_powers)
QUIET = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, elimination=False,
                                                            move_needs=()))


def test_an_army_alone_never_enters_the_sea():
    # G1: a legion may enter provinces and ports, not the Tyrrhenian Sea
    s = blank(QUIET)
    (legion,) = put(s, 0, "latium", "legion")
    assert destinations(s, "latium", legion) == {"etruria", "campania"}


def test_a_fleet_alone_keeps_to_sea_and_ports():
    # G1: a fleet goes by sea and into ports (2 spaces), never into a province
    s = blank(QUIET)
    (fleet,) = put(s, 0, "latium", "quinqueremes")
    assert destinations(s, "latium", fleet) == {
        "campania", "tyrrhenian", "sardinia", "sicily", "africum"}


def test_a_fleet_carries_armies_across_the_sea_but_not_onto_it():
    # G2: two legions ride a fleet (room for 2): the group moves at the fleet's
    # speed, passes the sea and lands in a port; it may not end at sea, nor
    # enter a province (the fleet may not)
    s = blank(QUIET)
    fleet, *legions = put(s, 0, "latium", "quinqueremes", "legion", "legion")
    assert group_speed(ROME, [s.chits[c] for c in (fleet, *legions)]) == 2
    assert destinations(s, "latium", fleet, *legions) == {"campania", "sardinia", "sicily"}


def test_a_fleet_without_room_carries_nobody():
    # G2: three legions and room for two: none rides, the group is as slow as a
    # legion and can go only where all may enter
    s = blank(QUIET)
    fleet, *legions = put(s, 0, "latium", "quinqueremes", "legion", "legion", "legion")
    assert group_speed(ROME, [s.chits[c] for c in (fleet, *legions)]) == 1
    assert destinations(s, "latium", fleet, *legions) == {"campania"}


def test_an_enemy_fleet_at_sea_bars_the_crossing():
    # RULINGS M2 with G1: entering the enemy's stack would end the move at sea,
    # where the legions may not stand: the way to Sardinia is closed
    s = blank(QUIET)
    fleet, legion = put(s, 0, "latium", "quinqueremes", "legion")
    put(s, 1, "tyrrhenian", "squadron")
    assert destinations(s, "latium", fleet, legion) == {"campania", "sicily"}
    s = blank(QUIET)
    (fleet,) = put(s, 0, "latium", "quinqueremes")
    put(s, 1, "tyrrhenian", "squadron")
    assert "tyrrhenian" in destinations(s, "latium", fleet)  # the fleet may attack there


def test_survivors_retreat_only_where_all_may_enter():
    # G1 with RULINGS B10: Sicily's neighbours are Campania and two seas; a
    # beaten legion may go only to Campania, so it goes there without a choice
    s = blank(QUIET)
    from warp_empires.engine.battle import retreat_options

    put(s, 0, "sicily", "legion", "legion", "legion")
    put(s, 1, "sicily", "mercenaries")
    apply(s, 0, ("end",))
    b = s.fight()
    b.loser, b.winner = 1, 0
    assert {s.module.map.territories[t].id for t in retreat_options(s)} == {"campania"}
    # a fleet and a legion beaten in Latium: Etruria bars the fleet, the sea the legion
    s = blank(QUIET)
    put(s, 0, "latium", "legion", "legion", "legion")
    put(s, 1, "latium", "squadron", "mercenaries")
    apply(s, 0, ("end",))
    b = s.fight()
    b.loser, b.winner = 1, 0
    assert retreat_options(s) == [tid(s, "campania")]


def test_a_recruit_enters_only_where_its_kind_may_stand():
    # G1 with RULINGS R3: Rome holds only Etruria (a province): a fleet drawn
    # cannot be bought, a legion can
    from warp_empires.engine.economy import begin_recruit

    s = blank(QUIET)
    s.control[tid(s, "etruria")] = 0
    s.banks[0] = 50
    s.phase, s.step = "recruit", "recruit"
    fleet = next(c for c in s.piles[0] if s.module.units[s.chits[c]].id == "quinqueremes")
    legion = next(c for c in s.piles[0] if s.module.units[s.chits[c]].id == "legion")
    s.piles[0] = [fleet, legion] + [c for c in s.piles[0] if c not in (fleet, legion)]
    begin_recruit(s)
    items = s.pend.offer.items
    offered = {a[1] for a in legal_actions(s) if a[0] == "pick"}
    assert items.index(legion) in offered if legion in items else True
    assert fleet not in items or items.index(fleet) not in offered
    if fleet in items:
        assert not STEPS["recruit"].check(s, ("pick", items.index(fleet)))


def test_a_position_may_not_put_an_army_at_sea():
    from warp_empires.engine.staging import Setting, SideSetting, staged_state

    legion = ROME.unit_by_id(0, "legion").index
    bad = Setting(1, 0, "move", (SideSetting(stacks={tid(blank(QUIET), "tyrrhenian"): (legion,)}),
                                 SideSetting()))
    with pytest.raises(ValueError, match="may not stand at tyrrhenian"):
        staged_state(QUIET, 1, bad)


def test_the_invariant_names_a_unit_where_its_kind_is_barred():
    s = blank(QUIET)
    put(s, 0, "tyrrhenian", "legion")
    assert any("legion" in line and "tyrrhenian" in line for line in broken(s))


def test_every_steps_fast_check_agrees_with_its_legal_list_with_kinds():
    # move_check beside move_legal: on a map whose kinds bar units, check must
    # accept exactly the listed actions
    from tests.engine.test_fuzz import checks_agree

    compared, seen = checks_agree(ROME, range(500, 504), 20, sample_seed=1)
    assert compared > 3000
    assert {"move_units", "recruit"} <= seen


@pytest.mark.parametrize("seed", range(4))
def test_whole_games_of_computer_players_keep_units_where_they_may_stand(seed):
    crossings = 0

    def check(game: Game) -> None:
        nonlocal crossings
        assert broken(game.state) == []

    kinds = ("heuristic", "random") if seed % 2 else ("random", "heuristic")
    game = play(ROME, 700 + seed, kinds=kinds, max_turns=40, each=check,
                optional=("interception", "withdrawal") if seed == 3 else ())
    assert game.over or game.state.turn > 40


def test_random_games_carry_armies_over_the_sea():
    # the rules are used, not only allowed: in random games some group passes
    # a sea it may not stand on (a legion lands in Sardinia from Latium, say)
    landed = 0
    for seed in range(8):
        game = Game.new(ROME, seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 40:
            s = game.state
            acts = [a for a in legal_actions(s) if a[0] != "unpick"]
            a = rng.choice(acts)
            if a[0] == "to" and s.step == "move_units":
                group = s.pend.group.chosen()
                kinds = {s.module.units[s.chits[c]].cls for c in group}
                hops = {s.pend.src, a[1]}
                if "fleet" in kinds and len(kinds) > 1 and a[1] not in \
                        s.module.map.territories[s.pend.src].neighbours:
                    landed += 1
                del hops
            game.apply(decider(s), a)
            assert broken(game.state) == []
    assert landed > 0


def _sail(group: tuple[str, ...]):
    """Rome moves `group` from Latium to Sardinia across the Tyrrhenian Sea,
    with interception on and a Punic squadron in Mare Africum beside the sea."""
    from tests.engine.builder import pick_all, play_with

    s = blank(QUIET)
    play_with(s, "interception")
    chits = put(s, 0, "latium", *group)
    put(s, 1, "africum", "squadron")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "latium")))
    pick_all(s, 0, chits)
    apply(s, 0, ("to", tid(s, "sardinia")))
    return s, chits


def test_a_carrying_group_is_asked_about_like_any_other():
    # RULINGS H9 with G2: whether the group carries a legion below its top is
    # Rome's secret, so Carthage is asked at sea all the same: its view, prompt
    # and legal list are those of the twin whose group is two fleets
    from warp_empires.engine import prompt, view

    carrying, _ = _sail(("quinqueremes", "legion"))
    sailing, _ = _sail(("quinqueremes", "quinqueremes"))
    for s in (carrying, sailing):
        assert (prompt(s).kind, prompt(s).side) == ("intercept", 1)
    assert prompt(carrying).text == prompt(sailing).text
    assert legal_actions(carrying) == legal_actions(sailing)
    seen = [view(s, 1, log=False) for s in (carrying, sailing)]
    assert seen[0].pend == seen[1].pend and seen[0].stacks[1] == seen[1].stacks[1]


def test_a_carrying_group_caught_at_sea_turns_back():
    # G2: caught where its legion may not stand, the group goes back to Latium
    # (the last place of its way where all may stand); its move ends there
    from tests.engine.builder import rig, stack

    s, chits = _sail(("quinqueremes", "legion"))
    rig(s, 6)
    apply(s, 1, ("intercept", tid(s, "africum")))
    assert stack(s, 0, "latium") == ["quinqueremes", "legion"]
    assert stack(s, 1, "tyrrhenian") == ["squadron"] and not s.stacks[0][tid(s, "tyrrhenian")]
    assert "turns back to Latium" in s.log[-1]["text"]
    assert broken(s) == []


def test_after_a_failed_try_a_carrying_group_cannot_stop_at_sea():
    from tests.engine.builder import rig

    s, _ = _sail(("quinqueremes", "legion"))
    rig(s, 1)
    apply(s, 1, ("intercept", tid(s, "africum")))
    assert legal_actions(s) == [("on",)]
    apply(s, 0, ("on",))
    assert s.stacks[0][tid(s, "sardinia")] and broken(s) == []
    s, _ = _sail(("quinqueremes", "quinqueremes"))  # fleets alone may stop there
    rig(s, 1)
    apply(s, 1, ("intercept", tid(s, "africum")))
    assert legal_actions(s) == [("on",), ("halt",)]

"""Turn structure, Draw, Move, the non-battle cards, the top unit and undo:
RULINGS T1-T3 (the phases in order, victory at the end of Control before the
other side plays (W1), who decides in a battle), D1-D3, M1-M9 (M8: spies,
rescue, sabotage, uprising), H2 (the top unit and arranging it) and Z1, on
hand-made positions of the tiny test theme. The Star Wars cards' own cases are
in test_star_wars_rules.py, what each side may see of a spy's results (H4) in
test_view.py, the API contract (illegal actions) in test_api.py.
"""

from __future__ import annotations

import pytest

from warp_empires.engine import (
    Game,
    IllegalAction,
    apply,
    can_undo,
    legal_actions,
    prompt,
    setup,
    view,
)
from warp_empires.engine.pending import Selection
from warp_empires.engine.viewtypes import StackEntry

from .builder import (
    advance,
    blank,
    card,
    give,
    hold_captive,
    lose,
    make_module,
    pick_all,
    picks,
    put,
    stack,
    tid,
    to_battle,
)

PHASES = ["draw", "move", "battle", "revenue", "recruit", "upkeep", "control"]


def test_t1_seven_phases_in_order_then_the_other_side():
    # RULINGS T1
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 0, "b", "wing")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.phase, s.step = "draw", "predraw_discard"
    give(s, 0, "step")
    s.pend = Selection(sorted(s.hands[0]))
    while s.active == 0:
        p = prompt(s)
        apply(s, p.side, legal_actions(s)[-1])  # the last choice: confirming, ending
    order = [PHASES.index(e["phase"]) for e in s.log if e["turn"] == 1]
    assert order == sorted(order)
    assert {"draw", "move", "revenue", "recruit"} <= {e["phase"] for e in s.log}
    assert s.active == 1 and s.turn == 2 and s.phase in ("draw", "move")


def test_t1_w1_victory_at_the_end_of_control_before_the_other_side_plays():
    # RULINGS W1, B12: red takes c in Control while holding the tyrant.
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0  # revenue 1: the cruiser survives Upkeep
    hold_captive(s, 0, "tyrant")
    advance(s, "move_over")
    assert s.winner == -1 and prompt(s).kind == "recruit"
    apply(s, 0, ("done",))
    assert s.winner == 0 and s.active == 0 and s.turn == 1
    assert s.control[tid(s, "c")] == 0


def test_t2_only_the_deciding_side_acts_in_the_battle():
    # RULINGS T2: the defender decides its battle cards, casualties and retreat.
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "swarm", "hauler", "destroyer")
    apply(s, 0, ("end",))
    apply(s, 0, ("pass",))
    with pytest.raises(IllegalAction):
        apply(s, 0, ("pass",))
    apply(s, 1, ("pass",))
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    lose(s, 0, s.stacks[1][tid(s, "c")][0])
    assert prompt(s).side == 1
    with pytest.raises(IllegalAction):
        apply(s, 0, legal_actions(s)[0])
    apply(s, 1, legal_actions(s)[0])
    with pytest.raises(IllegalAction):
        apply(s, 0, ("confirm",))
    apply(s, 1, ("confirm",))
    assert prompt(s).kind == "retreat" and prompt(s).side == 1
    with pytest.raises(IllegalAction):
        apply(s, 0, legal_actions(s)[0])


def test_t3_first_side_is_a_module_option():
    # RULINGS T3
    s = setup(make_module(), 3)
    assert prompt(s).kind == "choose_start" and prompt(s).side == 0
    apply(s, 0, ("start", tid(s, "a")))
    assert s.active == 0 and s.turn == 1


def test_d1_discard_then_draw_then_discard_down_to_the_limit():
    # RULINGS D1
    s = blank()
    s.phase = "draw"
    give(s, 0, "step", "step", "march", "guns", "ambush", "jam")
    advance(s, "begin_draw")
    pick_all(s, 0, [card(s, "jam")])
    assert len(s.hands[0]) == 6 and s.discard == []  # nothing final before the draw
    apply(s, 0, ("draw",))
    assert card(s, "jam") in s.discard
    assert len(s.hands[0]) == 10 and prompt(s).kind == "discard_down" and prompt(s).owed == 3
    for i in range(3):
        apply(s, 0, ("pick", i))
    assert ("pick", 3) not in legal_actions(s)  # exactly the cards owed
    apply(s, 0, ("confirm",))
    assert len(s.hands[0]) == 7 and prompt(s).kind == "move"


def test_d1_a_discard_selection_can_be_changed_before_it_is_confirmed():
    # RULINGS D1; the selection keeps its items and their order while picking
    s = blank()
    s.phase = "draw"
    give(s, 0, "step", "march", "jam")
    advance(s, "begin_draw")
    items = s.pend.items[:]
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("pick", 2))
    apply(s, 0, ("unpick", 0))
    assert s.pend.items == items
    assert legal_actions(s) == [("pick", 0), ("pick", 1), ("unpick", 2), ("draw",)]
    apply(s, 0, ("draw",))
    assert s.discard == [items[2]]


def test_d1_discarding_every_card_then_drawing_five_and_no_discard_down():
    s = blank()
    give(s, 0, "scout", "agents")  # blue's cards: red can only discard them
    advance(s, "new_turn")
    pick_all(s, 0, [card(s, "scout")])
    assert prompt(s).kind == "predraw_discard"  # a pick is not final: nothing drawn yet
    pick_all(s, 0, [card(s, "agents")])
    assert len(s.hands[0]) == 2
    apply(s, 0, ("draw",))
    assert {card(s, "scout"), card(s, "agents")} <= set(s.discard)
    assert len(s.hands[0]) == 5 and prompt(s).kind == "move"


def test_d1_discard_down_is_the_players_choice_and_exactly_to_the_limit():
    s = blank()
    give(s, 0, "step", "step", "step", "step", "march", "march", "ambush")
    advance(s, "new_turn")
    apply(s, 0, ("draw",))
    assert len(s.hands[0]) == 12 and prompt(s).kind == "discard_down" and prompt(s).owed == 5
    with pytest.raises(IllegalAction):
        apply(s, 0, ("draw",))
    assert sorted(picks(s)) == sorted(s.hands[0])  # any card of the hand
    for _ in range(4):
        apply(s, 0, next(a for a in legal_actions(s) if a[0] == "pick"))
    assert prompt(s).owed == 1
    with pytest.raises(IllegalAction):
        apply(s, 0, ("confirm",))  # not before the hand is down to 7
    apply(s, 0, next(a for a in legal_actions(s) if a[0] == "pick"))
    assert picks(s) == [] and ("confirm",) in legal_actions(s)  # not below 7 either
    apply(s, 0, ("confirm",))
    assert len(s.hands[0]) == 7 and prompt(s).kind == "move"


def test_d2_empty_deck_reshuffles_the_discard_and_both_empty_stops():
    # RULINGS D2
    s = blank()
    s.discard, s.deck = s.deck[:3], []
    s.phase, s.step = "draw", "predraw_discard"
    assert s.hands[0] == []
    advance(s, "begin_draw")  # empty hand: draws at once
    assert len(s.hands[0]) == 3 and s.deck == [] and s.discard == []


def test_d3_no_starting_hands_first_draw_is_the_hand():
    # RULINGS D3
    s = setup(make_module(), 5)
    assert s.hands == [[], []]
    apply(s, 0, ("start", tid(s, "a")))
    assert len(s.hands[0]) == 5 and s.hands[1] == []


def test_m1_group_moves_up_to_its_slowest_speed():
    # RULINGS M1: frigate is slow (1), cruiser medium (2)
    s = blank()
    cr, fr = put(s, 0, "a", "cruiser", "frigate")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [cr])
    dests = {a[1] for a in legal_actions(s) if a[0] == "to"}
    assert dests == {tid(s, "b"), tid(s, "c")}
    pick_all(s, 0, [fr])
    dests = {a[1] for a in legal_actions(s) if a[0] == "to"}
    assert dests == {tid(s, "b")}


def test_m2_multiple_enemy_stacks_stop_but_do_not_block_other_paths():
    # RULINGS M2: enter but not pass through; the fast wing moves 3.
    s = blank()
    w, = put(s, 0, "c", "wing")
    put(s, 1, "d", "swarm")
    put(s, 1, "f", "swarm")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "c")))
    pick_all(s, 0, [w])
    dests = {a[1] for a in legal_actions(s) if a[0] == "to"}
    assert dests == {tid(s, x) for x in ("a", "b", "d", "f")}  # not e, behind d
    put(s, 1, "b", "hauler")
    dests = {a[1] for a in legal_actions(s) if a[0] == "to"}
    assert dests == {tid(s, x) for x in ("b", "d", "f")}


def test_m2_m3_h2_second_group_of_a_card_joins_a_contested_territory_on_top():
    # RULINGS M3: one stack per side; H2: the joining group's first unit goes on top.
    s = blank()
    cr, = put(s, 0, "b", "cruiser")
    w1, w2 = put(s, 0, "d", "wing", "wing")
    put(s, 1, "c", "destroyer")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "b")))
    pick_all(s, 0, [cr])
    apply(s, 0, ("to", tid(s, "c")))
    apply(s, 0, ("from", tid(s, "d")))
    pick_all(s, 0, [w1])
    assert ("to", tid(s, "c")) in legal_actions(s)
    assert ("to", tid(s, "f")) not in legal_actions(s)  # not through the battle at c
    pick_all(s, 0, [w2])
    apply(s, 0, ("to", tid(s, "c")))
    assert stack(s, 0, "c") == ["wing", "wing", "cruiser"]
    told = s.clone()
    told.told = None  # as the enemy reads it once the Move phase is told (RULINGS Z2)
    assert view(told, 1).stacks[0][tid(s, "c")] == StackEntry(  # RULINGS H2: no units
        3, s.module.unit_by_id(0, "wing").index)
    assert prompt(s).kind == "move"  # both groups used: the card is done
    apply(s, 0, ("end",))
    assert s.battle.t == tid(s, "c") and len(s.stacks[0][tid(s, "c")]) == 3


def test_m3_joining_a_friendly_stack_puts_the_group_on_top():
    # RULINGS M3 and H2
    s = blank()
    c, = put(s, 0, "a", "cruiser")
    put(s, 0, "b", "frigate")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [c])
    apply(s, 0, ("to", tid(s, "b")))
    assert stack(s, 0, "b") == ["cruiser", "frigate"]
    assert stack(s, 0, "a") == []


def test_m4_m7_a_unit_moves_once_per_card_but_again_under_another():
    # RULINGS M4, M7
    s = blank()
    w1, w2 = put(s, 0, "a", "wing", "wing")
    give(s, 0, "march", "step")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w1])
    apply(s, 0, ("to", tid(s, "b")))
    # the second group of the same card may start from the same territory
    assert ("from", tid(s, "a")) in legal_actions(s)
    assert ("from", tid(s, "b")) not in legal_actions(s)  # w1 already moved
    apply(s, 0, ("stop",))
    apply(s, 0, ("play", card(s, "step")))
    assert ("from", tid(s, "b")) in legal_actions(s)


def test_m5_fortifications_never_move():
    # RULINGS M5
    s = blank()
    put(s, 0, "a", "fort")
    give(s, 0, "step")
    assert ("play", card(s, "step")) not in legal_actions(s)


def test_m5_m1_fortification_stays_behind_and_only_stop_is_left_when_nothing_can_move():
    # RULINGS M5; H9: the card does not end by itself while it has groups left
    # (whether a mobile unit is left may be the side's secret): stopping is
    # the one thing left to do.
    s = blank()
    fort, w = put(s, 0, "a", "fort", "wing")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "a")))
    assert s.pend.group.items == [w] and picks(s) == [w]  # the fort is not offered
    with pytest.raises(IllegalAction):
        apply(s, 0, ("pick", 1))
    pick_all(s, 0, [w])
    apply(s, 0, ("to", tid(s, "b")))
    # the second group has nothing mobile left to move: the fort is not offered
    assert prompt(s).kind == "move_from" and legal_actions(s) == [("stop",)]
    apply(s, 0, ("stop",))
    assert prompt(s).kind == "move" and stack(s, 0, "a") == ["fort"]


def test_m6_one_sided_cards_only_by_their_side():
    # RULINGS M6: "scout" is blue's; red holding it can only discard it
    s = blank()
    put(s, 1, "c", "swarm")
    give(s, 0, "scout", "spies")
    acts = legal_actions(s)
    assert ("play", card(s, "scout")) not in acts
    assert ("play", card(s, "spies")) in acts


def test_m7_unused_move_cards_stay_in_hand():
    # RULINGS M7
    s = blank()
    put(s, 0, "a", "wing")
    give(s, 0, "step")
    apply(s, 0, ("end",))
    assert s.hands[0] == [card(s, "step")]


def test_m7_dropping_a_group_with_back_does_not_use_up_its_units():
    s = blank()
    w, = put(s, 0, "a", "wing")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w])
    apply(s, 0, ("back",))
    assert prompt(s).kind == "move_from" and ("from", tid(s, "a")) in legal_actions(s)
    apply(s, 0, ("from", tid(s, "a")))
    assert picks(s) == [w]  # offered again, and not picked any more
    with pytest.raises(IllegalAction):
        apply(s, 0, ("to", tid(s, "b")))  # no group chosen yet


def test_m7_a_unit_cannot_be_added_twice_or_moved_twice_under_one_card():
    s = blank()
    w1, w2 = put(s, 0, "a", "wing", "cruiser")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w1])
    i = s.pend.group.items.index(w1)
    with pytest.raises(IllegalAction):
        apply(s, 0, ("pick", i))
    apply(s, 0, ("to", tid(s, "b")))
    assert ("from", tid(s, "b")) not in legal_actions(s)
    apply(s, 0, ("from", tid(s, "a")))
    assert picks(s) == [w2] and s.pend.group.items == [w2]


def test_m8_spy_shows_the_enemy_hand_to_the_spy_only():
    # RULINGS M8, H4
    s = blank()
    put(s, 1, "c", "swarm")
    give(s, 0, "spies")
    give(s, 1, "ambush")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("hand",))
    v0, v1 = view(s, 0), view(s, 1)
    assert v0.intel == [{"kind": "hand", "cards": [card(s, "ambush")]}]
    assert v1.intel == []
    assert any("Ambush" in e["text"] for e in v0.log)
    assert not any("Ambush" in e["text"] for e in v1.log)


def test_m8_h4_a_spied_hand_is_followed_by_what_its_owner_plays_and_draws_in_public():
    # RULINGS M8, H4, H5, B11 (play-test: the spied list kept a card played since)
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser")
    put(s, 1, "c", "swarm")
    give(s, 0, "spies")
    give(s, 1, "ambush", "step")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("hand",))
    to_battle(s)
    apply(s, prompt(s).side, ("pass",))  # the attacker
    apply(s, 1, ("play", card(s, "ambush")))
    notes = view(s, 0).intel
    assert notes[-1] == {"kind": "played", "card": card(s, "ambush")}
    while s.battle is not None and prompt(s).kind == "battle_card":
        apply(s, prompt(s).side, ("pass",))
    while s.battle is not None:  # losses and the retreat: the first offered
        apply(s, prompt(s).side, legal_actions(s)[0])
    # the refill after the battle (B11): how many the enemy drew, never which
    drew = [i for i in view(s, 0).intel if i["kind"] == "drew"]
    assert drew and all(set(i) == {"kind", "cards"} for i in drew)
    assert sum(i["cards"] for i in drew) == len(s.hands[1]) - 1  # it kept the step card
    assert view(s, 1).intel == []  # nothing noted for a side that spied on no one


def test_m8_scout_shows_a_whole_stack():
    s = blank()
    put(s, 1, "c", "swarm", "base")
    give(s, 1, "scout")
    s.active = 1
    put(s, 0, "e", "wing", "fort")
    apply(s, 1, ("play", card(s, "scout")))
    assert legal_actions(s) == [("target", tid(s, "e"))]
    apply(s, 1, ("target", tid(s, "e")))
    units = s.intel[1][0]["units"]
    assert [s.module.units[u].id for u in units] == ["wing", "fort"]


def test_m8_rescue_needs_a_captive():
    s = blank()
    s.control[tid(s, "a")] = 0
    give(s, 0, "rescue")
    assert ("play", card(s, "rescue")) not in legal_actions(s)


def test_m8_rescue_chooses_among_controlled_planets_and_returns_on_top():
    # RULINGS M8, R3: any revenue territory the Rebels control, enemy stack or not
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "a", "swarm")
    for x in ("a", "c", "e"):
        s.control[tid(s, x)] = 0
    hero = hold_captive(s, 1, "hero")
    captain = hold_captive(s, 1, "captain")
    give(s, 0, "rescue")
    apply(s, 0, ("play", card(s, "rescue")))
    assert {a[1] for a in legal_actions(s) if a[0] == "target"} == {hero, captain}
    apply(s, 0, ("target", captain))
    assert {a for a in legal_actions(s) if a[0] == "place"} == {
        ("place", tid(s, "a")), ("place", tid(s, "c")), ("place", tid(s, "e"))}
    apply(s, 0, ("place", tid(s, "c")))
    assert stack(s, 0, "c") == ["captain", "cruiser"]
    assert s.captives[1] == [hero] and prompt(s).kind == "move"


def test_m8_rescue_returns_the_leader_where_an_enemy_stack_stands_but_needs_a_planet():
    # RULINGS M8, R3: the freed leader may return to a controlled revenue territory
    # holding an enemy stack; with no controlled revenue territory the card
    # cannot be played.
    s = blank()
    put(s, 1, "a", "swarm")
    hero = hold_captive(s, 1, "hero")
    give(s, 0, "rescue")
    assert ("play", card(s, "rescue")) not in legal_actions(s)
    s.control[tid(s, "a")] = 0
    assert ("play", card(s, "rescue")) in legal_actions(s)
    apply(s, 0, ("play", card(s, "rescue")))
    apply(s, 0, ("target", hero))  # one place only: no question asked
    assert s.stacks[0][tid(s, "a")] == (hero,) and s.captives[1] == []
    assert prompt(s).kind == "move"


def test_m8_sabotage_destroys_a_fortification_in_a_chosen_stack():
    s = blank()
    put(s, 1, "c", "swarm", "base")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    apply(s, 0, ("target", tid(s, "c")))
    assert stack(s, 1, "c") == ["swarm"]


def test_m8_sabotage_draws_the_fortification_at_random_and_lists_nothing():
    # RULINGS M8, H9: no second step listing what a hidden stack holds; the
    # fortification destroyed is drawn at random
    lost = set()
    for seed in range(12):
        s = blank(seed=seed)
        s.rng = seed
        put(s, 1, "c", "swarm", "base")
        give(s, 0, "sabotage")
        put(s, 1, "c", "base")
        bases = [c for c in s.stacks[1][tid(s, "c")] if s.module.units[s.chits[c]].id == "base"]
        apply(s, 0, ("play", card(s, "sabotage")))
        apply(s, 0, ("target", tid(s, "c")))
        assert prompt(s).kind == "move"  # resolved at once, no list of the stack
        assert stack(s, 1, "c") == ["swarm", "base"]
        lost |= {c for c in bases if c not in s.stacks[1][tid(s, "c")]}
    assert len(lost) == 2  # either fortification can be the one drawn


def test_m8_sabotage_of_a_stack_without_fortifications_is_spent_for_nothing():
    # RULINGS M8: the card is spent for nothing and the Move phase goes on
    s = blank()
    put(s, 1, "c", "swarm", "hauler")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    apply(s, 0, ("target", tid(s, "c")))
    assert stack(s, 1, "c") == ["swarm", "hauler"] and card(s, "sabotage") in s.discard
    assert "finds nothing" in s.log[-1]["text"] and s.log[-1]["to"] is None
    assert prompt(s).kind == "move"


def test_m8_uprising_only_on_enemy_markers_and_then_the_planet_pays_nobody():
    # RULINGS M8: Incite Uprising ("riot") removes one enemy control marker,
    # where no enemy unit stands (the swarm keeps order at e)
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "c")] = 1
    s.control[tid(s, "e")] = 1
    give(s, 0, "riot")
    apply(s, 0, ("play", card(s, "riot")))
    assert {a[1] for a in legal_actions(s) if a[0] == "target"} == {tid(s, "c")}
    apply(s, 0, ("target", tid(s, "c")))
    assert s.control[tid(s, "c")] == -1 and s.control[tid(s, "e")] == 1


def test_m9_a_group_that_entered_an_enemy_stack_stays_for_the_battle():
    # RULINGS M9: engaged, it cannot move again under any card
    s = blank()
    w, = put(s, 0, "a", "wing")
    put(s, 1, "b", "swarm")
    give(s, 0, "step", "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w])
    apply(s, 0, ("to", tid(s, "b")))
    assert ("play", card(s, "step")) not in legal_actions(s)  # nothing free to move
    put(s, 0, "e", "wing")
    apply(s, 0, ("play", card(s, "step")))
    assert ("from", tid(s, "b")) not in legal_actions(s)
    assert ("from", tid(s, "e")) in legal_actions(s)


def test_m9_a_stack_already_beside_an_enemy_may_leave():
    # RULINGS M9: only a group that entered an enemy stack is engaged (a
    # contested territory can start the Move phase after R3 placements)
    s = blank()
    w, = put(s, 0, "c", "wing")
    put(s, 1, "c", "swarm")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    assert ("from", tid(s, "c")) in legal_actions(s)
    apply(s, 0, ("from", tid(s, "c")))
    pick_all(s, 0, [w])
    apply(s, 0, ("to", tid(s, "d")))
    assert stack(s, 0, "d") == ["wing"]


def test_h2_owner_may_change_the_top_unit_in_their_move_phase():
    # RULINGS H2: arranging is a step of its own, one entry in the Move list
    s = blank()
    c, w = put(s, 0, "a", "cruiser", "wing")
    put(s, 0, "c", "frigate", "wing", "fort")
    assert legal_actions(s) == [("arrange",), ("end",)]
    apply(s, 0, ("arrange",))
    assert ("top", w) in legal_actions(s) and ("done",) in legal_actions(s)
    apply(s, 0, ("top", w))
    assert stack(s, 0, "a") == ["wing", "cruiser"] and prompt(s).kind == "move"


def test_h2_no_arranging_where_every_stack_shows_its_only_kind():
    s = blank()
    put(s, 0, "a", "wing", "wing")
    put(s, 0, "c", "cruiser")
    assert legal_actions(s) == [("end",)]


def test_h2_top_unit_only_in_own_move_phase_and_only_a_different_type():
    s = blank()
    w1, c1, w2 = put(s, 0, "a", "wing", "cruiser", "wing")
    put(s, 1, "e", "swarm", "hauler")
    assert ("arrange",) in legal_actions(s)
    apply(s, 0, ("arrange",))
    tops = [a for a in legal_actions(s) if a[0] == "top"]
    assert tops == [("top", c1)]  # the other wing would change nothing; blue's are not red's
    with pytest.raises(IllegalAction):
        apply(s, 0, ("top", w2))
    with pytest.raises(IllegalAction):
        apply(s, 0, ("top", w1))


def test_z1_undo_takes_back_own_decisions_up_to_a_reveal():
    # RULINGS Z1, Z2: picks, a group's start and, in one's own Move phase (not
    # told yet), the card played can be taken back, one at a time
    s = blank()
    s.undo = []
    w1, w2 = put(s, 0, "a", "wing", "wing")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    assert can_undo(s, 0)
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w2])
    assert can_undo(s, 0) and not can_undo(s, 1)
    with pytest.raises(IllegalAction) as e:
        apply(s, 1, ("undo",))
    assert e.value.reason == "wrong_side"
    apply(s, 0, ("undo",))
    assert s.step == "move_units" and s.pend.group.picked == []
    apply(s, 0, ("undo",))
    assert s.step == "move_from"
    apply(s, 0, ("undo",))
    assert s.step == "move" and s.hands[0] == [card(s, "step")]
    with pytest.raises(IllegalAction):
        apply(s, 0, ("undo",))


def test_z1_a_draw_or_a_reveal_ends_what_undo_may_reach():
    # RULINGS Z1: once the cards are drawn (at random) the discards stand
    s = blank()
    s.undo = []
    s.phase = "draw"
    give(s, 0, "jam", "step")
    advance(s, "begin_draw")
    apply(s, 0, ("pick", 0))
    assert can_undo(s, 0)
    apply(s, 0, ("draw",))
    assert not can_undo(s, 0)


def test_z1_a_game_saves_only_the_decisions_that_stand():
    g = Game.new(make_module(), 11)
    while g.prompt().kind != "predraw_discard":  # the first side's second Draw phase
        g.apply(g.prompt().side, g.legal_actions()[-1])
    stood = g.actions[:]
    side = g.prompt().side
    g.apply(side, ("pick", 0))
    g.apply(side, ("pick", 1))
    g.apply(side, ("undo",))
    assert g.actions == stood + [[side, ["pick", 0]]]
    again = Game.replay(g.module, g.seed, g.options, g.actions)
    assert again.state.to_data() == g.state.to_data()

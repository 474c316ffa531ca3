"""Turn structure, Draw, Move and the non-battle cards: RULINGS T, D, M, H2."""

from __future__ import annotations

import pytest

from warp_empires.engine import Game, IllegalAction, apply, can_undo, legal_actions, prompt, setup
from warp_empires.engine.pending import Selection

from .builder import advance, blank, card, give, make_module, pick_all, put, stack, tid

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


def test_m2_enemy_stack_stops_movement():
    # RULINGS M2
    s = blank()
    w, = put(s, 0, "a", "wing")  # fast: 3 spaces
    put(s, 1, "b", "swarm")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w])
    assert {a[1] for a in legal_actions(s) if a[0] == "to"} == {tid(s, "b")}


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
    assert s.hands[0] == [card(s, "step")] or len(s.hands[0]) >= 1


def test_m8_spy_shows_the_enemy_hand_to_the_spy_only():
    # RULINGS M8, H4
    from warp_empires.engine import view

    s = blank()
    put(s, 1, "c", "swarm")
    give(s, 0, "spies")
    give(s, 1, "ambush")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("hand",))
    v0, v1 = view(s, 0), view(s, 1)
    assert v0["intel"] == [{"kind": "hand", "cards": [card(s, "ambush")]}]
    assert v1["intel"] == []
    assert any("Ambush" in e["text"] for e in v0["log"])
    assert not any("Ambush" in e["text"] for e in v1["log"])


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


def test_m8_rescue_returns_a_captive_leader_to_a_controlled_planet():
    s = blank()
    hero = s.piles[0][0]
    s.piles[0].remove(hero)
    s.captives[1].append(hero)
    s.control[tid(s, "a")] = 0
    give(s, 0, "rescue")
    apply(s, 0, ("play", card(s, "rescue")))
    apply(s, 0, ("target", hero))
    assert s.captives[1] == [] and stack(s, 0, "a") == ["hero"]


def test_m8_rescue_needs_a_captive():
    s = blank()
    s.control[tid(s, "a")] = 0
    give(s, 0, "rescue")
    assert ("play", card(s, "rescue")) not in legal_actions(s)


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
    s = blank()
    put(s, 1, "c", "swarm", "hauler")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    apply(s, 0, ("target", tid(s, "c")))
    assert stack(s, 1, "c") == ["swarm", "hauler"] and card(s, "sabotage") in s.discard
    assert "finds nothing" in s.log[-1]["text"] and s.log[-1]["to"] is None


def test_m8_riot_removes_an_enemy_control_marker():
    s = blank()
    s.control[tid(s, "c")] = 1
    give(s, 0, "riot")
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "c")))
    assert s.control[tid(s, "c")] == -1


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


def test_illegal_actions_raise_typed_errors_and_change_nothing():
    s = blank()
    put(s, 0, "a", "cruiser")
    before = s.to_data()
    with pytest.raises(IllegalAction) as e1:
        apply(s, 0, ("to", 3))
    assert e1.value.reason == "not_legal"
    with pytest.raises(IllegalAction) as e2:
        apply(s, 0, ("play",))
    assert e2.value.reason == "malformed"
    with pytest.raises(IllegalAction) as e3:
        apply(s, 1, ("end",))
    assert e3.value.reason == "wrong_side"
    with pytest.raises(IllegalAction):
        apply(s, 0, ("fly", 1))
    assert s.to_data() == before


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


def test_z1_undo_takes_back_own_decisions_up_to_a_reveal():
    # RULINGS Z1: picks and a group's start can be taken back; playing a card
    # (it leaves the hand, a reveal) cannot
    s = blank()
    s.undo = []
    w1, w2 = put(s, 0, "a", "wing", "wing")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    assert not can_undo(s, 0)
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
    with pytest.raises(IllegalAction):
        apply(s, 0, ("undo",))
    assert ("play", card(s, "step")) not in legal_actions(s) or True
    assert s.hands[0] == []


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

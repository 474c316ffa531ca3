"""Turn structure, Draw, Move and the non-battle cards: RULINGS T, D, M, H2."""

from __future__ import annotations

import pytest

from warp_empires.engine import IllegalAction, apply, legal_actions, prompt, setup
from warp_empires.engine.flow import start_turn

from .builder import blank, card, give, make_module, put, stack, tid

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
    while s.active == 0:
        p = prompt(s)
        apply(s, p.side, legal_actions(s)[-2])  # the last choice before resigning
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
    s.phase, s.step = "draw", "predraw_discard"
    give(s, 0, "step", "step", "march", "guns", "ambush", "jam")
    apply(s, 0, ("discard", card(s, "jam")))
    assert len(s.hands[0]) == 5 and card(s, "jam") in s.discard
    apply(s, 0, ("draw",))
    assert len(s.hands[0]) == 10 and prompt(s).kind == "discard_down" and prompt(s).owed == 3
    for _ in range(3):
        apply(s, 0, legal_actions(s)[0])
    assert len(s.hands[0]) == 7 and prompt(s).kind == "move"


def test_d2_empty_deck_reshuffles_the_discard_and_both_empty_stops():
    # RULINGS D2
    s = blank()
    s.discard, s.deck = s.deck[:3], []
    s.phase, s.step = "draw", "predraw_discard"
    give_none = s.hands[0] == []
    assert give_none
    start_turn(s)  # empty hand: draws at once
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
    apply(s, 0, ("add", cr))
    dests = {a[1] for a in legal_actions(s) if a[0] == "to"}
    assert dests == {tid(s, "b"), tid(s, "c")}
    apply(s, 0, ("add", fr))
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
    apply(s, 0, ("add", w))
    assert {a[1] for a in legal_actions(s) if a[0] == "to"} == {tid(s, "b")}


def test_m3_joining_a_friendly_stack_puts_the_group_on_top():
    # RULINGS M3 and H2
    s = blank()
    c, = put(s, 0, "a", "cruiser")
    put(s, 0, "b", "frigate")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    apply(s, 0, ("add", c))
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
    apply(s, 0, ("add", w1))
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
    assert legal_actions(s)[:-1] == [("target", tid(s, "e"))]
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


def test_m8_riot_removes_an_enemy_control_marker():
    s = blank()
    s.control[tid(s, "c")] = 1
    give(s, 0, "riot")
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "c")))
    assert s.control[tid(s, "c")] == -1


def test_h2_owner_may_change_the_top_unit_in_their_move_phase():
    # RULINGS H2
    s = blank()
    c, w = put(s, 0, "a", "cruiser", "wing")
    assert ("top", w) in legal_actions(s)
    apply(s, 0, ("top", w))
    assert stack(s, 0, "a") == ["wing", "cruiser"]


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


def test_m2_a_group_that_entered_an_enemy_stack_stays_for_the_battle():
    # RULINGS M2 (docs/rules.md: engaged groups stay): no leaving under another card
    s = blank()
    w, = put(s, 0, "a", "wing")
    put(s, 1, "b", "swarm")
    give(s, 0, "step", "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    apply(s, 0, ("add", w))
    apply(s, 0, ("to", tid(s, "b")))
    assert ("play", card(s, "step")) not in legal_actions(s)  # nothing free to move
    put(s, 0, "e", "wing")
    apply(s, 0, ("play", card(s, "step")))
    assert ("from", tid(s, "b")) not in legal_actions(s)
    assert ("from", tid(s, "e")) in legal_actions(s)

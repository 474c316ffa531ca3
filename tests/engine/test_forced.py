"""Forced decisions (RULINGS H9): a prompt says `forced` only when there is
exactly one legal action and everyone can see that it is the only one, so a
front end may take it without asking and without telling the enemy anything."""

from __future__ import annotations

from warp_empires.engine import apply, legal_actions, prompt

from .builder import blank, card, give, pick_all, put, tid


def test_h9_passing_with_an_empty_hand_is_forced():
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "swarm")
    apply(s, 0, ("end",))
    assert prompt(s).kind == "battle_card" and s.hands[0] == []
    assert legal_actions(s) == [("pass",)] and prompt(s).forced


def test_h9_passing_while_holding_cards_is_never_forced():
    # whether a card in hand is a battle card is secret
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "swarm")
    give(s, 0, "step")
    apply(s, 0, ("end",))
    assert legal_actions(s) == [("pass",)] and not prompt(s).forced


def test_h9_ending_the_move_phase_is_forced_only_when_nothing_could_be_hidden():
    s = blank()
    put(s, 0, "a", "fort")
    assert legal_actions(s) == [("end",)] and prompt(s).forced
    # two identical units: nothing to arrange, but the enemy cannot know the
    # second one is identical, so the decision is not forced for all to see
    put(s, 0, "c", "wing", "wing")
    assert legal_actions(s) == [("end",)] and not prompt(s).forced


def test_h9_stopping_a_move_card_is_not_forced():
    # whether another unit could still move is the side's secret
    s = blank()
    w, = put(s, 0, "a", "wing")
    put(s, 0, "c", "fort", "fort")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [w])
    apply(s, 0, ("to", tid(s, "b")))
    assert legal_actions(s) == [("stop",)] and not prompt(s).forced


def test_h9_a_selection_is_never_forced():
    s = blank()
    s.phase = "draw"
    give(s, 0, "step")
    from .builder import advance

    advance(s, "begin_draw")
    assert prompt(s).kind == "predraw_discard" and not prompt(s).forced


def test_h9_the_other_side_never_reads_forced():
    s = blank()
    put(s, 0, "a", "fort")
    assert prompt(s).forced and not prompt(s).public(s).forced


def test_h9_a_cards_only_target_is_forced_since_targets_are_public():
    # enemy markers, stacks, captives and battle units are public facts
    s = blank()
    s.control[tid(s, "c")] = 1
    give(s, 0, "riot")
    apply(s, 0, ("play", card(s, "riot")))
    assert legal_actions(s) == [("target", tid(s, "c"))] and prompt(s).forced
    s.control[tid(s, "e")] = 1
    assert not prompt(s).forced

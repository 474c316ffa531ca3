"""Forced decisions (RULINGS H9): a prompt says `forced` only when there is
exactly one legal action and everyone can see that it is the only one, so a
front end may take it without asking and without telling the enemy anything."""

from __future__ import annotations

from warp_empires.engine import apply, legal_actions, only_payment, prompt

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


def _won_owing_three(*winners: str):
    """Red wins at c against a lone destroyer (Force 5 lost): red owes Force 3 (B8)."""
    s = blank()
    put(s, 0, "c", *winners)
    put(s, 1, "c", "destroyer")
    give(s, 0, "ambush")
    apply(s, 0, ("end",))
    apply(s, 0, ("play", card(s, "ambush")))
    apply(s, 1, ("pass",))
    apply(s, 0, ("pass",))
    assert prompt(s).kind == "casualty" and prompt(s).side == 0 and prompt(s).owed == 3
    return s


def test_b8_the_only_way_to_pay_the_winners_losses_is_named():
    # RULINGS B8, H9: frigate 2 + one wing is the only payment with none to spare
    # (the second wing would be one too many); the wings are alike.
    s = _won_owing_three("frigate", "wing", "wing")
    payment = only_payment(s)
    assert payment is not None and payment[-1] == ("confirm",)
    for a in payment:
        apply(s, 0, a)
    assert sorted(s.unit(c).id for c in s.stacks[0][tid(s, "c")]) == ["wing"]


def test_b8_a_choice_of_payments_is_left_to_the_winner():
    # cruiser 4 alone, or frigate 2 + wing 1: two ways, so a choice
    assert only_payment(_won_owing_three("cruiser", "frigate", "wing")) is None
    # two frigates or a frigate and a wing... both pay 3 with none to spare
    assert only_payment(_won_owing_three("frigate", "frigate", "wing")) is None

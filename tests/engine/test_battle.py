"""Battles: RULINGS B1-B12 (order of battles, reveal, card play, the battle
cards, totals and bonuses, ties, both sides' losses, capture, retreat, the
refill after a battle (with D2 when the deck runs dry) and victory checked
after every battle and at the end of every phase (with W2, W3: resigning mid
battle, both sides eliminated, sabotage of the last unit)), on hand-made
positions of the tiny test theme. The Star Wars cards and bonuses are in
test_star_wars_rules.py.
"""

from __future__ import annotations

import pytest

from warp_empires.engine import IllegalAction, apply, legal_actions, prompt, view
from warp_empires.engine.battle import totals
from warp_empires.module.defs import Effect, UnitFilter

from .builder import (
    blank,
    card,
    first_casualties,
    give,
    hold_captive,
    lose,
    make_module,
    pass_both,
    pick_all,
    put,
    stack,
    tid,
    to_battle,
    with_card,
)


def test_b1_attacker_chooses_the_order_of_battles():
    # RULINGS B1
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "a", "hauler")
    put(s, 0, "e", "cruiser")
    put(s, 1, "e", "hauler")
    to_battle(s)
    assert prompt(s).kind == "choose_battle" and prompt(s).side == 0
    assert legal_actions(s) == [("battle", tid(s, "a")), ("battle", tid(s, "e"))]
    apply(s, 0, ("battle", tid(s, "e")))
    assert s.battle.t == tid(s, "e")


def test_b1_b2_b11_two_battles_in_order_each_revealing_only_its_own_stacks():
    # RULINGS B1: one battle per contested territory, the attacker picks the order;
    # B2: only the stacks of the battle being fought are revealed; B11 after each.
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "a", "hauler", "swarm")
    put(s, 0, "e", "cruiser", "cruiser")
    put(s, 1, "e", "swarm", "hauler")
    apply(s, 0, ("end",))
    assert prompt(s).kind == "choose_battle"
    assert view(s, 0).stacks[1][tid(s, "e")].units is None
    apply(s, 0, ("battle", tid(s, "e")))
    v = view(s, 0).stacks[1]
    assert v[tid(s, "e")].units is not None and v[tid(s, "a")].units is None
    pass_both(s)
    first_casualties(s)
    if prompt(s).kind == "retreat":
        apply(s, 1, legal_actions(s)[0])
    assert s.last_battle.t == tid(s, "e")
    assert [len(h) for h in s.hands] == [7, 7]
    # the remaining battle starts by itself: nothing to choose
    assert s.battle is not None and s.battle.t == tid(s, "a")
    assert prompt(s).kind == "battle_card" and prompt(s).side == 0


def test_b2_both_stacks_are_revealed_in_battle():
    # RULINGS B2
    s = blank()
    put(s, 0, "c", "cruiser", "wing")
    put(s, 1, "c", "hauler", "base")
    before = view(s, 0).stacks[1][tid(s, "c")]
    assert before.units is None
    to_battle(s)
    during = view(s, 0).stacks[1][tid(s, "c")]
    assert [u.unit for u in during.units] == [s.module.unit_by_id(1, "hauler").index,
                                                    s.module.unit_by_id(1, "base").index]


def test_b3_card_play_alternates_and_ends_after_two_passes_in_a_row():
    # RULINGS B3
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "destroyer")
    give(s, 0, "ambush")
    give(s, 1, "guns")
    to_battle(s)
    assert prompt(s).side == 0  # the attacker starts
    apply(s, 0, ("pass",))
    assert prompt(s).side == 1
    apply(s, 1, ("play", card(s, "guns")))
    # the attacker passed, but the defender played after: the attacker may play again
    assert prompt(s).side == 0 and ("play", card(s, "ambush")) in legal_actions(s)
    apply(s, 0, ("play", card(s, "ambush")))
    apply(s, 1, ("pass",))
    assert s.step == "battle_card"
    apply(s, 0, ("pass",))
    assert s.battle is None or s.battle.stage != "cards"
    # both cards counted in the battle's result: ambush +5, guns +1 (one capital)
    assert [t["cards"] for t in (s.battle or s.last_battle).totals] == [5, 1]


def test_b3_wrong_side_cannot_play_in_the_others_turn():
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "destroyer")
    give(s, 1, "ambush")
    to_battle(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, 1, ("play", card(s, "ambush")))
    assert err.value.reason == "wrong_side"


def test_b3_resign_by_the_side_not_deciding_mid_battle():
    # RULINGS W3 and docs/rules.md: the side not deciding may resign at any moment.
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "destroyer")
    apply(s, 0, ("end",))
    assert prompt(s).side == 0
    assert legal_actions(s, 1) == []  # nothing to decide, but resigning is always allowed
    apply(s, 1, ("resign",))
    assert s.winner == 0 and prompt(s).kind == "game_over" and legal_actions(s) == []
    with pytest.raises(IllegalAction):
        apply(s, 0, ("pass",))


@pytest.mark.parametrize("cid,expect_cards", [("guns", 2), ("siege", 4), ("strafe", 2),
                                              ("ambush", 5)])
def test_b4_bonus_cards(cid, expect_cards):
    # RULINGS B4: guns +1 per capital (2 capitals), siege +2 per bombarding capital,
    # strafe +2 per fighter, ambush +5 to the side.
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "wing")
    put(s, 1, "c", "destroyer")
    give(s, 0, cid)
    to_battle(s)
    apply(s, 0, ("play", card(s, cid)))
    assert totals(s)[0]["cards"] == expect_cards


def test_b4_focus_gives_one_aware_unit_plus_seven():
    s = blank()
    hero, = put(s, 0, "c", "hero")
    put(s, 1, "c", "destroyer", "tyrant")
    give(s, 0, "focus")
    to_battle(s)
    apply(s, 0, ("play", card(s, "focus")))
    assert prompt(s).kind == "card_target" and legal_actions(s) == [("target", hero)]
    apply(s, 0, ("target", hero))
    assert totals(s)[0]["cards"] == 7
    assert prompt(s).side == 1  # card play goes on with the other side


def test_b4_jam_zeroes_a_capital_even_with_bonuses():
    s = blank()
    put(s, 0, "c", "cruiser")
    d, = put(s, 1, "c", "destroyer")
    give(s, 0, "jam")
    give(s, 1, "guns")
    to_battle(s)
    apply(s, 0, ("play", card(s, "jam")))
    apply(s, 0, ("target", d))
    apply(s, 1, ("play", card(s, "guns")))
    t = totals(s)[1]
    assert t["units"] == 0 and t["cards"] == 0


def test_b4_destroyed_unit_returns_to_pile_and_is_not_a_loss():
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser")
    w, = put(s, 1, "c", "destroyer")
    put(s, 1, "c", "swarm")
    give(s, 0, "flak")
    to_battle(s)
    apply(s, 0, ("play", card(s, "flak")))
    swarm = s.stacks[1][tid(s, "c")][1]
    apply(s, 0, ("target", swarm))
    assert swarm in s.piles[1]
    assert stack(s, 1, "c") == ["destroyer"]
    assert w in s.stacks[1][tid(s, "c")]


def test_b4_torpedo_on_the_last_unit_ends_the_battle():
    s = blank()
    put(s, 0, "c", "cruiser")
    d, = put(s, 1, "c", "destroyer")
    give(s, 0, "torpedo")
    to_battle(s)
    apply(s, 0, ("play", card(s, "torpedo")))
    apply(s, 0, ("target", d))
    assert s.battle is None
    assert s.last_battle.winner == 0
    assert stack(s, 0, "c") == ["cruiser"]


def test_b4_b5_b9_only_leader_destroyed_by_a_card_gives_no_capture_and_no_leader_bonus():
    # RULINGS B4: destroyed by a card, back to the pile at once, no further part;
    # B5: the leader bonus goes to the side that still has one; B9: no leader, no capture.
    m = with_card(make_module(elimination=False), "assassin",
                  Effect("destroy", filter=UnitFilter(classes=frozenset({"leader"}))))
    s = blank(m)
    hero, = put(s, 0, "c", "hero")
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    enforcer, = put(s, 1, "c", "enforcer")
    put(s, 1, "c", "hauler")
    give(s, 1, "assassin")
    apply(s, 0, ("end",))
    apply(s, 0, ("pass",))
    apply(s, 1, ("play", card(s, "assassin")))
    assert legal_actions(s) == [("target", hero)]
    apply(s, 1, ("target", hero))
    assert hero in s.piles[0]
    t = totals(s)
    assert t[0]["leader"] == 0 and t[1]["leader"] == 5
    pass_both(s)
    assert s.battle.winner == 0  # 12 + 2 (bomb) against 4 + 1 + 5
    lose(s, 0, enforcer)
    assert enforcer in s.piles[1] and s.captives[0] == []
    assert all(loss[1] != s.chits[hero] for loss in (s.battle or s.last_battle).losses)


def test_b5_leader_bonus_only_against_a_leaderless_stack():
    # RULINGS B5
    s = blank()
    put(s, 0, "c", "captain")
    put(s, 1, "c", "hauler")
    to_battle(s)
    t = totals(s)
    assert t[0]["leader"] == 5 and t[1]["leader"] == 0
    s2 = blank()
    put(s2, 0, "c", "captain")
    put(s2, 1, "c", "enforcer")
    to_battle(s2)
    assert [x["leader"] for x in totals(s2)] == [0, 0]


def test_b5_majority_bonuses_and_equal_counts():
    # RULINGS B5: more bomb units +2; equal defense counts give nobody the bonus
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "wing")
    put(s, 1, "c", "destroyer", "swarm")
    to_battle(s)
    t = totals(s)
    assert t[0]["majority"] == 2 and t[1]["majority"] == 0


def test_b6_tie_goes_to_the_defender_and_is_a_module_option():
    # RULINGS B6
    for tie, winner in (("defender", 1), ("attacker", 0)):
        s = blank(make_module(tie_winner=tie))
        put(s, 0, "c", "wing")
        put(s, 1, "c", "swarm")
        to_battle(s)
        pass_both(s)
        assert (s.battle or s.last_battle).winner == winner


def test_b7_loser_loses_half_rounded_up_winner_picks_first_then_loser():
    # RULINGS B7
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "hauler", "swarm", "destroyer", "base")
    to_battle(s)
    pass_both(s)
    b = s.battle
    assert b.winner == 0
    assert "base" not in stack(s, 1, "c")  # fortifications destroyed outright
    assert b.owed == 2  # half of 3 non-fortification units, rounded up
    # the winner picks exactly one: the first loss
    assert prompt(s).kind == "casualty" and prompt(s).side == 0 and prompt(s).owed == 1
    hauler = s.stacks[1][tid(s, "c")][0]
    pick_all(s, 0, [hauler])
    assert [a for a in legal_actions(s) if a[0] == "pick"] == []  # one only
    apply(s, 0, ("confirm",))
    assert hauler in s.piles[1]
    # then the loser picks the rest, from every unit left
    assert prompt(s).side == 1 and prompt(s).owed == 1
    left = s.stacks[1][tid(s, "c")]
    assert sorted(s.pend.items) == sorted(left)
    assert legal_actions(s) == [("pick", i) for i in range(len(left))]  # no confirm yet
    destroyer = left[1]
    assert s.unit(destroyer).id == "destroyer"
    lose(s, 1, destroyer)
    assert stack(s, 1, "c") == ["swarm"]
    assert s.battle.lost_force == 1 + 5 + 1  # base, hauler, destroyer


def test_b7_b8_loser_of_only_fortifications_loses_them_all_winner_pays_half():
    # RULINGS B7: every fortification of the loser is destroyed; B8 counts them.
    s = blank()
    put(s, 0, "c", "cruiser", "frigate", "frigate")
    put(s, 1, "c", "base", "base")
    apply(s, 0, ("end",))
    pass_both(s)
    assert stack(s, 1, "c") == []
    assert s.battle.lost_force == 2
    # half of 2 is 1: the winner picks a Force>0 unit, and the two kinds differ
    assert prompt(s).kind == "casualty" and prompt(s).side == 0 and prompt(s).owed == 1
    frigate = next(c for c in s.stacks[0][tid(s, "c")] if s.unit(c).id == "frigate")
    lose(s, 0, frigate)
    assert s.battle is None and stack(s, 0, "c") == ["cruiser", "frigate"]


def test_b8_winner_loses_at_least_half_of_the_losers_printed_force():
    # RULINGS B8
    s = blank()
    put(s, 0, "c", "cruiser", "frigate", "frigate")
    put(s, 1, "c", "destroyer")
    give(s, 0, "ambush")
    to_battle(s)
    apply(s, 0, ("play", card(s, "ambush")))
    pass_both(s)
    # destroyer (5) lost: the winner owes Force 3 (half of 5, rounded up)
    assert s.battle.lost_force == 5
    assert prompt(s).kind == "casualty" and prompt(s).side == 0 and prompt(s).owed == 3
    f1, f2 = s.stacks[0][tid(s, "c")][1:]
    pick_all(s, 0, [f1])
    assert prompt(s).owed == 1 and ("confirm",) not in legal_actions(s)  # Force 2 < 3
    pick_all(s, 0, [f2])
    assert prompt(s).owed == 0
    apply(s, 0, ("confirm",))
    assert s.battle is None or s.battle.stage == "retreat"
    assert stack(s, 0, "c") == ["cruiser"]


def test_b8_exactly_half_suffices():
    s = blank()
    put(s, 0, "c", "cruiser", "frigate")
    put(s, 1, "c", "swarm", "swarm", "swarm", "swarm")  # loses 2 swarms = Force 2
    to_battle(s)
    pass_both(s)
    # the loser's two losses are alike swarms: taken without asking (B7);
    # the winner owes 1: half of 2
    assert s.battle.stage == "winner" and prompt(s).owed == 1
    frigate = s.stacks[0][tid(s, "c")][1]
    lose(s, 0, frigate)  # Force 2 pays the 1 owed
    assert stack(s, 0, "c") == ["cruiser"]


def test_b8_winner_worth_less_than_half_loses_everything():
    s = blank()
    put(s, 0, "c", "wing")
    put(s, 1, "c", "destroyer")
    give(s, 0, "ambush")
    give(s, 0, "strafe")
    to_battle(s)
    apply(s, 0, ("play", card(s, "ambush")))
    pass_both(s)
    assert s.battle is None
    assert stack(s, 0, "c") == [] and stack(s, 1, "c") == []


def test_b9_leader_captured_only_when_winner_has_a_leader():
    # RULINGS B9
    s = blank()
    put(s, 0, "c", "hero", "cruiser", "cruiser")
    put(s, 1, "c", "enforcer")
    to_battle(s)
    pass_both(s)
    assert [s.chits[c] for c in s.captives[0]] == [s.module.unit_by_id(1, "enforcer").index]
    s2 = blank()
    put(s2, 0, "c", "cruiser", "cruiser", "cruiser")
    enf, = put(s2, 1, "c", "enforcer")
    to_battle(s2)
    pass_both(s2)
    assert s2.captives[0] == [] and enf in s2.piles[1]


def test_b9_winner_lost_leader_goes_back_to_its_pile():
    s = blank()
    captain, = put(s, 0, "c", "captain")
    put(s, 1, "c", "destroyer", "tyrant")
    to_battle(s)
    pass_both(s)  # 3 + 0 vs 5 + 5 (tyrant) ... blue wins
    # red lost the captain: blue has a leader, so it is captured
    assert captain in s.captives[1]
    s2 = blank()
    put(s2, 0, "c", "cruiser", "cruiser", "captain")
    put(s2, 1, "c", "tyrant")
    to_battle(s2)
    pass_both(s2)
    # red 4+4+3 beats tyrant 5: tyrant captured (red has a leader); red owes Force 3
    assert prompt(s2).kind == "casualty" and prompt(s2).side == 0
    cap = next(c for c in s2.stacks[0][tid(s2, "c")] if s2.unit(c).is_leader)
    lose(s2, 0, cap)
    assert cap in s2.piles[0]  # a winner's lost leader is never captured


def test_b9_capture_decided_before_the_winner_loses_its_only_leader():
    # docs/rules.md reading of B9/B10: capture is decided when the battle is resolved,
    # so boxed-in survivors are captured even after the winner lost its only leader in B8.
    s = blank()
    put(s, 0, "a", "captain", "cruiser")
    put(s, 0, "b", "wing")  # a's only neighbour: blue cannot retreat
    enforcer, = put(s, 1, "a", "enforcer")
    put(s, 1, "a", "hauler", "hauler")
    give(s, 0, "ambush")
    apply(s, 0, ("end",))
    apply(s, 0, ("play", card(s, "ambush")))
    pass_both(s)
    assert s.battle.winner == 0
    lose(s, 0, next(c for c in s.stacks[1][tid(s, "a")] if c != enforcer))
    lose(s, 1, next(c for c in s.stacks[1][tid(s, "a")] if c != enforcer))
    captain = next(c for c in s.stacks[0][tid(s, "a")] if s.unit(c).is_leader)
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    lose(s, 0, captain)
    assert captain in s.piles[0]  # B9: a winner's lost leader goes to its pile
    assert enforcer in s.captives[0]  # eliminated for want of a retreat, captured
    assert stack(s, 1, "a") == [] and stack(s, 0, "a") == ["cruiser"]


def test_b10_retreat_choice_and_elimination_when_boxed_in():
    # RULINGS B10
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "swarm", "swarm", "swarm", "swarm")
    to_battle(s)
    pass_both(s)
    first_casualties(s)
    assert prompt(s).kind == "retreat" and prompt(s).side == 1
    opts = [a[1] for a in legal_actions(s) if a[0] == "retreat"]
    assert opts == sorted([tid(s, "b"), tid(s, "d"), tid(s, "f")])
    apply(s, 1, ("retreat", tid(s, "f")))
    assert stack(s, 1, "f") == ["swarm", "swarm"]
    # boxed in: every neighbour of a holds a red stack
    s2 = blank()
    put(s2, 0, "a", "cruiser", "cruiser")
    put(s2, 0, "b", "wing")
    tyrant, = put(s2, 1, "a", "tyrant")
    put(s2, 1, "a", "swarm")
    give(s2, 0, "ambush")
    s2.active = 0
    apply(s2, 0, ("end",))
    apply(s2, 0, ("play", card(s2, "ambush")))
    pass_both(s2)
    first_casualties(s2)
    assert stack(s2, 1, "a") == []
    assert tyrant in s2.piles[1]  # no red leader: not captured


def test_b10_loser_retreats_even_when_the_winner_was_wiped_out_by_its_own_losses():
    # RULINGS B8: a winner worth less than it owes loses its whole stack;
    # B10: the loser's survivors still retreat.
    s = blank()
    put(s, 0, "c", "wing", "wing")
    put(s, 1, "c", "destroyer", "hauler")
    give(s, 0, "ambush")
    apply(s, 0, ("end",))
    apply(s, 0, ("play", card(s, "ambush")))
    pass_both(s)
    assert s.battle.winner == 0  # 2 + 5 + 2 (defense) against 6 + 2 (bomb)
    destroyer = s.stacks[1][tid(s, "c")][0]
    lose(s, 0, destroyer)  # the winner picks the first loss: Force 5
    # red owes 3 and is worth 2: all of it goes; blue's hauler must retreat
    assert stack(s, 0, "c") == []
    assert prompt(s).kind == "retreat" and prompt(s).side == 1
    assert {a[1] for a in legal_actions(s) if a[0] == "retreat"} == {
        tid(s, "b"), tid(s, "d"), tid(s, "f")}
    apply(s, 1, ("retreat", tid(s, "d")))
    assert stack(s, 1, "d") == ["hauler"] and stack(s, 1, "c") == []
    assert s.battle is None and s.phase != "battle"


def test_b11_refill_reshuffles_the_discard_and_never_exceeds_the_limit():
    # RULINGS B11: both sides draw up to the hand limit after a battle; D2: an
    # empty deck is refilled from the discard
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "swarm")
    give(s, 0, "step", "step", "march")
    s.discard, s.deck = s.deck[:-4], s.deck[-4:]
    apply(s, 0, ("end",))
    pass_both(s)
    assert [len(h) for h in s.hands] == [7, 7]
    assert any(e["kind"] == "shuffle" for e in s.log)
    total = len(s.deck) + len(s.discard) + sum(len(h) for h in s.hands)
    assert total == sum(c.count for c in s.module.cards)


def test_b11_d2_refill_with_deck_and_discard_both_empty_stops_quietly():
    # RULINGS B11, D2: the attacker refills first; when both piles run dry drawing stops.
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "swarm")
    s.discard = s.deck[:3]
    s.deck = []
    apply(s, 0, ("end",))
    pass_both(s)
    assert s.battle is None
    assert [len(h) for h in s.hands] == [3, 0]
    assert s.deck == [] and s.discard == []


def test_b12_victory_checked_after_a_battle():
    # RULINGS B12 and W2: the last red leader captured ends the game at once
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "c", "tyrant", "destroyer")
    to_battle(s)
    pass_both(s)
    assert s.winner == -1  # not before the battle is over: blue still picks its loss
    assert prompt(s).kind == "casualty" and prompt(s).side == 1
    destroyer = s.stacks[1][tid(s, "c")][1]
    pick_all(s, 1, [destroyer])
    assert s.winner == -1  # a pick is not final
    apply(s, 1, ("confirm",))
    assert s.winner == 1 and prompt(s).kind == "game_over"


def test_b12_no_victory_while_the_loser_picks_casualties_then_at_once():
    # RULINGS B12: checked after the battle, not in the middle of it.
    s = blank()
    put(s, 0, "c", "hero", "wing", "wing", "frigate")
    put(s, 1, "c", "tyrant", "destroyer", "destroyer", "destroyer", "swarm")
    apply(s, 0, ("end",))
    pass_both(s)
    assert s.battle.winner == 1
    hero = s.stacks[0][tid(s, "c")][0]
    lose(s, 1, hero)  # captured: W2 would hold now, but the battle goes on
    assert hero in s.captives[1] and s.winner == -1
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    first_casualties(s)
    if s.winner < 0 and prompt(s).kind == "retreat":
        apply(s, 0, legal_actions(s)[0])
    assert s.winner == 1


def test_b12_victory_after_the_first_battle_stops_the_phase():
    # RULINGS B12, W2: the last red leader captured in the first battle ends the game
    # before the second battle is fought.
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "c", "tyrant", "destroyer")
    put(s, 0, "a", "cruiser")
    put(s, 1, "a", "hauler")
    apply(s, 0, ("end",))
    apply(s, 0, ("battle", tid(s, "c")))
    pass_both(s)
    first_casualties(s)
    assert s.winner == 1 and prompt(s).kind == "game_over"
    assert stack(s, 0, "a") == ["cruiser"] and stack(s, 1, "a") == ["hauler"]


def test_b12_simultaneous_module_victories_go_to_the_active_side():
    # docs/rules.md reading: victory is checked for the active side first. Red
    # captures the tyrant (its win) while losing its last leader in B8 (blue's win).
    s = blank()
    s.control[tid(s, "c")] = 0
    hold_captive(s, 1, "hero")
    put(s, 0, "c", "captain", "cruiser", "cruiser")
    tyrant, = put(s, 1, "c", "tyrant")
    apply(s, 0, ("end",))
    assert s.winner == -1
    pass_both(s)  # 3 + 8 + 2 (bomb) against 5
    assert tyrant in s.captives[0]
    captain = next(c for c in s.stacks[0][tid(s, "c")] if s.unit(c).is_leader)
    pick_all(s, 0, [captain])  # Force 3 pays the 3 owed
    assert s.winner == -1  # a pick is not final
    apply(s, 0, ("confirm",))
    assert s.winner == 0


def test_b12_sabotage_of_the_last_enemy_unit_wins_at_the_end_of_the_move_phase():
    # RULINGS W3 checked at the end of every phase (B12)
    s = blank(make_module())
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "base")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    apply(s, 0, ("target", tid(s, "e")))
    assert s.winner == -1  # not in the middle of the phase
    apply(s, 0, ("end",))
    assert s.winner == 0
    assert [e["phase"] for e in s.log if e["kind"] == "victory"] == ["move"]


def test_b6_a_tied_result_says_who_ties_go_to():
    # RULINGS B6: the result line of a tie names the rule that decided it (play-test)
    s = blank()
    put(s, 0, "c", "cruiser", "frigate")  # 4 + 2: one Bombardment, one Point Defense
    put(s, 1, "c", "destroyer", "swarm")  # 5 + 1: the same majorities, no bonus
    to_battle(s)
    pass_both(s)
    b = s.battle or s.last_battle
    assert [x["total"] for x in b.totals] == [6, 6] and b.winner == 1  # the defender
    assert b.result.endswith("6 to 6 (a tie goes to the defender).")


def test_b9_a_loss_row_says_when_the_leader_would_be_captured():
    # RULINGS B9: a leader lost to an enemy stack with a leader is captured; the
    # row says so before it is picked, and not when it would go back to its pile.
    from warp_empires.engine import describe_action

    s = blank()
    put(s, 0, "c", "hero", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "enforcer", "swarm")
    to_battle(s)
    pass_both(s)
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    rows = {describe_action(s.module, s, a) for a in legal_actions(s)}
    assert rows == {"capture Enforcer", "eliminate Swarm"}
    s2 = blank()
    put(s2, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s2, 1, "c", "enforcer", "swarm")
    to_battle(s2)
    pass_both(s2)
    rows = {describe_action(s2.module, s2, a) for a in legal_actions(s2)}
    assert rows == {"eliminate Enforcer", "eliminate Swarm"}


def test_k2_a_winners_loss_row_says_when_it_is_the_last_unit_that_can_take_control():
    # RULINGS K2, B8 (play-test: a planet's claim went with a loss chosen unwarned)
    from warp_empires.engine import describe_action

    s = blank()
    cruiser, w1, w2 = put(s, 0, "c", "cruiser", "wing", "wing")
    put(s, 1, "c", "destroyer")
    to_battle(s)
    pass_both(s)  # 4 + 1 + 1 and the Point Defense majority (+2) against 5: the
    # loser's one unit goes (B7), and the winner owes Force 3 (B8)
    assert prompt(s).kind == "casualty" and prompt(s).side == 0 and prompt(s).owed == 3

    def row(chit: int) -> str:
        return describe_action(s.module, s, ("pick", s.pend.items.index(chit)))

    assert row(cruiser) == "lose Cruiser (last here able to take control)"
    assert row(w1) == "lose Wing"
    # with its marker there already, nothing is at stake
    s.control[tid(s, "c")] = 0
    assert row(cruiser) == "lose Cruiser"

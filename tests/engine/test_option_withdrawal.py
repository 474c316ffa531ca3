"""Withdrawal, an optional rule (RULINGS O2): when a battle starts, before any
card, the defender may roll to avoid it (4+ on a d6; -1 when the attacker has
more fighters, +1 when only the defender has a leader, -1 when only the
attacker has). On success its mobile units retreat unharmed (B10) and its
fortifications stay and fight alone; on failure the battle is fought."""

from __future__ import annotations

from warp_empires.engine import apply, legal_actions, prompt, view

from .builder import blank, pass_both, play_with, put, rig, stack, tid, to_battle


def battle_at_c(*defenders: str, attackers: tuple[str, ...] = ("cruiser",), on: bool = True):
    """Side 0 attacks side 1's stack at c; the Battle phase starts."""
    s = blank()
    if on:
        play_with(s, "withdrawal")
    put(s, 0, "c", *attackers)
    put(s, 1, "c", *defenders)
    to_battle(s)
    return s


def test_o2_off_in_the_standard_game():
    s = battle_at_c("destroyer", on=False)
    assert prompt(s).kind == "battle_card"


def test_o2_the_defender_decides_first_on_a_screen_both_may_watch():
    s = battle_at_c("destroyer")
    p = prompt(s)
    assert (p.kind, p.side, p.all_public) == ("withdraw", 1, True)
    assert legal_actions(s) == [("withdraw",), ("fight",)]
    assert "4+ on a d6" in p.text


def test_o2_fighting_goes_on_to_the_cards():
    s = battle_at_c("destroyer")
    apply(s, 1, ("fight",))
    assert prompt(s).kind == "battle_card" and prompt(s).side == 0
    assert not any(e["kind"] == "dice" for e in s.log)


def test_o2_a_failed_roll_means_the_battle_is_fought():
    s = battle_at_c("destroyer")
    rig(s, 3)
    apply(s, 1, ("withdraw",))
    assert prompt(s).kind == "battle_card"
    assert "rolled 3, needs 4: failure" in s.log[-1]["text"]


def test_o2_success_moves_the_mobile_units_away_unharmed():
    s = battle_at_c("destroyer", "hauler")
    rig(s, 4)
    apply(s, 1, ("withdraw",))
    # c has neighbours b, d and f: the defender chooses
    assert prompt(s).kind == "withdraw_to" and prompt(s).side == 1
    assert set(legal_actions(s)) == {("retreat", tid(s, x)) for x in ("b", "d", "f")}
    apply(s, 1, ("retreat", tid(s, "d")))
    assert stack(s, 1, "d") == ["destroyer", "hauler"] and not s.stacks[1][tid(s, "c")]
    assert s.battle is None and s.last_battle.winner == -1  # no winner, no losses
    assert "no battle" in s.last_battle.result


def test_o2_fortifications_stay_and_fight_alone():
    s = battle_at_c("destroyer", "base")
    rig(s, 6)
    apply(s, 1, ("withdraw",))
    apply(s, 1, ("retreat", tid(s, "d")))
    assert stack(s, 1, "c") == ["base"] and stack(s, 1, "d") == ["destroyer"]
    assert prompt(s).kind == "battle_card"
    pass_both(s)
    assert s.last_battle.winner == 0  # a cruiser (4) against a base (1)


def test_o2_a_stack_of_fortifications_only_cannot_withdraw():
    s = battle_at_c("base")
    assert prompt(s).kind == "battle_card"


def test_o2_no_way_out_means_no_offer():
    # the attacker stands on every neighbour of c: b, d and f
    s = blank()
    play_with(s, "withdrawal")
    for where in ("b", "c", "d", "f"):
        put(s, 0, where, "wing")
    put(s, 1, "c", "destroyer")
    to_battle(s)  # the only battle, at c
    assert prompt(s).kind == "battle_card"


def test_o2_more_pursuers_make_it_harder():
    # two fighter squads against none: -1, so a 4 fails
    s = battle_at_c("destroyer", attackers=("cruiser", "wing", "wing"))
    assert "-1: the attacker has more fighters" in prompt(s).text
    rig(s, 4)
    apply(s, 1, ("withdraw",))
    assert "rolled 4 -1 (the attacker has more fighters) = 3, needs 4: failure" in s.log[-1][
        "text"]


def test_o2_equal_pursuers_change_nothing():
    s = battle_at_c("destroyer", "swarm", attackers=("cruiser", "wing"))
    assert "more fighter" not in prompt(s).text


def test_o2_leaders_shift_the_roll_both_ways():
    s = battle_at_c("tyrant", "destroyer")
    assert "+1: only the defender has a leader" in prompt(s).text
    rig(s, 3)
    apply(s, 1, ("withdraw",))
    assert "= 4, needs 4: success" in s.log[-1]["text"]
    s2 = battle_at_c("destroyer", attackers=("hero", "cruiser"))
    assert "-1: only the attacker has a leader" in prompt(s2).text
    s3 = battle_at_c("tyrant", attackers=("hero",))
    assert "leader" not in prompt(s3).text


def test_o2_the_roll_is_read_by_both_sides():
    s = battle_at_c("destroyer")
    rig(s, 5)
    apply(s, 1, ("withdraw",))
    for side in (0, 1):
        assert any("tries to withdraw" in e["text"] or "try to withdraw" in e["text"]
                   for e in view(s, side).log)


def test_o2_with_interception_the_withdrawing_stack_may_be_caught_where_it_goes():
    # RULINGS O2 (revised): with O1 on, the withdrawing stack is tried like a moving
    # group; side 1 leaves c for f, next to side 0's stack at c (no longer pinned)
    s = blank()
    play_with(s, "withdrawal", "interception")
    put(s, 0, "c", "cruiser")
    put(s, 1, "c", "swarm")
    put(s, 0, "b", "frigate")  # b: the other way out is next to nothing of side 1's
    to_battle(s)
    rig(s, 6)
    apply(s, 1, ("withdraw",))
    apply(s, 1, ("retreat", tid(s, "f")))
    assert prompt(s).kind == "intercept" and prompt(s).side == 0
    rig(s, 6)
    apply(s, 0, ("intercept", tid(s, "c")))
    assert stack(s, 0, "f") == ["cruiser"] and stack(s, 1, "f") == ["swarm"]
    assert s.battle is not None and s.battle.t == tid(s, "f")  # fought at once, in this phase

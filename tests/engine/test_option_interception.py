"""Interception, an optional rule (RULINGS O1): when a moving group stops where
no enemy stack stands but next to enemy stacks, their owner may have them
try, one at a time, to catch it: 4+ on a d6, +1 when only the interceptors
have a leader, -1 when only the group has. A success moves the stack's
mobile units in (a battle follows) and no other stack tries; each stack tries
at most once per group move; every roll is public; and nothing about the
enemy's stacks shows in whether it is asked (H9)."""

from __future__ import annotations

from warp_empires.engine import IllegalAction, apply, legal_actions, prompt, view
from warp_empires.engine.viewtypes import InterceptView

from .builder import blank, card, give, pick_all, play_with, put, rig, stack, tid


def move_group(s, src: str, dst: str, chits: list[int]) -> None:
    """Side 0 plays a one-group move card and moves `chits` from src to dst."""
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, src)))
    pick_all(s, 0, chits)
    apply(s, 0, ("to", tid(s, dst)))


def setup_b(*enemy_at_c: str, group: tuple[str, ...] = ("cruiser",), on: bool = True):
    """Side 0's group moves a -> b, next to side 1's stack at c."""
    s = blank()
    if on:
        play_with(s, "interception")
    chits = put(s, 0, "a", *group)
    if enemy_at_c:
        put(s, 1, "c", *enemy_at_c)
    move_group(s, "a", "b", chits)
    return s


def test_o1_off_in_the_standard_game():
    s = setup_b("destroyer", on=False)
    assert prompt(s).kind == "move"


def test_o1_the_owner_of_a_stack_next_to_the_group_decides():
    s = setup_b("destroyer")
    p = prompt(s)
    assert (p.kind, p.side) == ("intercept", 1)
    assert legal_actions(s) == [("intercept", tid(s, "c")), ("decline",)]


def test_o1_no_enemy_stack_next_to_it_no_question():
    s = setup_b()
    assert prompt(s).kind == "move"


def test_o1_declining_gives_the_move_back():
    s = setup_b("destroyer")
    apply(s, 1, ("decline",))
    assert prompt(s).kind == "move" and prompt(s).side == 0
    assert stack(s, 1, "c") == ["destroyer"]


def test_o1_a_success_moves_the_mobile_units_in_and_a_battle_follows():
    s = setup_b("destroyer", "base", "swarm")
    rig(s, 4)
    apply(s, 1, ("intercept", tid(s, "c")))
    assert stack(s, 1, "b") == ["destroyer", "swarm"] and stack(s, 1, "c") == ["base"]
    assert "rolled 4, needs 4: success" in s.log[-2]["text"]
    assert prompt(s).kind == "move"
    apply(s, 0, ("end",))
    assert s.battle is not None and s.battle.t == tid(s, "b")


def test_o1_the_caught_group_may_not_move_on():
    s = blank()
    play_with(s, "interception")
    cruiser = put(s, 0, "a", "cruiser")
    put(s, 1, "c", "destroyer")
    give(s, 0, "march")  # two groups
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, cruiser)
    apply(s, 0, ("to", tid(s, "b")))
    rig(s, 6)
    apply(s, 1, ("intercept", tid(s, "c")))
    assert ("from", tid(s, "b")) not in legal_actions(s)  # engaged (RULINGS M9)


def test_o1_each_stack_tries_once_and_a_success_ends_the_tries():
    # the group moves a -> c; c neighbours b, d and f, and side 1 waits at d and f
    s = blank()
    play_with(s, "interception")
    chits = put(s, 0, "a", "cruiser")
    put(s, 1, "d", "swarm")
    put(s, 1, "f", "hauler", "base")
    move_group(s, "a", "c", chits)
    assert set(legal_actions(s)) == {("intercept", tid(s, "d")), ("intercept", tid(s, "f")),
                                     ("decline",)}
    rig(s, 1)
    apply(s, 1, ("intercept", tid(s, "d")))
    assert legal_actions(s) == [("intercept", tid(s, "f")), ("decline",)]  # d tried
    rig(s, 6)
    apply(s, 1, ("intercept", tid(s, "f")))
    assert stack(s, 1, "c") == ["hauler"] and stack(s, 1, "f") == ["base"]
    assert prompt(s).kind == "move"  # no more tries after a success


def test_o1_a_stack_of_fortifications_only_is_asked_about_but_cannot_go():
    # H9: twin stacks with the same top, one hiding a mobile unit below it: the
    # mover sees the same either way
    forts = setup_b("base", "base")
    assert prompt(forts).kind == "intercept" and legal_actions(forts) == [("decline",)]
    assert "none of them can move" in prompt(forts).text  # its owner's words only
    mobile = setup_b("base", "swarm")
    assert legal_actions(mobile)[0] == ("intercept", tid(mobile, "c"))
    assert view(forts, 0) == view(mobile, 0)
    assert legal_actions(forts, 0) == legal_actions(mobile, 0) == []


def test_o1_leaders_shift_the_roll():
    s = setup_b("tyrant", "destroyer")
    rig(s, 3)
    apply(s, 1, ("intercept", tid(s, "c")))
    assert "rolled 3 +1 (only the interceptors have a leader) = 4, needs 4: success" in \
        s.log[-2]["text"]
    s2 = setup_b("destroyer", group=("hero", "cruiser"))
    rig(s2, 4)
    apply(s2, 1, ("intercept", tid(s2, "c")))
    assert "rolled 4 -1 (only the moving group has a leader) = 3, needs 4: failure" in \
        s2.log[-1]["text"]


def test_o1_a_stack_facing_the_mover_already_cannot_leave_it():
    s = blank()
    play_with(s, "interception")
    put(s, 0, "c", "wing")
    put(s, 1, "c", "destroyer")
    chits = put(s, 0, "a", "cruiser")
    move_group(s, "a", "b", chits)
    assert prompt(s).kind == "move"


def test_o1_the_interceptor_sees_neither_the_group_nor_the_movers_plans():
    s = setup_b("destroyer", group=("hero", "cruiser"))
    v = view(s, 1)
    assert v.pend.data == InterceptView(tid(s, "b"), 2, [])
    assert v.pend.to_data() == {"type": "Intercepting", "t": tid(s, "b"), "size": 2, "tried": []}
    assert "leader" in v.prompt.text  # as a rule, the same for any group
    other = setup_b("destroyer", group=("cruiser", "cruiser"))
    assert view(other, 1).prompt == v.prompt


def test_o1_only_listed_stacks_may_try():
    s = setup_b("destroyer")
    try:
        apply(s, 1, ("intercept", tid(s, "e")))
    except IllegalAction as e:
        assert "not legal" in str(e)
    else:
        raise AssertionError("intercepting from a stack not next to the group was allowed")


def test_o1_o2_a_stack_that_intercepted_may_not_withdraw_from_that_battle():
    s = setup_b("destroyer")
    play_with(s, "interception", "withdrawal")
    rig(s, 6)
    apply(s, 1, ("intercept", tid(s, "c")))
    assert s.caught == [tid(s, "b")]
    apply(s, 0, ("end",))
    assert prompt(s).kind == "battle_card"  # no withdrawal offered
    # without the interception the same defender would be asked
    t = blank()
    play_with(t, "interception", "withdrawal")
    put(t, 0, "b", "cruiser")
    put(t, 1, "b", "destroyer")
    apply(t, 0, ("end",))
    assert prompt(t).kind == "withdraw"

"""Interception, an optional rule (RULINGS O1, as revised in issue 35): each
time a moving group enters a territory with no enemy stack but next to enemy
stacks, their owner may pick one of them to try to catch it (one try a
territory entered): 4+ on a d6, +1 when only the interceptors have a leader,
-1 when only the group has, -1 for each earlier try by that stack this turn.
A success moves the stack's mobile units in, ends the group's move there and
bars the territory to the mover's other groups this phase; the battle is
fought first. After a failure the group may stop or move on. Every roll is
public; nothing about the enemy's stacks shows in whether it is asked (H9)."""

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


def test_o1_one_try_for_each_territory_entered():
    # RULINGS O1: the group moves a -> c; c neighbours d and f, where side 1 waits;
    # the other side picks one stack, and one failed try is all at c
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
    assert prompt(s).kind == "move" and stack(s, 0, "c") == ["cruiser"]


def fast_group(*rolls: int):
    """Side 0's hero (3 moves) goes a -> d by b and c; side 1 waits at f, next
    to c only. Returns the state at side 1's try at c."""
    s = blank()
    play_with(s, "interception")
    chits = put(s, 0, "a", "hero")
    put(s, 1, "f", "swarm")
    move_group(s, "a", "d", chits)
    rig(s, *rolls)
    return s


def test_o1_a_try_at_a_territory_passed_through():
    # RULINGS O1: each territory entered, not only where the group stops
    s = fast_group()
    assert prompt(s).kind == "intercept" and prompt(s).side == 1
    assert s.pend.t == tid(s, "c") and stack(s, 0, "c") == ["hero"]


def test_o1_after_a_failure_the_group_may_move_on_or_stop():
    s = fast_group(1)
    apply(s, 1, ("intercept", tid(s, "f")))
    assert prompt(s).kind == "move_on" and prompt(s).side == 0
    apply(s, 0, ("on",))
    assert stack(s, 0, "d") == ["hero"] and prompt(s).kind == "move"
    s2 = fast_group(1)
    apply(s2, 1, ("intercept", tid(s2, "f")))
    apply(s2, 0, ("halt",))
    assert stack(s2, 0, "c") == ["hero"] and prompt(s2).kind == "move"


def test_o1_a_declined_group_goes_on_without_asking():
    s = fast_group()
    apply(s, 1, ("decline",))
    assert stack(s, 0, "d") == ["hero"] and prompt(s).kind == "move"


def test_o1_a_success_ends_the_move_and_bars_the_territory_this_phase():
    s = fast_group(6)
    apply(s, 1, ("intercept", tid(s, "f")))
    assert stack(s, 0, "c") == ["hero"] and stack(s, 1, "c") == ["swarm"]
    assert stack(s, 0, "d") == [] and s.caught == [tid(s, "c")]
    # another group of the mover may not enter c this Move phase
    chits = put(s, 0, "b", "cruiser")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "b")))
    pick_all(s, 0, chits)
    assert ("to", tid(s, "c")) not in legal_actions(s)


def test_o1_a_further_try_by_the_same_stack_is_harder():
    # RULINGS O1: the seed's modifier for each further try, read as -1 (docs/rules.md)
    s = fast_group(4)
    s.tries = [tid(s, "f")]  # it tried once already this turn
    apply(s, 1, ("intercept", tid(s, "f")))
    assert prompt(s).kind == "move_on"  # 4 - 1 = 3: a failure
    assert any("1 earlier try by that stack" in e["text"] for e in view(s, 0).log)


def test_o1_the_intercepted_battle_is_fought_first():
    from warp_empires.engine.battle import begin_phase

    s = fast_group(6)
    apply(s, 1, ("intercept", tid(s, "f")))
    put(s, 0, "e", "cruiser")
    put(s, 1, "e", "hauler")  # another battle, at e
    s.phase = "battle"
    begin_phase(s)
    assert s.battle is not None and s.battle.t == tid(s, "c")


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


def _passing(group: tuple[str, ...], at_f: tuple[str, ...]):
    s = blank()
    play_with(s, "interception")
    chits = put(s, 0, "a", *group)
    put(s, 1, "f", *at_f)
    move_group(s, "a", "d", chits)
    return s


def test_o1_h9_the_new_prompts_tell_neither_side_the_other_s_secrets():
    # RULINGS H9: the mover, while the enemy decides, cannot tell whether the stack
    # next to c hides a mobile unit under its top
    forts, mobile = _passing(("hero",), ("base", "base")), _passing(("hero",), ("base", "swarm"))
    assert prompt(forts).kind == prompt(mobile).kind == "intercept"
    assert view(forts, 0) == view(mobile, 0)
    # and the interceptor, while the mover decides to stop or go on, learns nothing of
    # the group below its top (a hero over a fighter or over a second leader)
    twins = []
    for group in (("hero", "wing"), ("hero", "captain")):
        s = _passing(group, ("swarm",))
        rig(s, 1)
        apply(s, 1, ("intercept", tid(s, "f")))
        assert prompt(s).kind == "move_on" and prompt(s).side == 0
        twins.append(view(s, 1))
    assert twins[0] == twins[1]


def test_o1_the_module_s_further_try_modifier_is_checked(tmp_path):
    # RULINGS O1: a module number, a change to a d6 roll
    import shutil
    from pathlib import Path

    import pytest

    from warp_empires.module import ModuleError, load_module

    from .builder import star_wars

    folder = tmp_path / "star_wars"
    shutil.copytree(Path(star_wars().path), folder)
    toml = folder / "module.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace("further_try = -1", "further_try = -9")
                    .replace('first = { class = "fighter" }', 'first = { class = "droid" }'),
                    encoding="utf-8")
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    problems = "\n".join(err.value.problems)
    assert "options.interception.further_try: must be -6 to 6" in problems
    assert "options.attrition.first.class: unknown class 'droid'" in problems  # RULINGS O3
    assert star_wars().options["interception"].further_try == -1


def test_o1_h9_the_interceptor_is_not_told_where_the_group_is_going():
    # Play-test: "The Empire moves a group of 5 from Corellia to Kessel" was in
    # the log when the Rebels were asked to intercept at Corellian Run, and
    # they used it. The destination is told when the group gets there.
    s = fast_group(1)
    d = s.territory_name(tid(s, "d"))
    seen = [e["text"] for e in view(s, 1).log]
    assert prompt(s).kind == "intercept" and not any(d in line for line in seen), seen
    assert any(d in e["text"] for e in view(s, 0).log)  # the mover knows its own plan
    apply(s, 1, ("intercept", tid(s, "f")))  # fails (rigged 1)
    apply(s, 0, ("on",))
    # told to the other side with the rest of the Move phase (RULINGS Z2)
    theirs = [e["text"] for e in s.log if e["to"] in (None, 1)]
    assert theirs[-1].endswith(f"a group of 1 into {d}.")

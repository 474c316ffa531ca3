"""Stacks seen in a battle stay seen (RULINGS B2, H2, H9): both sides saw
every unit of both stacks, so the survivors stay listed in both views until a
unit joins or leaves the stack; a change of its top unit keeps them listed.
Units joining leave the ones seen known in part (tests/engine/test_seen.py).
A play-test found the forecast saying "(4 hidden)" and "5 to 52" for a stack
whose every unit the player had seen in last turn's battle."""

from __future__ import annotations

import pytest

from warp_empires.engine import apply, board, known, legal_actions, prompt, view
from warp_empires.engine.forecast import battle_forecast
from warp_empires.engine.invariants import broken
from warp_empires.engine.state import State

from .builder import blank, card, first_casualties, give, pass_both, pick_all, put, tid, to_battle


def _won_at_c(hidden_at_f: bool = False) -> State:
    """Side 0's three cruisers beat four swarms at c; the two surviving swarms
    retreat to f (where side 1 has a hauler when `hidden_at_f`)."""
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "swarm", "swarm", "swarm", "swarm")
    put(s, 1, "e", "destroyer", "base")  # never in a battle: hidden throughout
    if hidden_at_f:
        put(s, 1, "f", "hauler", "destroyer")
    to_battle(s)
    pass_both(s)
    first_casualties(s)
    assert prompt(s).kind == "retreat"
    apply(s, 1, ("retreat", tid(s, "f")))
    assert s.battle is None and broken(s) == []
    return s


def _listed(s: State, viewer: int, owner: int, where: str, public: bool = False) -> list | None:
    entry = view(s, viewer, public=public).stacks[owner][tid(s, where)]
    return None if entry is None or entry.units is None else [u.chit for u in entry.units]


def test_b2_the_survivors_of_a_battle_stay_listed_for_both_sides():
    s = _won_at_c()
    # the winner's stack where it fought, the loser's where it retreated to
    assert _listed(s, 1, 0, "c") == list(s.stacks[0][tid(s, "c")])
    assert _listed(s, 0, 1, "f") == list(s.stacks[1][tid(s, "f")])
    # and on a screen both players share: both knew it
    assert _listed(s, 0, 1, "f", public=True) is not None
    assert _listed(s, 1, 0, "c", public=True) is not None
    # a stack never fought keeps its secret (H2)
    assert _listed(s, 0, 1, "e") is None
    # the forecast counts what was seen: nothing hidden, one total
    v = view(s, 0)
    f = battle_forecast(s.module, v, tid(s, "f"), joining=[s.chits[s.stacks[0][tid(s, "c")][0]]])
    assert f is not None and f.hidden == 0 and f.theirs[0] == f.theirs[1]


def test_b2_survivors_joining_a_hidden_stack_are_known_there_the_rest_is_not():
    s = _won_at_c(hidden_at_f=True)
    assert _listed(s, 0, 1, "f") is None
    entry = view(s, 0).stacks[1][tid(s, "f")]
    assert entry.size == 4
    assert [u.chit for u in entry.seen] == list(s.stacks[1][tid(s, "f")][2:])  # the swarms
    assert _listed(s, 1, 0, "c") is not None  # the winner's stack is still listed


@pytest.mark.parametrize("change", ["place", "put_on_top", "put_below", "remove_from_map",
                                    "remove_group"])
def test_h2_a_unit_joining_or_leaving_unlists_the_stack(change):
    s = _won_at_c()
    c = tid(s, "c")
    here = s.stacks[0][c]
    spare = s.piles[0][0]
    if change == "place":
        s.piles[0].remove(spare)
        board.place(s, spare, c)
    elif change in ("put_on_top", "put_below"):
        s.piles[0].remove(spare)
        getattr(board, change)(s, 0, c, (spare,))
    elif change == "remove_from_map":
        board.remove_from_map(s, here[-1], c)
        board.to_pile(s, here[-1])
    else:
        board.remove_group(s, 0, c, here[1:])
        board.put_on_top(s, 0, tid(s, "d"), here[1:])
    assert _listed(s, 1, 0, "c") is None
    # units joining leave the ones seen known; one leaving unnamed forgets them
    seen = [u.chit for u in view(s, 1).stacks[0][c].seen]
    assert seen == (list(here) if change in ("place", "put_on_top", "put_below") else [])
    assert _listed(s, 0, 1, "f") is not None  # the other stack is untouched
    assert broken(s) == []


def _moved(*groups: tuple[str, str, int], before: dict[str, tuple[str, ...]] | None = None
           ) -> State:
    """Side 0's two cruisers at c were seen in a battle (State.shown); each
    group (from, to, how many of the stack there, top first) then moves under
    one card, and the Move phase ends, so the enemy is told (RULINGS Z2)."""
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser")
    for where, names in (before or {}).items():
        put(s, 0, where, *names)
    known.show_stack(s, 0, tid(s, "c"))
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    for src, dest, n in groups:
        apply(s, 0, ("from", tid(s, src)))
        pick_all(s, 0, list(s.stacks[0][tid(s, src)][:n]))
        apply(s, 0, ("to", tid(s, dest)))
    if prompt(s).kind == "move_from":
        apply(s, 0, ("stop",))
    apply(s, 0, ("end",))
    assert broken(s) == []
    return s


def test_h2_a_whole_stack_seen_that_moves_on_whole_stays_listed():
    # The enemy sees the stack's size and the group's (H2, the move's line):
    # all of it went, so it is still known where it now stands.
    s = _moved(("c", "d", 2))
    assert _listed(s, 1, 0, "d") == list(s.stacks[0][tid(s, "d")])
    assert _listed(s, 1, 0, "d", public=True) is not None  # both players know it
    # the forecast the play-testers read: nothing hidden, one total
    swarm = s.module.unit_by_id(1, "swarm").index
    f = battle_forecast(s.module, view(s, 1), tid(s, "d"), joining=[swarm])
    assert f is not None and f.hidden == 0 and f.theirs[0] == f.theirs[1]
    t = _moved(("c", "b", 2), before={"b": ("frigate",)})
    assert _listed(t, 1, 0, "b") is None  # joined a stack never seen: known in part
    assert [u.chit for u in view(t, 1).stacks[0][tid(t, "b")].seen] == list(
        t.stacks[0][tid(t, "b")][:2])


@pytest.mark.parametrize("hidden", [("frigate",), ("wing",), ("frigate", "wing")])
def test_h2_twins_a_stack_seen_joining_a_hidden_one_tells_nothing_of_it(hidden):
    # Twin positions that differ only in what side 0's unseen stack at d
    # holds below its top: the enemy's view after the whole stack seen at c
    # joins it is the same (a size it already knew plus the group's).
    seen = _moved(("c", "d", 2), before={"d": ("cruiser", *hidden)})
    other = tuple("wing" if unit == "frigate" else "frigate" for unit in hidden)
    twin = _moved(("c", "d", 2), before={"d": ("cruiser", *other)})
    assert seen.stacks[0] != twin.stacks[0]  # the secret differs
    assert _listed(seen, 1, 0, "d") is None
    assert view(seen, 1) == view(twin, 1)
    assert prompt(seen) == prompt(twin) and legal_actions(seen, 1) == legal_actions(twin, 1)


def test_h2_part_of_a_stack_seen_moving_on_hides_both_parts():
    # which of the two went is the owner's secret (H2)
    s = _moved(("c", "d", 1))
    assert _listed(s, 1, 0, "d") is None and _listed(s, 1, 0, "c") is None
    assert s.seen == []


def test_h2_a_whole_stack_seen_joining_another_seen_keeps_both_listed():
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 0, "d", "frigate")
    known.show_stack(s, 0, tid(s, "c"))
    known.show_stack(s, 0, tid(s, "d"))
    board.move_group(s, 0, tid(s, "c"), tid(s, "d"), s.stacks[0][tid(s, "c")])
    assert _listed(s, 1, 0, "d") == list(s.stacks[0][tid(s, "d")])
    assert len(s.stacks[0][tid(s, "d")]) == 2


def test_h2_a_new_top_unit_keeps_the_stack_listed():
    # The owner arranges its stack (the Move phase's "top" step): the same units.
    s = _won_at_c()
    c = tid(s, "c")
    last = s.stacks[0][c][-1]
    board.to_top(s, 0, c, last)
    assert s.stacks[0][c][0] == last
    assert _listed(s, 1, 0, "c") == list(s.stacks[0][c])


def test_what_was_seen_is_kept_by_copies_and_saved_data():
    s = _won_at_c()
    spare = s.piles[1].pop()
    board.place(s, spare, tid(s, "f"))  # the swarms at f: known in part (State.seen)
    again = State.from_data(s.module, s.to_data())
    assert again.shown == s.shown and len(s.shown) == 1
    assert again.seen == s.seen and len(s.seen) == 1
    copy = s.clone()
    known.forget_shown(copy, 0, tid(s, "c"))
    known.forget_shown(copy, 1, tid(s, "f"))
    assert (0, tid(s, "c")) in s.shown and s.seen  # the copy's changes are its own
    assert not copy.shown and not copy.seen
    # a state where no battle was fought writes no field (saves of before load alike)
    assert "shown" not in blank().to_data() and "seen" not in blank().to_data()


def test_the_legal_list_is_the_same_for_a_stack_seen_or_not():
    # H9: being seen changes what a side is shown, not what it may do
    seen = _won_at_c()
    unseen = seen.clone()
    unseen.shown = []
    assert legal_actions(seen) == legal_actions(unseen)


def test_the_side_panel_says_a_listed_enemy_stack_was_seen_in_battle():
    from warp_empires.tui.looks import stack_lines

    s = _won_at_c()
    lines = [line.plain for line in stack_lines(s.module, view(s, 0), tid(s, "f"))]
    assert lines == [lines[0]] and lines[0].endswith("Swarm, Swarm (as seen in battle)")
    own = [line.plain for line in stack_lines(s.module, view(s, 0), tid(s, "c"))]
    assert not own[0].endswith("(as seen in battle)")  # its own units: nothing to say
    board.remove_from_map(s, s.stacks[1][tid(s, "f")][0], tid(s, "f"))
    hidden = [line.plain for line in stack_lines(s.module, view(s, 0), tid(s, "f"))]
    assert hidden[0] == "B·Blue (1): Swarm"  # one left: all there is


def test_a_seen_mark_off_the_map_or_on_nothing_is_a_broken_position():
    # a save is anyone's words: its marks are checked like the rest of it
    s = _won_at_c()
    s.shown = [*s.shown, (0, len(s.stacks[0]))]
    assert any("off the map" in p for p in broken(s))
    s = _won_at_c()
    s.shown = [*s.shown, (1, tid(s, "a"))]
    assert any("marked as seen but is empty" in p for p in broken(s))

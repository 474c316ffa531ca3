"""RULINGS Z2: a side's Move phase is told to the other side when it ends (or
at a draw, a roll or a decision of the other side), and until then the mover
may take any of it back, one decision at a time, as under Z1.

The twin test plays the mover's Move phase two ways from positions of seeded
random games: as it stands, and with extra decisions done and taken back
before each decision that stands. Everything the other side is shown (its
view, its prompt, the step, its log, its legal list, and the frames a remote
seat of an in-process room is sent, their numbers included) must be the same
at every point, and the position after the take-backs the same, byte for byte.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from warp_empires.engine import (
    Game,
    IllegalAction,
    State,
    apply,
    can_undo,
    decider,
    legal_actions,
)
from warp_empires.engine.told import untold
from warp_empires.net.room import Room, Seat

from .builder import blank, card, give, make_module, put, rig, tid
from .test_secrets import BIG, first_difference, lively, readable, star_wars

MOVING = frozenset({"move", "move_from", "move_units", "arrange", "card_target"})


def room_of(state: State, folder: Path) -> Room:
    """An in-process room on a copy of `state` (undo kept), both seats joined."""
    s = state.clone()
    s.undo = []
    room = Room(Game(s.module, s.seed, dict(s.options), s, [], id="0" * 16),
                [Seat(None, "human"), Seat(None, "human")], folder)
    for side in (0, 1):  # as a seat's hello does (server.handler)
        room.position_frame(side, room.history(side))
    return room


def seen_by(room: Room, reader: int) -> dict[str, Any]:
    """What `reader` is shown now: the engine's readable form and its frame."""
    out = readable(room.game.state, reader)
    out["step"] = out["view"]["step"]
    seat = room.seats[reader]
    out["frame"] = (seat.shown, seat.position)  # the latest frame it was sent, and its number
    return out


def undoable(state: State, side: int, action: Any) -> bool:
    """Whether `action` could be taken back at once (tried on a copy)."""
    t = state.clone()
    t.undo = []
    try:
        Game(t.module, t.seed, t.options, t, []).apply(side, action)
    except IllegalAction:
        return False
    return len(t.undo) == 1


@dataclass
class Tally:
    compared: int = 0  # points where both twins' readings were compared
    taken_back: int = 0  # extra decisions done and taken back
    leaks: list[str] = field(default_factory=list)


def twin_phase(state: State, seed: int, folder: Path, tally: Tally, tail: int = 12) -> None:
    """Plays on from `state` (the mover's untold stretch) in two rooms, the
    second taking extra decisions back before each one that stands, until
    `tail` decisions after the stretch is told; compares what the other side
    is shown at every point."""
    a, b = room_of(state, folder), room_of(state, folder)
    mover = state.active
    reader = 1 - mover
    r, extra = random.Random(seed), random.Random(seed + 1)
    after_told = 0
    where = f"seed {seed} turn {state.turn}"
    for _ in range(300):
        s = a.game.state
        if s.winner >= 0 or after_told >= tail:
            return
        d = decider(s)
        in_stretch = untold(s, d)
        if in_stretch and d == mover:
            # extra decisions in b, each taken back at once or after the next
            done = 0
            for _ in range(extra.choice((0, 1, 1, 2, 3))):
                tb = b.game.state
                acts = [x for x in legal_actions(tb, mover) if x[0] not in ("resign",)]
                acts = [x for x in acts if undoable(tb, mover, x)]
                if not acts:
                    break
                b.apply(mover, extra.choice(acts))
                done += 1
                _compare(a, b, reader, tally, f"{where}: after an extra decision")
            for _ in range(done):
                assert can_undo(b.game.state, mover), where
                b.apply(mover, ("undo",))
                tally.taken_back += 1
                _compare(a, b, reader, tally, f"{where}: after an undo")
            got = a.game.state.to_data(), b.game.state.to_data()
            assert got[0] == got[1], f"{where}: undo left {first_difference(*got)}"
        elif not in_stretch:
            after_told += 1
        act = lively(s, legal_actions(s, d), r)
        if act[0] in ("resign", "undo"):
            act = legal_actions(s, d)[0]
        sent = []
        for room in (a, b):
            room.apply(d, act)
            sent.append(room.seats[reader].outbox)
        if sent[0] != sent[1]:  # the frame the remote seat is sent now, or none
            tally.leaks.append(f"{where}: after {act} the reader is sent "
                               f"{first_difference(sent[0], sent[1])}")
        _compare(a, b, reader, tally, f"{where}: after {act}")


def _compare(a: Room, b: Room, reader: int, tally: Tally, where: str) -> None:
    tally.compared += 1
    got = seen_by(a, reader), seen_by(b, reader)
    if got[0] != got[1]:
        tally.leaks.append(f"{where}: {first_difference(*got)}")
    # b's extra decisions send the reader nothing: no frame, so no timing
    if b.seats[reader].outbox is not None and a.seats[reader].outbox is None:
        tally.leaks.append(f"{where}: the reader is sent a frame")


def stretch_positions(seeds: range, share: float) -> list[tuple[int, State]]:
    """Positions of the mover's untold stretch in seeded random games (about
    `share` of them), each with the seed of the game it came from."""
    out = []
    for seed in seeds:
        game = Game.new(star_wars(), BIG + seed)
        r = random.Random(seed)
        while not game.over and game.state.turn <= 12:
            s = game.state
            d = decider(s)
            if untold(s, d) and r.random() < share:
                out.append((seed, s.clone()))
            game.apply(d, lively(s, [a for a in legal_actions(s, d) if a[0] != "undo"], r))
    return out


def twin_trials(seeds: range, share: float, folder: Path) -> Tally:
    tally = Tally()
    for n, (seed, s) in enumerate(stretch_positions(seeds, share)):
        twin_phase(s, seed * 1000 + n, folder, tally)
    return tally


def test_z2_the_other_side_is_shown_the_same_whatever_was_taken_back(tmp_path: Path) -> None:
    # RULINGS Z2, H9: view, prompt, step, log, legal list and the remote seat's
    # frames (content, number and timing) are the same with or without
    # decisions done and taken back in the mover's Move phase
    tally = twin_trials(range(3), 0.02, tmp_path)  # 3,795 comparisons (bench_secrecy: more)
    assert tally.compared >= 300 and tally.taken_back >= 100, tally
    assert not tally.leaks, f"{len(tally.leaks)} leaks, e.g.:\n" + "\n".join(tally.leaks[:8])


def test_z2_the_twin_check_catches_a_leak(tmp_path: Path) -> None:
    # the comparison must fail when the other side is shown an untold move:
    # here the copy of what it was told is dropped after the extra decision
    seed, s = next((seed, s) for seed, s in stretch_positions(range(1), 0.3)
                   if s.step == "move")
    a, b = room_of(s, tmp_path), room_of(s, tmp_path)
    mover = s.active
    act = next(x for x in legal_actions(s, mover) if undoable(s, mover, x))
    b.apply(mover, act)
    b.game.state.told = None
    tally = Tally()
    _compare(a, b, 1 - mover, tally, "dropped")
    assert tally.leaks


# Undo of each kind of untold decision restores the exact position


def moving_position() -> State:
    s = blank()
    s.undo = []
    put(s, 0, "a", "cruiser", "wing")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "f")] = 1  # no Blue unit there: the riot may take it (RULINGS M8)
    give(s, 0, "step", "riot")
    return s


def test_z2_undo_of_a_move_a_card_play_and_an_arrangement_restores_the_position() -> None:
    s = moving_position()
    start = s.to_data()
    steps = [("play", card(s, "step")), ("from", tid(s, "a")), ("pick", 0), ("pick", 1),
             ("to", tid(s, "b"))]
    marks = []
    for act in steps:
        marks.append(s.to_data())
        apply(s, 0, act)
    moved = s.to_data()
    assert s.stacks[0][tid(s, "b")]  # the group stands at b
    apply(s, 0, ("arrange",))
    before_top = s.to_data()
    top = next(x for x in legal_actions(s, 0) if x[0] == "top")
    apply(s, 0, top)
    apply(s, 0, ("undo",))
    assert s.to_data() == before_top  # the arrangement taken back
    apply(s, 0, ("undo",))
    assert s.to_data() == moved
    for mark in reversed(marks):  # the move, the group, the card: one at a time
        apply(s, 0, ("undo",))
        assert s.to_data() == mark
    assert s.to_data() == start and not s.undo
    # a card with a target, played and taken back: back in the hand, the marker back
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "f")))
    assert s.control[tid(s, "f")] == -1
    apply(s, 0, ("undo",))
    apply(s, 0, ("undo",))
    assert s.to_data() == start


def test_z2_nothing_is_taken_back_past_a_roll_a_reveal_or_the_phase_end() -> None:
    # a sabotage rolls (a fortification drawn at random): told, and it stands
    s = moving_position()
    put(s, 1, "c", "base", "base")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "step")))
    assert can_undo(s, 0)
    if ("stop",) in legal_actions(s, 0):
        apply(s, 0, ("stop",))
    apply(s, 0, ("play", card(s, "sabotage")))
    rig(s, 1)
    apply(s, 0, ("target", tid(s, "c")))
    assert not can_undo(s, 0) and s.told is not None and s.told.to_data() == s.to_data()
    # a spy's reveal to the mover: not told to the other side, but it stands
    give(s, 0, "spies")
    apply(s, 0, ("play", card(s, "spies")))
    assert can_undo(s, 0)
    apply(s, 0, ("hand",))
    assert not can_undo(s, 0)
    assert not any("look" in e["text"] for e in readable(s, 1)["view"]["log"][-3:])
    # the phase's end tells everything: nothing before it can be taken back
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    assert can_undo(s, 0)
    apply(s, 0, ("stop",))
    apply(s, 0, ("end",))
    assert s.phase != "move" and s.told is None
    with pytest.raises(IllegalAction):
        apply(s, 0, ("undo",))


def test_z2_the_other_side_decides_and_is_told_everything_then() -> None:
    # RULINGS O1 with Z2: an interception is a decision of the other side, so
    # what the mover did is told then, and stands
    s = blank(make_module())
    s.options = {**s.options, "optional": ["interception"]}
    s.undo = []
    put(s, 0, "a", "cruiser")
    put(s, 1, "c", "destroyer")
    give(s, 0, "step", "riot")
    s.control[tid(s, "e")] = 1
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "e")))
    assert readable(s, 1)["view"]["control"][tid(s, "e")] == 1  # not told yet
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("to", tid(s, "b")))
    assert s.step == "intercept" and decider(s) == 1  # asked: told everything now
    assert s.told is None and not can_undo(s, 0)
    assert readable(s, 1)["view"]["control"][tid(s, "e")] == -1


def test_z2_at_the_phase_end_the_other_side_sees_everything_at_once() -> None:
    s = moving_position()
    told_view = readable(s, 1)
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "f")))
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("pick", 1))
    apply(s, 0, ("to", tid(s, "b")))
    apply(s, 0, ("arrange",))
    apply(s, 0, next(x for x in legal_actions(s, 0) if x[0] == "top"))
    # nothing of it yet
    now = readable(s, 1)
    assert now == told_view, first_difference(now, told_view)
    apply(s, 0, ("end",))
    after = readable(s, 1)["view"]
    assert after["control"][tid(s, "f")] == -1  # the card
    assert after["stacks"][0][tid(s, "b")] is not None  # the move
    assert after["hand_sizes"][0] == 0 and len(after["discard"]) == 2  # both cards
    texts = [e["text"] for e in after["log"]]
    assert any("Riot" in t for t in texts) and any("ends the Move phase" in t for t in texts)


def test_z2_a_sabotage_that_finds_nothing_stands_too() -> None:
    # A play-tester: "finds nothing to destroy" at one stack, `u`, and the card
    # struck the next stack instead: what a stack does not hold is a reveal (Z1).
    s = moving_position()
    put(s, 1, "c", "destroyer")
    give(s, 0, "sabotage")
    apply(s, 0, ("play", card(s, "sabotage")))
    assert can_undo(s, 0)
    apply(s, 0, ("target", tid(s, "c")))
    assert "finds nothing" in s.log[-1]["text"]
    assert not can_undo(s, 0)

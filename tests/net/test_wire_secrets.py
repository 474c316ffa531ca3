"""RULINGS H1-H9 on the wire: for twin positions that differ only in one
side's secret (its hand, its hidden units, its recruit draw, its spy results)
or the game's (deck order, seed and generator), the bytes the server sends the
other side are identical, before and after one more decision."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from warp_empires.engine import Game, State, apply, decider, legal_actions
from warp_empires.net.protocol import encode
from warp_empires.net.room import Room, Seat

from ..engine.test_secrets import NOBODYS, TWINS, positions, revealed

GAME = "0123456789abcdef"


def room_of(s: State, tmp: Path) -> Room:
    game = Game(s.module, 0, dict(s.options), s, [], id=GAME)
    return Room(game, [Seat(b"x" * 32, "human"), Seat(b"y" * 32, "human")], tmp, 41)


def wire(room: Room, side: int) -> bytes:
    return encode(room.position_frame(side, room.history(side)))


@pytest.mark.parametrize("kind", sorted(TWINS))
def test_the_other_side_receives_the_same_bytes_from_twin_positions(
        kind: str, tmp_path: Path) -> None:
    fails = []
    compared = 0
    for n, s in enumerate(positions("star_wars")):
        if n % 3:
            continue
        r = random.Random(n)
        for owner in ((0, 1) if kind in ("hand", "stack") else (s.active,)):
            twin = TWINS[kind](s, owner, r)
            if twin is None:
                continue
            readers = (0, 1) if kind in NOBODYS else (1 - owner,)
            a, b = room_of(s.clone(), tmp_path), room_of(twin.clone(), tmp_path)
            for reader in readers:
                compared += 1
                if wire(a, reader) != wire(b, reader):
                    fails.append(f"#{n} {s.phase}/{s.step}: side {reader} ({kind} of {owner})")
            # one more decision, the same in both, sent incrementally
            d = decider(s)
            common = [x for x in legal_actions(a.game.state) if x in
                      legal_actions(b.game.state) and x[0] != "resign"]
            if not common:
                continue
            act = r.choice(common)
            before = (a.game.state.clone(), b.game.state.clone())
            apply(a.game.state, d, act)
            apply(b.game.state, d, act)
            a.position += 1
            b.position += 1
            if revealed(kind, owner, before, (a.game.state, b.game.state)):
                continue
            for reader in readers:
                if encode(a.position_frame(reader)) != encode(b.position_frame(reader)):
                    fails.append(f"#{n} after {act}: side {reader} ({kind} of {owner})")
    assert compared > 20
    assert not fails, f"{len(fails)} frames differ, e.g. {fails[:5]}"


def test_a_joined_client_reads_back_the_view_it_was_sent(tmp_path: Path) -> None:
    # the typed view a seat builds from the frame (net.client.Seat.view) is
    # the view the server made for it, the events it was sent as its log
    from warp_empires.net.client import ClientError
    from warp_empires.net.client import Seat as ClientSeat
    from warp_empires.net.links import Link
    from warp_empires.net.protocol import decode

    s = next(p for p in positions("star_wars") if p.battle is not None)
    room = room_of(s.clone(), tmp_path)
    for side in (0, 1):
        seat = ClientSeat(Link("ws://127.0.0.1:1/", GAME, "x", "y"))
        assert seat.view() is None
        seat.take(decode(wire(room, side)))
        got = seat.view()
        assert got is not None and got.log == seat.events and got.log
        got.log = []
        assert got == room.game.view(side, log=False)
    seat.position = {**seat.position, "view": {"side": 0}}
    with pytest.raises(ClientError):
        seat.view()

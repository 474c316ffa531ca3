"""The winner's only payment (RULINGS B8) taken for a person at a distance as
at the hot seat: the server names it in the decider's position frame, and the
joined client sends it, one decision after another."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests.tui.helpers import game_where
from warp_empires.engine import only_payment
from warp_empires.module import load_module
from warp_empires.net.room import Room, Seat
from warp_empires.tui.remote_session import RemoteSession


@pytest.fixture(scope="module")
def star_wars():
    return load_module("star_wars")


def _owing(star_wars):
    return game_where(star_wars, lambda g: g.state.step == "casualty" and not g.state.pend.picked
                      and only_payment(g.state) is not None, seeds=range(1, 200))


def test_the_joined_client_pays_the_only_payment_the_server_names(star_wars, tmp_path: Path):
    game = _owing(star_wars)
    side = game.prompt().side
    payment = only_payment(game.state)
    room = Room(game, [Seat(b"x" * 32, "human"), Seat(b"y" * 32, "human")], tmp_path, 41)
    assert [tuple(a) for a in room.position_frame(side)["payment"]] == payment
    assert room.position_frame(1 - side)["payment"] == []  # only the decider's frame

    sent = []
    seat = SimpleNamespace(module=star_wars, side=side, players=["human", "human"],
                           position=room.position_frame(side), events=[],
                           link=SimpleNamespace(game=room.id))
    seat.legal = lambda: [tuple(a) for a in seat.position["legal"]]
    remote = RemoteSession(seat, sent.append)  # type: ignore[arg-type]
    done = remote.play_forced()
    assert done and done[0][0] == side and done[0][1].startswith("lose ")
    while sent:  # the server answers each decision; the next goes with the answer
        room.apply(side, sent.pop(0))
        seat.position = room.position_frame(side)
        remote.arrived()
    assert [tuple(a) for _s, a in game.actions[-len(payment):]] == payment
    assert not (game.state.step == "casualty" and game.state.battle.stage == "winner")


def test_nothing_is_paid_once_the_person_has_begun_picking(star_wars, tmp_path: Path):
    game = _owing(star_wars)
    side = game.prompt().side
    game.apply(side, only_payment(game.state)[0])
    room = Room(game, [Seat(b"x" * 32, "human"), Seat(b"y" * 32, "human")], tmp_path, 41)
    assert room.position_frame(side)["payment"] == []


def test_a_forced_decision_whose_first_row_is_disabled_is_taken_once(star_wars,
                                                                     tmp_path: Path):
    """RULINGS H9 at a distance: a forced decision is the one legal action, not
    the list's first row, which may be a row shown disabled (a unit the bank
    cannot pay for): the joined app sent nothing and asked again for ever,
    at full CPU and a growing memory (found by benchmarks/browser_seat.py)."""
    def first_row_disabled(g) -> bool:
        if not g.prompt().forced:
            return False
        room = Room(g, [Seat(b"x" * 32, "human"), Seat(b"y" * 32, "human")], tmp_path, 41)
        choices = room.position_frame(g.prompt().side)["choices"]
        return bool(choices) and not choices[0][4]

    game = game_where(star_wars, first_row_disabled, seeds=range(1, 40))
    side = game.prompt().side
    room = Room(game, [Seat(b"x" * 32, "human"), Seat(b"y" * 32, "human")], tmp_path, 41)
    sent = []
    seat = SimpleNamespace(module=star_wars, side=side, players=["human", "human"],
                           position=room.position_frame(side), events=[],
                           link=SimpleNamespace(game=room.id))
    seat.view = lambda: None
    seat.legal = lambda: [tuple(a) for a in seat.position["legal"]]
    remote = RemoteSession(seat, sent.append)  # type: ignore[arg-type]
    assert remote.play_forced(one=True)
    assert sent == [tuple(game.legal_actions()[0])]
    assert remote.play_forced(one=True) == []  # one at a time: its answer is awaited

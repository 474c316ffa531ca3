"""The typed view (engine/viewtypes.py): its plain form is the dict view()
gave before it was typed, key for key and byte for byte once encoded (the
wire must not change), and from_data reads that form back to an equal view.
Positions from random games of every step, the optional rules included
(RULINGS O1-O5), both sides, the public form (H6) and open hands (H1)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from warp_empires.engine import State, view
from warp_empires.engine.viewtypes import (
    Decision,
    InterceptView,
    StackEntry,
    UnitEntry,
    View,
)

from .test_secrets import positions, spread
from .view_reference import old_view


def cases(name: str) -> Iterator[tuple[State, int, bool, bool]]:
    chosen = spread(positions(name), 40)  # every step, the common ones not all
    for n, s in enumerate(positions(name)):
        if n not in chosen:
            continue
        if n % 4 == 0:  # a teaching game's open hands, now and then
            s = s.clone()
            s.options = {**s.options, "open_hands": True}
        for side in (0, 1):
            yield s, side, n % 2 == 0, n % 3 == 0


def encoded(data: dict[str, Any]) -> bytes:
    return msgpack.packb(data, use_bin_type=True)


@pytest.mark.parametrize("name", ["star_wars", "tiny", "tiny_optional"])
def test_to_data_is_the_dict_view_gave_before_and_from_data_reads_it_back(name: str) -> None:
    seen: set[str] = set()
    compared = 0
    for s, side, log, public in cases(name):
        v = view(s, side, log, public)
        assert isinstance(v, View)
        data = v.to_data()
        old = old_view(s, side, log, public)
        assert data == old
        assert list(data) == list(old) and list(data["pend"]) == list(old["pend"])
        assert encoded(data) == encoded(old), f"{s.phase}/{s.step}: the wire form changed"
        back = View.from_data(data)
        assert back == v
        assert encoded(back.to_data()) == encoded(old)
        seen.add(s.step)
        compared += 1
    assert compared > 100
    # the positions cover the selections, the cards' targets and the battles
    assert {"move_units", "card_target", "casualty", "battle_card"} <= seen
    if name == "tiny_optional":
        assert "intercept" in seen


def test_a_view_is_its_own_copy_of_the_state() -> None:
    s = next(s for s in positions("star_wars") if s.step == "move_units").clone()
    v = view(s, s.active)
    before = v.to_data()
    s.banks[0] += 5
    s.pend.group.picked.append(99)
    assert v.to_data() == before


def test_intercepting_side_sees_the_group_as_a_size() -> None:
    s = next(s for s in positions("tiny_optional") if s.step == "intercept")
    p = s.pend
    v = view(s, 1 - s.active)
    assert v.pend.data == InterceptView(p.t, len(p.group), p.tried)  # RULINGS O1, H2
    assert "group" not in v.pend.to_data()
    assert Decision.from_data(v.pend.to_data()) == v.pend


def test_stack_entries_list_units_only_where_the_viewer_may_see_them() -> None:
    s = next(s for s in positions("star_wars") if s.turn > 2 and s.battle is None)
    v = view(s, 0)
    for t, st in enumerate(s.stacks[0]):
        e = v.stacks[0][t]
        assert (e is None) == (not st)
        if e is not None:
            assert e.units == tuple(UnitEntry(c, s.chits[c]) for c in st)
    hidden = [e for t, e in enumerate(v.stacks[1]) if e is not None and (1, t) not in s.shown]
    assert hidden and all(e.units is None for e in hidden)  # RULINGS H2
    assert StackEntry.from_data(hidden[0].to_data()) == hidden[0]


def test_from_data_refuses_what_is_not_a_view() -> None:
    data = view(positions("tiny")[5], 0).to_data()
    del data["stacks"]
    with pytest.raises(KeyError):
        View.from_data(data)

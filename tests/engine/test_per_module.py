"""What the engine works out from a module goes with the module (issue 38:
a server that loaded a module a game kept every one of them)."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from warp_empires.engine import Game
from warp_empires.engine.passage import group_passage
from warp_empires.engine.scenario import played
from warp_empires.engine.tables import tables
from warp_empires.module import load_module

PUNIC = Path(__file__).parents[1] / "themes" / "punic"  # kinds of territory and a scenario


def test_a_modules_tables_scenarios_and_passages_go_with_it() -> None:
    module = load_module(PUNIC)
    game = Game.new(module, 3, {"scenario": "sicily"})
    game.view(0)  # the views' stack entries, kept in the tables
    derived = played(module, {"scenario": "sicily"})
    assert played(module, {"scenario": "sicily"}) is derived  # worked out once
    assert tables(derived) is game.state.tab
    fleet = next(u.index for u in module.units if u.move > 0)
    assert group_passage(module, [fleet]) is group_passage(module, [fleet])
    gone = [weakref.ref(x) for x in (module, derived, game.state.tab, tables(module))]
    del module, game, derived
    gc.collect()
    assert [r() is None for r in gone] == [True] * 4

"""The hard level's evaluation weighs leaders left within reach of a stronger
enemy stack (issue 11: both levels lost leaders that way, most as defenders)."""

from __future__ import annotations

from tests.engine.builder import blank, put
from warp_empires.bots.evaluate import Evaluator
from warp_empires.bots.search import LEVELS


def test_a_leader_within_reach_of_a_stronger_stack_is_exposed():
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "e", "destroyer", "destroyer", "destroyer", "tyrant")  # medium: c is 2 away
    assert Evaluator(s.module).exposed(s, 0) == 1
    assert Evaluator(s.module).exposed(s, 1) == 0  # no leader of ours can outfight it


def test_out_of_reach_or_outfought_it_is_not():
    s = blank()
    put(s, 0, "c", "hero")
    put(s, 1, "e", "hauler", "hauler")  # slow: one space a move, c is two away
    assert Evaluator(s.module).exposed(s, 0) == 0
    s = blank()
    put(s, 0, "c", "hero", "cruiser", "cruiser", "cruiser", "frigate", "frigate")
    put(s, 1, "e", "destroyer", "destroyer", "destroyer", "tyrant")  # 20 v 21, both led
    assert Evaluator(s.module).exposed(s, 0) == 0


def test_each_leader_of_the_stack_counts_and_only_the_hard_level_weighs_them():
    s = blank()
    put(s, 0, "c", "hero", "captain")
    put(s, 1, "d", "destroyer", "destroyer", "destroyer")
    plain, guarded = Evaluator(s.module), Evaluator(s.module, guard=True)
    assert plain.exposed(s, 0) == 2
    assert guarded.score(s, 0) < plain.score(s, 0)
    assert LEVELS["hard"].guard and not LEVELS["normal"].guard and not LEVELS["easy"].guard

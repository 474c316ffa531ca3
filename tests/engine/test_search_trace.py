"""A search can be read afterwards (benchmarks/why_bot.py, issue 40): each
candidate's playout scores world by world and the one taken, without
changing what is decided."""

from __future__ import annotations

from tests.engine.builder import blank, card, give, put, tid
from warp_empires.bots import search
from warp_empires.bots.search import SearchPlayer
from warp_empires.engine import apply, legal_actions, view


def test_a_search_can_be_read_candidate_by_candidate_and_world_by_world():
    # side 0's Move phase, a move card just played and another in hand
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser", "hero")
    put(s, 1, "d", "hauler")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "c")] = 0
    give(s, 0, "march", "march")
    give(s, 1, "ambush")
    apply(s, 0, ("play", card(s, "march")))
    v, legal = view(s, 0, log=False), legal_actions(s)
    quiet = SearchPlayer(s.module, 1, "normal")
    untraced = quiet.choose(v, legal)
    assert quiet.trace is None and quiet.deliberated == 1
    bot = SearchPlayer(s.module, 1, "normal")
    bot.trace = []
    action = bot.choose(v, legal)
    assert action == untraced  # reading a search changes nothing of it
    (found,) = bot.trace
    assert found.step == "move_from" and found.turn == s.turn
    assert len(found.candidates) > 1 and found.candidates[found.chosen].action == action
    assert (found.chosen != 0) == (bot.changed == 1)
    worlds = search.LEVELS["normal"].worlds
    assert len(found.scores) == len(found.candidates)
    assert all(len(row) == worlds and all(-1 <= x <= 1 for x in row) for row in found.scores)

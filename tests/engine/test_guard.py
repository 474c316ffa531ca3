"""Issue 40, leaders guarded: the search weighs a group move that keeps its
leaders out of reach of a stronger enemy (bots/scoring.py's guard), and the
heuristic itself plays on as before."""

from __future__ import annotations

from dataclasses import replace

from tests.engine.builder import blank, card, give, put, tid
from warp_empires.bots import make_player
from warp_empires.bots.heuristic import PLAY_MOVE_WORTH, HeuristicPlayer
from warp_empires.engine import apply, legal_actions, view


def _plans(s, guard: bool) -> list[tuple[float, str, str, list[str]]]:
    bot = HeuristicPlayer(s.module)
    bot.guard = guard
    names = [t.id for t in s.module.map.territories]
    return [(score, names[src], names[dest], [s.module.units[s.chits[c]].id for c in chits])
            for score, (src, dest, chits) in bot.plans(view(s, 0, log=False), [])]


def _escorted_leaders_beside_a_fleet():
    """The issue's play-test: two leaders and a fighter (Force 9) at a, a rich
    planet c two spaces from an enemy stack of Force 20 at e (it reaches c next
    turn), a cruiser at f beside c."""
    s = blank()
    put(s, 0, "a", "hero", "captain", "wing")
    put(s, 0, "f", "cruiser")
    put(s, 1, "e", "tyrant", "destroyer", "destroyer", "destroyer")
    give(s, 0, "march")
    for t in ("a", "f"):
        s.control[tid(s, t)] = 0
    return s


def test_escorted_leaders_are_not_sent_where_a_stronger_enemy_can_reach_them():
    s = _escorted_leaders_beside_a_fleet()
    plain = _plans(s, guard=False)
    assert plain[0][1:3] == ("a", "c") and "hero" in plain[0][3]  # as before issue 40
    guarded = _plans(s, guard=True)
    assert guarded[0][1:] == ("f", "c", ["cruiser"])  # the cruiser claims c instead
    for score, _src, dest, group in guarded:
        if "hero" in group and dest in ("b", "c", "d"):
            assert score < 0.5, (dest, score)
    assert not HeuristicPlayer(s.module).guard  # the heuristic's own play is unchanged


def test_leaders_outweighed_where_they_stand_get_an_escort_or_leave_alone():
    s = blank()
    put(s, 0, "c", "hero", "captain", "wing")
    put(s, 0, "a", "cruiser", "cruiser", "cruiser")
    put(s, 1, "e", "tyrant", "destroyer", "destroyer", "destroyer")
    for t in ("a", "c", "f"):
        s.control[tid(s, t)] = 0
    assert _plans(s, guard=False)[0][0] < PLAY_MOVE_WORTH  # not worth a card before
    guarded = _plans(s, guard=True)
    assert guarded[0][0] > PLAY_MOVE_WORTH and guarded[0][1:3] == ("a", "c")  # the escort
    assert ("c", "a", ["hero", "captain"]) in [p[1:] for p in guarded]  # the leaders alone


def test_the_search_weighs_the_guarded_move_and_a_baseline_does_not():
    s = _escorted_leaders_beside_a_fleet()
    apply(s, 0, ("play", card(s, "march")))
    assert s.step == "move_from"
    names = [t.id for t in s.module.map.territories]
    shortlists = {}
    for kind in ("bot:normal", "bot:normal:v1"):
        bot = make_player(kind, s.module, 1)
        bot.level = replace(bot.level, shortlist=2)  # room for the heuristic's best only
        shortlists[kind] = [(names[c.plan[0]], names[c.plan[1]]) for c in
                            bot._candidates(view(s, 0, log=False), legal_actions(s)) if c.plan]
    assert shortlists["bot:normal"] == [("a", "c"), ("f", "c")]
    assert shortlists["bot:normal:v1"] == [("a", "c")]

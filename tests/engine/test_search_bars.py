"""Issue 40: each group move the search weighs is played out against the
heuristic's first plan not being made. Before, the playouts went on with the
heuristic, which made that plan a step later, so every candidate came to the
same position (seed 2: Luke and Leia sent beside the Empire's main stack
scored alike moved or not, and were captured)."""

from __future__ import annotations

from tests.engine.builder import blank, card, give, put, tid
from warp_empires.bots import search
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.bots.search import SearchPlayer
from warp_empires.engine import State, apply, legal_actions, view


def _two_cards_and_an_attack() -> State:
    """Side 0's Move phase with a move card just played and another in hand:
    three cruisers and the hero at c, beside a lone hauler at d."""
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser", "hero")
    put(s, 1, "d", "hauler")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "c")] = 0
    give(s, 0, "march", "march")
    give(s, 1, "ambush")
    apply(s, 0, ("play", card(s, "march")))
    assert s.step == "move_from"
    return s


def test_a_barred_move_is_not_planned_in_that_turn_only():
    s = _two_cards_and_an_attack()
    c, d = tid(s, "c"), tid(s, "d")
    h = HeuristicPlayer(s.module, 0)
    v = view(s, 0, log=False)
    assert any(p[:2] == (c, d) for _, p in h.plans(v, []))
    h.barred = (s.turn, frozenset({(c, d)}))
    assert all(p[:2] != (c, d) for _, p in h.plans(v, []))
    h.barred = (s.turn - 1, frozenset({(c, d)}))  # another turn's bar holds no more
    assert any(p[:2] == (c, d) for _, p in h.plans(v, []))


def test_the_other_candidates_are_played_out_without_the_first_plan(monkeypatch):
    s = _two_cards_and_an_attack()
    bot = SearchPlayer(s.module, 1, "normal")
    v = view(s, 0, log=False)
    candidates = bot._candidates(v, legal_actions(s))
    plan = candidates[0].plan
    assert plan is not None and len(candidates) > 1
    src, dest = plan[0], plan[1]
    # each playout's moves by side 0 of the first plan in this turn, per candidate
    attacks: list[int] = []
    real_playout = SearchPlayer._playout

    def counted(self, st, side, done, seed, barred=frozenset()):
        before = len(moves)
        score = real_playout(self, st, side, done, seed, barred)
        attacks.append(len(moves) - before)
        return score

    moves: list[tuple[int, int]] = []
    real_apply = search.apply

    def watched(st, side, action):
        if side == 0 and action[0] == "to" and st.turn == s.turn \
                and (st.pend.src, action[1]) == (src, dest):
            moves.append((src, dest))
        return real_apply(st, side, action)

    monkeypatch.setattr(search, "apply", watched)
    monkeypatch.setattr(SearchPlayer, "_playout", counted)
    bot._search(v, candidates, 0.0)
    n = len(candidates)
    first, others = attacks[0::n], [a for i in range(1, n) for a in attacks[i::n]]
    # the first candidate's own move is made before its playout: that move in
    # the playouts of the others would be the plan made anyway
    assert len(first) == search.LEVELS["normal"].worlds
    assert all(a == 0 for a in others), attacks


def test_a_baseline_bars_nothing_and_only_group_moves_are_barred():
    s = _two_cards_and_an_attack()
    v = view(s, 0, log=False)
    legal = legal_actions(s)
    bot = SearchPlayer(s.module, 1, "normal")
    candidates = bot._candidates(v, legal)
    bars = bot._bars(v, candidates)
    plan = candidates[0].plan
    assert plan is not None
    assert bars[0] == frozenset() and all(b == {(plan[0], plan[1])} for b in bars[1:])
    old = SearchPlayer(s.module, 1, "normal", baseline=True)
    assert old._bars(v, candidates) == [frozenset()] * len(candidates)

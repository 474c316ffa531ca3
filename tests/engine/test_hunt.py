"""The search player's heuristic takes a leader two steps off with two move
cards (issue 40): with a second move card in hand, a step that leaves an
enemy stack it outweighs within its pace weighs half that attack, and an
attack on a stack showing a leader weighs more. Its playouts then play the
enemy as the search player does, and show the danger; the heuristic player
and the baseline (`bot:LEVEL:v1`) play as before."""

from __future__ import annotations

from tests.engine.builder import blank, give, put, tid
from warp_empires.bots import make_player
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.bots.search import HUNT, SearchPlayer
from warp_empires.engine import view


def _prey(cards: tuple[str, ...] = ("march", "march"), prey: str = "tyrant"):
    """Three cruisers and a wing at a (13 Force, pace 2); the enemy's `prey`
    and a swarm at e, four spaces off: two steps of pace 2 away."""
    s = blank()
    put(s, 0, "a", "cruiser", "cruiser", "cruiser", "wing")
    put(s, 1, "e", prey, "swarm")
    s.control[tid(s, "a")] = 0
    give(s, 0, *cards)
    return s


def _score(s, hunt: float, dest: str) -> float:
    bot = HeuristicPlayer(s.module)
    bot.hunt = hunt
    v = view(s, 0, log=False)
    a, d = tid(s, "a"), tid(s, dest)
    return max(score for score, (src, to, chits) in bot.plans(v, [])
               if src == a and to == d and len(chits) == 4)


def test_a_step_towards_a_stack_it_can_attack_next_is_worth_half_that_attack():
    s = _prey()
    gain = _score(s, HUNT, "c") - _score(s, 0.0, "c")
    # the tyrant (5) on top, the swarm counted at the enemy's average below it
    assert gain > (8 + 5 + HUNT) / 2 - 1e-9
    # two steps away from c is as far as pace 2 goes: b gains nothing
    assert _score(s, HUNT, "b") == _score(s, 0.0, "b")


def test_without_a_second_move_card_the_step_is_worth_nothing_more():
    s = _prey(cards=("march",))
    assert _score(s, HUNT, "c") == _score(s, 0.0, "c")


def test_a_stack_it_could_not_outweigh_is_no_prey():
    s = _prey()
    put(s, 1, "e", "destroyer", "destroyer")  # 5 + 2 + 2 more below the top
    assert _score(s, HUNT, "c") == _score(s, 0.0, "c")


def test_only_the_search_player_hunts_and_its_baseline_does_not():
    s = _prey()
    assert HeuristicPlayer(s.module).hunt == 0.0
    bot = SearchPlayer(s.module, 0, "hard")
    assert [p.hunt for p in (bot.base, *bot.rollers)] == [HUNT] * 3
    old = make_player("bot:hard:v1", s.module, 0)
    assert [p.hunt for p in (old.base, *old.rollers)] == [0.0] * 3


def test_easy_searches_nothing_and_plays_its_heuristic_as_before():
    # issue 40: easy must stay beatable by a newcomer (at most 35% against the heuristic)
    s = _prey()
    bot = SearchPlayer(s.module, 0, "easy")
    assert [p.hunt for p in (bot.base, *bot.rollers)] == [0.0] * 3

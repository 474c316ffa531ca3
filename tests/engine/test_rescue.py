"""Leaders in danger (issue 40): a stack with a leader that a stronger enemy
stack could attack next turn is seen from the side's own view, and the
search player weighs a move that takes its leaders out of reach beside the
heuristic's shortlist (bots.rescue); the baseline of before does not."""

from __future__ import annotations

from tests.engine.builder import blank, card, give, put, tid
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.bots.measures import Outlook
from warp_empires.bots.rescue import exposed, exposes, rescue
from warp_empires.bots.search import SearchPlayer
from warp_empires.engine import apply, legal_actions, view


def _position(escort: tuple[str, ...] = ("wing",)):
    """The hero (5) with an escort at c; an enemy stack of five at e, two
    spaces off, led by a destroyer (speed 2): unseen, it counts as the
    destroyer's 5 and the enemy's average Force (32/13) for each unit below,
    about 14.8. a is four spaces from e, out of its reach."""
    s = blank()
    put(s, 0, "c", "hero", *escort)
    put(s, 1, "e", "destroyer", "destroyer", "destroyer", "tyrant", "swarm")
    for t in ("a", "c"):
        s.control[tid(s, t)] = 0
    return s


def _outlook(s, side: int = 0):
    bot = HeuristicPlayer(s.module)
    v = view(s, side, log=False)
    return bot, v, Outlook(s.module, bot.dist, bot._goals(v), v)


def test_a_leader_outweighed_within_reach_is_exposed():
    s = _position()  # 5 + 1 + the leader bonus 5 = 11 against 14.8
    _, v, board = _outlook(s)
    assert exposed(s.module, v, board) == {tid(s, "c")}


def test_a_leader_with_an_escort_strong_enough_is_not():
    s = _position(("cruiser", "cruiser"))  # 5 + 8 + 5 = 18 against 14.8
    _, v, board = _outlook(s)
    assert exposed(s.module, v, board) == set()


def test_the_rescue_takes_the_leader_out_of_reach():
    s = _position()
    bot, v, board = _outlook(s)
    plan = rescue(s.module, v, board, bot.plans(v, []))
    assert plan is not None
    src, dest, chits = plan
    assert src == tid(s, "c")
    assert board.threat[dest] <= 11
    assert any(s.module.units[s.chits[c]].is_leader for c in chits)


def test_no_rescue_where_no_leader_is_in_danger():
    s = _position(("cruiser", "cruiser"))
    bot, v, board = _outlook(s)
    assert rescue(s.module, v, board, bot.plans(v, [])) is None


def _candidates(s, baseline: bool) -> list:
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    assert s.step == "move_from"
    bot = SearchPlayer(s.module, 0, "normal", baseline=baseline)
    return [c.plan for c in bot._candidates(view(s, 0, log=False), legal_actions(s))]


def test_the_search_weighs_the_rescue_and_the_baseline_does_not():
    s = _position()
    bot, v, board = _outlook(s)
    saving = rescue(s.module, v, board, bot.plans(v, []))
    assert saving in _candidates(_position(), baseline=False)
    assert saving not in _candidates(_position(), baseline=True)


def _away():
    """The hero (5) and a wing at a, four spaces from the enemy stack at e
    (speed 2: it reaches d and c, where the heuristic wants to go: revenue 3)."""
    s = blank()
    put(s, 0, "a", "hero", "wing")
    put(s, 1, "e", "destroyer", "destroyer", "destroyer", "tyrant", "swarm")
    s.control[tid(s, "a")] = 0
    return s


def _plan(s, src: str, dest: str, units: tuple[str, ...] | None = None):
    own = s.stacks[0][tid(s, src)]
    chits = [c for c in own if units is None or s.module.units[s.chits[c]].id in units]
    return (tid(s, src), tid(s, dest), chits)


def test_a_move_that_takes_a_leader_within_reach_of_a_stronger_stack_exposes_it():
    s = _away()
    _, v, board = _outlook(s)
    assert exposes(s.module, v, board, _plan(s, "a", "c"))  # 11 against 14.8, in reach
    assert not exposes(s.module, v, board, _plan(s, "a", "b"))  # three spaces: out of reach
    # leaving the hero behind where the enemy reaches it exposes it too
    s = _position(("cruiser", "cruiser"))  # 18 against 14.8 at c
    _, v, board = _outlook(s)
    assert not exposes(s.module, v, board, _plan(s, "c", "b"))  # all go
    assert exposes(s.module, v, board, _plan(s, "c", "b", ("cruiser",)))  # the hero stays alone


def test_an_attack_is_left_to_the_playouts():
    s = _away()
    put(s, 1, "b", "swarm")
    _, v, board = _outlook(s)
    assert not exposes(s.module, v, board, _plan(s, "a", "b"))


def test_the_search_weighs_no_move_that_exposes_a_leader_while_a_safe_one_is_worth_making():
    s = _away()
    bot, v, board = _outlook(s)
    best = bot.plans(v, [])[0][1]
    assert exposes(s.module, v, board, best)  # the heuristic's own choice: to c
    moves = [p for p in _candidates(_away(), baseline=False) if p is not None]
    assert moves and not any(exposes(s.module, v, board, p) for p in moves)
    assert best in _candidates(_away(), baseline=True)  # the baseline of before weighs it

"""Leaders in danger (issue 40): a stack with a leader that a stronger enemy
stack could attack next turn is seen from the side's own view, and the
search player weighs a move that takes its leaders out of reach beside the
heuristic's shortlist (bots.rescue); the baseline of before does not."""

from __future__ import annotations

import pytest

from tests.engine.builder import blank, card, give, put, tid
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.bots.measures import Outlook, fast_force, force_within
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


def _outlook(s, side: int = 0, graded: bool = False):
    bot = HeuristicPlayer(s.module)
    v = view(s, side, log=False)
    return bot, v, Outlook(s.module, bot.dist, bot._goals(v), v, graded=graded)


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


def _candidates(s, baseline: bool, level: str = "normal") -> list:
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    assert s.step == "move_from"
    bot = SearchPlayer(s.module, 0, level, baseline=baseline)
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


def test_an_attack_is_left_to_the_playouts_unless_attacks_are_judged():
    s = _away()
    put(s, 1, "b", "swarm")
    put(s, 1, "c", "swarm")
    _, v, board = _outlook(s)
    assert not exposes(s.module, v, board, _plan(s, "a", "c"))
    assert exposes(s.module, v, board, _plan(s, "a", "c"), attacks=True)


def test_an_attack_exposes_a_leader_where_the_stack_won_would_be_outweighed():
    # Issue 40: about half the leaders normal lost to the heuristic were in a
    # stack that had won an attack there the turn before, beside a stronger one.
    # Graded, the stack attacked is no threat to the winner; the others count.
    s = _away()
    put(s, 1, "b", "swarm")  # three spaces from e: out of its reach
    put(s, 1, "c", "swarm")  # two spaces from e: 11 against 13.6
    _, v, board = _outlook(s, graded=True)
    assert board.threat[tid(s, "b")] == 1  # the swarm at c; not the one attacked
    assert not exposes(s.module, v, board, _plan(s, "a", "b"), attacks=True)
    assert exposes(s.module, v, board, _plan(s, "a", "c"), attacks=True)


def test_the_search_weighs_no_move_that_exposes_a_leader_while_a_safe_one_is_worth_making():
    s = _away()
    bot, v, board = _outlook(s)
    best = bot.plans(v, [])[0][1]
    assert exposes(s.module, v, board, best)  # the heuristic's own choice: to c
    moves = [p for p in _candidates(_away(), baseline=False) if p is not None]
    assert moves and not any(exposes(s.module, v, board, p) for p in moves)
    assert best in _candidates(_away(), baseline=True)  # the baseline of before weighs it


def test_a_wary_level_judges_attacks_and_one_not_wary_leaves_them_to_the_playouts():
    # Level.wary: normal (4 worlds) gained from judging attacks, hard (10) lost
    s = _attacked()
    bot, v, board = _outlook(s, graded=True)
    attack = next(p for _, p in bot.plans(v, []) if p[1] == tid(s, "d"))
    assert exposes(s.module, v, board, attack, attacks=True)
    assert not exposes(s.module, v, board, attack)
    wary = [p for p in _candidates(_attacked(), baseline=False) if p is not None]
    assert wary and attack not in wary
    assert attack in _candidates(_attacked(), baseline=False, level="hard")


def _attacked():
    """_away with a lone swarm at d, beside the enemy stack at e: an attack
    worth making, that would leave the hero (11) beside it (13.6 a space off)."""
    s = _away()
    put(s, 1, "d", "swarm")
    return s


def _far(where: str):
    """The hero alone (5 + the leader bonus 5 = 10) at `where`; an unseen enemy
    stack of five at e led by a swarm (Force 1, fast): below it, a unit of the
    enemy's brings 30/13 on average to an attack one space off (the bases are
    immobile) and 28/13 two spaces off (the haulers are slow)."""
    s = blank()
    put(s, 0, where, "hero")
    put(s, 1, "e", "swarm", "hauler", "hauler", "base", "base")
    s.control[tid(s, where)] = 0
    return s


def test_an_unseen_stack_brings_to_a_far_attack_only_units_fast_enough():
    # RULINGS M1: a group moves at its slowest unit's speed, so two spaces off
    # the stack is expected weaker than beside it; an immobile unit never attacks
    s = _far("d")
    _, v, board = _outlook(s, graded=True)
    assert board.threat[tid(s, "d")] == pytest.approx(1 + 4 * 30 / 13)  # 10.2: one space
    assert board.threat[tid(s, "c")] == pytest.approx(1 + 4 * 28 / 13)  # 9.6: two spaces
    assert exposed(s.module, v, board) == {tid(s, "d")}
    s = _far("c")
    _, v, board = _outlook(s, graded=True)
    assert exposed(s.module, v, board) == set()
    _, v, board = _outlook(s)  # not graded: the whole stack wherever its top unit reaches
    assert exposed(s.module, v, board) == {tid(s, "c")}


def test_a_shown_stack_brings_only_its_units_fast_enough():
    s = _far("c")
    shown = view(s, 1, log=False).stacks[1][tid(s, "e")]  # as its own side sees it
    units = s.module.units
    fast = fast_force(s.module, 1)
    assert force_within(units, shown, fast, 1) == 1 + 1 + 1  # the swarm and the haulers
    assert force_within(units, shown, fast, 2) == 1  # the swarm alone

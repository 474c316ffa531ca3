"""Determinization (warp_empires.engine.determinize): a computer player deals
whole states from what one side sees (RULINGS H1-H4, H9), so a dealt state must
show that side exactly what it saw, allow exactly what it could do, keep every
invariant, and vary the hidden parts with the generator.

The positions are those of the twin secrecy tests (random games, seeds fixed,
of the Star Wars module and the tiny theme), seen by the side deciding.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from warp_empires.bots.held import held_weight
from warp_empires.engine import (
    Game,
    State,
    apply,
    decider,
    legal_actions,
    view,
)
from warp_empires.engine.determinize import NOT_IN_VIEW, determinize
from warp_empires.engine.invariants import broken
from warp_empires.engine.pending import to_data

from .builder import blank, card, give, put, tid
from .test_secrets import MODULES, first_difference, lively, positions, spread


def deciding(name: str) -> list[tuple[State, int]]:
    # up to 40 positions of each step (every step; the common ones not all)
    chosen = spread(positions(name), 40)
    return [(s, decider(s)) for n, s in enumerate(positions(name)) if n in chosen]


def hidden(s: State, side: int) -> tuple[Any, ...]:
    """What the side cannot see: the enemy's hand, the deck order, the units of
    the enemy's stacks (types, top first) and the types in its pile."""
    enemy = 1 - side
    return (tuple(sorted(s.hands[enemy])), tuple(s.deck),
            tuple(tuple(s.chits[c] for c in st) for st in s.stacks[enemy]),
            tuple(sorted(s.chits[c] for c in s.piles[enemy])))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_dealt_state_shows_the_side_exactly_what_it_saw(name: str) -> None:
    # RULINGS H1-H4: the whole view, log included, with no exception; the legal
    # list too, and the invariants hold
    checked = 0
    for n, (real, side) in enumerate(deciding(name)):
        seen = view(real, side, log=True)
        dealt = determinize(real.module, seen, random.Random(n))
        where = f"#{n} turn {real.turn} {real.phase}/{real.step} side {side}"
        assert broken(dealt) == [], f"{where}: {broken(dealt)}"
        got = view(dealt, side, log=True)
        assert got == seen, f"{where}: {first_difference(seen.to_data(), got.to_data())}"
        assert legal_actions(dealt, side) == legal_actions(real, side), where
        checked += 1
    assert checked >= 300


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_view_without_its_log_is_enough(name: str) -> None:
    # Computer players read view(..., log=False): nothing in the log is needed
    for n, (real, side) in enumerate(deciding(name)[::3]):
        seen = view(real, side, log=False)
        dealt = determinize(real.module, seen, random.Random(n))
        assert broken(dealt) == []
        assert view(dealt, side, log=False) == seen
        assert legal_actions(dealt, side) == legal_actions(real, side)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_decision_and_the_battle_are_rebuilt_exactly(name: str) -> None:
    # The pending data and every field of the battle (picker, passes, lost
    # Force, capture: RULINGS B3, B7-B9) follow from the view; so do the side's
    # own hand, stacks and draw, and the public facts. Only NOT_IN_VIEW differs.
    battles = 0
    for n, (real, side) in enumerate(deciding(name)):
        dealt = determinize(real.module, view(real, side, log=False), random.Random(n))
        where = f"#{n} turn {real.turn} {real.phase}/{real.step}"
        if real.step == "intercept":  # the mover's secrets (NOT_IN_VIEW)
            assert (dealt.pend.t, dealt.pend.tried, len(dealt.pend.group)) == \
                (real.pend.t, real.pend.tried, len(real.pend.group)), where
        else:
            assert to_data(dealt.pend) == to_data(real.pend), where
        assert to_data(dealt.battle) == to_data(real.battle), where
        battles += real.battle is not None
        for name_ in ("turn", "active", "phase", "step", "chits", "recruit", "discard",
                      "banks", "revenue", "control", "history", "winner", "options"):
            assert getattr(dealt, name_) == getattr(real, name_), (where, name_)
        assert dealt.stacks[side] == real.stacks[side], where
        assert Counter(dealt.hands[side]) == Counter(real.hands[side]), where
        assert dealt.intel[side] == real.intel[side], where
        assert Counter(dealt.piles[side]) == Counter(real.piles[side]), where
        for captor in (0, 1):
            assert sorted(dealt.chits[c] for c in dealt.captives[captor]) == \
                sorted(real.chits[c] for c in real.captives[captor]), where
        enemy = 1 - side
        assert len(dealt.hands[enemy]) == len(real.hands[enemy])
        assert len(dealt.deck) == len(real.deck)
        for t, st in enumerate(real.stacks[enemy]):
            got = dealt.stacks[enemy][t]
            assert len(got) == len(st), where
            if st:
                assert real.chits[got[0]] == real.chits[st[0]], where  # RULINGS H2
        if real.last_battle is not None:
            for k in ("t", "att", "winner", "loser", "result", "played", "losses", "totals"):
                assert getattr(dealt.last_battle, k) == getattr(real.last_battle, k)
        assert dealt.seed == 0 and dealt.undo is None  # RULINGS H7, Z1
    assert battles >= 50
    assert "intel[enemy]" in NOT_IN_VIEW and "seed" in NOT_IN_VIEW


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_hidden_parts_vary_with_the_generator(name: str) -> None:
    # Deals differ wherever something is hidden; the same generator seed gives
    # the same deal (computer players stay reproducible)
    hands = stacks = hand_cases = stack_cases = 0
    for n, (real, side) in enumerate(deciding(name)[::2]):
        seen = view(real, side, log=False)
        deals = [determinize(real.module, seen, random.Random(1000 * n + k)) for k in range(4)]
        again = determinize(real.module, seen, random.Random(1000 * n))
        assert to_data(again.pend) == to_data(deals[0].pend)
        assert hidden(again, side) == hidden(deals[0], side) and again.rng == deals[0].rng
        assert len({d.rng for d in deals}) == 4  # a fresh generator each time
        enemy = 1 - side
        if len(real.deck) >= 4 and len(set(real.deck + real.hands[enemy])) >= 2:
            assert len({hidden(d, side) for d in deals}) > 1, n
        # What a spy saw this turn is dealt as seen (next test): not counted here
        spied = {i["kind"] for i in real.intel[side]}
        unseen = set(real.deck + real.hands[enemy])
        if real.hands[enemy] and real.deck and len(unseen) >= 3 and "hand" not in spied:
            hand_cases += 1
            hands += len({tuple(sorted(d.hands[enemy])) for d in deals}) > 1
        below = [t for t, st in enumerate(real.stacks[enemy])
                 if len(st) > 1 and seen.stacks[enemy][t].units is None]
        if below and len({real.chits[c] for c in real.piles[enemy]}) >= 2 \
                and "stack" not in spied:
            stack_cases += 1
            stacks += len({hidden(d, side)[2] for d in deals}) > 1
    assert hand_cases >= 50 and hands >= 0.9 * hand_cases, (hands, hand_cases)
    assert stack_cases >= 20 and stacks >= 0.9 * stack_cases, (stacks, stack_cases)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_what_a_spy_saw_this_turn_is_dealt_as_seen(name: str) -> None:
    # RULINGS H4: a stack seen this turn, still of the size and top seen, and a
    # hand seen this turn that has not changed since, are dealt as they were seen
    stacks = hands = 0
    for n, (real, side) in enumerate(deciding(name)):
        enemy = 1 - side
        seen = view(real, side, log=False)
        intel = real.intel[side]
        if not intel:
            continue
        dealt = determinize(real.module, seen, random.Random(n))
        latest = {i["territory"]: i["units"] for i in intel if i["kind"] == "stack"}
        for t, units in latest.items():
            now = [real.chits[c] for c in real.stacks[enemy][t]]
            if now == units:
                assert [dealt.chits[c] for c in dealt.stacks[enemy][t]] == units, n
                stacks += 1
        looks = [i["cards"] for i in intel if i["kind"] == "hand"]
        if looks and Counter(looks[-1]) == Counter(real.hands[enemy]):
            assert Counter(dealt.hands[enemy]) == Counter(real.hands[enemy]), n
            hands += 1
    assert stacks >= 20 and hands >= 20, (stacks, hands)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_play_goes_on_from_a_dealt_state_to_the_end_of_the_turn(name: str) -> None:
    # A search player plays on from what it dealt: every invariant must hold
    steps = 0
    for n, (real, side) in enumerate(deciding(name)[::4]):
        r = random.Random(n)
        s = determinize(real.module, view(real, side, log=False), r)
        turn = s.turn
        while s.winner < 0 and s.turn == turn and steps < 200_000:
            d = decider(s)
            act = lively(s, legal_actions(s, d), r)
            apply(s, d, act)
            problems = broken(s)
            assert not problems, f"#{n} after {act}: {problems}"
            steps += 1
    assert steps >= 1000


def test_only_the_deciding_side_can_be_dealt_for() -> None:
    # The other side's view hides the pending data (RULINGS H2): no rebuild
    real, side = next((s, d) for s, d in deciding("tiny") if s.phase == "move")
    with pytest.raises(ValueError, match="deciding side"):
        determinize(real.module, view(real, 1 - side), random.Random(0))


def test_a_game_over_cannot_be_dealt_for() -> None:
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    apply(s, 0, ("resign",))
    with pytest.raises(ValueError, match="deciding side"):
        determinize(s.module, view(s, 0), random.Random(0))


def test_a_view_that_does_not_fit_the_module_is_refused() -> None:
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm", "hauler")
    seen = view(s, 0)
    seen.deck_size += 1
    with pytest.raises(ValueError):
        determinize(s.module, seen, random.Random(0))
    seen = view(s, 0)
    seen.stacks[1][tid(s, "e")] = replace(seen.stacks[1][tid(s, "e")], size=99)
    with pytest.raises(ValueError):
        determinize(s.module, seen, random.Random(0))


def test_a_rescue_keeps_the_leader_being_freed() -> None:
    # RULINGS M8: the captive named by a Daring Rescue in play is that chit
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    hero = next(c for c in s.piles[0] if s.unit(c).id == "hero")
    s.piles[0].remove(hero)
    s.captives[1].append(hero)
    s.control[tid(s, "a")] = s.control[tid(s, "c")] = 0
    give(s, 0, "rescue")
    apply(s, 0, ("play", card(s, "rescue")))
    apply(s, 0, ("target", hero))
    assert s.step == "card_target" and s.pend.chit == hero
    dealt = determinize(s.module, view(s, 0), random.Random(3))
    assert dealt.captives[1] == [hero] and broken(dealt) == []
    apply(dealt, 0, ("place", tid(s, "c")))
    assert dealt.stacks[0][tid(s, "c")] == (hero,)


def test_undo_is_the_one_thing_a_dealt_state_does_not_carry() -> None:
    # RULINGS Z1: the checkpoints of the real game are not dealt, so the only
    # difference a side may read is that its prompt offers no undo
    game = Game.new(MODULES["tiny"](), 7)
    r = random.Random(7)
    compared = 0
    while not game.over and game.state.turn <= 6:
        s = game.state
        side = decider(s)
        seen = view(s, side)
        dealt = determinize(s.module, seen, random.Random(compared))
        got = view(dealt, side)
        assert got.prompt.undo is False
        seen.prompt.undo = False
        assert got == seen, first_difference(seen.to_data(), got.to_data())
        compared += 1
        game.apply(side, lively(s, legal_actions(s, side), r))
    assert compared >= 50


def test_open_hands_leave_nothing_to_deal_but_the_deck() -> None:
    # A teaching game shows both hands and every stack: the dealt state holds
    # them exactly as they are, and only the deck order is drawn
    game = Game.new(MODULES["tiny"](), 11, {"open_hands": True})
    game.state.undo = None
    r = random.Random(11)
    compared = 0
    while not game.over and game.state.turn <= 4:
        s = game.state
        side = decider(s)
        seen = view(s, side)
        dealt = determinize(s.module, seen, random.Random(compared))
        assert view(dealt, side) == seen
        assert dealt.hands[1 - side] == sorted(s.hands[1 - side])
        assert [[dealt.chits[c] for c in st] for st in dealt.stacks[1 - side]] == \
            [[s.chits[c] for c in st] for st in s.stacks[1 - side]]
        assert Counter(dealt.deck) == Counter(s.deck)
        compared += 1
        game.apply(side, lively(s, legal_actions(s, side), r))
    assert compared >= 30


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_hand_dealt_by_weight_still_shows_the_side_exactly_what_it_saw(name: str) -> None:
    # RULINGS H1-H4, H9: the player's guess of what the enemy holds (bots.held)
    # changes only how likely each deal is, never what the side sees or may do
    checked = spied = 0
    for n, (real, side) in enumerate(deciding(name)[::2]):
        seen = view(real, side, log=False)
        dealt = determinize(real.module, seen, random.Random(n), held_weight(real.module, side))
        assert broken(dealt) == []
        assert view(dealt, side, log=False) == seen
        assert legal_actions(dealt, side) == legal_actions(real, side)
        looks = [i["cards"] for i in real.intel[side] if i["kind"] == "hand"]
        if looks and Counter(looks[-1]) == Counter(real.hands[1 - side]):
            assert Counter(dealt.hands[1 - side]) == Counter(real.hands[1 - side]), n
            spied += 1
        checked += 1
    assert checked >= 150 and spied >= 5, (checked, spied)


def test_a_card_weighted_heavier_is_dealt_to_the_hand_more_often() -> None:
    # each card is drawn in proportion to its weight: battle cards weighted 4
    # times the others fill more of the enemy's hands than at random, and a
    # weight of 1 for every card deals as a shuffle does, on average
    real, side = next((s, d) for s, d in deciding("star_wars")
                      if len(s.hands[1 - d]) >= 4 and len(s.deck) >= 20)
    module = real.module
    seen = view(real, side, log=False)
    enemy = 1 - side

    def battle_cards(weight: Any) -> float:
        hands = [determinize(module, seen, random.Random(k), weight).hands[enemy]
                 for k in range(300)]
        return sum(module.cards[c].timing == "battle" for h in hands for c in h) / len(hands)

    heavier = battle_cards(lambda k: 4.0 if module.cards[k].timing == "battle" else 1.0)
    alike = battle_cards(lambda k: 1.0)
    shuffled = battle_cards(None)
    assert heavier > alike + 0.5, (heavier, alike)
    assert abs(alike - shuffled) < 0.25, (alike, shuffled)

"""Moving on after a won battle (docs/rules.md G16), the optional rule
`advance`, on the punic test theme: the spaces a group had left when it
entered an enemy stack, the question after a win, and what the other side
reads meanwhile."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tests.engine.builder import blank, card, give, pass_both, play_with, put, tid, to_battle
from tests.engine.test_secrets import candidates, first_difference, readable
from warp_empires.engine import apply, legal_actions, prompt, view
from warp_empires.engine.determinize import determinize
from warp_empires.engine.invariants import broken
from warp_empires.module import load_module

PUNIC = load_module(Path(__file__).parents[1] / "themes" / "punic")
# the rule alone: any group may move (G14 has tests of its own), nobody is eliminated
QUIET = dataclasses.replace(PUNIC, rules=dataclasses.replace(
    PUNIC.rules, elimination=False, move_needs=()))


def _moved_in(*advance: str):
    """Two Equites (fast: 3 spaces) go from Etruria through Latium into
    Campania (2 of their 3 spaces), where Carthage has one Mercenaries."""
    s = blank(QUIET)
    play_with(s, *advance)
    put(s, 0, "etruria", "equites", "equites")
    put(s, 1, "campania", "mercenaries")
    give(s, 0, "march")
    apply(s, 0, ("play", card(s, "march")))
    apply(s, 0, ("from", tid(s, "etruria")))
    for i in range(2):
        apply(s, 0, ("pick", i))
    apply(s, 0, ("to", tid(s, "campania")))
    return s


def _won(s):
    """Side 0 ends its Move phase and wins the battle at Campania: both pass,
    the loser's one unit is lost."""
    to_battle(s)
    pass_both(s)
    while prompt(s).kind == "casualty":
        side = prompt(s).side
        legal = legal_actions(s, side)
        apply(s, side, next((a for a in legal if a[0] == "confirm"), legal[0]))
    return s


def test_g16_a_group_entering_a_stack_keeps_the_spaces_it_had_left():
    s = _moved_in("advance")
    eq = list(s.stacks[0][tid(s, "campania")])
    assert sorted(s.onward) == sorted([c, tid(s, "campania"), 1] for c in eq)
    assert _moved_in().onward == []  # without the option nothing is kept


def test_g16_the_winner_may_move_on_as_far_as_its_spaces_left():
    s = _won(_moved_in("advance"))
    assert prompt(s).kind == "advance" and prompt(s).side == 0
    legal = legal_actions(s)
    ids = {PUNIC.map.territories[a[1]].id for a in legal if a[0] == "to"}
    assert ids == {"latium", "sicily"} and ("halt",) in legal  # 1 space, on land
    survivors = s.stacks[0][tid(s, "campania")]  # the winner lost Force too (R B8)
    apply(s, 0, ("to", tid(s, "sicily")))
    assert s.stacks[0][tid(s, "sicily")] == survivors and not s.stacks[0][tid(s, "campania")]
    assert s.onward == [] and broken(s) == []
    assert any("Rome moves on from Campania to Sicily with 1 unit." == e["text"]
               for e in s.log[-4:])


def test_g16_staying_spends_the_spaces_and_the_phase_goes_on():
    s = _won(_moved_in("advance"))
    apply(s, 0, ("halt",))
    assert s.onward == [] and prompt(s).kind != "advance" and broken(s) == []


def test_g16_without_the_option_there_is_no_question():
    s = _won(_moved_in())
    assert prompt(s).kind != "advance"


def test_g16_the_spaces_left_are_the_movers_own_to_read():
    # R H9: twin positions that differ only in the spaces the winner's group
    # had left (1 or 2: the same destinations here) read the same to the other
    # side; the winner's own view says them, and a dealt world keeps them
    s = _won(_moved_in("advance"))
    twin = s.clone()
    twin.onward = [[c, t, n + 1] for c, t, n in s.onward]
    import random

    cands = candidates(s, twin, random.Random(0))
    got = readable(s, 1, cands), readable(twin, 1, cands)
    assert got[0] == got[1], first_difference(*got)
    mine = view(s, 0)
    assert mine.onward == s.onward and view(s, 1).onward == []
    dealt = determinize(QUIET, mine, random.Random(1))
    assert dealt.onward == s.onward and legal_actions(dealt, 0) == legal_actions(s, 0)


def test_a_game_with_side_decks_and_advance_saves_and_loads_as_it_was(tmp_path, monkeypatch):
    # the state's new sparse fields (decks, discards, onward) go through a save
    import random

    from warp_empires.engine import Game, decider
    from warp_empires.saves import load_game, save_game

    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(Path(__file__).parents[1] / "themes"))
    for seed in range(1, 8):  # the first random game that has a group with spaces left
        game, r = Game.new(PUNIC, seed, {"optional": ["advance"]}), random.Random(seed)
        while not game.state.onward and not game.over and game.state.turn <= 30:
            game.apply(decider(game.state), r.choice(
                [a for a in legal_actions(game.state) if a[0] != "unpick"]))
        if game.state.onward:
            break
    assert game.state.onward and game.state.decks
    again = load_game(save_game(game, tmp_path / "punic.wes"))
    assert again.state.to_data() == game.state.to_data()

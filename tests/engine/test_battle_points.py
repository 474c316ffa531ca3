"""A pool of points a side spends on battles (docs/rules.md G9), on the Rome
theme: Fortune, Rome 2 and Carthage 3 at the start, at most 2 a battle, +1 to
the total each; spending is a turn of the battle's card play (RULINGS B3)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

from tests.engine.builder import blank, pass_both, put, to_battle
from warp_empires.engine import Game, apply, decider, legal_actions, prompt, view
from warp_empires.engine.battle import totals
from warp_empires.engine.invariants import broken
from warp_empires.module import load_module

ROME = load_module(Path(__file__).parents[1] / "themes" / "punic")
QUIET = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, elimination=False))
STAR_WARS = load_module(Path(__file__).parents[2] / "modules" / "star_wars")


def _battle():
    s = blank(QUIET)
    s.points = [2, 3]
    put(s, 0, "sicily", "legion")
    put(s, 1, "sicily", "mercenaries")
    to_battle(s)
    assert prompt(s).kind == "battle_card" and prompt(s).side == 0
    return s


def test_a_side_with_points_may_spend_one_instead_of_a_card():
    s = _battle()
    assert ("spend",) in legal_actions(s) and ("pass",) in legal_actions(s)
    apply(s, 0, ("spend",))
    assert s.points == [1, 3] and s.fight().spent == [1, 0]
    t = totals(s)
    assert t[0]["points"] == 1 and t[0]["total"] == 3 + 1 and t[1]["points"] == 0
    assert s.log[-1]["text"] == "Rome spends Fortune: +1 (1 left)."
    assert prompt(s).side == 1  # as after a card, the other side answers


def test_at_most_the_modules_limit_a_battle():
    s = _battle()
    apply(s, 0, ("spend",))
    apply(s, 1, ("pass",))
    apply(s, 0, ("spend",))
    apply(s, 1, ("pass",))
    assert s.fight().spent == [2, 0] and ("spend",) not in legal_actions(s)  # most = 2
    assert s.points == [0, 3]


def test_points_spent_are_gone_and_the_battle_counts_them():
    s = _battle()
    apply(s, 0, ("spend",))
    for _ in range(3):
        if prompt(s).kind != "battle_card":
            break
        apply(s, prompt(s).side, ("pass",))
    assert s.last_battle is not None or s.battle is not None
    assert s.points[0] == 1


def test_no_pool_no_spending_and_the_same_data():
    # a module without a pool: no "spend", no "points" in the totals, the view
    # or the saved state (Star Wars plays and saves as before)
    game = Game.new(STAR_WARS, 4)
    assert game.state.points == []
    assert "points" not in game.state.to_data() and "points" not in view(game.state, 0).to_data()
    rng = random.Random(4)
    while game.state.step != "battle_card" and not game.over:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
    if game.state.step == "battle_card":
        assert ("spend",) not in legal_actions(game.state)
        assert all("points" not in t for t in view(game.state, 0).battle.totals)


def test_both_sides_see_the_pools_and_what_was_spent():
    s = _battle()
    apply(s, 0, ("spend",))
    for side in (0, 1):
        seen = view(s, side)
        assert seen.points == [1, 3] and seen.battle.spent == [1, 0]
        assert view(s, side).to_data()["points"] == [1, 3]


def test_an_empty_hand_with_points_is_still_a_choice():
    # RULINGS H9: passing is forced only when nothing else can be done, and a
    # pool is public: a side with points is asked
    s = _battle()
    assert not s.hands[0]
    assert not prompt(s).forced


def test_whole_games_with_the_pool_keep_every_invariant():
    spent = 0
    for seed in range(6):
        game = Game.new(ROME, seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= 40:
            acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
            a = rng.choice(acts)
            spent += a == ("spend",)
            game.apply(decider(game.state), a)
            assert broken(game.state) == []
            assert all(n >= 0 for n in game.state.points)
    assert spent > 0


def test_a_save_keeps_the_pools(tmp_path, monkeypatch):
    from warp_empires.saves import load_game, save_game

    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(Path(ROME.path).parent))
    game = Game.new(ROME, 2)
    rng = random.Random(2)
    while not game.over and game.state.turn <= 12:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
    again = load_game(save_game(game, tmp_path / "fortune.wes"))
    assert again.state.points == game.state.points
    assert again.state.to_data() == game.state.to_data()


def test_pass_both_still_settles_a_battle():
    s = _battle()
    pass_both(s)
    assert s.battle is None or s.fight().stage != "cards"

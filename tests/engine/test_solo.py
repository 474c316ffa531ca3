"""The table-driven solo opponent (RULINGS O6): orders per stack from a d6 and
the module's modifiers, battle postures from the force-ratio table, all module
data; and it decides from its view alone, like every player."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from warp_empires.bots import make_player
from warp_empires.bots.solo import SoloPlayer
from warp_empires.engine import legal_actions, view
from warp_empires.module import ModuleError, load_module
from warp_empires.module.defs import SoloDef
from warp_empires.sim import simulate

from .builder import blank, give, make_module, play_with, put, star_wars, tid, to_battle

TABLES = SoloDef(
    orders=((-2, "rout"), (0, "retreat"), (2, "stand"), (3, "move"), (5, "advance"),
            (99, "attack")),
    modifiers={"outnumbered": -2, "fortified": -1, "leader": 1, "enemy_in_reach": 1,
               "friends_falling_back": -2, "losses_taken": -1},
    postures=((67, 0, 3), (100, 1, 4), (150, 3, 6), (100000, 5, 6)),
)


class Dice:
    """A stand-in for the player's own generator: its d6 rolls come from a list."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0)


def solo(rolls: tuple[int, ...], module=None) -> SoloPlayer:
    player = SoloPlayer(module or replace(make_module(elimination=False), solo=TABLES))
    player.rng = Dice(*rolls)  # type: ignore[assignment]
    return player


def position():
    s = blank(replace(make_module(elimination=False), solo=TABLES))
    return s


def test_o6_a_module_without_tables_has_no_solo_opponent():
    with pytest.raises(ValueError, match=r"module tiny has no \[solo\] tables"):
        make_player("solo", make_module())
    assert make_player("solo", star_wars()).kind == "solo"


def test_o6_each_stack_rolls_for_its_order_with_the_modifiers_that_apply():
    s = position()
    put(s, 0, "a", "hero", "cruiser")  # a leader: +1; no enemy within reach
    put(s, 0, "e", "wing", "fort")  # a fortification: -1; the enemy at d is in reach: +1
    put(s, 1, "d", "destroyer", "destroyer")  # stronger than a wing: outnumbered -2
    player = solo((1, 6))
    orders = player.give_orders(view(s, 0))
    assert player.modifiers(view(s, 0), tid(s, "a")) == {"leader": 1}
    assert player.modifiers(view(s, 0), tid(s, "e")) == {
        "fortified": -1, "enemy_in_reach": 1, "outnumbered": -2}
    # a: 1 + 1 = 2 -> stand; e: 6 - 2 = 4 -> advance
    assert orders == {tid(s, "a"): "stand", tid(s, "e"): "advance"}


def test_o6_a_stack_of_fortifications_gets_no_order():
    s = position()
    put(s, 0, "c", "fort")
    assert solo((6,)).give_orders(view(s, 0)) == {}


def test_o6_an_attack_order_goes_for_the_nearest_enemy_stack_in_reach():
    s = position()
    put(s, 0, "c", "cruiser")
    put(s, 1, "b", "swarm", "swarm")  # Force 2
    put(s, 1, "d", "hauler")  # Force 1: the weakest
    give(s, 0, "step")
    player = solo((6,))  # 6 + 1 (enemy in reach) -> attack
    act = player.choose(view(s, 0), legal_actions(s))
    assert act == ("play", s.module.card_by_id("step").index)
    from warp_empires.engine import apply

    apply(s, 0, act)
    apply(s, 0, player.choose(view(s, 0), legal_actions(s)))  # from c
    apply(s, 0, player.choose(view(s, 0), legal_actions(s)))  # pick the cruiser
    assert player.choose(view(s, 0), legal_actions(s)) == ("to", tid(s, "d"))


def test_o6_a_stand_order_moves_nothing():
    s = position()
    put(s, 0, "c", "cruiser")
    give(s, 0, "step")
    assert solo((2,)).choose(view(s, 0), legal_actions(s)) == ("end",)


def test_o6_the_six_orders_of_seed_001_are_read_off_the_table():
    # RULINGS O6: rout, retreat, stand, move, advance, attack by the total
    s = position()
    put(s, 0, "c", "cruiser")  # nothing applies: the roll alone
    for roll, order in ((1, "stand"), (3, "move"), (4, "advance"), (6, "attack")):
        assert solo((roll,)).give_orders(view(s, 0)) == {tid(s, "c"): order}


def test_o6_friends_falling_back_and_losses_taken_lower_the_roll():
    # RULINGS O6 (revised): both are modifiers of the order roll
    s = position()
    put(s, 0, "a", "cruiser")
    put(s, 0, "b", "cruiser")  # next to a
    player = solo((1, 6))
    player.sizes = {tid(s, "b"): 4}  # b had 4 units after its last move: 3 quarters lost
    orders = player.give_orders(view(s, 0))
    assert orders[tid(s, "a")] == "stand"
    assert player.modifiers(view(s, 0), tid(s, "b"), {tid(s, "a"): "rout"}) == {
        "friends_falling_back": -2, "losses_taken": -3}
    # b: 6 - 3 quarters lost = 3 -> move (a stood, so no friend fell back)
    assert orders[tid(s, "b")] == "move"


def test_o6_a_rout_ends_further_from_every_enemy():
    s = position()
    put(s, 0, "c", "cruiser")
    put(s, 1, "d", "hauler")
    player = solo(())
    player.order = "rout"
    tos = [tid(s, t) for t in ("b", "d") if tid(s, t) in s.module.map.territories[
        tid(s, "c")].neighbours]
    dest = player._destination(view(s, 0), tid(s, "c"), tos)
    assert dest != tid(s, "d")


def test_o6_the_posture_follows_the_force_ratio_table():
    # a big advantage and a low roll: charge, playing its battle card
    s = position()
    play_with(s, "withdrawal")
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "hauler")
    give(s, 0, "ambush")
    to_battle(s)
    s.step = "battle_card"  # (the defender's withdrawal decision is tested below)
    assert solo((1,)).choose(view(s, 0), legal_actions(s)) == (
        "play", s.module.card_by_id("ambush").index)
    # far behind and a high roll: withdraw, so the defender tries to
    s2 = position()
    play_with(s2, "withdrawal")
    put(s2, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s2, 1, "c", "hauler")
    to_battle(s2)
    assert s2.step == "withdraw"
    assert solo((6,)).choose(view(s2, 1), legal_actions(s2)) == ("withdraw",)
    assert solo((1,)).choose(view(s2, 1), legal_actions(s2)) == ("fight",)


def test_o6_stand_plays_only_when_behind():
    s = position()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")  # 12 against 1: far ahead
    put(s, 1, "c", "hauler")
    give(s, 0, "ambush")
    to_battle(s)
    assert solo((6,)).choose(view(s, 0), legal_actions(s)) == ("pass",)  # 6 -> stand


def test_o6_solo_games_run_to_the_end_against_the_other_players():
    sw = star_wars()
    for players in (["solo", "heuristic"], ["random", "solo"]):
        result = simulate(sw, 4, 1, players, 200)
        assert result["errors"] == 0 and result["finished"] >= 3, result


def test_o6_bad_tables_are_refused_with_the_key(tmp_path: Path):
    folder = tmp_path / "star_wars"
    shutil.copytree(Path(star_wars().path), folder)
    toml = folder / "module.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text.replace('{ up_to = 2, order = "stand" }',
                                 '{ up_to = 2, order = "dance" }')
                        .replace("{ below = 67, charge = 0, stand = 3 }",
                                 "{ below = 67, charge = 4, stand = 3 }"), encoding="utf-8")
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    problems = "\n".join(err.value.problems)
    assert "solo.orders[3].order: unknown order 'dance'" in problems
    assert "solo.postures[1]: needs 0 <= charge <= stand <= 6" in problems

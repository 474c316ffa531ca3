"""Attrition, an optional rule (RULINGS O3): big stacks lose units at the end
of their owner's turn, d6 ÷ 3 in a territory held undisputed and d6 ÷ 2
elsewhere (rounded up); the module's attrition-first units (the tiny theme's
fighters, as Star Wars') go first, then the owner picks, fortifications and
leaders last."""

from __future__ import annotations

from dataclasses import replace

from warp_empires.engine import apply, legal_actions, prompt, view

from .builder import (
    advance,
    blank,
    hold_captive,
    make_module,
    pick_all,
    picks,
    play_with,
    put,
    rig,
    stack,
    tid,
)

TEN = ("cruiser", "cruiser", "cruiser", "frigate", "frigate", "wing", "wing", "wing", "wing",
       "captain")


def at_turn_end(s) -> None:
    """Side 0 ends its Upkeep: Control runs, then attrition (when on)."""
    s.phase = "upkeep"
    advance(s, "upkeep_over")


def ten_at(t: str, face: int, controlled: bool = False, enemy: tuple[str, ...] = ()):
    """Side 0's ten units at t (its territory when `controlled`, an enemy stack
    there too when given) end the turn with attrition on and a die of `face`;
    returns the state and the ten chits."""
    s = blank()
    play_with(s, "attrition")
    chits = put(s, 0, t, *TEN)
    if enemy:
        put(s, 1, t, *enemy)
    if controlled:
        s.control[tid(s, t)] = 0
    rig(s, face)
    at_turn_end(s)
    return s, chits


def small_stacks(size: int):
    """The tiny theme, attrition from stacks of `size` units."""
    m = make_module(elimination=False)
    opts = dict(m.options)
    opts["attrition"] = replace(opts["attrition"], stack=size)
    return blank(replace(m, options=opts))


def test_o3_off_in_the_standard_game():
    s = blank()
    put(s, 0, "b", *TEN)
    rig(s, 6)
    at_turn_end(s)
    assert len(stack(s, 0, "b")) == 10 and s.active == 1


def test_o3_a_stack_below_the_size_is_left_alone():
    s = blank()
    play_with(s, "attrition")
    put(s, 0, "b", *TEN[:9])
    rig(s, 6)
    at_turn_end(s)
    assert len(stack(s, 0, "b")) == 9 and s.active == 1
    assert not any("Attrition" in e["text"] for e in s.log)


def test_o3_away_from_home_the_roll_is_halved_rounded_up():
    # RULINGS O3: d6 ÷ 2 elsewhere; 5 -> 3 units
    s = blank()
    play_with(s, "attrition")
    put(s, 0, "b", *TEN)
    rig(s, 5)
    at_turn_end(s)
    assert prompt(s).kind == "attrition" and prompt(s).side == 0 and prompt(s).owed == 3
    assert ("rolled 5, ÷ 2 in a territory they do not hold undisputed, rounded up: 3 units "
            "lost") in s.log[-1]["text"]


def test_o3_in_a_controlled_territory_the_roll_is_divided_by_three():
    s, _ = ten_at("a", 5, controlled=True)
    assert prompt(s).owed == 2  # 5 ÷ 3, rounded up
    s2, _ = ten_at("a", 1, controlled=True)
    assert prompt(s2).owed == 1  # a 1 still costs a unit


def test_o3_a_controlled_territory_with_an_enemy_stack_is_not_undisputed():
    # RULINGS O3 (revised): ÷ 3 only where no enemy stack shares the territory
    s, _ = ten_at("a", 5, controlled=True, enemy=("swarm",))
    assert prompt(s).owed == 3  # 5 ÷ 2, rounded up


def test_o3_the_attrition_first_units_go_before_any_other():
    # RULINGS O3 (revised): the module's attrition-first classes (fighters) first
    s, chits = ten_at("b", 2)
    wings = chits[5:9]
    assert set(picks(s)) == set(wings)
    assert "Fighter first" in prompt(s).text


def test_o3_the_owner_picks_and_the_units_go_to_the_pile():
    s, chits = ten_at("b", 2)
    assert prompt(s).owed == 1
    wing = chits[5]  # a fighter squad: those go first
    pile = len(s.piles[0])
    pick_all(s, 0, [wing])
    apply(s, 0, ("confirm",))
    assert wing in s.piles[0] and len(s.piles[0]) == pile + 1
    assert len(stack(s, 0, "b")) == 9 and s.active == 1  # the turn goes on to side 1


def test_o3_fortifications_then_leaders_go_last():
    s = small_stacks(3)
    play_with(s, "attrition")
    hero, fort, wing = put(s, 0, "b", "hero", "fort", "wing")
    rig(s, 4)  # 4 ÷ 2 = 2 of the 3
    at_turn_end(s)
    assert picks(s) == [wing]
    pick_all(s, 0, [wing])
    assert picks(s) == [fort]  # the fortification before the leader
    pick_all(s, 0, [fort])
    apply(s, 0, ("confirm",))
    assert stack(s, 0, "b") == ["hero"]


def test_o3_unpicking_out_of_order_cannot_be_confirmed():
    s = small_stacks(3)
    play_with(s, "attrition")
    hero, fort, wing = put(s, 0, "b", "hero", "fort", "wing")
    rig(s, 4)
    at_turn_end(s)
    pick_all(s, 0, [wing, fort])
    items = s.pend.sel.items
    apply(s, 0, ("unpick", items.index(wing)))
    assert picks(s) == [wing] and ("confirm",) not in legal_actions(s)


def test_o3_a_roll_over_the_stack_takes_it_all_without_asking():
    s = small_stacks(3)
    play_with(s, "attrition")
    put(s, 0, "b", "wing", "wing", "frigate")
    rig(s, 6)  # 6 ÷ 2 = 3: the whole stack
    at_turn_end(s)
    assert s.stacks[0][tid(s, "b")] == () and s.active == 1


def test_o3_every_big_stack_rolls_in_turn_and_only_the_active_sides():
    s = small_stacks(3)
    play_with(s, "attrition")
    put(s, 0, "b", "wing", "wing", "wing")
    put(s, 0, "d", "cruiser", "cruiser", "cruiser")
    put(s, 1, "e", "swarm", "swarm", "swarm")
    rig(s, 2, 2)  # one unit each
    at_turn_end(s)
    assert s.pend.t == tid(s, "b")
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("confirm",))
    assert s.pend.t == tid(s, "d")
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("confirm",))
    assert s.active == 1 and len(stack(s, 1, "e")) == 3


def test_o3_the_roll_is_public_the_lost_units_are_not():
    s = blank()
    play_with(s, "attrition")
    chits = put(s, 0, "b", *TEN)
    rig(s, 2)
    at_turn_end(s)
    pick_all(s, 0, [chits[5]])
    apply(s, 0, ("confirm",))
    mine = [e["text"] for e in view(s, 0).log]
    theirs = [e["text"] for e in view(s, 1).log]
    assert any("rolled 2" in t for t in theirs)
    assert any("You lose Wing at B to attrition" in t for t in mine)
    assert any("loses 1 unit at B to attrition" in t for t in theirs)
    assert not any("Wing" in t for t in theirs)


def test_o3_attrition_can_end_the_game():
    # RULINGS B12/W: victory is checked after attrition too (W2 in the tiny theme)
    s = small_stacks(1)
    play_with(s, "attrition")
    put(s, 0, "b", "hero")
    hold_captive(s, 1, "captain")
    rig(s, 6)
    at_turn_end(s)
    assert s.winner == 1

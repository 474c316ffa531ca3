"""The repair hangar, an optional rule (RULINGS O5): a ship lost in battle (not
to a card) rolls the fate die (1-2: back in 2 of its owner's turns, 3-4: in
3, 5-6: destroyed); a unit with two lives goes to the hangar for 3 turns on
its first loss, without a roll; repaired ships return free at the start of
their owner's Recruit phase in a revenue territory it controls, or wait."""

from __future__ import annotations

from dataclasses import replace

from warp_empires.engine import apply, legal_actions, prompt, view
from warp_empires.engine.board import to_pile
from warp_empires.engine.invariants import broken
from warp_empires.engine.viewtypes import HangarEntry

from .builder import (
    CAPITAL,
    advance,
    blank,
    chit_of,
    give,
    make_module,
    pass_both,
    play_with,
    put,
    rig,
    stack,
    tid,
    to_battle,
)


def lost_battle(*defenders: str, on: bool = True, faces: tuple[int, ...] = (),
                module=None):
    """Side 0's two leaders (which never roll the fate die) beat side 1's stack
    at c; `faces` are the fate dice to come."""
    s = blank(module)
    if on:
        play_with(s, "repair_hangar")
    put(s, 0, "c", "hero", "captain")
    chits = put(s, 1, "c", *defenders)
    to_battle(s)
    if faces:
        rig(s, *faces)
    pass_both(s)
    while prompt(s).kind == "casualty":  # the winner's loss: a leader, to its pile
        act = next((a for a in legal_actions(s) if a[0] == "confirm"), legal_actions(s)[0])
        apply(s, 0, act)
    return s, chits


def test_o5_off_in_the_standard_game():
    s, (hauler,) = lost_battle("hauler", on=False)
    assert hauler in s.piles[1] and s.hangar == []


def test_o5_fate_one_or_two_means_two_turns_in_the_hangar():
    s, (hauler,) = lost_battle("hauler", faces=(2,))
    assert s.hangar == [[hauler, 2, s.turn]] and hauler not in s.piles[1]
    assert "fate die 2, to the hangar for 2" in " ".join(e["text"] for e in s.log)
    assert not broken(s)


def test_o5_fate_three_or_four_means_three_turns():
    s, (hauler,) = lost_battle("hauler", faces=(4,))
    assert s.hangar == [[hauler, 3, s.turn]]


def test_o5_fate_five_or_six_destroys_it():
    s, (hauler,) = lost_battle("hauler", faces=(5,))
    assert s.hangar == [] and hauler in s.piles[1]


def test_o5_fighter_squads_are_repairable_too():
    # RULINGS O5 (revised): the module's repairable classes; Star Wars (and the
    # tiny theme) name capital ships and fighter squads
    s, (swarm,) = lost_battle("swarm", faces=(1,))
    assert s.hangar == [[swarm, 2, s.turn]] and swarm not in s.piles[1]


def test_o5_only_units_of_the_module_s_repairable_classes_roll():
    m = make_module(elimination=False)
    opts = dict(m.options)
    opts["repair_hangar"] = replace(opts["repair_hangar"], repairs=CAPITAL)
    s, (swarm,) = lost_battle("swarm", faces=(1,), module=replace(m, options=opts))
    assert s.hangar == [] and swarm in s.piles[1]  # not of a repairable class: to its pile


def test_o5_the_spent_life_comes_back_when_the_unit_goes_to_its_pile():
    # RULINGS O5 (revised): a flagship bought again has two lives again
    s, (destroyer,) = lost_battle("destroyer", faces=(6,))
    assert s.lives == [destroyer]
    s.hangar = []
    to_pile(s, destroyer)
    assert s.lives == [] and not broken(s)


def test_o5_two_lives_go_to_the_hangar_at_once_then_roll():
    s, (destroyer,) = lost_battle("destroyer", faces=(6,))  # no roll the first time
    assert s.hangar == [[destroyer, 3, s.turn]] and s.lives == [destroyer]
    assert "first life" in " ".join(e["text"] for e in s.log)


def test_o5_a_ship_destroyed_by_a_card_goes_to_its_pile():
    s = blank()
    play_with(s, "repair_hangar")
    put(s, 0, "c", "cruiser")
    hauler, _ = put(s, 1, "c", "hauler", "destroyer")
    give(s, 0, "torpedo")
    to_battle(s)
    apply(s, 0, ("play", s.module.card_by_id("torpedo").index))
    apply(s, 0, ("target", hauler))
    assert hauler in s.piles[1] and all(h[0] != hauler for h in s.hangar)


def back_at(s, side: int, turn: int) -> None:
    """Runs side's turn `turn` from the end of its Battle phase: Revenue, then
    the start of Recruit (where repaired ships come back)."""
    s.turn, s.active, s.phase = turn, side, "battle"
    s.battle = None
    advance(s, "battles_over")


def test_o5_ships_count_down_their_owners_turns_and_come_back_free():
    s = blank()
    play_with(s, "repair_hangar")
    hauler = chit_of(s, 1, "hauler")
    s.piles[1].remove(hauler)
    s.hangar = [[hauler, 2, 1]]  # lost in turn 1
    s.control[tid(s, "e")] = 1
    s.banks[1] = 0
    back_at(s, 1, 2)
    assert s.hangar == [[hauler, 1, 1]]
    back_at(s, 1, 4)
    # back, and free: the bank holds the two revenues of 2, nothing paid
    assert s.hangar == [] and stack(s, 1, "e") == ["hauler"] and s.banks[1] == 4
    assert "Hauler returns from the hangar at E" in " ".join(e["text"] for e in view(s, 0).log)


def test_o5_a_ship_lost_in_its_owners_own_turn_waits_for_the_next():
    s = blank()
    play_with(s, "repair_hangar")
    hauler = chit_of(s, 1, "hauler")
    s.piles[1].remove(hauler)
    s.hangar = [[hauler, 1, 2]]  # lost in turn 2, side 1's own
    s.control[tid(s, "e")] = 1
    back_at(s, 1, 2)
    assert s.hangar == [[hauler, 1, 2]]
    back_at(s, 1, 4)
    assert stack(s, 1, "e") == ["hauler"]


def test_o5_with_no_revenue_territory_it_waits():
    s = blank()
    play_with(s, "repair_hangar")
    hauler = chit_of(s, 1, "hauler")
    s.piles[1].remove(hauler)
    s.hangar = [[hauler, 1, 1]]
    back_at(s, 1, 2)
    assert s.hangar == [[hauler, 0, 1]]
    assert any("1 repaired ship waits in the hangar" in e["text"] for e in s.log)


def test_o5_with_several_territories_the_owner_chooses():
    s = blank()
    play_with(s, "repair_hangar")
    hauler = chit_of(s, 1, "hauler")
    s.piles[1].remove(hauler)
    s.hangar = [[hauler, 1, 1]]
    s.control[tid(s, "e")] = 1
    s.control[tid(s, "c")] = 1
    back_at(s, 1, 2)
    p = prompt(s)
    assert (p.kind, p.side, p.all_public) == ("hangar_return", 1, True)
    assert set(legal_actions(s)) == {("place", tid(s, "c")), ("place", tid(s, "e"))}
    apply(s, 1, ("place", tid(s, "c")))
    assert stack(s, 1, "c") == ["hauler"] and prompt(s).kind == "recruit"


def test_o5_the_hangar_is_public():
    s, (hauler,) = lost_battle("hauler", faces=(1,))
    for side in (0, 1):
        assert view(s, side).hangar == [HangarEntry(hauler, s.chits[hauler], 2, s.turn)]


def test_o5_losses_say_where_the_ship_went():
    s, (hauler,) = lost_battle("hauler", faces=(1,))
    assert s.last_battle.losses[0][2] == "hangar"  # then the winner's squad, "returned"
    assert any("(to the hangar)" in e["text"] for e in s.log)

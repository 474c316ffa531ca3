"""Revenue, Recruit, Upkeep, Control, victory and setup: RULINGS V1, R1-R4,
U1, K1-K3, W1-W3 and S1-S4, on hand-made positions of the tiny test theme.
The Star Wars setup, control traits and victories are in
test_star_wars_rules.py.
"""

from __future__ import annotations

import re

from warp_empires.engine import apply, legal_actions, prompt, setup, view
from warp_empires.engine.victory import check

from .builder import (
    advance,
    at_revenue,
    blank,
    buy_first,
    card,
    chit_of,
    end_recruit,
    end_upkeep,
    give,
    hold_captive,
    make_module,
    pass_both,
    pick_all,
    picks,
    put,
    stack,
    tid,
)


def test_v1_revenue_of_controlled_territories_is_banked():
    # RULINGS V1
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "c")] = 0
    s.control[tid(s, "e")] = 1
    at_revenue(s, bank=2)
    assert s.revenue[0] == 4 and s.banks[0] == 6


def test_r1_r3_draw_five_buy_at_force_place_in_controlled_territory():
    # RULINGS R1, R3
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "c")] = 0
    at_revenue(s, bank=20)
    assert prompt(s).kind == "recruit" and len(s.recruit) == 5
    chit = buy_first(s)
    cost = s.unit(chit).force
    bank = s.banks[0]
    assert s.banks[0] == bank  # nothing is final while picking
    n_pile = len(s.piles[0])
    apply(s, 0, ("done",))
    assert s.banks[0] == bank - cost
    assert len(s.piles[0]) == n_pile + 4 and s.recruit == [chit]  # the rest go back
    assert prompt(s).kind == "place"
    assert {a[1] for a in legal_actions(s) if a[0] == "place"} == {tid(s, "a"), tid(s, "c")}
    apply(s, 0, ("place", tid(s, "c")))
    assert chit in s.stacks[0][tid(s, "c")] and s.recruit == []


def test_r1_only_affordable_chits_can_be_bought():
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    at_revenue(s, bank=0)
    bank = s.banks[0]
    items = s.pend.offer.items
    for i, c in enumerate(items):
        assert (("pick", i) in legal_actions(s)) == (s.unit(c).force <= bank)


def test_r2_buying_every_chit_draws_a_die_roll_more_once():
    # RULINGS R2
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    at_revenue(s, bank=500)
    for i in range(5):
        apply(s, 0, ("pick", i))
    apply(s, 0, ("done",))
    dice = [e for e in s.log if e["kind"] == "dice"]
    assert len(dice) == 1
    n = int(re.search(r"\brolls? (\d+)", dice[0]["text"]).group(1))
    assert len(s.recruit) == n and prompt(s).kind == "recruit"
    for i in range(n):
        apply(s, 0, ("pick", i))
    apply(s, 0, ("done",))
    assert len([e for e in s.log if e["kind"] == "dice"]) == 1  # once per phase
    assert s.phase != "recruit"


def test_r2_bonus_draw_when_the_pile_runs_out_is_harmless():
    # RULINGS R1 (fewer if it holds fewer), R2.
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    keep = [chit_of(s, 0, "wing"), chit_of(s, 0, "frigate")]
    s.piles[0] = keep[:]
    s.banks[0] = 50
    advance(s, "battles_over")
    assert sorted(s.recruit) == sorted(keep)
    pick_all(s, 0, keep)
    apply(s, 0, ("done",))
    assert any(e["kind"] == "dice" for e in s.log)  # all bought: the bonus roll
    # ... draws from an empty pile: an empty offer, nothing to do but finish
    assert prompt(s).kind == "recruit" and s.recruit == [] and legal_actions(s) == [("done",)]
    assert stack(s, 0, "a") == ["cruiser", "wing", "frigate"]
    apply(s, 0, ("done",))
    assert s.phase != "recruit" and stack(s, 0, "a") == ["cruiser", "wing", "frigate"]


def test_r2_no_bonus_when_a_drawn_chit_is_not_bought():
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    s.banks[0] = 500
    advance(s, "battles_over")
    assert len(s.recruit) == 5
    pick_all(s, 0, sorted(s.recruit)[:4])
    n = len(s.piles[0])
    apply(s, 0, ("done",))
    assert not any(e["kind"] == "dice" for e in s.log) and s.phase != "recruit"
    assert len(s.piles[0]) == n + 1  # R3: unbought chits go back


def test_r3_no_controlled_revenue_territory_means_no_recruiting():
    s = blank()
    put(s, 0, "b", "cruiser")
    put(s, 1, "e", "swarm")
    at_revenue(s, bank=50)
    assert s.phase != "recruit" or prompt(s).kind != "recruit"
    assert s.recruit == []


def test_r3_recruits_even_when_the_only_controlled_planet_holds_an_enemy_stack():
    # RULINGS R3, M8: placed in any controlled revenue territory, enemy stack or
    # not; the unit then fights in the next Battle phase. The controlled planet
    # with an enemy stack on it counts.
    s = blank()
    put(s, 0, "b", "cruiser")
    put(s, 1, "a", "swarm")
    s.control[tid(s, "a")] = 0
    s.banks[0] = 50
    advance(s, "battles_over")
    assert s.revenue[0] == 1  # the marker still pays (V1)
    assert prompt(s).kind == "recruit" and len(s.recruit) == 5
    bought = picks(s)[0]
    pick_all(s, 0, [bought])
    apply(s, 0, ("done",))  # one place only: no question asked
    assert s.stacks[0][tid(s, "a")] == (bought,) and stack(s, 1, "a") == ["swarm"]


def test_r3_recruits_may_be_placed_in_any_controlled_revenue_territory_enemy_or_not():
    # RULINGS R3
    s = blank()
    put(s, 0, "b", "cruiser")
    put(s, 1, "a", "swarm")
    for x in ("a", "c", "e"):
        s.control[tid(s, x)] = 0
    s.banks[0] = 50
    advance(s, "battles_over")
    bought = picks(s)[0]
    pick_all(s, 0, [bought])
    apply(s, 0, ("done",))
    assert prompt(s).kind == "place"
    assert legal_actions(s) == [("place", tid(s, x)) for x in ("a", "c", "e")]
    apply(s, 0, ("place", tid(s, "a")))
    assert s.stacks[0][tid(s, "a")] == (bought,)
    assert stack(s, 1, "a") == ["swarm"]  # the enemy stack stays: a battle follows


def test_r4_leaders_and_fortifications_can_be_recruited():
    # RULINGS R4: empty the pile but for a leader and a fortification
    s = blank()
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    keep = [c for c in s.piles[0] if s.unit(c).id in ("captain", "fort")][:2]
    s.piles[0] = keep
    at_revenue(s, bank=50)
    items = s.pend.offer.items
    bought = {s.unit(items[a[1]]).id for a in legal_actions(s) if a[0] == "pick"}
    assert bought == {"captain", "fort"}


def test_u1_upkeep_limit_is_five_per_revenue_all_units_count():
    # RULINGS U1
    s = blank()
    put(s, 0, "a", "hero", "fort", "wing", "wing", "cruiser", "cruiser", "frigate")
    s.revenue[0] = 1
    s.phase = "recruit"
    end_recruit(s)
    assert prompt(s).kind == "upkeep" and prompt(s).owed == 2
    apply(s, 0, ("pick", 0))
    apply(s, 0, ("pick", 3))
    assert prompt(s).owed == 0 and ("pick", 1) not in legal_actions(s)
    apply(s, 0, ("confirm",))
    assert len(s.stacks[0][tid(s, "a")]) == 5 and s.phase != "upkeep"


def test_u1_disbanding_keeps_the_top_unit_and_tells_the_enemy_only_where():
    # RULINGS U1 and H2: the enemy sees the top unit; disbanding an identical
    # unit must not change it, nor name what was disbanded
    s = blank()
    top, _, low, _, _, _ = put(s, 0, "a", "wing", "cruiser", "wing", "frigate", "cruiser",
                              "frigate")
    put(s, 1, "e", "swarm")
    s.revenue[0] = 1  # keeps 5 of 6
    s.phase = "recruit"
    end_recruit(s)
    pick_all(s, 0, [top])
    apply(s, 0, ("confirm",))
    assert s.stacks[0][tid(s, "a")][0] == top and low in s.piles[0]
    assert not any("Wing" in e["text"] for e in view(s, 1).log if e["kind"] == "upkeep")
    assert any("Wing" in e["text"] for e in view(s, 0).log if e["kind"] == "upkeep")


def test_u1_zero_revenue_disbands_everything_and_then_the_side_is_eliminated():
    # RULINGS U1 (5 x 0 = 0 units kept), W3 checked at the end of the phase.
    s = blank(make_module())
    put(s, 0, "b", "cruiser", "hero")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "e")] = 1
    advance(s, "battles_over")
    assert s.revenue[0] == 0 and prompt(s).kind == "upkeep" and prompt(s).owed == 2
    apply(s, 0, legal_actions(s)[0])
    assert s.winner == -1 and prompt(s).owed == 1
    apply(s, 0, next(a for a in legal_actions(s) if a[0] == "pick"))
    assert s.winner == -1 and prompt(s).owed == 0  # picks are not final
    apply(s, 0, ("confirm",))
    assert s.winner == 1 and stack(s, 0, "b") == []


def test_u1_captives_do_not_count_but_leaders_and_fortifications_do():
    s = blank()
    put(s, 0, "a", "hero", "fort", "cruiser", "cruiser", "cruiser")
    hold_captive(s, 0, "tyrant")
    hold_captive(s, 0, "enforcer")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.revenue[0] = 1
    s.phase = "recruit"
    c = s.clone()
    advance(c, "recruit_over")
    assert c.phase != "upkeep" and len(stack(c, 0, "a")) == 5
    put(s, 0, "a", "wing")
    advance(s, "recruit_over")
    assert prompt(s).kind == "upkeep" and prompt(s).owed == 1
    assert {s.unit(c).id for c in picks(s)} == {"hero", "fort", "cruiser", "wing"}


def test_k1_k2_control_needs_a_control_trait_and_no_enemy():
    # RULINGS K1, K2: wing has no control trait; frigate is a carrier
    s = blank()
    put(s, 0, "a", "wing")
    put(s, 0, "c", "frigate")
    put(s, 0, "e", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "c")] = 1
    end_upkeep(s)
    assert s.control[tid(s, "a")] == -1
    assert s.control[tid(s, "c")] == 0  # replaces the enemy marker
    assert s.control[tid(s, "e")] == -1  # enemy unit present
    assert s.control[tid(s, "b")] == -1  # not a revenue territory


def test_k1_k3_control_only_where_no_enemy_unit_and_marker_stays_after_a_battle():
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "e", "hauler")  # a carrier: could take e, but it is not blue's turn
    s.control[tid(s, "e")] = 0
    s.control[tid(s, "f")] = 1
    put(s, 0, "f", "frigate")
    advance(s, "upkeep_over")
    assert s.control[tid(s, "c")] == 0
    assert s.control[tid(s, "e")] == 0  # K3: stays; K1 is only the active side's
    assert s.control[tid(s, "f")] == 0  # replaced


def test_k2_any_unit_when_the_module_needs_no_trait():
    s = blank(make_module(control_filters=(), elimination=False))
    put(s, 0, "a", "wing")
    end_upkeep(s)
    assert s.control[tid(s, "a")] == 0


def test_k3_marker_stays_when_units_leave():
    # RULINGS K3
    s = blank()
    s.control[tid(s, "a")] = 0
    put(s, 1, "e", "swarm")
    put(s, 0, "c", "wing")
    end_upkeep(s)
    assert s.control[tid(s, "a")] == 0


def test_w1_holding_the_territory_and_the_captive_wins_at_once():
    # RULINGS W1 (tiny theme: red must control c and hold the tyrant)
    s = blank()
    put(s, 0, "c", "cruiser")
    put(s, 1, "e", "swarm")
    tyrant = next(c for c in s.piles[1] if s.unit(c).id == "tyrant")
    s.piles[1].remove(tyrant)
    s.captives[0].append(tyrant)
    end_upkeep(s)  # control phase takes c, then victory is checked
    assert s.winner == 0 and prompt(s).kind == "game_over"


def test_w2_no_enemy_leader_on_the_map_and_one_captive():
    # RULINGS W2
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    end_upkeep(s)
    assert s.winner == -1  # no captive yet
    hero = next(c for c in s.piles[0] if s.unit(c).id == "hero")
    s.piles[0].remove(hero)
    s.captives[1].append(hero)
    s2 = s.clone()
    assert check(s2) and s2.winner == 1


def test_w3_elimination_and_resignation():
    # RULINGS W3
    s = blank(make_module())
    put(s, 0, "a", "cruiser")
    s.control[tid(s, "a")] = 0
    apply(s, 0, ("end",))
    assert s.winner == 0  # blue has nothing left
    s2 = blank()
    put(s2, 0, "a", "cruiser")
    assert legal_actions(s2, 1) == []  # resigning is kept apart from the lists
    apply(s2, 1, ("resign",))  # the side not deciding may resign too
    assert s2.winner == 0 and "resign" in s2.win_reason


def test_w3_both_sides_eliminated_at_once_the_active_side_is_checked_first():
    s = blank(make_module())
    put(s, 0, "c", "wing")
    put(s, 1, "c", "destroyer")
    give(s, 0, "ambush")
    apply(s, 0, ("end",))
    apply(s, 0, ("play", card(s, "ambush")))
    pass_both(s)
    # blue loses its destroyer; red owes 3 and is worth 1: nothing is left of either
    assert s.stacks[0][tid(s, "c")] == () and s.stacks[1][tid(s, "c")] == ()
    assert s.winner == 0


def test_s1_s4_setup_piles_deck_and_starting_forces():
    # RULINGS S1-S4
    m = make_module()
    s = setup(m, 11)
    assert s.control[tid(s, "c")] == 1
    assert stack(s, 1, "c")[0] == "tyrant" and len(stack(s, 1, "c")) == 4
    assert all(s.module.units[s.chits[c]].cls != "leader" for c in s.stacks[1][tid(s, "c")][1:])
    assert len(s.deck) == sum(c.count for c in m.cards)
    assert prompt(s).kind == "choose_start"
    assert {a[1] for a in legal_actions(s) if a[0] == "start"} == {tid(s, "a"), tid(s, "e")}
    apply(s, 0, ("start", tid(s, "e")))
    assert s.control[tid(s, "e")] == 0  # S3: the chosen start is controlled
    assert stack(s, 0, "e")[0] == "hero" and len(stack(s, 0, "e")) == 3
    total = sum(len(p) for p in s.piles) + sum(len(st) for side in s.stacks for st in side)
    assert total == len(s.chits)



def test_r1_h9_a_recruit_nothing_can_pay_for_is_a_forced_finish():
    # Play-test: after a bank was spent to 0 the bonus draw (R2) still asked
    # for a decision. Banks and prices are public (H5), so a bank below every
    # unit price of the side is a finish everyone can foresee (H9); a bank
    # that pays for something leaves the choice, even if this draw holds
    # nothing it can pay for (the draw is secret).
    s = blank()
    put(s, 0, "b", "cruiser")
    s.control[tid(s, "a")] = 0
    at_revenue(s, bank=0)
    assert s.revenue[0] == 1 and prompt(s).kind == "recruit"
    s.banks[0] = 0
    assert legal_actions(s) == [("done",)] and prompt(s).forced
    s.banks[0] = min(u.force for u in s.module.units if u.side == 0)
    assert not prompt(s).forced


def test_k2_an_upkeep_row_says_when_a_disband_loses_the_claim_to_come():
    # Play-test: an X-Wing was disbanded at upkeep and Gamorr was not taken in
    # the Control phase that followed; a loss row says "(last here able to take
    # control)", an upkeep row now does too (RULINGS K1, K2, U1).
    from warp_empires.engine.describe import describe_action

    s = blank()
    cruiser, wing, _ = put(s, 0, "c", "cruiser", "wing", "wing")  # only the cruiser claims
    put(s, 0, "a", "cruiser", "wing", "wing", "fort")  # "a" is already held
    s.control[tid(s, "a")] = 0
    s.revenue[0] = 1  # keeps 5 of 7
    s.phase = "recruit"
    end_recruit(s)
    assert prompt(s).kind == "upkeep"
    items = s.pend.items

    def row(chit: int) -> str:
        return describe_action(s.module, s, ("pick", items.index(chit)))

    assert row(cruiser) == "disband Cruiser (last here able to take control)"
    assert row(wing) == "disband Wing"
    held = s.stacks[0][tid(s, "a")][0]  # the same kind where the marker is already
    assert row(held) == "disband Cruiser"


def test_w3_a_resignation_before_a_discard_leaves_a_game_that_saves_and_loads(tmp_path):
    # RULINGS W3: either side may resign at any moment, one holding more
    # cards than the hand limit before its discard too. The eleventh attack:
    # such a game's end was "not a possible position" to the invariants, and
    # its save was refused on every load (its end shown to nobody, no replay)
    import random
    from pathlib import Path

    from warp_empires.engine import Game
    from warp_empires.engine.invariants import broken
    from warp_empires.module import load_module
    from warp_empires.saves import load_game, save_game

    module = load_module(Path(__file__).resolve().parents[2] / "modules" / "star_wars")
    game, rng = Game.new(module, 0), random.Random(0)
    while game.state.step != "discard_down":
        p = game.prompt()
        game.apply(p.side, rng.choice([a for a in game.legal_actions()
                                       if a[0] not in ("undo", "resign")]))
    side = game.prompt().side
    assert len(game.state.hands[side]) > module.rules.hand_limit
    game.apply(1 - side, ("resign",))  # the side not deciding
    assert game.over and broken(game.state) == []
    path = save_game(game, tmp_path / "resigned.wes")
    again = load_game(path)
    assert again.over and again.state.winner == side

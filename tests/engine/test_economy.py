"""Revenue, Recruit, Upkeep, Control, victory and setup: RULINGS V, R, U, K, W, S."""

from __future__ import annotations

from warp_empires.engine import apply, legal_actions, prompt, setup

from .builder import advance, blank, make_module, pick_all, put, stack, tid


def at_revenue(s, bank=0):
    s.banks[0] = bank
    s.phase = "battle"
    advance(s, "battles_over")


def end_recruit(s):
    advance(s, "recruit_over")


def end_upkeep(s):
    advance(s, "upkeep_over")


def buy_first(s):
    """Picks the first affordable chit of the offer; returns it."""
    i = next(a[1] for a in legal_actions(s) if a[0] == "pick")
    apply(s, 0, ("pick", i))
    return s.pend.offer.items[i]


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
    n = int(dice[0]["text"].split("roll ")[1].split()[0])
    assert len(s.recruit) == n and prompt(s).kind == "recruit"
    for i in range(n):
        apply(s, 0, ("pick", i))
    apply(s, 0, ("done",))
    assert len([e for e in s.log if e["kind"] == "dice"]) == 1  # once per phase
    assert s.phase != "recruit"


def test_r3_no_controlled_revenue_territory_means_no_recruiting():
    s = blank()
    put(s, 0, "b", "cruiser")
    put(s, 1, "e", "swarm")
    at_revenue(s, bank=50)
    assert s.phase != "recruit" or prompt(s).kind != "recruit"
    assert s.recruit == []


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


def test_k2_any_unit_when_the_module_needs_no_trait():
    s = blank(make_module(control_traits=frozenset(), elimination=False))
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
    from warp_empires.engine.victory import check

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


def test_u1_disbanding_keeps_the_top_unit_and_tells_the_enemy_only_where():
    # RULINGS U1 and H2: the enemy sees the top unit; disbanding an identical
    # unit must not change it, nor name what was disbanded
    from warp_empires.engine import view

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
    assert not any("Wing" in e["text"] for e in view(s, 1)["log"] if e["kind"] == "upkeep")
    assert any("Wing" in e["text"] for e in view(s, 0)["log"] if e["kind"] == "upkeep")


def test_r3_recruits_may_enter_where_an_enemy_stack_stands():
    # RULINGS R3: any controlled revenue territory, enemy stack or not; the
    # unit then fights in the next Battle phase
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "c", "swarm")
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "c")] = 0
    at_revenue(s, bank=50)
    chit = buy_first(s)
    apply(s, 0, ("done",))
    assert {a[1] for a in legal_actions(s) if a[0] == "place"} == {tid(s, "a"), tid(s, "c")}
    apply(s, 0, ("place", tid(s, "c")))
    assert chit in s.stacks[0][tid(s, "c")] and s.stacks[1][tid(s, "c")]


def test_r3_a_side_controlling_only_an_occupied_planet_still_recruits():
    # RULINGS R3, M8: the controlled planet with an enemy stack on it counts
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "c", "swarm")
    s.control[tid(s, "c")] = 0
    at_revenue(s, bank=50)
    assert prompt(s).kind == "recruit"
    buy_first(s)
    apply(s, 0, ("done",))
    assert s.stacks[0][tid(s, "c")]  # the only place: placed at once

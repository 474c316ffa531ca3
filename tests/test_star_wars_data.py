"""The Star Wars module's units, cards and rule settings, checked against the seed.

The expected tables below are typed from the seed's unit and card tables (with
the name corrections of RULINGS X4), independently of modules/star_wars/*.toml.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires.module import load_module

MODULE_DIR = Path(__file__).parents[1] / "modules" / "star_wars"

B, P, T = "bombardment", "point_defense", "transport"
FA, D = "force_aware", "diplomacy"

# name, speed, count, force, class, traits  (seed order: Empire table, then Rebel table)
EMPIRE = [
    ("Star Galleon", "slow", 1, 2, "capital", {T}),
    ("Carrack Light Cruiser", "fast", 1, 4, "capital", {P}),
    ("Republic Dreadnaught", "slow", 1, 3, "capital", {B}),
    ("Imperial Escort Cruiser", "medium", 1, 3, "capital", {B}),
    ("Galleon", "medium", 1, 1, "capital", {T}),
    ("Super Star Destroyer", "medium", 1, 15, "capital", {B}),
    ("Lancer Frigate", "medium", 1, 6, "capital", {P}),
    ("Strike Cruiser", "medium", 1, 5, "capital", {B}),
    ("Assault Transport", "fast", 1, 3, "capital", {T}),
    ("Interdictor Cruiser", "medium", 1, 3, "capital", {P}),
    ("Victory Destroyer", "medium", 2, 4, "capital", {B}),
    ("Victory II Star Destroyer", "medium", 1, 6, "capital", {B}),
    ("Imperial Star Destroyer", "medium", 1, 5, "capital", {B}),
    ("Imperial II Star Destroyer", "medium", 1, 8, "capital", {B}),
    ("Death Star", "slow", 1, 25, "capital", {B}),
    ("Tie Fighter Squad", "medium", 7, 1, "fighter", {P}),
    ("Tie Interceptor Squad", "fast", 4, 2, "fighter", {P}),
    ("Tie Defender Squad", "medium", 3, 2, "fighter", {P}),
    ("Tie Bomber Squad", "medium", 3, 1, "fighter", {B}),
    ("Darth Vader", "fast", 1, 5, "leader", {FA, D}),
    ("Emperor Palpatine", "fast", 1, 5, "leader", {FA, D}),
    ("Grand Moff Tarkin", "fast", 1, 3, "leader", {D}),
    ("Boba Fett", "fast", 1, 4, "leader", set()),
    ("Veers", "fast", 1, 2, "leader", set()),
    ("Piet", "fast", 1, 2, "leader", set()),
    ("Jerjerrod", "fast", 1, 2, "leader", set()),
    ("Imperial Base", "immobile", 7, 1, "fortification", set()),
    ("Ion Cannon", "immobile", 3, 5, "fortification", set()),
    ("Shield Generator", "immobile", 5, 3, "fortification", set()),
]

REBELS = [
    ("Corellian Frigate", "medium", 1, 4, "capital", {P}),
    ("Dauntless Cruiser", "medium", 1, 8, "capital", {B}),
    ("Corellian Gunship", "fast", 1, 5, "capital", {P}),
    ("Liberator Cruiser", "fast", 1, 5, "capital", {B}),
    ("Bulwark Battlecruiser", "medium", 1, 15, "capital", {B}),
    ("Nebulon-B Frigate", "medium", 1, 4, "capital", {P}),
    ("Alliance Dreadnaught", "medium", 1, 3, "capital", {B}),
    ("Mon Calamari Cruiser", "medium", 2, 6, "capital", {B}),
    ("Bulk Cruiser", "medium", 1, 2, "capital", {B}),
    ("Bulk Transport", "slow", 1, 1, "capital", {T}),
    ("Medium Transport", "medium", 1, 1, "capital", {T}),
    ("Alliance Escort Carrier", "medium", 1, 2, "capital", {T}),
    ("Corellian Capital Ship", "medium", 1, 5, "capital", {B}),
    ("Corellian Corvette", "medium", 1, 5, "capital", {P}),
    ("Assault Frigate", "medium", 1, 5, "capital", {B}),
    ("Millennium Falcon", "fast", 1, 3, "capital", {P}),
    ("A-Wing Squad", "fast", 5, 1, "fighter", {P}),
    ("B-Wing Squad", "medium", 4, 2, "fighter", {B}),
    ("X-Wing Squad", "medium", 4, 2, "fighter", {P}),
    ("Y-Wing Squad", "medium", 4, 1, "fighter", {P}),
    ("Luke Skywalker", "fast", 1, 5, "leader", {FA}),
    ("Han Solo", "fast", 1, 4, "leader", set()),
    ("Princess Leia", "fast", 1, 4, "leader", {D}),
    ("Obi-Wan Kenobi", "fast", 1, 4, "leader", {FA}),
    ("Lando Calrissian", "fast", 1, 3, "leader", set()),
    ("Mon Mothma", "fast", 1, 4, "leader", {D}),
    ("Jan Dodonna", "fast", 1, 3, "leader", {D}),
    ("Rebel Base", "immobile", 7, 1, "fortification", set()),
    ("Ion Cannon", "immobile", 3, 5, "fortification", set()),
    ("Shield Generator", "immobile", 5, 3, "fortification", set()),
]

# name, count, side (None = either), effect kind, amount, filter classes, filter traits,
# spy hand, spy stack
CARDS = [
    ("Tactical Move", 8, None, "move", 1, set(), set(), False, False),
    ("Operational Move", 6, None, "move", 2, set(), set(), False, False),
    ("Strategic Move", 4, None, "move", 3, set(), set(), False, False),
    ("Turbolasers", 2, None, "unit_bonus", 1, {"capital"}, set(), False, False),
    ("Ion Cannons", 2, None, "zero_force", 0, {"capital"}, set(), False, False),
    ("Laser Cannons", 2, None, "destroy", 0, {"fighter"}, set(), False, False),
    ("Weak Spot", 2, None, "destroy", 0, {"capital"}, set(), False, False),
    ("Stand Off", 2, None, "unit_bonus", 2, {"capital"}, {B}, False, False),
    ("Strafing Run", 2, None, "unit_bonus", 2, {"fighter"}, set(), False, False),
    ("Bothan Spies", 2, "rebels", "spy", 0, set(), set(), True, True),
    ("Daring Rescue", 2, "rebels", "rescue", 0, set(), set(), False, False),
    ("Probe Droid", 2, "empire", "spy", 0, set(), set(), False, True),
    ("Imperial Agents", 2, "empire", "spy", 0, set(), set(), True, False),
    ("Sabotage", 2, None, "sabotage", 0, {"fortification"}, set(), False, False),
    ("Incite Uprising", 2, None, "remove_control", 0, set(), set(), False, False),
    ("Use the Force", 2, None, "target_bonus", 7, set(), {FA}, False, False),
    ("Surprise Attack", 2, None, "side_bonus", 5, set(), set(), False, False),
]


@pytest.fixture(scope="module")
def module():
    return load_module(MODULE_DIR)


def side_index(module, side_id):
    return module.side_by_id(side_id).index


def units_of(module, side_id):
    s = side_index(module, side_id)
    return [u for u in module.units if u.side == s]


def as_rows(units):
    return [(u.name, u.speed, u.count, u.force, u.cls, set(u.traits)) for u in units]


# ---- units -------------------------------------------------------------------


@pytest.mark.parametrize("side_id, expected", [("empire", EMPIRE), ("rebels", REBELS)])
def test_unit_table_matches_the_seed(module, side_id, expected):
    got = as_rows(units_of(module, side_id))
    assert [r[0] for r in got] == [r[0] for r in expected], "unit names or order"
    for row, want in zip(got, expected, strict=True):
        assert row == want, f"{want[0]}: got {row}"


def test_unit_type_counts(module):
    assert len(units_of(module, "empire")) == 29
    assert len(units_of(module, "rebels")) == 30
    assert len(module.units) == 59
    # the Empire table comes first in the file, as in the seed
    assert module.units[0].side == side_index(module, "empire")
    assert module.units[-1].side == side_index(module, "rebels")


@pytest.mark.parametrize(
    "side_id, chits, force, leaders, fortifications, fighters",
    [("empire", 55, 181, 7, 15, 17), ("rebels", 56, 169, 7, 15, 17)],
)
def test_chit_totals(module, side_id, chits, force, leaders, fortifications, fighters):
    units = units_of(module, side_id)
    assert sum(u.count for u in units) == chits
    assert sum(u.count * u.force for u in units) == force
    assert sum(u.count for u in units if u.cls == "leader") == leaders
    assert sum(u.count for u in units if u.cls == "fortification") == fortifications
    assert sum(u.count for u in units if u.cls == "fighter") == fighters


def test_classes_follow_rulings_x1(module):
    for u in module.units:
        if u.name.endswith(" Squad"):
            assert u.cls == "fighter", u.name
        elif u.cls == "fortification":
            assert u.speed == "immobile" and u.move == 0, u.name
        else:
            assert u.cls in ("leader", "capital"), u.name
        assert (u.speed == "immobile") == (u.cls == "fortification"), u.name
    falcon = module.unit_by_id(side_index(module, "rebels"), "millennium_falcon")
    assert falcon.cls == "capital"
    death_star = module.unit_by_id(side_index(module, "empire"), "death_star")
    assert death_star.cls == "capital"


def test_unit_ids_are_snake_case_and_unique_per_side(module):
    import re

    for side_id in ("empire", "rebels"):
        ids = [u.id for u in units_of(module, side_id)]
        assert len(ids) == len(set(ids))
        for uid in ids:
            assert re.fullmatch(r"[a-z][a-z0-9_]*", uid), uid


def test_required_leader_ids(module):
    empire, rebels = side_index(module, "empire"), side_index(module, "rebels")
    assert module.unit_by_id(empire, "emperor_palpatine").name == "Emperor Palpatine"
    assert module.unit_by_id(empire, "darth_vader").name == "Darth Vader"
    assert module.unit_by_id(rebels, "luke_skywalker").name == "Luke Skywalker"
    assert module.unit_by_id(rebels, "princess_leia").name == "Princess Leia"


def test_speeds_give_moves(module):
    moves = {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}
    assert module.rules.speeds == moves
    for u in module.units:
        assert u.move == moves[u.speed], u.name


SEED_MISSPELLINGS = ["Tarken", "Dodanna", "Obi-Wan-Kenobi", "Calimari", "Capitol"]


def test_seed_misspellings_are_corrected_and_documented():
    texts = {p.name: p.read_text(encoding="utf-8") for p in MODULE_DIR.glob("*.toml")}
    for wrong in SEED_MISSPELLINGS:
        for name, text in texts.items():
            assert wrong not in text, f"{wrong!r} in {name}"
    readme = (MODULE_DIR / "README.md").read_text(encoding="utf-8")
    for wrong, right in [
        ("Tarken", "Tarkin"),
        ("Dodanna", "Dodonna"),
        ("Obi-Wan-Kenobi", "Obi-Wan Kenobi"),
        ("Calimari", "Mon Calamari"),
        ("Capitol", "Capital"),
    ]:
        assert wrong in readme and right in readme, f"README must list {wrong} -> {right}"


# ---- cards -------------------------------------------------------------------


def test_deck_size(module):
    assert len(module.cards) == 17
    assert sum(c.count for c in module.cards) == 46


@pytest.mark.parametrize("row", CARDS, ids=[c[0] for c in CARDS])
def test_card(module, row):
    name, count, side, kind, amount, classes, traits, hand, stack = row
    matches = [c for c in module.cards if c.name == name]
    assert len(matches) == 1, name
    card = matches[0]
    assert card.count == count
    assert card.side == (None if side is None else side_index(module, side))
    e = card.effect
    assert e.kind == kind
    assert e.amount == amount
    assert set(e.filter.classes) == classes
    assert set(e.filter.traits) == traits
    assert (e.hand, e.stack) == (hand, stack)
    assert card.text.strip() and len(card.text) <= 100


def test_card_timings(module):
    timing = {c.name: c.timing for c in module.cards}
    assert [n for n, t in timing.items() if t == "move"] == [
        "Tactical Move",
        "Operational Move",
        "Strategic Move",
    ]
    assert {n for n, t in timing.items() if t == "action"} == {
        "Bothan Spies",
        "Daring Rescue",
        "Probe Droid",
        "Imperial Agents",
        "Sabotage",
        "Incite Uprising",
    }
    assert sum(1 for t in timing.values() if t == "battle") == 8


def test_card_filters_hit_the_intended_units(module):
    units = {(u.side, u.id): u for u in module.units}
    empire, rebels = side_index(module, "empire"), side_index(module, "rebels")
    weak_spot = module.card_by_id("weak_spot").effect.filter
    assert weak_spot.matches(units[(empire, "death_star")])
    assert not weak_spot.matches(units[(empire, "tie_fighter_squad")])
    use_force = module.card_by_id("use_the_force").effect.filter
    force_aware = {u.name for u in module.units if use_force.matches(u)}
    assert force_aware == {"Darth Vader", "Emperor Palpatine", "Luke Skywalker", "Obi-Wan Kenobi"}
    stand_off = module.card_by_id("stand_off").effect.filter
    assert stand_off.matches(units[(rebels, "mon_calamari_cruiser")])
    assert not stand_off.matches(units[(rebels, "b_wing_squad")])  # bombards, but a fighter
    sabotage = module.card_by_id("sabotage").effect.filter
    assert {u.name for u in module.units if sabotage.matches(u)} == {
        "Imperial Base",
        "Rebel Base",
        "Ion Cannon",
        "Shield Generator",
    }


# ---- module.toml ---------------------------------------------------------------


def test_identity_and_sides(module):
    assert (module.id, module.format) == ("star_wars", 1)
    assert [s.id for s in module.sides] == ["rebels", "empire"]
    assert set(module.classes) >= {"leader", "fortification", "fighter", "capital"}
    assert {t: abbr for t, (_, abbr) in module.traits.items()} == {
        B: "B",
        P: "P",
        T: "T",
        FA: "FA",
        D: "D",
    }


def test_rules(module):
    r = module.rules
    assert r.first_side == side_index(module, "rebels")
    assert (r.draw, r.hand_limit, r.leader_bonus, r.tie_winner) == (5, 7, 5, "defender")
    assert (r.upkeep_per_revenue, r.recruit_draw) == (5, 5)
    assert (r.recruit_bonus_die, r.recruit_bonus_times) == (6, 1)
    assert {tr for f in r.control_filters for tr in f.traits} == {B, T, D}
    assert all(len(f.traits) == 1 and not f.classes for f in r.control_filters)
    assert r.capture_needs_leader is True
    assert r.winner_lost_leaders == "pile"
    assert r.elimination is True
    assert {(tuple(m.filter.traits), m.bonus) for m in r.majority_bonuses} == {((B,), 2), ((P,), 2)}


def test_setup(module):
    empire, rebels = side_index(module, "empire"), side_index(module, "rebels")
    coruscant = module.map.by_id("coruscant").index
    es, rs = module.setup[empire], module.setup[rebels]
    assert (es.side, rs.side) == (empire, rebels)
    assert es.control == (coruscant,) and es.start == coruscant
    assert {module.units[u].id for u in es.units} == {"emperor_palpatine", "darth_vader"}
    assert es.random_units == 5
    assert rs.start is None and rs.control_start is True
    edge_planets = {t.index for t in module.map.territories if t.edge and t.revenue > 0}
    assert set(rs.start_choices) == edge_planets
    assert {module.units[u].id for u in rs.units} == {"luke_skywalker", "princess_leia"}
    assert rs.random_units == 4


def test_victory(module):
    empire, rebels = side_index(module, "empire"), side_index(module, "rebels")
    coruscant = module.map.by_id("coruscant").index
    by_side = {v.side: v for v in module.victory}
    assert set(by_side) == {empire, rebels}
    reb = {c.kind: c for c in by_side[rebels].all}
    assert set(reb) == {"controls", "holds_captive"}
    assert reb["controls"].territory == coruscant
    assert {module.units[u].id for u in reb["holds_captive"].units} == {
        "emperor_palpatine",
        "darth_vader",
    }
    emp = {c.kind: c for c in by_side[empire].all}
    assert set(emp) == {"no_enemy_leaders_on_map", "captives_at_least"}
    assert emp["captives_at_least"].amount == 1

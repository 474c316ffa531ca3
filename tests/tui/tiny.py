"""A hand-made six-territory module, so the map widget can be tested without
the theme data."""

from __future__ import annotations

from warp_empires.module.defs import (
    CardDef,
    Effect,
    MapDef,
    Module,
    Rules,
    SideDef,
    SideSetup,
    TerritoryDef,
    UnitDef,
    UnitFilter,
)

PICTURE = (
    "aaaaaaaaaaaBBBBBBBBBBBBcccccccccc",
    "aaaaaaaaaaaBBBBBBBBBBBBcccccccccc",
    "aaaaaaaaaaaBBBBBBBBBBBBcccccccccc",
    "aaaaaaaDDDDDDDDDDBBBBBBcccccccccc",
    "  ddddDDDDDDDDDDD...........FFFFF",
    "  ddddDDDDDDDDDDD...........FFFFF",
    "  dddddddddddddd............FFFFF",
    "  dddddddddddddd............FFFFF",
)

_T = [
    ("alpha", "Alpha Void", "a", "space", 0, True),
    ("bravo", "Bravo Prime", "B", "planet", 3, True),
    ("corvo", "Corvo Reach", "c", "space", 0, True),
    ("delta", "Delta Drift", "d", "space", 0, True),
    ("dune", "Dune", "D", "planet", 2, False),
    ("falk", "Falkirk Minor", "F", "planet", 1, True),
]
_NEIGHBOURS = {0: (1, 3, 4), 1: (0, 2, 4), 2: (1,), 3: (0, 4), 4: (0, 1, 3), 5: ()}


def tiny_module() -> Module:
    territories = tuple(
        TerritoryDef(i, tid, name, kind, rev, edge, key, _NEIGHBOURS[i])
        for i, (tid, name, key, kind, rev, edge) in enumerate(_T)
    )
    sides = (
        SideDef(0, "red", "Red League", "Reds", "red"),
        SideDef(1, "blue", "Blue Union", "Blues", "#5dade2"),
    )
    units = (
        UnitDef(0, 0, "captain", "Captain Ash", "fast", 3, 1, 4, "leader", frozenset()),
        UnitDef(1, 0, "cruiser", "Long Range Cruiser", "medium", 2, 3, 3, "capital",
                frozenset({"bombardment"})),
        UnitDef(2, 0, "wing", "Raider Wing", "fast", 3, 4, 1, "fighter", frozenset()),
        UnitDef(3, 1, "admiral", "Admiral Vey", "fast", 3, 1, 5, "leader", frozenset()),
        UnitDef(4, 1, "battleship", "Battleship", "slow", 1, 2, 6, "capital",
                frozenset({"bombardment"})),
        UnitDef(5, 1, "fort", "Orbital Fort", "immobile", 0, 2, 2, "fortification",
                frozenset()),
    )
    cards = (
        CardDef(0, "hop", "Short Hop", 6, None, Effect("move", 1), "Move one group."),
        CardDef(1, "jump", "Long Jump", 3, None, Effect("move", 2), "Move two groups."),
        CardDef(2, "volley", "Volley", 2, None,
                Effect("unit_bonus", 1, UnitFilter(frozenset({"capital"}))),
                "Battle: your capital ships get +1."),
        CardDef(3, "rally", "Rally", 2, None, Effect("side_bonus", 3), "Battle: +3 to your side."),
        CardDef(4, "scout", "Scout Report", 2, 0, Effect("spy", 0, hand=True),
                "Reds: look at the enemy hand."),
    )
    rules = Rules(
        first_side=0, draw=3, hand_limit=5, leader_bonus=5, tie_winner="defender",
        upkeep_per_revenue=5, recruit_draw=3, recruit_bonus_die=0, recruit_bonus_times=0,
        speeds={"immobile": 0, "slow": 1, "medium": 2, "fast": 3},
        control_filters=(), capture_needs_leader=True, winner_lost_leaders="pile",
        majority_bonuses=(), elimination=True,
    )
    setup = (
        SideSetup(0, (), None, (1, 5), True, (0,), 2),
        SideSetup(1, (4,), 4, (), False, (3,), 2),
    )
    return Module(
        id="tiny", name="Tiny Test", version="0.0.1", format=1,
        description="A six-territory test map.", path="", fingerprint="0" * 64,
        sides=sides,
        class_roles={"leader": "leader", "fortification": "fortification"},
        classes={"leader": "Leader", "fortification": "Fortification",
                 "capital": "Capital ship", "fighter": "Fighter"},
        traits={"bombardment": ("Bombardment", "B")},
        map=MapDef(territories, PICTURE, {"planet": "Planet", "space": "Empty space"}, " ."),
        units=units, cards=cards, rules=rules, setup=setup, victory=(),
    )

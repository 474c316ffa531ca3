"""What each table of a module's TOML files may hold: keys, types, defaults.

The format itself is described in docs/module-format.md; these tables are
that description in the form `schema.check_table` reads.
"""

from __future__ import annotations

from .defs import EFFECT_KINDS, FORTIFICATION, LEADER
from .schema import BOOL, INT, LIST, STR, STR_LIST, STR_OR_STR_LIST, TABLE, TABLE_LIST, Field

FORMAT = 1
MODULE_FILES = ("module.toml", "map.toml", "units.toml", "cards.toml")
EDGE_PLANETS = "edge_planets"
DEFAULT_SPEEDS = {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}
DEFAULT_COLOURS = ("red", "blue")
CORE_CLASS_NAMES = {LEADER: "Leader", FORTIFICATION: "Fortification"}

MODULE_TOP = {
    "module": Field(TABLE, required=True),
    "side": Field(TABLE_LIST, required=True),
    "classes": Field(TABLE, default={}),
    "traits": Field(TABLE, default={}),
    "rules": Field(TABLE, default={}),
    "setup": Field(TABLE, required=True),
    "victory": Field(TABLE_LIST, default=[]),
}
MODULE_HEAD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "version": Field(STR, required=True),
    "format": Field(INT, required=True),
    "description": Field(STR, default=""),
}
SIDE = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "short": Field(STR),
    "colour": Field(STR),
}
TRAIT = {"name": Field(STR, required=True), "abbr": Field(STR, required=True)}
RULES = {
    "first_side": Field(STR),
    "draw": Field(INT, default=5),
    "hand_limit": Field(INT, default=7),
    "leader_bonus": Field(INT, default=5),
    "tie": Field(STR, default="defender"),
    "upkeep_per_revenue": Field(INT, default=5),
    "recruit_draw": Field(INT, default=5),
    "recruit_bonus_die": Field(INT, default=6),
    "recruit_bonus_times": Field(INT, default=1),
    "control_traits": Field(STR_LIST, default=[]),
    "capture_needs_leader": Field(BOOL, default=False),
    "winner_lost_leaders": Field(STR, default="pile"),
    "elimination": Field(BOOL, default=True),
    "majority_bonus": Field(TABLE_LIST, default=[]),
    "speeds": Field(TABLE, default={}),
}
MAJORITY = {"trait": Field(STR, required=True), "bonus": Field(INT, required=True)}
SETUP = {
    "control": Field(STR_LIST, default=[]),
    "start": Field(STR),
    "start_choices": Field(STR_OR_STR_LIST),
    "control_start": Field(BOOL, default=False),
    "units": Field(STR_LIST, default=[]),
    "random_units": Field(INT, default=0),
}
VICTORY = {
    "side": Field(STR, required=True),
    "text": Field(STR, default=""),
    "all": Field(LIST, required=True),
}
CLAUSES = {
    "controls": STR,
    "holds_captive": STR_LIST,
    "no_enemy_leaders_on_map": BOOL,
    "captives_at_least": INT,
}
MAP_TOP = {
    "map": Field(TABLE, required=True),
    "territory": Field(TABLE_LIST, required=True),
    "link": Field(TABLE_LIST, default=[]),
}
MAP_HEAD = {
    "kinds": Field(TABLE, required=True),
    "void": Field(STR, default=" ."),
    "picture": Field(STR, default=""),
}
TERRITORY = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "key": Field(STR),
    "kind": Field(STR, required=True),
    "revenue": Field(INT, default=0),
    "edge": Field(BOOL, default=False),
    "neighbours": Field(STR_LIST),
}
LINK = {"between": Field(STR_LIST, required=True)}
UNITS_TOP = {"unit": Field(TABLE_LIST, required=True)}
UNIT = {
    "side": Field(STR, required=True),
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "speed": Field(STR, required=True),
    "count": Field(INT, required=True),
    "force": Field(INT, required=True),
    "class": Field(STR, required=True),
    "traits": Field(STR_LIST, default=[]),
}
CARDS_TOP = {"card": Field(TABLE_LIST, required=True)}
CARD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True),
    "count": Field(INT, required=True),
    "side": Field(STR, default="any"),
    "text": Field(STR, default=""),
    "effect": Field(TABLE, required=True),
}
FILTER = {"class": Field(STR_OR_STR_LIST), "traits": Field(STR_LIST, default=[])}
# The keys each effect kind takes besides `kind` (docs/module-format.md).
EFFECT_KEYS: dict[str, dict[str, Field]] = {
    "move": {"groups": Field(INT, required=True)},
    "spy": {"hand": Field(BOOL, default=False), "stack": Field(BOOL, default=False)},
    "rescue": {},
    "sabotage": {"filter": Field(TABLE)},
    "remove_control": {},
    "unit_bonus": {"amount": Field(INT, required=True), "filter": Field(TABLE)},
    "side_bonus": {"amount": Field(INT, required=True)},
    "target_bonus": {"amount": Field(INT, required=True), "filter": Field(TABLE)},
    "zero_force": {"filter": Field(TABLE)},
    "destroy": {"filter": Field(TABLE)},
}
assert set(EFFECT_KEYS) == EFFECT_KINDS

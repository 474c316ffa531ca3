"""What each table of a module's TOML files may hold: keys, types, defaults.

The format itself is described in docs/module-format.md; these tables are
that description in the form `schema.check_table` reads. `most` is the upper
bound from limits.py: the largest integer, or the longest string, list or
table. Ids are bounded by `check_id`, so their fields carry none.
"""

from __future__ import annotations

from .defs import EFFECT_KINDS, FORTIFICATION, LEADER, VICTORY_WHEN
from .limits import (
    MAX_ABBR,
    MAX_BONUS,
    MAX_CARD_TYPES,
    MAX_CHITS,
    MAX_COLOUR,
    MAX_COUNT,
    MAX_FILL,
    MAX_FORCE,
    MAX_LABEL,
    MAX_LINKS,
    MAX_LIST,
    MAX_NAME,
    MAX_NAMED,
    MAX_REVENUE,
    MAX_SIDES_LISTED,
    MAX_SMALL,
    MAX_TERRITORIES,
    MAX_TEXT,
    MAX_UNIT_TYPES,
    MAX_VERSION,
    MAX_VICTORIES,
    MAX_VOID,
)
from .schema import BOOL, INT, LIST, STR, STR_LIST, STR_OR_STR_LIST, TABLE, TABLE_LIST, Field

FORMAT = 1
MODULE_FILES = ("module.toml", "map.toml", "units.toml", "cards.toml")
EDGE = "edge"  # start_choices: every edge territory with revenue
EDGE_PLANETS = "edge_planets"  # the same, as the first modules spelt it
DEFAULT_SPEEDS = {"immobile": 0, "slow": 1, "medium": 2, "fast": 3}
DEFAULT_COLOURS = ("red", "blue")
SHARED_DECK = "shared"
DECKS = (SHARED_DECK, "side")  # one deck for both, or a deck per side (docs/rules.md G10)
CORE_CLASS_NAMES = {LEADER: "Leader", FORTIFICATION: "Fortification"}

MODULE_TOP = {
    "module": Field(TABLE, required=True),
    "side": Field(TABLE_LIST, required=True, most=MAX_SIDES_LISTED),
    "classes": Field(TABLE, default={}, most=MAX_NAMED),
    "traits": Field(TABLE, default={}, most=MAX_NAMED),
    "rules": Field(TABLE, default={}),
    "setup": Field(TABLE, required=True, most=MAX_SIDES_LISTED),
    "victory": Field(TABLE_LIST, default=[], most=MAX_VICTORIES),
    "options": Field(TABLE, default={}, most=MAX_NAMED),  # RULINGS O1-O5
    "solo": Field(TABLE),  # RULINGS O6
    "scenario": Field(TABLE_LIST, default=[], most=MAX_NAMED),  # docs/rules.md G3
}
MODULE_HEAD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    "version": Field(STR, required=True, most=MAX_VERSION),
    "format": Field(INT, required=True),
    "description": Field(STR, default="", most=MAX_TEXT),
    # fingerprints of earlier versions whose games play the same under this one
    # (only wording or map labels changed): their saves keep loading
    "same_rules_as": Field(STR_LIST, default=[], most=MAX_LIST),
}
SIDE = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    "short": Field(STR, most=MAX_NAME),
    "colour": Field(STR, most=MAX_COLOUR),
    # how a sentence names it: "the Raiders draw", "Guild draws"
    "article": Field(STR, default="the", most=MAX_COLOUR),
    "plural": Field(BOOL),  # default: `short` ends in "s"
}
CLASS = {
    "name": Field(STR, required=True, most=MAX_NAME),
    "role": Field(STR, most=MAX_NAME),  # leader, fortification or none (RULINGS X1)
    # docs/rules.md G2: each unit of the class carries up to `carries` units
    # matching `cargo` (a filter; default any unit) where they may not enter
    "carries": Field(INT, most=MAX_SMALL),
    "cargo": Field(TABLE),
    # docs/rules.md G17: it also carries a group next to it across its territory
    "ferry": Field(BOOL, default=False),
}
# docs/rules.md G11-G13: what a class or a trait does in the rules (check_powers)
POWER = {
    "move": Field(INT, most=MAX_SMALL),  # spaces more for a group holding one
    "battle_bonus": Field(TABLE),  # BATTLE_BONUS
    "ignores_forts": Field(BOOL, default=False),
    "fights": Field(TABLE_LIST, most=MAX_NAMED),  # filters (G23)
}
# docs/rules.md G15: enemy units matching `by` in or (adjacent) next to a
# revenue territory of one of `kinds` halve its revenue
BLOCKADE = {"by": Field(TABLE_LIST, required=True, most=MAX_NAMED),
            "kinds": Field(STR_LIST, required=True, most=MAX_NAMED),
            "adjacent": Field(BOOL, default=True)}
BATTLE_BONUS = {"against": Field(TABLE, required=True),  # a filter
                "bonus": Field(INT, required=True, most=MAX_BONUS)}
CLASS |= POWER
TRAIT = {
    "name": Field(STR, required=True, most=MAX_NAME),
    "abbr": Field(STR, required=True, most=MAX_ABBR),
} | POWER
RULES = {
    "first_side": Field(STR),
    "draw": Field(INT, default=5, most=MAX_SMALL),
    "hand_limit": Field(INT, default=7, most=MAX_SMALL),
    "leader_bonus": Field(INT, default=5, most=MAX_BONUS),
    "tie": Field(STR, default="defender"),
    "upkeep_per_revenue": Field(INT, default=5, most=MAX_BONUS),
    "recruit_draw": Field(INT, default=5, most=MAX_SMALL),
    "recruit_bonus_die": Field(INT, default=6, most=MAX_SMALL),
    "recruit_bonus_times": Field(INT, default=1, most=MAX_SMALL),
    "control_traits": Field(STR_LIST, default=[], most=MAX_NAMED),  # short for control_units
    "control_units": Field(TABLE_LIST, default=[], most=MAX_NAMED),  # filters (K2)
    "capture_needs_leader": Field(BOOL, default=False),
    "winner_lost_leaders": Field(STR, default="pile"),
    "elimination": Field(BOOL, default=True),
    "majority_bonus": Field(TABLE_LIST, default=[], most=MAX_NAMED),
    "speeds": Field(TABLE, default={}, most=MAX_NAMED),
    "turn_limit": Field(INT, default=0, most=MAX_CHITS),  # rounds; 0: none (G4)
    "at_turn_limit": Field(TABLE),  # LIMIT: who wins when the limit is reached (G4)
    "battle_points": Field(TABLE),  # POINTS (G9)
    "decks": Field(STR, default=SHARED_DECK),  # one of DECKS (G10)
    "move_needs": Field(TABLE_LIST, default=[], most=MAX_NAMED),  # filters (G14)
    "move_alone": Field(TABLE_LIST, default=[], most=MAX_NAMED),  # filters (G21)
    "blockade": Field(TABLE),  # BLOCKADE (G15)
}
# docs/rules.md G9: a pool of points each side spends in battles, +1 a point
POINTS = {
    "name": Field(STR, default="battle points", most=MAX_NAME),
    "start": Field(TABLE, required=True, most=MAX_SIDES_LISTED),  # side id = points
    "most": Field(INT, default=0, most=MAX_SMALL),  # a side's most in one battle; 0: any
}
# `trait = "x"` is short for `filter = { traits = ["x"] }`; exactly one of the two
MAJORITY = {"trait": Field(STR), "filter": Field(TABLE),
            "bonus": Field(INT, required=True, most=MAX_BONUS)}
SETUP = {
    "control": Field(STR_LIST, default=[], most=MAX_LIST),
    "start": Field(STR),
    "start_choices": Field(STR_OR_STR_LIST, most=MAX_LIST),
    "control_start": Field(BOOL, default=False),
    "units": Field(STR_LIST, default=[], most=MAX_LIST),
    "random_units": Field(INT, default=0, most=MAX_CHITS),
    # territory id -> unit ids placed there, top first (docs/rules.md G3)
    "place": Field(TABLE, default={}, most=MAX_LIST),
}
FIRST_ROLL = "roll"  # first_side = "roll": a die says who plays first (G3)
# One of a module's scenarios (docs/rules.md G3)
SCENARIO = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    "text": Field(STR, default="", most=MAX_TEXT),
    "first_side": Field(STR),  # a side id or "roll"; default: the module's
    "setup": Field(TABLE, required=True, most=MAX_SIDES_LISTED),
    "victory": Field(TABLE_LIST, default=[], most=MAX_VICTORIES),  # []: the module's
    "turn_limit": Field(INT, most=MAX_CHITS),  # default: the module's (G4)
    "at_turn_limit": Field(TABLE),  # LIMIT; default: the module's
}
VICTORY = {
    "side": Field(STR, required=True),
    "text": Field(STR, default="", most=MAX_TEXT),
    "all": Field(LIST, required=True, most=MAX_VICTORIES),
    # docs/rules.md G4: when it is checked: "phase" (after every phase and
    # battle) or "round" (at the end of each round); hold = N: at the end of
    # each of the side's own turns, won when it held at N of them in a row
    "when": Field(STR, default=VICTORY_WHEN[0]),
    "hold": Field(INT, default=0, most=MAX_SMALL),
}
CLAUSES = {
    "controls": STR,
    "holds_captive": STR_LIST,
    "no_enemy_leaders_on_map": BOOL,
    "captives_at_least": INT,
    "enemy_lost": STR_LIST,  # docs/rules.md G5: a flagship whose loss ends the game
}
# docs/rules.md G4: a game that ends after a number of rounds, won by a score
LIMIT = {
    "score": Field(STR, required=True),  # one of LIMIT_SCORES
    "tie": Field(STR, required=True),  # the side id that wins a tie
}
# The optional rules (RULINGS O1-O5), one table each under [options]; `text`
# is the line the New Game screen shows (defs.OPTION_TEXT when left out).
OPTION_TEXT_FIELD = Field(STR, most=MAX_TEXT)
OPTIONS: dict[str, dict[str, Field]] = {
    "interception": {"text": OPTION_TEXT_FIELD, "roll": Field(INT, default=4, most=MAX_SMALL),
                     "further_try": Field(INT, default=-1, most=6)},
    "withdrawal": {"text": OPTION_TEXT_FIELD, "roll": Field(INT, default=4, most=MAX_SMALL),
                   "pursuit": Field(TABLE)},
    "attrition": {"text": OPTION_TEXT_FIELD, "stack": Field(INT, default=10, most=MAX_CHITS),
                  "divide_controlled": Field(INT, default=3, most=MAX_SMALL),
                  "divide_elsewhere": Field(INT, default=2, most=MAX_SMALL),
                  "first": Field(TABLE)},
    "initiative": {"text": OPTION_TEXT_FIELD, "quality": Field(TABLE, default={},
                                                               most=MAX_SIDES_LISTED)},
    "repair_hangar": {"text": OPTION_TEXT_FIELD,
                      "fate": Field(LIST, default=[2, 2, 3, 3, 0, 0], most=MAX_SMALL),
                      "two_lives": Field(TABLE, default={}, most=MAX_SIDES_LISTED),
                      "two_lives_turns": Field(INT, default=3, most=MAX_SMALL),
                      "repairs": Field(TABLE)},
    "advance": {"text": OPTION_TEXT_FIELD},  # docs/rules.md G16
}
# The table-driven solo opponent (RULINGS O6).
SOLO = {
    "orders": Field(TABLE_LIST, required=True, most=MAX_NAMED),
    "outnumbered": Field(INT, default=0, most=MAX_SMALL),
    "fortified": Field(INT, default=0, most=MAX_SMALL),
    "leader": Field(INT, default=0, most=MAX_SMALL),
    "enemy_in_reach": Field(INT, default=0, most=MAX_SMALL),
    "friends_falling_back": Field(INT, default=0, most=MAX_SMALL),
    "losses_taken": Field(INT, default=0, most=MAX_SMALL),
    "postures": Field(TABLE_LIST, required=True, most=MAX_NAMED),
}
SOLO_ORDER = {"up_to": Field(INT, required=True, most=MAX_SMALL),
              "order": Field(STR, required=True)}
SOLO_POSTURE = {"below": Field(INT, required=True, most=MAX_COUNT * 100),
                "charge": Field(INT, required=True, most=6),
                "stand": Field(INT, required=True, most=6)}
MAP_TOP = {
    "map": Field(TABLE, required=True),
    "territory": Field(TABLE_LIST, required=True, most=MAX_TERRITORIES),
    "link": Field(TABLE_LIST, default=[], most=MAX_LINKS),
}
MAP_HEAD = {
    "kinds": Field(TABLE, required=True, most=MAX_NAMED),
    "void": Field(STR, default=" .", most=MAX_VOID),
    "picture": Field(STR, default=""),
    "looks": Field(TABLE, default={}, most=MAX_NAMED),  # kind id -> LOOK
    # kind id -> a list of filters: the units that may enter (docs/rules.md G1)
    "enter": Field(TABLE, default={}, most=MAX_NAMED),
    # kind id -> "adjacent": where arrivals may enter (docs/rules.md G18)
    "arrive": Field(TABLE, default={}, most=MAX_NAMED),
}
ARRIVALS = ("adjacent",)
LOSS_STACKS = ("any", "enemy")  # a random loss's stacks (docs/rules.md G19)
# How the map draws one kind of territory (defs.KindLook)
LOOK = {
    "fill": Field(STR, most=MAX_FILL),
    "colour": Field(STR, most=MAX_COLOUR),
}
TERRITORY = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    "key": Field(STR),
    "kind": Field(STR, required=True),
    "revenue": Field(INT, default=0, most=MAX_REVENUE),
    "edge": Field(BOOL, default=False),
    "neighbours": Field(STR_LIST, most=MAX_LIST),
    # a short form of the name for the map when the name does not fit ("Tatooine"
    # -> "Tat."); optional
    "label": Field(STR, most=MAX_LABEL),
}
LINK = {"between": Field(STR_LIST, required=True)}
UNITS_TOP = {"unit": Field(TABLE_LIST, required=True, most=MAX_UNIT_TYPES)}
UNIT = {
    "side": Field(STR, required=True),
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    "speed": Field(STR, required=True),
    "count": Field(INT, required=True, most=MAX_COUNT),
    "force": Field(INT, required=True, most=MAX_FORCE),
    "class": Field(STR, required=True),
    "traits": Field(STR_LIST, default=[], most=MAX_NAMED),
}
CARDS_TOP = {"card": Field(TABLE_LIST, required=True, most=MAX_CARD_TYPES)}
CARD = {
    "id": Field(STR, required=True),
    "name": Field(STR, required=True, most=MAX_NAME),
    # required unless `decks` is given (check_decks)
    "count": Field(INT, most=MAX_COUNT),
    "side": Field(STR, default="any"),
    "decks": Field(TABLE, most=MAX_SIDES_LISTED),  # side id -> copies in its deck (G10)
    "text": Field(STR, default="", most=MAX_TEXT),
    "effect": Field(TABLE, required=True),
}
FILTER = {
    "class": Field(STR_OR_STR_LIST, most=MAX_NAMED),
    "traits": Field(STR_LIST, default=[], most=MAX_NAMED),
    "units": Field(STR_LIST, default=[], most=MAX_NAMED),  # unit ids (docs/rules.md G20)
}
# The keys each effect kind takes besides `kind` (docs/module-format.md).
EFFECT_KEYS: dict[str, dict[str, Field]] = {
    "move": {"groups": Field(INT, required=True, most=MAX_SMALL)},
    "spy": {"hand": Field(BOOL, default=False), "stack": Field(BOOL, default=False)},
    "rescue": {},
    "sabotage": {"filter": Field(TABLE)},
    "remove_control": {"targets": Field(STR, default="unguarded")},
    "unit_bonus": {"amount": Field(INT, required=True, most=MAX_BONUS), "filter": Field(TABLE)},
    "side_bonus": {"amount": Field(INT, required=True, most=MAX_BONUS)},
    "target_bonus": {"amount": Field(INT, required=True, most=MAX_BONUS), "filter": Field(TABLE)},
    "zero_force": {"filter": Field(TABLE)},
    "destroy": {"filter": Field(TABLE)},
    # docs/rules.md G6-G8
    "revenue": {"amount": Field(INT, required=True, most=MAX_BONUS)},
    "defect": {"filter": Field(TABLE), "into": Field(STR, required=True)},
    "random_loss": {"filter": Field(TABLE), "kinds": Field(STR_LIST, default=[], most=MAX_NAMED),
                    "stacks": Field(STR, default="any")},  # docs/rules.md G19
}
assert set(EFFECT_KEYS) == EFFECT_KINDS

"""One short description per key of each table of the module format, shown
by editors from the JSON Schemas (module/jsonschema.py). Kept apart: it is
data, and long."""

from __future__ import annotations

from . import fields as f

# docs/rules.md G11-G13: the keys a class and a trait share
POWER_NOTES = {
    "move": "Spaces more a group holding a unit of it moves (rules.md G11).",
    "battle_bonus": "{ against = FILTER, bonus = N }: +N for each unit of it in a battle "
                    "where the enemy has a matching unit (rules.md G12).",
    "ignores_forts": "The enemy's fortifications count 0 Force in its battles (rules.md G13).",
    "fights": "Filters: the enemy units it fights; it counts, and can be lost, only in a "
              "battle against one (rules.md G23). Omitted: every unit.",
}

# One short description per key of each table in fields.py, by the table's
# name there. A key missing here still gets its kind as a description, and
# tests/test_module_schema.py fails until it is written.
NOTES: dict[str, dict[str, str]] = {
    "MODULE_TOP": {
        "module": "The module's identity: id, name, version, format.",
        "side": "The two sides, in order; the first is red by default.",
        "classes": 'Unit classes: id = "Name", or id = { name = "Name", role = "leader" }.',
        "traits": 'Unit traits: id = { name = "Name", abbr = "X" }.',
        "rules": "Rule settings; every key has the generic rules' default.",
        "setup": "One table per side id: where and with what that side starts.",
        "victory": "How each side wins: every clause of `all` must hold.",
        "options": "Optional rules the module offers (interception, withdrawal, attrition, "
                   "initiative, repair_hangar, advance), each with its numbers; off unless a "
                   "game turns them on.",
        "solo": "The table-driven solo opponent's tables (player kind `solo`).",
        "scenario": "Scenarios a game may play instead of [setup]: each its own setup, who "
                    "plays first (or a die) and victories (rules.md G3).",
    },
    "SCENARIO": {
        "id": "The scenario's id: `play --scenario ID`.",
        "name": "The scenario's name as players read it.",
        "text": "One line about it for the New Game screen.",
        "first_side": 'The side id that plays first, or "roll": a die decides (default: the '
                      "module's).",
        "setup": "One table per side id, with the keys of [setup.SIDE].",
        "victory": "Its own [[victory]] tables; none: the module's.",
        "turn_limit": "Rounds the game lasts (0: no limit); default: the module's (rules.md G4).",
        "at_turn_limit": "Who wins at the turn limit: { score, tie }; default: the module's.",
    },
    "LIMIT": {
        "score": "What wins at the turn limit: revenue, territories, units or force.",
        "tie": "The side id that wins a tied score.",
    },
    "SOLO": {
        "orders": "Rows { up_to, order }: a stack's d6 plus modifiers picks the first row "
                  "whose up_to it does not pass; orders: attack, advance, move, stand, "
                  "retreat, rout.",
        "outnumbered": "Added to the order roll when a stronger enemy stack is within reach.",
        "fortified": "Added to the order roll when the stack holds a fortification.",
        "leader": "Added to the order roll when the stack holds a leader.",
        "enemy_in_reach": "Added to the order roll when an enemy stack is within reach.",
        "friends_falling_back": "Added to the order roll when a friendly stack within reach "
                                "was ordered to retreat or rout this turn.",
        "losses_taken": "Added to the order roll for each quarter of the stack lost since "
                        "its side's previous turn (by the stack where it stands).",
        "postures": "Rows { below, charge, stand } by force ratio in percent: a d6 up to "
                    "charge charges, up to stand stands, above withdraws.",
    },
    "SOLO_ORDER": {
        "up_to": "The highest roll (d6 plus modifiers) this row takes.",
        "order": "attack, advance, move, stand, retreat or rout.",
    },
    "SOLO_POSTURE": {
        "below": "This row applies while the solo side's total is below this percent of the "
                 "enemy's.",
        "charge": "A d6 up to this: charge, playing every battle card it can.",
        "stand": "A d6 up to this (above charge): stand, playing only what tips the balance.",
    },
    "MODULE_HEAD": {
        "id": "The module's id; must equal its folder's name.",
        "name": "The module's name as players read it.",
        "version": "The module's own version, recorded in saves.",
        "format": f"The module format version; must be {f.FORMAT}.",
        "description": "One line for the module picker.",
        "same_rules_as": "Fingerprints of earlier versions that play the same (only wording "
                         "or labels changed): their saves keep loading.",
    },
    "SIDE": {
        "id": "The side's id, used by units, cards, setup and victory.",
        "name": "The side's full name.",
        "short": "How prompts and the log name the side (default: its name).",
        "colour": "A Textual colour name or #rrggbb (default: red, then blue).",
        "article": 'How a sentence names the side: "the" ("the Raiders draw") or "" ("Guild").',
        "plural": 'Takes plural verbs; default: true when `short` ends in "s".',
    },
    "CLASS": {
        "name": "The class's name as players read it.",
        "role": "The core rule role of the class: leader, fortification or none.",
        "carries": "How many units each unit of the class carries through territories "
                   "they may not enter (rules.md G2).",
        "cargo": "A filter: the units it may carry (default: any unit).",
        "ferry": "Also carries a group of its side next to it across its territory, to "
                 "land beyond (rules.md G17).",
        **POWER_NOTES,
    },
    "TRAIT": {
        "name": "The trait's name as players read it.",
        "abbr": "A short abbreviation drawn on chits.",
        **POWER_NOTES,
    },
    "POWER": POWER_NOTES,
    "BLOCKADE": {
        "by": "Filters: the enemy units that blockade.",
        "kinds": "The kinds of territory (ports) a blockade halves the revenue of.",
        "adjacent": "Whether such a unit next to the territory blockades it too (default "
                    "true); one in it always does.",
    },
    "BATTLE_BONUS": {
        "against": "A filter: the enemy units the bonus is against.",
        "bonus": "Added to its side's total for each unit with the power (at least 1).",
    },
    "RULES": {
        "first_side": "The side id that moves first (default: the first [[side]]).",
        "draw": "Cards drawn in the Draw phase (at least 1).",
        "hand_limit": "Most cards in hand; also the refill after a battle (at least 1).",
        "leader_bonus": "Battle bonus for having a leader present.",
        "tie": 'Who wins a tied battle: "defender" or "attacker".',
        "upkeep_per_revenue": "Units kept per point of revenue (at least 1).",
        "recruit_draw": "Chits drawn when recruiting.",
        "recruit_bonus_die": "Sides of the recruit bonus die; 0 means no bonus draw.",
        "recruit_bonus_times": "How often the recruit bonus may be drawn per Recruit phase.",
        "control_traits": "Short for control_units: units with any of these traits take control.",
        "control_units": "Filters: units matching any of them may take control; [] = any unit.",
        "capture_needs_leader": "Capturing an enemy leader needs a leader of one's own.",
        "winner_lost_leaders": 'Where the winner\'s lost leaders go: "pile" or "captured".',
        "elimination": "A side with no units and no revenue territory loses.",
        "majority_bonus": "Bonuses to the side with more units matching a trait or filter.",
        "speeds": "Spaces a group may move, by its slowest unit's speed.",
        "turn_limit": "Rounds the game lasts; 0: no limit (rules.md G4).",
        "at_turn_limit": 'Who wins at the turn limit: { score = "revenue", tie = "SIDE" }.',
        "battle_points": "A pool of points each side spends in battles, +1 each: { name, "
                         "start = { SIDE = N }, most } (rules.md G9).",
        "decks": '"shared": both sides draw from one deck; "side": each from its own '
                 "(rules.md G10).",
        "move_needs": "Filters: a group moves only with a unit matching one (rules.md G14).",
        "move_alone": "Filters: a group of only such units moves without what move_needs "
                      "asks (rules.md G21).",
        "blockade": "{ by = [FILTER], kinds = [KIND], adjacent }: enemy units that halve a "
                    "territory's revenue (rules.md G15).",
    },
    "POINTS": {
        "name": 'What players call the points (default "battle points").',
        "start": "Each side's points at the start: side id = N.",
        "most": "The most points a side spends in one battle; 0: no limit.",
    },
    "MAJORITY": {
        "trait": "A trait id; short for filter = { traits = [...] }. Give this or filter.",
        "filter": "The units counted. Give this or trait.",
        "bonus": "The battle bonus for having more matching units.",
    },
    "SETUP": {
        "control": "Territory ids this side controls at the start.",
        "start": "The territory id where this side's starting units stand.",
        "start_choices": '"edge" (edge territories with revenue) or a list of territory ids.',
        "control_start": "The chosen start territory is controlled from the start.",
        "units": "Unit ids of this side placed at the start.",
        "random_units": "How many non-leader chits are drawn at random as well.",
        "place": 'Units placed in territories of their own: territory id = ["unit", ...], '
                 "top first (rules.md G3).",
    },
    "VICTORY": {
        "side": "The side id this victory is for.",
        "text": "The goal as a state of affairs, shown in the rules and at the end.",
        "all": "Clauses, each a one-key table; the side wins when all of them hold.",
        "when": '"phase" (after every phase and battle) or "round" (at the end of each '
                "round) (rules.md G4).",
        "hold": "Won when it held at the end of this many of the side's own turns in a row.",
    },
    "CLAUSES": {
        "controls": "A territory id (with revenue) the side must control.",
        "holds_captive": "Unit ids of the other side that must all be held captive.",
        "no_enemy_leaders_on_map": "No enemy leader stands on the map; must be true.",
        "captives_at_least": "The side holds at least this many captives.",
        "enemy_lost": "Unit ids of the other side (starting on the map) none of which is on "
                      "it any more: a flagship (rules.md G5).",
    },
    "MAP_TOP": {
        "map": "The map's kinds of territory and its picture.",
        "territory": "The territories of the map.",
        "link": "Adjacencies the picture does not show.",
    },
    "MAP_HEAD": {
        "kinds": 'Kinds of territory: id = "Name".',
        "void": "Picture characters that belong to no territory.",
        "picture": "The map drawn in characters: each territory's cells hold its key.",
        "looks": "How the map draws each kind: kind id = { fill, colour }.",
        "enter": "Which units may enter each kind: kind id = [filters]; a kind left out "
                 "admits every unit (rules.md G1).",
        "arrive": 'Kind id = "adjacent": units arriving from off the map (recruits) may '
                  "enter its territories next to a revenue territory their side controls "
                  "(rules.md G18).",
    },
    "LOOK": {
        "fill": 'One character scattered over the regions of this kind (" " for none).',
        "colour": "A colour name or #rrggbb that tints those regions and draws the fill.",
    },
    "TERRITORY": {
        "id": "The territory's id.",
        "name": "The territory's name as players read it.",
        "key": "Its single character in the map picture; required when there is one.",
        "kind": "One of the ids in map.kinds.",
        "revenue": "Revenue; more than 0 makes it a revenue territory.",
        "edge": "On the outer rim of the map.",
        "neighbours": "Territory ids next to it; checked against the picture and links.",
        "label": "A short form of the name, shown on the map when the name does not fit.",
    },
    "LINK": {"between": "The two territory ids this link joins."},
    "UNITS_TOP": {"unit": "The unit types of both sides."},
    "UNIT": {
        "side": "The side id this unit belongs to.",
        "id": "The unit's id, unique within its side.",
        "name": "The unit's name as players read it.",
        "speed": "immobile, slow, medium or fast; only fortifications are immobile.",
        "count": "Chits of it in the side's pile (at least 1).",
        "force": "Its force in battle, also its recruit cost.",
        "class": "leader, fortification, or a class id from [classes].",
        "traits": "Trait ids from [traits].",
    },
    "CARDS_TOP": {"card": "The cards of the deck, or of each side's deck."},
    "CARD": {
        "id": "The card's id.",
        "name": "The card's name as players read it.",
        "count": "Copies of it in the deck (at least 1); with per-side decks, in each deck "
                 "it goes to.",
        "decks": "Per-side decks: copies in each side's deck, side id = N, instead of "
                 "count (rules.md G10).",
        "side": '"any", or a side id: only that side may play it.',
        "text": "What the player reads on the card.",
        "effect": "What playing it does: kind and that kind's keys.",
    },
    "FILTER": {
        "class": "A class id or a list of them; any matches (none given: any class).",
        "traits": "Trait ids the unit must all have.",
        "units": "Unit ids, either side's: only units of these ids match (rules.md G20).",
    },
    # The keys of all effect kinds, one description each (see effect_schema).
    "OPTIONS": {
        "text": "One line the New Game screen shows for this optional rule.",
        "roll": "The d6 roll that succeeds (interception, withdrawal), 1 to 7.",
        "pursuit": "Withdrawal: the units that make it harder when the attacker has more.",
        "stack": "Attrition: stacks of this many units or more lose units.",
        "divide_controlled": "Attrition: the d6 is divided by this in a controlled territory.",
        "divide_elsewhere": "Attrition: the d6 is divided by this elsewhere.",
        "quality": 'Initiative: each side id\'s quality, "green" (d6), "veteran" (d8) or '
                   '"elite" (d10).',
        "fate": "Repair hangar: turns in the hangar for each face of the fate die; 0 destroyed.",
        "two_lives": "Repair hangar: per side id, unit ids that go to the hangar on their "
                     "first loss.",
        "two_lives_turns": "Repair hangar: turns a two-lives unit spends in the hangar.",
        "repairs": "Repair hangar: the units that roll the fate die when lost in battle "
                   "(leaders and fortifications never do); omitted: every other unit.",
        "further_try": "Interception: added to a stack's roll for each try it already made "
                       "this turn (-6 to 6; see docs/rules.md for the sign).",
        "first": "Attrition: the units lost before any other (the owner picks among the "
                 "rest, fortifications and leaders last); omitted: none first.",
    },
    "EFFECT_KEYS": {
        "kind": "What the card does; selects which other keys it takes.",
        "groups": "How many groups a move card moves (at least 1).",
        "hand": "Look at the enemy hand.",
        "stack": "Look at one enemy stack.",
        "filter": "The units it applies to; omitted matches every unit.",
        "amount": "The bonus it gives, or the revenue a revenue card gains (at least 1).",
        "into": "Defect: the unit id of the card's side the defector becomes (rules.md G7).",
        "targets": 'Remove control: the enemy markers it may take, "unguarded" (where no '
                   'enemy unit stands, the default) or "any".',
        "kinds": "Random loss: only stacks in territories of these kinds (rules.md G19).",
        "stacks": 'Random loss: "any" stack (the default) or only the "enemy" ones '
                  "(rules.md G19).",
    },
}

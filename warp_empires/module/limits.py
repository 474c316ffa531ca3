"""Bounds on what a module may hold (docs/module-format.md, "Limits").

They sit far above any real game (the bundled module has 111 chits, 46 cards,
59 unit types and 47 territories) and exist so that a hostile or mistyped module is
refused with one line per problem instead of hanging the loader or making
`simulate` run out of memory. Each number below is quoted in the docs; change
both together.
"""

from __future__ import annotations

# Reading files.
MAX_FILE_BYTES = 4 * 1024 * 1024  # per TOML file; the bundled module's largest is 12 KB
MAX_NESTING = 32  # arrays and inline tables inside each other; tomllib recurses per level
MAX_KEY_PARTS = 32  # parts of one dotted key; tomllib's memory grows with their square
MAX_DIGITS = 100  # a longer run of digits is no number a module needs (Python refuses 4,300+)

# Names and text. Ids, versions and side names are also written into saves,
# whose own bounds (warp_empires/saves/doc.py) these must not exceed.
MAX_ID = 64  # every id, and a module name given on the command line
MAX_PATH = 4096  # a module folder given as a path (Linux's PATH_MAX)
MAX_NAME = 100  # names players read: sides, units, cards, territories, kinds, classes, traits
MAX_VERSION = 40
MAX_TEXT = 1000  # a card's text, a victory's text, the module's description
MAX_ABBR = 8  # a trait's abbreviation, drawn on chits
MAX_LABEL = 12  # a territory's short label on the map
MAX_FILL = 1  # a kind's fill: one character
MAX_COLOUR = 40  # "lightgoldenrodyellow", "rgb(93, 173, 226)"
MAX_VOID = 32  # characters of map.void
MAX_PICTURE_ROWS = 200
MAX_PICTURE_COLUMNS = 400

# How many of each thing.
MAX_SIDES_LISTED = 10  # exactly two are valid; more than this is not worth checking one by one
MAX_TERRITORIES = 1000
MAX_LINKS = 10_000
MAX_UNIT_TYPES = 1000
MAX_CARD_TYPES = 1000
MAX_NAMED = 100  # classes, traits, kinds, traits of a unit or filter, majority bonuses
MAX_LIST = 1000  # neighbours, setup lists, holds_captive
MAX_VICTORIES = 100  # [[victory]] tables, and clauses in one `all`
MAX_CHITS = 10_000  # all units' counts together
MAX_DECK = 10_000  # all cards' counts together

# Numbers: (least, most). The least values are the rules' own (check_min).
MAX_COUNT = 1000  # chits of one unit type, copies of one card
MAX_FORCE = 1000  # a unit's force, which is also its recruit cost
MAX_REVENUE = 1000
MAX_SPEED = 100  # spaces a group may move
MAX_BONUS = 1000  # leader bonus, majority bonuses, card amounts
MAX_SMALL = 100  # cards drawn, hand limit, recruit dice, move groups

# How many problems one run reports. Collecting stays linear past this; only
# the first lines (by file and line) are kept, and one more line counts the rest.
MAX_PROBLEMS_SHOWN = 200
# "Did you mean" compares a word with every candidate (about 3 microseconds
# each). Past this many comparisons in one run the hints are left out, so that
# thousands of problems against a long list of ids stay fast.
HINT_BUDGET = 100_000

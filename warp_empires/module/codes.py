"""Stable codes for the problems `validate` reports, so that a modder, an editor
or a script can tell kinds of problem apart without parsing the wording.

A code is given by what a problem says (its message), through the table below:
the first pattern that matches wins. Codes are never renumbered; a new kind of
problem gets a new code, and docs/module-format.md lists them all (a test
checks that every problem the loader can report has a code other than E999).
"""

from __future__ import annotations

import re

# (code, what it means, message pattern)
CODES: tuple[tuple[str, str, str], ...] = (
    ("E001", "a module file is missing, or the folder is not a module",
     r"^file is missing|not a module folder|no such module folder|is not a module file"),
    ("E002", "a file cannot be read as TOML",
     r"^(TOML syntax error|cannot be read|invalid|expected|unclosed|illegal|unterminated"
     r"|cannot declare)"
     r"|^[A-Z][a-z]+ .* \(at line"),
    ("E003", "a file or a value is beyond the loader's limits",
     r"is not a regular file|is too large|nested more than|dotted key of more than"
     r"|a number of \d+ digits|too many entries|more than the \d+ allowed|is too long"
     r"|has at most \d+ characters|at most \d+ characters"),
    ("E101", "an unknown key or table", r"^unknown (key|table) "),
    ("E102", "a required key or table is missing", r"^missing (required |\[)"),
    ("E103", "a value of the wrong type",
     r"^must be (a |an |the |true)(?!least)|^must be a table"),
    ("E104", "a number out of range, or a list too short",
     r"must be at least|must be at most|must not be negative|must hold at least"
     r"|must name at least|must list at least|^must be \d|is more than the"),
    ("E105", "an id that is not an id", r"is not a valid id"),
    ("E106", "an id or picture key used twice", r"^duplicate |is already used by"),
    ("E107", "a reference to something the module does not have",
     r"^unknown (side|trait|class|territory|unit|speed|kind|effect kind|victory clause"
     r"|tie value|winner_lost_leaders value|arrive value|stacks value|start_choices)"
     r"|matches no territory"
     r"|^'[^']*' is not an article|is not a role"),
    ("E108", "a class named where a trait is expected, or the reverse",
     r"is a class, not a trait|is a trait, not a class"),
    ("E109", "the module's id is not its folder's name", r"does not match the folder name"),
    ("E110", "a module of a newer format", r"this module uses format"),
    ("E201", "the map picture and the territories disagree",
     r"(?<!touches it )in the picture|picture key|belongs to no territory|separate parts"),
    ("E202", "neighbours that disagree with the map", r"neighbour|not connected|misses '"),
    ("E301", "a rule role broken (leaders, fortifications)",
     r"immobile|always has the role"),
    ("E302", "two keys where one is wanted, or neither", r"give either|not both|give control_"),
    ("E303", "not a colour", r"is not a colour"),
    ("E304", "not exactly two sides", r"exactly two \[\[side\]\]"),
    ("E305", "a card effect that cannot work", r"effect must"),
    ("E306", "setup that cannot be dealt",
     r"places \d+ '|non-leader chits|^missing '?start|may not stand at|which '[^']*' may not "
     r"enter|must start on the map|but the side has only"),
    ("E310", "a ferry or a move_alone that could never apply (G17, G21)",
     r"^a ferry needs carries|^move_alone needs"),
    ("E401", "a victory that can never be met", r"can never"),
    # issue 36: the rules a module may add (docs/rules.md G1-G16)
    ("E307", "a deck per side that cannot be dealt (G10)",
     r"copy in some deck|^decks needs|deck may not hold it|^the deck of '?[^ ]+'? has no"),
    ("E308", "a power or rule that could never apply (G2, G14, G15, G23)",
     r"^name at least one filter|could never move|^a cargo needs carries"),
    ("E309", "a turn limit without its scoring (G4)", r"^needs turn_limit|^turn_limit needs"),
    ("E501", "a computer player's weights file (weights.json) that is not one",
     r"not a feature \(one of|^not JSON|is not UTF-8 text"),
)
UNKNOWN = ("E999", "any other problem")
_COMPILED = tuple((code, re.compile(pattern, re.I)) for code, _, pattern in CODES)


def code_of(message: str) -> str:
    """The stable code of a problem, from what it says."""
    for code, pattern in _COMPILED:
        if pattern.search(message):
            return code
    return UNKNOWN[0]

"""Games saved under the first edition of the optional rules (issue 35).

Interception, attrition and the repair hangar were revised (RULINGS O1, O3,
O5; withdrawal changes only with interception on): a game played with one of
them under the first edition cannot be replayed by today's rules, and keeping
the old rules beside the new ones would double those modules. Such a game is
carried over instead: its saved position (the snapshot) becomes the state its
decisions start from, with no decisions before it, and it plays on under the
current rules. Its name says so in the save listing and once it is loaded, and
a later save keeps the label (docs/rules.md, "Games saved under the first
edition"). Games of the first edition without those options replay as saved.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from warp_empires.engine.options import KEY, RULES, RULES_KEY

from .doc import SaveDoc

REVISED = frozenset({"interception", "attrition", "repair_hangar"})
CARRIED_KEY = "carried"  # in the options: the edition the game was carried over from
LABEL = " (carried over to the revised optional rules)"
STATE_FORMAT = 3  # game.STATE_FORMAT, the shape of `base`
MAX_NAME = 100  # doc.py: a save's name


def needs_carrying(options: dict[str, Any]) -> bool:
    """Whether a game with these options plays first-edition rules that changed."""
    return options.get(RULES_KEY, 1) == 1 and bool(REVISED.intersection(options.get(KEY) or ()))


def carried(doc: SaveDoc) -> SaveDoc:
    """The document continued from its snapshot under the current rules, labelled;
    `doc` itself when it needs no carrying."""
    if not needs_carrying(doc.options):
        return doc
    options = {**doc.options, RULES_KEY: RULES, CARRIED_KEY: 1}
    snapshot = {**doc.snapshot, "options": {**doc.snapshot.get("options", {}),
                                            RULES_KEY: RULES, CARRIED_KEY: 1}}
    return replace(doc, meta=replace(doc.meta, name=labelled(doc.meta.name, options)),
                   options=options,
                   snapshot=snapshot, base={"format": STATE_FORMAT, "state": snapshot},
                   actions=type(doc.actions)(doc.actions.verbs, []))


def labelled(name: str, options: dict[str, Any]) -> str:
    """A save's name, with the label of a carried-over game when it is one."""
    if not options.get(CARRIED_KEY) or name.endswith(LABEL):
        return name
    return name[:MAX_NAME - len(LABEL)] + LABEL

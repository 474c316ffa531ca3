"""English words a module's names are put into sentences with."""

from __future__ import annotations


def singular(verb: str) -> str:
    """The third-person singular of a plain English verb: draw -> draws."""
    irregular = {"have": "has", "do": "does", "are": "is"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"

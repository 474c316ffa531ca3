"""What verifying a save proves, and what it only reads.

A save's checksum is a plain sha256 that anyone can recompute: it catches
damage, not forgery. What loading does prove is that the decisions replay,
from the seed and the options, to the saved position; the options and the
labels (names, players, times) are only read as written. A save that starts
from a saved position (`base`: a game carried over from format 2) proves
even less: its start is whatever the file says, so it is labelled "its start
cannot be checked", with the position's own checksum to compare, never "ok"
alone.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import msgpack

from .doc import SaveDoc
from .errors import one_line

# In a game's options: the position file it started from, {"name": ..., "sha256":
# the file's}, written by position_game.py and only ever read back as a label.
POSITION_KEY = "position"


@dataclass(frozen=True)
class Proof:
    decisions: int
    turn: int
    phase: str
    # sha256 of the start position, when the game starts from one (None: its seed)
    start_position: str | None
    # the position file it started from, as its options name it (position_label)
    position: str | None = None

    @property
    def start_checked(self) -> bool:
        return self.start_position is None

    def checked(self) -> str:
        start = "the seed and the options" if self.start_checked else "the saved start position"
        return (f"{self.decisions} decisions replay from {start} to the saved position "
                f"(turn {self.turn}, {self.phase})")

    def not_checked(self) -> list[str]:
        out = ["the options and labels (name, players, times) as written"]
        if self.position and not self.start_checked:
            # one hash, the position file's, as the head names it (modder test:
            # two different sha256s on one line read as a contradiction)
            out.insert(0, "its start cannot be checked: the game starts from that position "
                          "as the save holds it, not from its seed")
        elif not self.start_checked:
            out.insert(0, f"its start cannot be checked: the game starts from a position "
                          f"written in the file (sha256 {self.start_position}), not from its "
                          "seed")
        return out

    def summary(self) -> str:
        """One line: what was proved, then what was only read."""
        head = "ok" if self.start_checked else "START NOT CHECKED"
        if self.position and not self.start_checked:
            head += f" (started from {self.position})"
        return f"{head}: {self.checked()}; read, not checked: {'; '.join(self.not_checked())}"


def proof_of(doc: SaveDoc, turn: int, phase: str) -> Proof:
    """The proof that a verified `doc` gives (verify_doc has replayed it)."""
    start = None
    if doc.base is not None:
        data = msgpack.packb(doc.base, use_bin_type=True)
        start = hashlib.sha256(data).hexdigest()[:16]
    return Proof(len(doc.actions), turn, phase, start, position_label(doc.options))


def position_label(options: object) -> str | None:
    """'position NAME (sha256 0123abcd…)' for a game started from a position
    file, from its options as a save holds them (read, never trusted); None
    for any other game."""
    given = options.get(POSITION_KEY) if isinstance(options, dict) else None
    if not isinstance(given, dict):
        return None
    name, sha = given.get("name"), given.get("sha256")
    if type(name) is not str or type(sha) is not str:
        return None
    return f"position {one_line(name, 60)} (sha256 {one_line(sha, 64)[:16]})"

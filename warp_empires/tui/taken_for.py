"""How the controller tells a decision the app took for a person: a forced
one (RULINGS H9: the only choice, and everyone can see it) with a passing
message and a log line where it came; one with a single sensible answer in
the side's own Move phase (present.suggest.evident_move, Z2) apart, since it
is no "only choice". A mixin of the controller (tui/controller.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.tui.control_words import EVIDENT_KINDS, Note, Notice

if TYPE_CHECKING:
    from warp_empires.module.defs import Module


class TakenFor:
    """Needs from the controller what is declared here."""

    module: Module
    notices: list[Notice]
    notes: list[Note]

    def tell_taken(self, side: int, kind: str, forced: bool, label: str,
                   at: int | None) -> None:
        """Tells `label`, taken for `side` at a decision of `kind` (`forced`
        by the rules, or not); `at`: where the log stood before it, so the
        line comes before what it led to."""
        name = self.module.sides[side]
        if not forced and kind in EVIDENT_KINDS:
            if kind == "move_units":
                # a stack's units show ticked (play-test: five messages for one
                # group covered the list at 80x24)
                return
            self.notices.append(Notice(f"{name.short}: {label} (taken for you; u goes back).",
                                       timeout=3))
            self.notes.append(Note(f"Taken for {name.the()}: {label}.", at))
            return
        self.notices.append(Notice(f"{name.short}: {label} (the only choice).", timeout=4))
        # the log keeps it (play-test: a leader lost this way ended the game,
        # and only a passing message had said the app chose it), before what
        # it led to (play-test: it came after the battle's end)
        self.notes.append(Note(f"Taken for {name.the()}, the only choice: {label}.", at))

"""`P`: pass to the end of this battle's card play. The side's later turns to
play a battle card in this battle are passes, taken by the app as they come
(RULINGS B3: card play ends when both sides have passed in a row). In the
hot seat the other person then plays on without a hand-over card for each
pass (issue 39: a battle with cards took ten or eleven hand-overs).

It is the person's own decision, made ahead, so no secret goes with it: the
enemy sees passes, as always, only now they come at once (docs/rules.md,
"Passing to the end of a battle"). A mixin of the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.tui.control_words import Note, Notice

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice
    from warp_empires.tui.seat import GameSession

PASS = ("pass",)


class StandingPass:
    """Needs from the controller what is declared here."""

    session: GameSession
    module: Module
    view: View | None
    viewer: int | None
    rows: list[Choice]
    notices: list[Notice]
    notes: list[Note]
    # per side, the battle (player-turn, territory) it passes to the end of
    _passing: dict[int, tuple[int, int]]

    if TYPE_CHECKING:
        @property
        def deciding(self) -> bool: ...
        def choose(self, choice: Choice) -> None: ...
        def _log_at(self) -> int | None: ...

    def can_pass_to_end(self) -> bool:
        """Whether `P` means something now: this side chooses a battle card."""
        view = self.view
        return self.deciding and view is not None and view.prompt.kind == "battle_card" \
            and view.battle is not None and any(c.action == PASS and c.enabled
                                                for c in self.rows)

    def pass_to_end(self) -> None:
        """Passes now, and at this side's later turns of this battle's card play."""
        if not self.can_pass_to_end():
            self.notices.append(Notice("`P` (pass to the end of the battle) works while "
                                       "you choose a battle card.", "warning"))
            return
        view = self.view
        assert view is not None and view.battle is not None
        self._passing[view.side] = (self.session.turn, view.battle.t)
        self.choose(next(c for c in self.rows if c.action == PASS))

    def pass_as_said(self) -> bool:
        """Takes a pass for a side that said it passes to the end of this
        battle, where it decides now; False where none is due."""
        s = self.session
        if s.over or s.waiting or not self._passing:
            return False
        prompt = s.prompt()
        side = prompt.side
        said = self._passing.get(side)
        if said is None or prompt.kind != "battle_card" or not s.is_human(side):
            return False
        battle = s.view(side).battle
        if battle is None or said != (s.turn, battle.t):
            del self._passing[side]  # that battle is over: this is another
            return False
        if PASS not in s.legal_actions(side):
            return False
        at = self._log_at()
        s.apply(side, PASS)
        name = self.module.sides[side]
        self.notices.append(Notice(f"{name.short}: pass (to the end of the battle, as said).",
                                   timeout=3))
        self.notes.append(Note(f"Passed for {name.the()}, as said: to the end of the battle.",
                               at))
        return True

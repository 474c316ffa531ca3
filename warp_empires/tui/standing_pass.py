"""`P`: pass to the end of this battle's card play. The side's later turns to
play a battle card in this battle are passes, taken by the app as they come
(RULINGS B3: card play ends when both sides have passed in a row). In the
hot seat the other person then plays on without a hand-over card for each
pass (issue 39: a battle with cards took ten or eleven hand-overs).

Said while winning, it holds only while the side still wins as the battle
stands: a card of the enemy's that turns it brings the choice back (a
play-tester said `P` while ahead, then lost a 5-5 tie to Weak Spot without
being asked again).

It is the person's own decision, made ahead, and the totals it watches are
public (B2, B5), so no secret goes with it: the enemy sees passes, as always,
only now they come at once (docs/rules.md, "Passing to the end of a
battle"). A mixin of the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warp_empires.engine.forecast import wins_as_it_stands
from warp_empires.tui.control_words import Handover, Mode, Note, Notice

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
    # per side, the battle (player-turn, territory) it passes to the end of,
    # and whether it was winning as the battle stood when it said so
    _passing: dict[int, tuple[int, int, bool]]
    handover: Handover | None
    keyboard: int | None
    mode: Mode
    _log_marks: dict[int, int]
    _mark_own: dict[int, bool]
    _lapsed: str = ""  # why a side's standing pass ended, for its hand-over card

    if TYPE_CHECKING:
        @property
        def deciding(self) -> bool: ...
        def choose(self, choice: Choice) -> None: ...
        def _log_at(self) -> int | None: ...
        def after_change(self) -> None: ...
        def _recap_told(self, side: int) -> None: ...

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
        winning = bool(wins_as_it_stands(self.module, view))
        self._passing[view.side] = (self.session.turn, view.battle.t, winning)
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
        view = s.view(side)
        battle = view.battle
        if battle is None or said[:2] != (s.turn, battle.t):
            del self._passing[side]  # that battle is over: this is another
            return False
        if PASS not in s.legal_actions(side):
            return False
        name = self.module.sides[side]
        if said[2] and not wins_as_it_stands(self.module, view):
            del self._passing[side]  # the enemy's card turned it: asked again
            own, other = battle.totals[side]["total"], battle.totals[1 - side]["total"]
            self._lapsed = (f"The battle has turned ({own} to {other}), so you choose again "
                            "(you passed to the end while winning).")
            # (in the hot seat the hand-over card says it: lapsed_words)
            self.notices.append(Notice(f"{name.short}: {self._lapsed}", "warning", 6))
            return False
        at = self._log_at()
        s.apply(side, PASS)
        self.notices.append(Notice(f"{name.short}: pass (to the end of the battle, as said).",
                                   timeout=3))
        self.notes.append(Note(f"Passed for {name.the()}, as said: to the end of the battle.",
                               at))
        return True

    def lapsed_words(self, side: int) -> str:
        """For `side`'s hand-over card: why it is asked again though it said
        it passes to the end (messages do not show over the card)."""
        words, self._lapsed = self._lapsed, ""
        prompt = self.session.prompt()
        return f"{words} " if words and prompt.side == side and prompt.kind == "battle_card" \
            else ""

    def card_passes(self, side: int) -> bool:
        """Whether `side`'s hand-over card may pass for it: a battle card to
        choose, and passing allowed. The pass shows nothing of its screen,
        and the rules make it public anyway (B3); a hand-over a battle cost
        two keys where the person passed (issue 39: hot-seat battle turns)."""
        s = self.session
        if s.over or s.waiting:
            return False
        prompt = s.prompt()
        return prompt.kind == "battle_card" and prompt.side == side \
            and PASS in s.legal_actions(side)

    def pass_from_card(self, to_end: bool) -> None:
        """`p` on the hand-over card: its person passes, their screen never
        shown; `P`: to the end of the battle (pass_to_end). The person is at
        the keyboard now, so whatever comes next is handed over from them."""
        card = self.handover
        if self.mode is not Mode.HANDOVER or card is None or not card.passes \
                or not self.card_passes(card.side):
            return
        side, s = card.side, self.session
        view = s.view(side)  # read for the totals only (public: B2), never drawn
        if to_end and view.battle is not None:
            winning = bool(wins_as_it_stands(self.module, view))
            self._passing[side] = (s.turn, view.battle.t, winning)
        self._recap_told(side)  # the card told it
        self._log_marks[side] = s.log_length()
        self._mark_own[side] = view.active == side
        self.handover = None
        self.keyboard = side
        self.mode = Mode.WATCHING
        s.apply(side, PASS)
        self.after_change()

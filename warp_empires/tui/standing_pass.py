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

from dataclasses import dataclass
from typing import TYPE_CHECKING

from warp_empires.engine.forecast import wins_as_it_stands
from warp_empires.tui.control_words import Handover, Mode, Note, Notice

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice
    from warp_empires.tui.seat import GameSession

PASS = ("pass",)


@dataclass(frozen=True, slots=True)
class Said:
    """A side's `P`: the battle (player-turn, territory) it passes to the end
    of, whether it was winning as the battle stood, and how many of its units
    stood there then."""

    turn: int
    t: int
    winning: bool
    units: int

    @classmethod
    def now(cls, module: Module, view: View, turn: int) -> Said:
        b = view.battle
        assert b is not None
        mine = view.stacks[view.side][b.t]
        return cls(turn, b.t, bool(wins_as_it_stands(module, view)), mine.size if mine else 0)

    def lapsed(self, module: Module, view: View) -> str:
        """Why it no longer holds ("" while it does): the battle has turned
        against a side that said it while winning, or an enemy card has
        destroyed one of its units there (play-test: `P` at 18 to 10, then
        two units destroyed before it was asked again)."""
        b = view.battle
        assert b is not None
        own, other = b.totals[view.side]["total"], b.totals[view.enemy]["total"]
        mine = view.stacks[view.side][b.t]
        if self.winning and not wins_as_it_stands(module, view):
            return f"The battle has turned ({own} to {other})"
        if (mine.size if mine else 0) < self.units:
            return f"An enemy card destroyed a unit of yours ({own} to {other})"
        return ""


class StandingPass:
    """Needs from the controller what is declared here."""

    session: GameSession
    module: Module
    view: View | None
    viewer: int | None
    rows: list[Choice]
    notices: list[Notice]
    notes: list[Note]
    _passing: dict[int, Said]  # per side, its `P` (Said)
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
            self.notices.append(Notice("P (pass to the end of the battle) works while "
                                       "you choose a battle card.", "warning"))
            return
        view = self.view
        assert view is not None and view.battle is not None
        self._passing[view.side] = Said.now(self.module, view, self.session.turn)
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
        if battle is None or (said.turn, said.t) != (s.turn, battle.t):
            del self._passing[side]  # that battle is over: this is another
            return False
        if PASS not in s.legal_actions(side):
            return False
        name = self.module.sides[side]
        why = said.lapsed(self.module, view)
        if why:
            del self._passing[side]  # an enemy card changed it: asked again
            self._lapsed = f"{why}, so you choose again (you had passed to the end)."
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

    def standing_words(self, side: int) -> str:
        """For a hand-over card where `side` chooses a battle card: the totals
        as they stand, which are public (B2, B5), so that `p` on the card can
        be decided without the screen (play-test)."""
        if not self.card_passes(side):
            return ""
        view = self.session.view(side)
        b = view.battle
        if b is None or not b.totals:
            return ""
        names = self.module.sides
        return (f" As it stands: {names[side].short} {b.totals[side]['total']}, "
                f"{names[1 - side].short} {b.totals[1 - side]['total']}.")

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
            self._passing[side] = Said.now(self.module, view, s.turn)
        self._recap_told(side)  # the card told it
        self._log_marks[side] = s.log_length()
        self._mark_own[side] = view.active == side
        self.handover = None
        self.keyboard = side
        self.mode = Mode.WATCHING
        s.apply(side, PASS)
        self.after_change()

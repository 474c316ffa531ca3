"""What every pending decision offers: who decides, the legal list, a fast
legality check, the effect and the words of the prompt, together in one object
per step (its subclasses live beside the rules they carry out).

`do` returns None when the phase goes on with another decision, or the name of
a continuation in flow.py (e.g. "move_over") when the phase or card is over:
phase modules never import flow, so there is no import circle among them.
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action
from .pending import Selection
from .state import State

# The pick and unpick actions of item i, made once and shared by every list.
PICK: list[Action] = []
UNPICK: list[Action] = []


def _grow(n: int) -> None:
    PICK.extend(("pick", i) for i in range(len(PICK), n))
    UNPICK.extend(("unpick", i) for i in range(len(UNPICK), n))


class Step:
    kind = ""
    # True where the legal list follows from public facts alone, so that a
    # single legal action is a forced move everyone can see (RULINGS H9).
    public = False
    # True where the words, the legal list and the half-made decision all
    # follow from public facts (the units of a battle, RULINGS B2): such a
    # decision may be taken on a screen both players see, with no hand-over
    # (RULINGS H6). Checked by the twin-position tests.
    all_public = False

    def side(self, s: State) -> int:
        return s.active

    def legal(self, s: State) -> list[Action]:
        raise NotImplementedError

    def check(self, s: State, a: Action) -> bool:
        """`a in self.legal(s)`, faster where lists are long: an action taken
        from the list is applied without listing again."""
        return a in self.legal(s)

    def do(self, s: State, a: Action) -> str | None:
        raise NotImplementedError

    def text(self, s: State) -> str:
        raise NotImplementedError

    def owed(self, s: State) -> int:
        return 0

    def forced(self, s: State, legal: list[Action]) -> bool:
        """Exactly one thing to do, and everyone can see that (RULINGS H9)."""
        return self.public and len(legal) == 1


class SelectStep(Step):
    """A step that builds a Selection: `pick i` / `unpick i` by item index, then
    one confirming action. The legal list keeps item order, one entry per item
    (pick or unpick), so numbers shown beside it never change while selecting."""

    confirm_verb = "confirm"

    def selection(self, s: State) -> Selection:
        return s.pend

    def can_pick(self, s: State, sel: Selection, i: int) -> bool:
        return True

    def pick_test(self, s: State, sel: Selection) -> Callable[[int], bool]:
        """`can_pick` for each item of one listing: a step whose test has work
        common to every item (a sum, say) does that work once here."""
        return lambda i: self.can_pick(s, sel, i)

    def room(self, s: State, sel: Selection) -> bool | None:
        """True when every unpicked item may be picked now, False when none
        may, None when it depends on the item (then `can_pick` decides)."""
        return True

    def can_confirm(self, s: State, sel: Selection) -> bool:
        return True

    def confirm_actions(self, s: State, sel: Selection) -> list[Action]:
        return [(self.confirm_verb,)] if self.can_confirm(s, sel) else []

    def legal(self, s: State) -> list[Action]:
        sel = self.selection(s)
        acts = self.item_actions(s, sel, self.room(s, sel))
        acts.extend(self.confirm_actions(s, sel))
        return acts

    def item_actions(self, s: State, sel: Selection, room: bool | None) -> list[Action]:
        """The pick or unpick action of each item that has one (see `room`)."""
        picked = sel.picked
        n = len(sel.items)
        if len(PICK) < n:
            _grow(n)
        if room:  # every item listed: unpick where picked, pick elsewhere
            acts: list[Action] = PICK[:n]
            for i in picked:
                acts[i] = UNPICK[i]
        elif room is False:  # only the picked ones, to be unpicked
            acts = [UNPICK[i] for i in sorted(picked)]
        else:
            acts = []
            can_pick = self.pick_test(s, sel)
            for i in range(n):
                if i in picked:
                    acts.append(UNPICK[i])
                elif can_pick(i):
                    acts.append(PICK[i])
        return acts

    def check(self, s: State, a: Action) -> bool:
        sel = self.selection(s)
        verb = a[0]
        if verb == "pick":
            i = a[1]
            return 0 <= i < len(sel.items) and i not in sel.picked and self.can_pick(s, sel, i)
        if verb == "unpick":
            return a[1] in sel.picked
        return self.check_confirm(s, sel, a)

    def check_confirm(self, s: State, sel: Selection, a: Action) -> bool:
        return a == (self.confirm_verb,) and self.can_confirm(s, sel)

    def do(self, s: State, a: Action) -> str | None:
        sel = self.selection(s)
        if a[0] == "pick":
            sel.picked.append(a[1])
            return None
        if a[0] == "unpick":
            sel.picked.remove(a[1])
            return None
        return self.confirmed(s, sel, a)

    def confirmed(self, s: State, sel: Selection, a: Action) -> str | None:
        raise NotImplementedError

    def forced(self, s: State, legal: list[Action]) -> bool:
        return False  # a selection is never a single forced move


class OwedStep(SelectStep):
    """A selection that must meet what `owed` counts down (cards over the hand
    limit, units over upkeep, battle losses): picking stops when nothing more
    is owed, and confirming waits until then."""

    def legal(self, s: State) -> list[Action]:
        # SelectStep.legal, with `owed` worked out once for `room` and `can_confirm`
        sel = self.selection(s)
        owed = self.owed(s)
        acts = self.item_actions(s, sel, owed > 0)
        if owed == 0:
            acts.append((self.confirm_verb,))
        return acts

    def can_pick(self, s: State, sel: Selection, i: int) -> bool:
        return self.owed(s) > 0

    def room(self, s: State, sel: Selection) -> bool | None:
        return self.owed(s) > 0

    def can_confirm(self, s: State, sel: Selection) -> bool:
        return self.owed(s) == 0

"""One key for several decisions (`a`): every unit of a group, the rest of the
recruits where the last went, the cards that leave the best hand, or what a
computer player would pick (recruits, places, losses, disbands); and
taking back (`u`): one decision, or all that one key made when it is typed
right after. A mixin of the controller (tui/controller.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warp_empires.engine import IllegalAction
from warp_empires.present.suggest import SUGGESTS, Adviser, best_discards, pick_all_order
from warp_empires.tui.control_words import MAX_TYPED_ROW, Notice, undo_refused

if TYPE_CHECKING:
    from warp_empires.engine import Action, View
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice
    from warp_empires.tui.seat import GameSession


# The selections where a lone owed pick is confirmed with it (closes_at_once)
ONE_CLOSES = ("casualty", "upkeep", "attrition")
# Selections that open with what `a` would tick already ticked (issue 39:
# `a` then `f` were two keys a turn where the person nearly always took the
# suggestion), and what the choice list's title then adds, while any tick is
# left. Only a side's own private selection: a shared screen's watcher would
# read the decider's view in it. Play-test 13: told in a passing message,
# the words covered the hand being discarded from, and the ticks under them
# were confirmed by mistake; the list's own title covers nothing.
TICKED_AT_ONCE = {
    "recruit": "suggested buys: c buys, u clears",
    # down to the hand limit: nearly every turn's "a c" in the play-tests
    "discard_down": "suggested: c discards, u clears",
}

class SeveralAtOnce:
    """Needs from the controller what is declared here."""

    session: GameSession
    module: Module
    view: View | None
    viewer: int | None
    rows: list[Choice]
    _batch: tuple[int, int] | None
    _placed_at: tuple[int, int] | None
    notices: list[Notice]
    # `a` taking a computer player's picks: (side, step, turn) while it goes on,
    # and how many it took; a joined seat's go one an answer (run_on)
    _run: tuple[int, str, int] | None = None
    _run_taken = 0
    _adviser: Adviser | None = None
    _suggested: tuple[int, int | None, str | None] | None = None  # (version, viewer, words)
    _ticked: tuple | None = None  # the selection last ticked at once (_ticked_key)
    _ticked_changed = False  # the person has ticked or unticked a row of it since

    _auto_forced: Callable[[], bool]

    if TYPE_CHECKING:
        @property
        def deciding(self) -> bool: ...
        def after_change(self) -> None: ...
        def refresh(self) -> None: ...

    def one_key_for_all(self) -> None:
        """`a`: every unit of the group (or none, once all are picked), the
        rest of the recruits where the last went, or the cards a computer
        player would let go: whichever applies."""
        if self.can_pick_all():
            self.pick_all()
        elif self.can_unpick_all():
            self.unpick_all()
        elif self.rest_there() is not None:
            self.place_rest()
        elif self.best_discards() is not None:
            self.keep_best()
        elif self.suggestion() is not None:
            self.take_suggestion()

    def can_pick_all(self) -> bool:
        return self.view is not None and self.view.prompt.kind == "move_units" \
            and any(c.action[0] == "pick" and c.enabled for c in self.rows)

    def can_unpick_all(self) -> bool:
        """A group with every unit picked (the app picks a chosen stack
        whole: present.suggest.evident_move): `a` unpicks them all, so a
        split is `a` and the units that go."""
        return self.view is not None and self.view.prompt.kind == "move_units" \
            and any(c.action[0] == "unpick" for c in self.rows)

    def rest_there(self) -> int | None:
        """Where the last recruit of this turn went, while more wait to be
        placed and may go there too; None otherwise."""
        if self._placed_at is None or self._placed_at[0] != self.session.turn:
            return None
        t = self._placed_at[1]
        return t if any(c.action == ("place", t) and c.enabled for c in self.rows) else None

    def best_discards(self) -> set[int] | None:
        return best_discards(self.module, self.view) if self.deciding else None

    def suggestion(self) -> str | None:
        """The footer's words for what `a` takes here from a computer player
        (present.suggest.SUGGESTS), or None where it would take nothing."""
        view = self.view
        if not self.deciding or view is None or view.step not in SUGGESTS \
                or self.session.waiting:
            return None
        here = (self.session.version, self.viewer)
        if self._suggested is None or self._suggested[:2] != here:
            advice = self._advice().next(view, self.session.legal_actions(view.side))
            self._suggested = (*here, SUGGESTS[view.step] if advice is not None else None)
        return self._suggested[2]

    def _advice(self) -> Adviser:
        if self._adviser is None:
            self._adviser = Adviser(self.module)
        return self._adviser

    def tick_at_once(self) -> None:
        """Where a selection of TICKED_AT_ONCE opens with nothing picked, ticks
        what `a` would, once for each (after a `u` that clears them it stays
        empty). Nothing is decided for the person, who confirms; the picks
        come from the side's own view (RULINGS H9) and the enemy learns
        nothing of them until then."""
        view = self.view
        if not self.deciding or view is None or view.step not in TICKED_AT_ONCE \
                or self.session.waiting or self._run is not None or not self._auto_forced():
            return  # (nor where the person asked the app to take nothing for them)
        selection = view.pend.selection
        if selection is None or selection.picked or self._ticked == _ticked_key(view):
            return
        self._ticked, self._ticked_changed = _ticked_key(view), False
        if view.step == "discard_down":
            if self.best_discards() is not None:
                self.keep_best()
        elif self.suggestion() is not None:
            self.take_suggestion()

    def ticked_words(self) -> str | None:
        """What the choice list's title adds while a selection ticked at once
        (tick_at_once) still has the ticks it opened with: what they are, and
        the keys. Once the person ticks or unticks a row, the picks are theirs."""
        view = self.view
        if view is None or view.step not in TICKED_AT_ONCE or self._ticked_changed \
                or self._ticked != _ticked_key(view):
            return None
        selection = view.pend.selection
        return TICKED_AT_ONCE[view.step] if selection is not None and selection.picked else None

    def take_suggestion(self) -> None:
        """`a` where SUGGESTS applies: the computer's picks (or places), one
        decision each, until it would confirm; the person confirms."""
        view = self.view
        assert view is not None
        self._run, self._run_taken = (view.side, view.step, self.session.turn), 0
        self._batch = None
        self.run_on()
        self.after_change()

    def run_on(self) -> None:
        """Takes the suggestion's next decisions while the same side decides
        the same step. A joined seat's go one at a time, each when the answer
        to the one before has come: then this is called again (controller
        refresh), since the next pick depends on the view after the last."""
        if self._run is None:
            return
        side, step, turn = self._run
        while True:
            if self.session.waiting:
                return  # goes on when the answer comes
            view = self.session.view(side)
            action = None
            if not self.session.over and self.session.prompt().side == side \
                    and view.step == step and self.session.turn == turn:
                action = self._advice().next(view, self.session.legal_actions(side))
            if action is None:
                break
            try:
                self.session.apply(side, action)
            except IllegalAction:
                break
            self._run_taken += 1
            if action[0] == "place":
                self._placed_at = (turn, action[1])
        taken, self._run = self._run_taken, None
        self._one_decision(taken, self.session.version)

    def one_key(self) -> bool:
        """Whether the open selection owes exactly one unit and its pick is
        confirmed with it (a battle's lone loss, the winner's pick of the
        loser's first loss, one unit to disband): a decision of one thought is
        one key (issue 39), and it stands at once, as a retreat does: a loss
        is shown to both sides (RULINGS B7), so undo stops there (Z1). `a`
        (the suggestion) only ticks: the person sees it before confirming. A
        loss owed in Force (the winner's own, B8) keeps its confirm: which
        units settle it is the choice. Its rows are then drawn as plain
        choices, with no tick boxes and no confirming row (play-test 17: the
        boxes, the dimmed confirm row and `c` promised a confirmation that
        never came)."""
        view = self.view
        if view is None or view.step not in ONE_CLOSES:
            return False
        selection = view.pend.selection
        if selection is None or selection.picked or view.prompt.owed != 1:
            return False
        return view.step != "casualty" or (view.battle is not None
                                           and view.battle.stage == "loser")

    def closes_at_once(self, action: Action) -> bool:
        """Whether `action` is the pick of a one_key selection."""
        return action[0] == "pick" and self.one_key()

    def close_at_once(self, side: int, before: int) -> None:
        """The confirmation after closes_at_once's pick: applied now, or after
        the pick's answer on a joined seat (if still legal then); one `u`
        takes back both."""
        if not self.session.waiting and ("confirm",) not in self.session.legal_actions(side):
            return
        self.session.apply(side, ("confirm",))
        self._one_decision(2, before + 2)

    def _several(self, actions: Callable[[], list[Action]]) -> None:
        """Applies the actions `actions` gives, each checked against the legal
        list as it then stands; one `u` straight after takes them all back."""
        side = self.session.prompt().side
        if side != self.viewer:
            return
        before = self.session.version
        taken = 0
        for action in actions():
            if self.session.waiting:
                # a joined seat: each goes when the answer before it has come,
                # if still legal then (tui/remote_session.RemoteSession.queued)
                self.session.apply(side, action)
                taken += 1
                continue
            if action not in self.session.legal_actions(side):
                break
            self.session.apply(side, action)
            taken += 1
        self._one_decision(taken, before + taken)
        self.after_change()

    def _one_decision(self, taken: int, after: int) -> None:
        """One `u` takes back the `taken` decisions one key made: the session
        keeps that (a local game's, whenever the `u` comes), or else one `u`
        straight after does, while the session's count of changes is `after`
        (a joined seat's once every answer has come)."""
        keeps = taken > 1 and self.session.one_decision(taken)
        self._batch = (taken, after) if taken > 1 and not keeps else None

    def pick_all(self) -> None:
        """Every unit that may join the moving group, the stack's top unit
        first (present.suggest.pick_all_order)."""
        view = self.view
        assert view is not None
        legal = set(self.session.legal_actions(view.side))
        self._several(lambda: [("pick", i) for i in pick_all_order(view) if ("pick", i) in legal])

    def unpick_all(self) -> None:
        """Every unit of the group unpicked (the rows stay: present/rows.py)."""
        picked = [c.action for c in self.rows if c.action[0] == "unpick"]
        self._several(lambda: picked)

    def place_rest(self) -> None:
        """Every recruit still to place goes where the last one went (each its
        own decision)."""
        t = self.rest_there()
        assert t is not None

        # as many as could be (the legal list stops it when none are left)
        self._several(lambda: [("place", t)] * MAX_TYPED_ROW)

    def keep_best(self) -> None:
        """Ticks the cards best_discards names, and only those."""
        drop = self.best_discards()
        assert drop is not None and self.view is not None
        selection = self.view.pend.selection
        assert selection is not None
        picked = set(selection.picked)
        self._several(lambda: [("unpick", i) for i in sorted(picked - drop)]
                      + [("pick", i) for i in sorted(drop - picked)])

    def can_undo(self) -> bool:
        return self.viewer is not None and self.session.can_undo(self.viewer)

    def undo_back(self) -> int:
        """How many times `u` can take back now (the footer's "Undo (3 back)";
        in the Move phase, all since it began: RULINGS Z2): a decision a key,
        and the decisions one key made (`a`, a group taken for the person) as
        the one key that takes them all back. Issue 38's done-means game: the
        footer said "6 back" at a first decision, and one `u` then left "1 back"."""
        if self.viewer is None:
            return 0
        depth = self.session.undo_presses(self.viewer)
        batch = self._batch
        if batch is not None and batch[1] == self.session.version and depth:
            depth -= min(batch[0], depth) - 1
        return depth

    def undo(self) -> None:
        """Takes back the viewer's latest decision (RULINGS Z1), or the whole
        batch one key made; the same side decides afterwards."""
        side = self.viewer
        if side is None or not self.session.can_undo(side):
            events = self.view.log if self.view is not None else []
            self.notices.append(Notice(undo_refused(events), "warning", 6))
            return
        batch, self._batch = self._batch, None
        times = batch[0] if batch is not None and batch[1] == self.session.version else 1
        for n in range(times):
            if self.session.waiting and n:
                # a joined seat: each undo goes when the answer to the one
                # before has come (second play-test: one `u` after `a` took
                # back only the last pick over the network)
                self.session.undo(side)
                continue
            if not self.session.can_undo(side):
                break
            self.session.undo(side)
        self.refresh()


def _ticked_key(view: View) -> tuple:
    """One selection ticked at once: a side's step in a turn, and what it
    offers, so that a second draw for recruits (RULINGS R2) opens ticked too
    (play-test 16: it opened with nothing ticked)."""
    selection = view.pend.selection
    return (view.side, view.step, view.turn, tuple(selection.items) if selection else ())

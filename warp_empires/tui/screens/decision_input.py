"""How a person answers the pending decision on the game screen: a row of
the choice list, a territory on the map, a card of the hand, or a key (a
verb's letter, `c` to confirm, `u` to undo, `a` for a whole group, Left/Right
between the map's rows), and which of those keys apply now (`check_action`:
the footer shows only those). A mixin of the game screen, kept apart so that
the keys can be read alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.widgets import Static

from warp_empires.engine.forecast import battle_forecast
from warp_empires.present.rows import discarding
from warp_empires.present.suggest import best_discards, pick_all_order
from warp_empires.tui.looks import battles_ahead, joining, territory_details
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.map_view import MapView

if TYPE_CHECKING:
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice
    from warp_empires.tui.session import Session

# The actions that close a selection (or leave the stacks as they are) all sit
# on `c`, its footer label naming what it does; `d` and `f` still work. "Done"
# closes both recruiting and arranging (play-test: "Finish" beside "leave the
# stacks as they are" did not read as the same thing).
CONFIRM_KEYS = (("draw", "Draw", "d"), ("done", "Done", "f"), ("confirm", "Confirm", ""))
CONFIRMING = frozenset(verb for verb, _label, _alias in CONFIRM_KEYS)


class DecisionInput:
    """Needs from the screen: `session`, `module`, `viewer`, `_choices`, `_view`,
    `_handing_over`, `_paused`, `choose`, `after_change`, `sync`,
    `_flush_digit` (RowNumbers), and Textual's `query_one`, `focused`,
    `has_class`, `set_class` and `notify`."""

    session: Session
    module: Module
    viewer: int | None
    _choices: list[Choice]
    _view: dict[str, Any] | None
    _handing_over: bool
    _paused: bool
    _placed_at: tuple[int, int] | None = None  # (turn, territory) of the last recruit placed
    _details_at: int | None = None  # the territory the side panel last described
    _log_marks: dict[int, int]  # per side, the events before its latest decision (hot seat)

    def on_choice_list_picked(self, message: ChoiceList.Picked) -> None:
        self.choose(message.choice)

    def on_choice_list_previewed(self, message: ChoiceList.Previewed) -> None:
        where = message.choice.territory
        if where is None:
            where = message.choice.about
        if where is not None:
            self.query_one(MapView).move_cursor_to(where)
        elif message.choice.action == ("end",) and self._view is not None:
            # before ending the Move phase: every battle it will bring
            self.query_one("#details", Static).update(
                battles_ahead(self.module, self._view))
            self.set_class(True, "-forecast")
        else:  # back to the territory under the cursor (play-test: the list of
            # battles ahead stayed after the highlight had left its row)
            self._show_details(self.query_one(MapView).cursor)

    def on_map_view_cursor_moved(self, message: MapView.CursorMoved) -> None:
        self._show_details(message.territory)

    def _show_details(self, territory: int) -> None:
        """The side panel on the territory under the cursor. While it forecasts
        a battle, an 80x24 screen gives the hand's rows to it (app.tcss
        `-forecast`; play-test: the hand panel cut the forecast off)."""
        if self._view is None:
            return
        group = joining(self._view, self._choices, territory)
        self.query_one("#details", Static).update(
            territory_details(self.module, self._view, territory, group))
        forecast = battle_forecast(self.module, self._view, territory, group) is not None
        self.set_class(forecast, "-forecast")
        if forecast and territory != self._details_at:
            # the forecast leads the panel: show it from its top (play-test at
            # 80x24: the panel kept an old scroll and the forecast was out of sight)
            self.query_one("#side-scroll").scroll_home(animate=False)
        self._details_at = territory

    def on_map_view_selected(self, message: MapView.Selected) -> None:
        picks = [c for c in self._choices if c.territory == message.territory and c.enabled]
        if len(picks) == 1:
            self.choose(picks[0])
        elif not picks and self._choices:
            name = self.module.map.territories[message.territory].name
            self.notify(f"{name} is not a choice now; heavy borders mark the choices.",
                        timeout=3, markup=False)

    def on_hand_list_card_chosen(self, message: HandList.CardChosen) -> None:
        if self._view is not None and discarding(self._view):
            # The selection's items are the hand, row for row: pick or unpick that card.
            if message.index < len(self._choices) and self._choices[message.index].is_item:
                self.choose(self._choices[message.index])
            return
        for choice in self._choices:
            if choice.action == ("play", message.kind):
                self.choose(choice)
                return

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """False hides a key from the footer, None shows it dimmed."""
        if action == "verb":
            return any(c.action[0] == parameters[0] and c.enabled for c in self._choices)
        if action == "confirm":
            rows = [c for c in self._choices if c.action == (parameters[0],)]
            # a confirming row not allowed yet (picks still owed): the key shows, dimmed
            return True if any(c.enabled for c in rows) else None if rows else False
        if action == "map_step":
            return isinstance(self.focused, ChoiceList) and any(
                c.territory is not None and c.enabled for c in self._choices)
        if action == "pick_all":
            return self._view is not None and self._view["prompt"]["kind"] == "move_units" \
                and any(c.action[0] == "pick" and c.enabled for c in self._choices)
        if action == "place_rest":
            return self._rest_there() is not None
        if action == "keep_best":
            return self._best_discards() is not None
        if action == "undo":
            # Shown (dimmed when nothing can be taken back) while the viewer decides.
            if not self._choices or self._handing_over:
                return False
            return True if self.viewer is not None and self.session.can_undo(self.viewer) \
                else None
        if action == "digit":
            if parameters == (1,) or len(parameters) > 1:  # the three bindings of `1`
                shown = "narrow" if self.has_class("-narrow") \
                    else "wide" if len(self._choices) > 9 else ""
                return bool(self._choices) and (parameters[1:] or ("",))[0] == shown
            return bool(self._choices)
        if action == "toggle_log":
            return self.has_class("-tiny")  # only a small screen hides the log
        if action == "results":
            return self.session.over
        if action in ("pace", "toggle_pause"):
            if not self.session.runs_bots:
                return False
            # one key, two footer labels: the one that says what it will do now
            return action == "pace" or (parameters[0] == "resume") == self._paused
        return True

    def action_verb(self, verb: str) -> None:
        self._flush_digit()
        for choice in self._choices:
            if choice.action[0] == verb and choice.enabled:
                self.choose(choice)
                return

    def action_confirm(self, verb: str) -> None:
        self.action_verb(verb)

    def on_key(self, event: events.Key) -> None:
        """A dimmed key still answers (play-test: `c` and `u` seemed dead):
        it says why it does nothing now."""
        if event.key == "c" and self._choices:
            waiting = [c for c in self._choices if c.action[0] in CONFIRMING and not c.enabled]
            if waiting and not any(c.action[0] in CONFIRMING and c.enabled
                                   for c in self._choices):
                event.stop()
                self.notify(f"Not yet: {waiting[0].why or waiting[0].label}.",
                            severity="warning", timeout=3, markup=False)
        elif event.key == "u" and self._choices and self.check_action("undo", ()) is None:
            event.stop()
            self.action_undo()

    def _decision_key(self, view: dict[str, Any], deciding: bool) -> tuple | None:
        """What is being decided: the same while picking the items of one
        selection, so that the highlight and the focus stay where they are."""
        if not deciding:
            return None
        selection = view["pend"].get("selection")
        rows = tuple(selection["items"]) if selection else tuple(c.action for c in self._choices)
        return (view["side"], view["prompt"]["kind"], view["pend"].get("src"), rows)

    def action_undo(self) -> None:
        """Takes back the viewer's latest decision (RULINGS Z1). The same side
        decides afterwards, so no hand-over comes up; the screen is drawn anew
        from the engine, and forced decisions are not taken again at once."""
        self._flush_digit()
        side = self.viewer
        if side is None or not self.session.can_undo(side):
            self.notify(undo_refused(self._view), severity="warning", timeout=6, markup=False)
            return
        batch, self._batch = self._batch, None
        times = batch[0] if batch is not None and batch[1] == self.session.version else 1
        for _ in range(times):
            if not self.session.can_undo(side):
                break
            self.session.undo(side)
        self.sync()

    # One key, one undo: `a` (pick all) and "Rest there too" take several
    # decisions, and `u` straight after takes them all back (play-test: five
    # presses of `u` for a group of five picked with one `a`).
    _batch: tuple[int, int] | None = None  # (decisions, the session's version after them)

    def _remember_batch(self, before: int) -> None:
        n = self.session.version - before
        self._batch = (n, self.session.version) if n > 1 else None

    def action_map_step(self, direction: int) -> None:
        """Highlights the next (or previous) row that chooses a territory; the
        map's cursor follows the highlight (on_choice_list_previewed)."""
        choices = self.query_one(ChoiceList)
        rows = [i for i, c in enumerate(self._choices) if c.territory is not None and c.enabled]
        if not rows:
            return
        here = choices.highlighted if choices.highlighted is not None else -1
        if direction > 0:
            choices.highlighted = next((i for i in rows if i > here), rows[0])
        else:
            choices.highlighted = next((i for i in reversed(rows) if i < here), rows[-1])

    def action_scroll_choices(self, pages: int) -> None:
        """PageUp/PageDown scroll the choice list wherever the focus is
        (play-test: with the map focused, the rows of a long list below the box
        could not be read without Tab); the map scrolls with its cursor."""
        choices = self.query_one(ChoiceList)
        if choices.has_focus:  # the list's own keys: the highlight goes a page
            top = choices.scroll_y
            choices.action_page_down() if pages > 0 else choices.action_page_up()
            # and so does the view (Textual scrolls only as far as the new
            # highlight: play-test, "PageDown moved the list one row")
            page = choices.scrollable_content_region.height
            choices.scroll_to(y=max(0, min(top + pages * page, choices.max_scroll_y)),
                              animate=False, immediate=True)
        elif pages > 0:
            choices.scroll_page_down(animate=False)
        else:
            choices.scroll_page_up(animate=False)

    # Tab's round: the map and the choices, where the decisions are, one Tab
    # apart (play-test: from the map the list was three Tabs away, past the
    # side panel and the hand).
    FOCUS_ROUND = ("map", "choices", "hand", "side-scroll", "log")

    def action_focus_step(self, step: int) -> None:
        shown = [w for w in (self.query_one(f"#{i}") for i in self.FOCUS_ROUND)
                 if w.display and w.focusable]
        if not shown:
            return
        here = next((i for i, w in enumerate(shown) if w is self.focused), -1)
        if here < 0 and step < 0:
            here = 0
        shown[(here + step) % len(shown)].focus()

    def _rest_there(self) -> int | None:
        """Where the last recruit of this turn went, while more wait to be
        placed and may go there too; None otherwise."""
        if self._placed_at is None or self._placed_at[0] != self.session.turn:
            return None
        t = self._placed_at[1]
        return t if any(c.action == ("place", t) and c.enabled for c in self._choices) else None

    def action_place_rest(self) -> None:
        """Every recruit still to place goes where the last one went: one key
        for what is usually one choice (bench_keys: ~3.5 placements a turn).
        Each is its own decision; `u` straight after takes them all back."""
        self._flush_digit()
        t = self._rest_there()
        side = self.session.prompt().side
        if t is None or side != self.viewer:
            return
        before = self.session.version
        while self.session.prompt().kind == "place" and self.session.prompt().side == side \
                and ("place", t) in self.session.legal_actions(side):
            self.session.apply(side, ("place", t))
        self._remember_batch(before)
        self.after_change()

    def _best_discards(self) -> set[int] | None:
        """Down to the hand limit (RULINGS D1): the rows of the cards to let go
        so that the hand keeps the mix a computer player would keep, each card
        weighed as things stand (bots.hand.board_worth: from the side's own
        view, H9), while the ticks differ from those; None otherwise."""
        return best_discards(self.module, self._view)

    def action_keep_best(self) -> None:
        """Ticks the cards `_best_discards` names, and only those: one key for
        what took a key per card (bench_keys: ~6 a turn); `c` still confirms,
        and `u` straight after takes all the ticks back."""
        self._flush_digit()
        drop = self._best_discards()
        side = self.session.prompt().side
        if drop is None or side != self.viewer:
            return
        before = self.session.version
        picked = set(self.session.view(side)["pend"]["selection"]["picked"])
        for i in sorted(picked - drop):
            self.session.apply(side, ("unpick", i))
        for i in sorted(drop - picked):
            if ("pick", i) in self.session.legal_actions(side):
                self.session.apply(side, ("pick", i))
        self._remember_batch(before)
        self.after_change()

    def action_pick_all(self) -> None:
        """Every unit that may join the moving group is picked, one legal pick
        at a time, the stack's top unit first (choices.pick_all_order)."""
        self._flush_digit()
        side = self.session.prompt().side
        if side != self.viewer:
            return
        legal = set(self.session.legal_actions(side))
        before = self.session.version
        for i in pick_all_order(self.session.view(side)):
            if ("pick", i) in legal:
                self.session.apply(side, ("pick", i))
        self._remember_batch(before)
        self.after_change()


def undo_refused(view: dict[str, Any] | None) -> str:
    """Why `u` takes nothing back, naming the event undo stops at: the latest
    one this side's log holds (RULINGS Z1: anything the other side was shown,
    a draw or roll, a decision of the other side; each is logged, and a
    decision taken back leaves no line). Play-test: "nothing to take back"
    after a move read as a fault. From the side's own log only (H9)."""
    rule = "undo stops at anything the other side was shown or did, and at a card draw or die roll"
    events = view["log"] if view is not None else []
    if not events:
        return f"Nothing to take back: {rule}."
    return f"Nothing to take back since \u201c{events[-1]['text']}\u201d: {rule}."

"""How a person answers the pending decision on the game screen: a row of
the choice list, a territory on the map, a card of the hand, or a key (a
verb's letter, `c` to confirm, `u` to undo, `a` for a whole group, Left/Right
between the map's rows), and which of those keys apply now (`check_action`:
the footer shows only those). What each key does is the controller's
(tui/controller.py); this mixin of the game screen forwards them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.widgets import Static

from warp_empires.engine.forecast import battle_forecast
from warp_empires.tui.control_words import CONFIRMING, KEYS, Mode
from warp_empires.tui.controller import Controller
from warp_empires.tui.looks import battles_ahead, joining, territory_details
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.map_view import MapView

if TYPE_CHECKING:
    from warp_empires.engine import View
    from warp_empires.module.defs import Module
    from warp_empires.present.rows import Choice
    from warp_empires.tui.session import Session

__all__ = ["CONFIRMING", "UNDO_SHOWN", "DecisionInput"]

UNDO_SHOWN = 9  # the footer counts the decisions undo can take back up to this (game.py)


class DecisionInput:
    """Needs from the screen: `session`, `module`, `controller`, `press`,
    `_show_recap`, `_choices`, `_view`, `_paused`, and Textual's `query_one`,
    `focused`, `has_class`, `set_class`, `notify` and `app`."""

    session: Session
    module: Module
    controller: Controller
    _paused: bool
    _details_at: int | None = None  # the territory the side panel last described
    # the Screen's, for the type checker (this mixin comes before it)
    query_one: Any
    notify: Any
    focused: Any
    has_class: Any
    set_class: Any
    app: Any

    if TYPE_CHECKING:
        def _show_recap(self) -> None: ...

    # What the screen shows is the controller's.
    @property
    def _choices(self) -> list[Choice]:
        return self.controller.rows

    @property
    def _view(self) -> View | None:
        return self.controller.view

    def press(self, key: str, typed_at: float | None = None) -> None: ...  # the screen's

    def on_choice_list_picked(self, message: ChoiceList.Picked) -> None:
        # Enter on the list, or a click (a row number being typed is settled
        # by Enter instead: the controller's)
        self.controller.enter(message.index)
        self._catch_up()  # type: ignore[attr-defined]

    def on_choice_list_unhighlighted_enter(self, message: ChoiceList.UnhighlightedEnter) -> None:
        self.controller.enter(None)
        self._catch_up()  # type: ignore[attr-defined]

    def on_choice_list_previewed(self, message: ChoiceList.Previewed) -> None:
        c = self.controller
        if c.typed_pick is not None and (c.typed_pick >= len(c.rows)
                                         or c.rows[c.typed_pick] != message.choice):
            c.typed_pick = None  # moved on: Enter means the row it is on (row_typing)
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
        if message.by_person and self.controller.recap:
            # the person looks at the map: the recap has been read, and the
            # territory's details it covers are wanted (play-test 16: in the
            # Draw phase they stayed hidden until a decision)
            self.controller.looked_away()
            self._show_recap()
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
        if self.controller.takes_enter():
            self.controller.enter(None)  # e.g. Enter settling a row number being typed
        else:
            self.controller.choose_territory(message.territory)
        self._catch_up()  # type: ignore[attr-defined]

    def on_hand_list_card_chosen(self, message: HandList.CardChosen) -> None:
        if self.controller.takes_enter():
            self.controller.enter(None)
        else:
            self.controller.choose_card(message.index, message.kind)
        self._catch_up()  # type: ignore[attr-defined]

    def on_key(self, event: events.Key) -> None:
        """The controller's keys (tui/controller.KEYS) go to it in the order
        typed, wherever the focus is and whatever the footer shows: a key that
        does nothing now says why (play-test: `c` and `u` seemed dead), and
        one typed while the other side decides waits its turn."""
        if event.key in KEYS and event.key not in ("enter", "escape") or (
                event.key == "enter" and self.controller.takes_enter()):
            # Enter too while it is the controller's (a hand-over card, a row
            # number being typed): in a burst of keys it reaches the widget
            # focused when it was typed, which may be gone by now
            event.stop()
            event.prevent_default()
            self.press(event.key, event.time)  # when it was read: typed_ahead.py
        elif event.key in ("pagedown", "pageup"):
            event.stop()
            event.prevent_default()
            self.action_scroll_choices(1 if event.key == "pagedown" else -1)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """False hides a key from the footer, None shows it dimmed."""
        c = self.controller
        if action == "verb":
            return any(r.action[0] == parameters[0] and r.enabled for r in c.rows)
        if action == "confirm":
            rows = [r for r in c.rows if r.action == (parameters[0],)]
            # a confirming row not allowed yet (picks still owed): the key shows, dimmed
            return True if any(r.enabled for r in rows) else None if rows else False
        if action == "map_step":
            return isinstance(self.focused, ChoiceList) and any(
                r.territory is not None and r.enabled for r in c.rows)
        if action == "pick_all":
            return c.can_pick_all()
        if action == "unpick_all":
            return not c.can_pick_all() and c.can_unpick_all()
        if action == "place_rest":
            waiting = len(c.view.pend.placing) if c.view is not None else 0
            return c.rest_there() is not None and (waiting == 1) == (parameters[0] == "one")
        if action == "keep_best":
            return c.best_discards() is not None
        if action == "pass_to_end":
            return c.can_pass_to_end()
        if action == "suggest":  # one binding per wording (present.suggest.SUGGESTS)
            # (placing, `a` puts the rest where the last went once one is placed)
            return c.rest_there() is None and c.suggestion() == parameters[0]
        if action == "undo":
            # Shown (dimmed when nothing can be taken back) while the viewer
            # decides, with how far back it goes (one binding per count)
            if c.mode is not Mode.DECIDING:
                return False
            back = c.undo_back()
            if not parameters or parameters == (0,):  # `u` dimmed, or Ctrl+Z
                return None if back == 0 else bool(parameters)
            return parameters[0] == min(back, UNDO_SHOWN + 1)
        if action == "digit":
            if parameters == (1,) or len(parameters) > 1:  # the three bindings of `1`
                shown = "narrow" if self.has_class("-narrow") \
                    else "wide" if len(c.rows) > 9 else ""
                return bool(c.rows) and (parameters[1:] or ("",))[0] == shown
            return bool(c.rows)
        if action == "toggle_log":
            return self.has_class("-tiny")  # only a small screen hides the log
        if action == "whole_log":  # two bindings: shown where the footer has room
            return c.view is not None and (parameters == ("narrow",)) == self.has_class("-tiny")
        if action == "results":
            return self.session.over
        if action in ("pace", "toggle_pause"):
            if not self.session.runs_bots or self.session.over:
                return False  # (play-test 14: "space Pause" on the final map)
            # one key, two footer labels: the one that says what it will do now
            return action == "pace" or (parameters[0] == "resume") == self._paused
        return True

    def action_verb(self, verb: str) -> None:
        from warp_empires.tui.control_words import VERB_KEYS

        self.press(VERB_KEYS[verb][0])

    def action_confirm(self, verb: str) -> None:
        from warp_empires.tui.control_words import CONFIRM_KEYS

        self.press(next(alias or "c" for v, _label, alias in CONFIRM_KEYS if v == verb))

    def action_digit(self, digit: int, _label: str = "") -> None:
        self.press(str(digit))

    def action_undo(self, _back: int = 0) -> None:
        self.press("u")

    def action_pick_all(self) -> None:
        self.press("a")

    action_unpick_all = action_pick_all
    action_keep_best = action_pick_all

    def action_suggest(self, _words: str) -> None:
        self.press("a")

    action_place_rest = action_suggest  # ('one' or 'many': the footer's words)

    def action_pass_to_end(self) -> None:
        self.press("P")

    def action_menu_or_clear(self) -> None:
        """Escape: a row number being typed, a row waiting for Enter, or keys
        typed ahead are let go first (play-test: Escape at "Row 12: Enter to
        choose it" opened the menu); else the game menu."""
        if self.controller.escape():
            self._catch_up()  # type: ignore[attr-defined]
            self.query_one(ChoiceList).highlighted = None
            return
        self.app.action_game_menu()

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
    # side panel and the hand); then the side panel, one Tab from the choices
    # when its line says there is more in it (play-test 17: two, past the hand).
    FOCUS_ROUND = ("map", "choices", "side-scroll", "hand", "log")

    def action_focus_step(self, step: int) -> None:
        shown = [w for w in (self.query_one(f"#{i}") for i in self.FOCUS_ROUND)
                 if w.display and w.focusable]
        if not shown:
            return
        here = next((i for i, w in enumerate(shown) if w is self.focused), -1)
        if here < 0 and step < 0:
            here = 0
        shown[(here + step) % len(shown)].focus()

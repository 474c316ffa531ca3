"""The game screen: map, details, hand, status, phase bar, prompt, choices, log.

The screen draws the decision controller (tui/controller.py) and forwards
keys to it: what a key means is decided there, in order, never by a timer.
Everything shown is drawn from view(state, viewer). When two people share the
terminal and the decision passes to the other one, the opaque hand-over
screen goes up before their view is drawn (RULINGS H6).
"""

from __future__ import annotations

from rich.text import Text
from textual import _time as textual_time
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from warp_empires.present.rows import Choice, hand_marks, map_numbers
from warp_empires.present.suggest import SUGGESTS
from warp_empires.tui import persistence
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.control_words import CONFIRM_KEYS, VERB_KEYS, Mode, Note
from warp_empires.tui.controller import Controller
from warp_empires.tui.dialogs.save_name import follow_the_game
from warp_empires.tui.labels import unit_abbreviations
from warp_empires.tui.looks import (
    enemy_hand,
    home_territory,
    recruit_room,
    side_text,
    territory_looks,
)
from warp_empires.tui.screens.computer_players import ComputerPlayers
from warp_empires.tui.screens.decision_input import UNDO_SHOWN, DecisionInput
from warp_empires.tui.screens.handing_over import HandingOver
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.screens.log_panel import LogPanel
from warp_empires.tui.screens.log_screen import LogScreen, turn_sides
from warp_empires.tui.session import Session
from warp_empires.tui.widgets.battle_panel import BattlePanel
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.fitted_footer import FittedFooter
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.map_view import MapView
from warp_empires.tui.widgets.phase_bar import PhaseBar
from warp_empires.tui.widgets.recap import RecapPanel
from warp_empires.tui.widgets.side_scroll import MORE_BELOW, SideScroll
from warp_empires.tui.widgets.status import StatusPanel

__all__ = ["CONFIRM_KEYS", "VERB_KEYS", "GameScreen"]


# Messages shown at once at 80x24, each at most three lines (app.tcss).
TINY_TOASTS = 3


class GameScreen(DecisionInput, ComputerPlayers, LogPanel, HandingOver, Screen[None]):
    class TurnEnded(Message):
        """A player-turn ended (time to autosave). It carries the save document
        taken at that moment: by the time the message is handled, computer
        players may have played on."""

        def __init__(self, doc: object) -> None:
            self.doc = doc
            super().__init__()

    class GameEnded(Message):
        """The game is over, or the turn cap was reached."""

        def __init__(self, session: Session) -> None:
            self.session = session
            super().__init__()

    BINDINGS = [
        *(Binding(key, f"verb('{verb}')", label) for verb, (key, label) in VERB_KEYS.items()),
        # Several bindings on `c`: Textual shows and runs the first one enabled.
        *(Binding("c", f"confirm('{verb}')", label) for verb, label, _alias in CONFIRM_KEYS),
        *(Binding(alias, f"confirm('{verb}')", label, show=False)
          for verb, label, alias in CONFIRM_KEYS if alias),
        Binding("a", "pick_all", "Pick all units"),
        Binding("a", "unpick_all", "Unpick all"),  # a stack chosen is picked whole
        # recruits: where the last one went ("rest" of one read oddly, play-test 16)
        Binding("a", "place_rest('many')", "Rest there too"),
        Binding("a", "place_rest('one')", "There too"),
        Binding("a", "keep_best", "Keep the best"),  # down to the hand limit
        Binding("P", "pass_to_end", "Pass to the end"),  # of this battle's card play
        # what a computer player would pick: recruits, places, losses, disbands
        *(Binding("a", f"suggest('{words}')", words)
          for words in dict.fromkeys(SUGGESTS.values())),
        # From the choice list (the map has these keys of its own when focused):
        # Left/Right and n step between the rows that choose a territory, the
        # map's cursor with them (play-test: Left and n seemed dead there).
        Binding("right,n", "map_step(1)", "Next on map", key_display="←→"),
        Binding("left", "map_step(-1)", show=False),
        # the choices, wherever the focus is: taken in on_key, before the
        # map's own paging (a priority binding would run ahead of keys typed
        # before it: play-test, `4` `5` PageDown paged first, then redrew)
        Binding("pagedown", "scroll_choices(1)", show=False),
        Binding("pageup", "scroll_choices(-1)", show=False),
        Binding("tab", "focus_step(1)", show=False),  # the map and the choices first
        Binding("shift+tab", "focus_step(-1)", show=False),
        Binding("u", "undo", "Undo"),
        # how far back (issue 39): one binding per count, the one that holds shown
        *(Binding("u", f"undo({n})", f"Undo ({n} back)") for n in range(1, UNDO_SHOWN + 1)),
        # more than that (play-test 17: "9+" was shown where exactly 9 were left)
        Binding("u", f"undo({UNDO_SHOWN + 1})", f"Undo ({UNDO_SHOWN + 1}+ back)"),
        Binding("ctrl+z", "undo(0)", "Undo", show=False),  # (0): not a count, never hidden
        # One key, two footer labels: "1-99" once the rows need two digits;
        # none on a narrow screen, where the footer needs the room for Save
        # and Help (play-test at 80x24) and every row shows its number.
        Binding("1", "digit(1)", "Choose", key_display="1-9"),
        Binding("1", "digit(1, 'wide')", "Choose", key_display="1-99"),
        Binding("1", "digit(1, 'narrow')", show=False),
        *(Binding(str(d), f"digit({d})", show=False) for d in (2, 3, 4, 5, 6, 7, 8, 9, 0)),
        # The pace is shown in seconds per move: + adds time, - takes it away.
        Binding("plus,equals_sign", "pace(1)", "Slower", show=False),
        Binding("minus", "pace(-1)", "Faster", show=False),
        Binding("space", "toggle_pause('pause')", "Pause"),
        Binding("space", "toggle_pause('resume')", "Resume"),
        Binding("r", "results", "Results"),
        Binding("escape", "menu_or_clear", "Menu"),
        Binding("l", "toggle_log", "Log"),
        # the whole log, filtered (screens/log_screen.py); at 80x24 the footer
        # has no room for it (help and docs/playing.md tell it)
        Binding("L", "whole_log('wide')", "Whole log"),
        Binding("L", "whole_log('narrow')", show=False),
    ]

    def __init__(self, session: Session, launch: LaunchOptions) -> None:
        super().__init__()
        self.session = session
        self.launch = launch
        self.module = session.module
        # keys are stamped by Textual's clock when read: the controller's too
        self.controller = Controller(session, auto_forced=self._auto_forced,
                                     clock=textual_time.get_time)
        self._abbrevs = unit_abbreviations(self.module)
        self._log_seen = 0
        self._notes: list[Note] = []
        self._bot_pending = False
        self._battle_at: int | None = None
        self._battle_units: dict[int, int] = {}  # chit -> unit type, seen in battles
        self._placed = False  # the map cursor has not been put anywhere yet
        self._paused = False
        self._ended = False
        self._handover: HandoverScreen | None = None  # the card up now, if any
        self._drawn: tuple[int | None, bool] = (None, False)  # (viewer, public) of the log
        self.pace = launch.pace if launch.pace is not None else 0.6

    # What the screen shows is the controller's (the tests and the app read these).
    @property
    def viewer(self) -> int | None:
        return self.controller.viewer

    @property
    def public(self) -> bool:
        return self.controller.public

    @property
    def _handing_over(self) -> bool:
        return self.controller.mode is Mode.HANDOVER

    def _auto_forced(self) -> bool:
        settings = getattr(self.app, "settings", None)
        return settings is None or settings.auto_forced

    def compose(self) -> ComposeResult:
        yield PhaseBar(id="phase")
        with Horizontal(id="main"):
            yield MapView(self.module, id="map")
            with Vertical(id="side"):
                with SideScroll(id="side-scroll"):
                    yield BattlePanel(id="battle")
                    yield RecapPanel(id="recap")
                    yield Static(id="details")
                # out of the scroll: both banks always in view (play-test at 80x24)
                yield StatusPanel(id="status")
                yield HandList(id="hand")
        yield Static(id="prompt")
        with Horizontal(id="bottom"):
            yield ChoiceList(id="choices")
            yield RichLog(id="log", wrap=True, min_width=20, max_lines=500)
        yield FittedFooter()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self.watch(self.query_one(SideScroll), "below", self._more_below)
        self.sync()

    def _more_below(self, below: bool) -> None:
        self.query_one(StatusPanel).border_title = MORE_BELOW if below else ""

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < 110, "-narrow")
        self.set_class(event.size.height < 34, "-short")
        self.set_class(event.size.height < 27, "-tiny")
        self.set_class(event.size.height >= 50, "-tall")
        self.query_one(StatusPanel).set_compact(event.size.height < 34)
        # play-test at 80x24: Save and Help fell off the footer's end
        footer = self.query_one(Footer)
        footer.compact = event.size.width < 110
        footer.show_command_palette = event.size.width >= 110
        self.refresh_bindings()
        self._rewrite_log()

    # -- keys go to the controller, in order --------------------------------

    def press(self, key: str, typed_at: float | None = None) -> None:
        """A key for the controller (tui/controller.KEYS), from this screen or
        from the hand-over card over it, with when it was read; then the
        screen catches up. Messages up from before go first (play-tests: at
        80x24 they covered the prompt and the rows to choose from)."""
        self.app.clear_notifications()
        self.controller.key(key, typed_at)
        self._catch_up()

    def choose(self, choice: Choice) -> None:
        self.controller.choose(choice)
        self._catch_up()

    def after_change(self) -> None:
        """After a change of the game made outside the controller (a computer
        player, a setting): forced decisions follow (RULINGS H9), then the
        screen catches up."""
        self.controller.after_change()
        self.report_player_errors()
        follow_the_game(self.app)  # a save dialog open meanwhile names the turn now
        self._catch_up()

    def sync(self) -> None:
        """Redraw after any change; hand over the keyboard first if needed."""
        self.controller.refresh()
        self._catch_up()

    def arrived(self) -> None:
        """A joined seat: a new position came from the server (tui/remote.py)."""
        self.after_change()

    def link_changed(self) -> None:
        """A joined seat's connection dropped or came back (tui/remote.py)."""
        self.query_one(PhaseBar).set_note(self._pace_note())

    def _catch_up(self) -> None:
        c = self.controller
        notices = c.take_notices()
        if c.mode is not Mode.HANDOVER:
            # (the hand-over card tells what happened: a message over it was
            # the other side's, play-test)
            if notices and self.has_class("-tiny"):
                # at 80x24 three fit over the map, the newest (play-tests: more
                # piled up over the prompt and the choices)
                self.app.clear_notifications()
                notices = notices[-TINY_TOASTS:]
            for notice in notices:
                self.notify(notice.text, severity=notice.severity,
                            timeout=notice.timeout, markup=False)
        self._notes.extend(c.take_notes())
        if c.turn_ended:
            c.turn_ended = False
            # headless runs keep no autosaves; a joined game is kept by its server
            if not self.launch.exit_on_end and self.session.local:
                self.post_message(self.TurnEnded(persistence.autosave_doc(self.session)))
        if c.mode is Mode.HANDOVER:
            self._show_handover()
            return
        if self._handover is not None:
            # keys typed on the card went on to the decision behind it
            card, self._handover = self._handover, None
            card.leave()
            # the cursor starts afresh for the new person (on their choices or
            # stacks), not where the other one left it
            self._placed = False
        self._draw()
        if c.mode is Mode.OVER:
            self._finish()
            return
        self._schedule_bot()

    # -- drawing the controller ---------------------------------------------

    def _draw(self) -> None:
        """Draws the controller's view, rows and title."""
        c = self.controller
        view = c.view
        viewer = c.viewer
        if view is None or viewer is None:
            return
        public = c.public
        if (viewer, public) != self._drawn:
            self.query_one("#log", RichLog).clear()
            self._log_seen = 0
            self._drawn = (viewer, public)
        deciding = c.mode is Mode.DECIDING
        rows = c.rows
        marks = hand_marks(view, rows, c.hand_order)  # in the order the hand is shown
        map_view = self.query_one(MapView)
        map_view.set_looks(territory_looks(self.module, view, self._abbrevs))
        map_view.set_choices({r.territory for r in rows if r.territory is not None and r.enabled},
                             map_numbers(rows))
        if not self._placed:
            self._placed = True
            map_view.move_cursor_to(home_territory(view, rows))
        if c.cursor_to is not None:
            map_view.move_cursor_to(c.cursor_to)
            c.cursor_to = None
        battle_at = view.battle.t if view.battle else None
        if battle_at is not None and battle_at != self._battle_at:
            map_view.move_cursor_to(battle_at)  # a new battle: show where it is
            # from its header and totals (play-test: the panel kept the scroll
            # of the last battle read, the totals out of sight)
            self.query_one("#side-scroll").scroll_home(animate=False)
        self._battle_at = battle_at
        # 80x24: during a battle its panel needs the side column more than the
        # hand does (the cards to play are rows of the choices), app.tcss
        self.set_class(battle_at is not None, "-battle")
        if battle_at is not None:
            # Both stacks are open to both sides during a battle (RULINGS B2):
            # remember them so that a card's target keeps its name.
            for side in (0, 1):
                entry = view.stacks[side][battle_at]
                for unit in (entry.units or ()) if entry is not None else ():
                    self._battle_units[unit.chit] = unit.unit
        self.query_one(PhaseBar).show(self.module, view, -1 if public else viewer,
                                      self._pace_note())
        self.query_one(BattlePanel).show(self.module, view, self._battle_units)
        self._show_recap()
        self.query_one(StatusPanel).show(self.module, view)
        self._show_details(map_view.cursor)
        enemy, note = enemy_hand(view)
        title = "Hands hidden: both may watch" if public \
            else f"{self.module.sides[viewer].short} hand"
        order = c.hand_order
        self.query_one(HandList).show(self.module, [view.hand[i] for i in order],
                                      marks, enemy, title, note,
                                      side=view.side)
        prompt = self.session.prompt()
        # the view's prompt: the deciding side's own words, or only who decides
        self._show_prompt(prompt.side, view.prompt.text, deciding)
        # A new person at the keyboard (or a shared screen) starts with no row
        # highlighted: an Enter meant for a hand-over takes nothing (play-test:
        # a battle loss ticked).
        choices = self.query_one(ChoiceList)
        choices.show(rows, c.title(), keep_highlight=c.same_decision,
                     highlight=not (public or c.fresh), marks=not c.one_key())
        self._append_log(view.log)
        if not c.same_decision:
            self._place_focus()
        if c.highlight is not None:
            # a typed row: the list takes Enter next (to choose it, or confirm)
            choices.focus()
            if c.in_sight is not None:  # the row typed before it, shown too if they fit
                choices.scroll_to(y=c.in_sight, animate=False, immediate=True)
            choices.highlighted = c.highlight
            c.highlight = None
        c.in_sight = None
        self.refresh_bindings()

    def _show_recap(self) -> None:
        """The recap panel as the controller has it (tui/recap.py)."""
        recap, lines = self.query_one(RecapPanel), self.controller.recap
        if lines and not recap.events:  # told from its first line
            self.query_one("#side-scroll").scroll_home(animate=False)
        recap.show(lines)
        self.set_class(bool(lines), "-recap")  # 80x24: in the hand's room, app.tcss

    def _show_prompt(self, side: int, text: str, deciding: bool) -> None:
        line = Text()
        if side >= 0:
            line.append_text(side_text(self.module, side))
            line.append(": ")
        line.append(text, style="bold" if deciding else "")
        view = self.controller.view
        if deciding and view is not None and view.prompt.kind == "recruit":
            line.append_text(recruit_room(self.module, view,
                                          sum(1 for c in self._choices if c.picked)))
        if deciding and self.public:
            line.append("  (shared screen: both may watch)", style="italic dim")
        if side >= 0 and not deciding:
            who = "a computer player" if not self.session.is_human(side) else "the other player"
            line.append(f"  ({who})", style="italic dim")
        self.query_one("#prompt", Static).update(line)

    def history_arrived(self) -> None:
        """A loaded game's earlier events are in (its replay rebuilt them): the
        log is written anew."""
        self.query_one("#log", RichLog).clear()
        self._log_seen = 0
        if self.viewer is not None and not self._handing_over:
            self.controller.refresh()
            self._draw()

    def _place_focus(self) -> None:
        """A new decision: the map when it chooses territories, else the list
        (the hand keeps the focus while it has cards to choose)."""
        focused = self.focused
        view = self.controller.view
        if isinstance(focused, HandList) and view is not None \
                and any(hand_marks(view, self._choices, self.controller.hand_order)):
            return
        # On the shared screen, and for a person just at the keyboard, the
        # list, whose rows start unhighlighted: the map would take an Enter
        # meant for a hand-over as the territory under its cursor.
        if any(c.territory is not None for c in self._choices) and not self.public \
                and not self.controller.fresh:
            self.query_one(MapView).focus()
        elif self._choices:
            self.query_one(ChoiceList).focus()

    def action_toggle_log(self) -> None:
        """At 80x24 the log and the choices share one strip: one or the other."""
        self.toggle_class("-log-shown")
        log = self.query_one("#log", RichLog)
        if self.has_class("-log-shown"):
            # written while hidden, its lines were wrapped to no width: anew
            self._rewrite_log()
            log.focus()
        else:
            self.query_one(ChoiceList).focus()

    def action_whole_log(self, _size: str = "") -> None:
        """The viewer's whole log on a screen of its own: the view drawn, so a
        shared screen's is the public log (RULINGS H5, H6)."""
        view = self.controller.view
        if view is None or self._handing_over:
            return
        sides = turn_sides(view.history, view.turn, view.active)
        title = "Log (public)" if self.public else f"{self.module.sides[view.side].short} log"
        self.app.push_screen(LogScreen.for_module(self.module, list(view.log), sides, title))

    # -- the end -------------------------------------------------------------

    def action_results(self) -> None:
        self.post_message(self.GameEnded(self.session))

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.post_message(self.GameEnded(self.session))



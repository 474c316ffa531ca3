"""The game screen: map, details, hand, status, phase bar, prompt, choices, log.

Everything shown is drawn from view(state, viewer). When two people share the
terminal and the decision passes to the other one, the opaque hand-over screen
goes up before their view is drawn (RULINGS H6).
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from warp_empires.engine import IllegalAction
from warp_empires.present.rows import (
    Choice,
    HandOrder,
    RowMemory,
    choices_title,
    discarding,
    hand_marks,
)
from warp_empires.tui import persistence
from warp_empires.tui.config import LaunchOptions
from warp_empires.tui.labels import unit_abbreviations
from warp_empires.tui.looks import (
    enemy_hand,
    home_territory,
    recruit_room,
    side_text,
    territory_looks,
)
from warp_empires.tui.screens.computer_players import ComputerPlayers
from warp_empires.tui.screens.decision_input import CONFIRM_KEYS, DecisionInput
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.screens.log_panel import LogPanel
from warp_empires.tui.screens.row_numbers import RowNumbers
from warp_empires.tui.session import Session
from warp_empires.tui.widgets.battle_panel import BattlePanel
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.map_view import MapView
from warp_empires.tui.widgets.phase_bar import PhaseBar
from warp_empires.tui.widgets.status import StatusPanel

# Shared decisions always taken on the shared screen (GameScreen.sync).
WATCHED = frozenset({"casualty", "retreat"})

# Bare verbs get a letter of their own, shown in the footer only when legal.
VERB_KEYS = {
    "pass": ("p", "Pass"), "end": ("e", "End phase"), "stop": ("s", "Stop"),
    "back": ("b", "Back"), "hand": ("h", "Look at hand"),
}


class GameScreen(DecisionInput, ComputerPlayers, RowNumbers, LogPanel, Screen[None]):
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
        Binding("a", "place_rest", "Rest there too"),  # recruits: where the last one went
        Binding("a", "keep_best", "Keep the best"),  # down to the hand limit
        # From the choice list (the map has these keys of its own when focused):
        # Left/Right and n step between the rows that choose a territory, the
        # map's cursor with them (play-test: Left and n seemed dead there).
        Binding("right,n", "map_step(1)", "Next on map", key_display="←→"),
        Binding("left", "map_step(-1)", show=False),
        # before the map's own paging: the choices, wherever the focus is
        Binding("pagedown", "scroll_choices(1)", show=False, priority=True),
        Binding("pageup", "scroll_choices(-1)", show=False, priority=True),
        Binding("tab", "focus_step(1)", show=False),  # the map and the choices first
        Binding("shift+tab", "focus_step(-1)", show=False),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+z", "undo", "Undo", show=False),
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
    ]

    QUIET_AFTER_HANDOVER = 0.5  # seconds in which choices are ignored after a hand-over

    def __init__(self, session: Session, launch: LaunchOptions) -> None:
        super().__init__()
        self.session = session
        self.launch = launch
        self.module = session.module
        self.viewer: int | None = None
        self._abbrevs = unit_abbreviations(self.module)
        self._choices: list[Choice] = []
        self._row_memory = RowMemory()  # rows that keep their places (choices.STABLE_STEPS)
        self._hand_order = HandOrder()  # each side's cards in the order it has seen them
        self._decision: tuple | None = None  # what is being decided, see _decision_key
        self._view: dict[str, Any] | None = None
        self._log_seen = 0
        self._notes = []
        self._bot_pending = False
        self._battle_at: int | None = None
        self._battle_units: dict[int, int] = {}  # chit -> unit type, seen in battles
        self._placed = False  # the map cursor has not been put anywhere yet
        self._paused = False
        self._ended = False
        self._handing_over = False
        self._log_marks = {}
        # Hot seat: the side whose person has the keyboard (the last one handed
        # it, or the one deciding on a shared screen); None before the first.
        self._keyboard: int | None = None
        self.public = False  # the screen shows only what both players may see
        self._quiet_until = 0.0
        self._last_turn = session.turn
        self.pace = launch.pace if launch.pace is not None else 0.6

    def compose(self) -> ComposeResult:
        yield PhaseBar(id="phase")
        with Horizontal(id="main"):
            yield MapView(self.module, id="map")
            with Vertical(id="side"):
                with VerticalScroll(id="side-scroll"):
                    yield BattlePanel(id="battle")
                    yield Static(id="details")
                    yield StatusPanel(id="status")
                yield HandList(id="hand")
        yield Static(id="prompt")
        with Horizontal(id="bottom"):
            yield ChoiceList(id="choices")
            yield RichLog(id="log", wrap=True, min_width=20, max_lines=500)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self.sync()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.width < 110, "-narrow")
        self.set_class(event.size.height < 34, "-short")
        self.set_class(event.size.height < 27, "-tiny")
        self.set_class(event.size.height >= 50, "-tall")
        # play-test at 80x24: Save and Help fell off the footer's end
        footer = self.query_one(Footer)
        footer.compact = event.size.width < 110
        footer.show_command_palette = event.size.width >= 110
        self.refresh_bindings()
        self._rewrite_log()

    # -- the one place the screen catches up with the game -----------------

    def sync(self) -> None:
        """Redraw after any change; hand over the keyboard first if needed."""
        if self._handing_over:
            return  # the new viewer's screen is drawn once they are at the keyboard
        if self.session.over:
            self._show(self.viewer if self.viewer is not None else 0)
            self._finish()
            return
        viewer = self.session.viewer(self.viewer)
        # A battle's losses and retreat are always taken on the shared screen,
        # even by the side that has the keyboard: the other player watches
        # them (play-test: a winner's first pick showed the winner's hand to
        # a loser who had learned to look on at losses).
        watched = self.session.shared_decision() and self.session.prompt().kind in WATCHED
        # A private screen needs a hand-over unless its side already has the
        # keyboard on a private screen: after a shared screen both players may
        # be looking, whoever decided last.
        if self.session.hot_seat and (viewer != self._keyboard or self.public or watched):
            if self.session.shared_decision() and self.session.prompt().side == viewer:
                # Nothing secret on screen (Session.shared_decision): the other
                # person takes the keyboard without a hand-over screen. A key
                # meant for the hand-over they expected must not choose here
                # (play-test: an Enter picked a battle loss).
                if viewer != self._keyboard or not self.public:
                    self._quiet_until = time.monotonic() + self.QUIET_AFTER_HANDOVER
                if viewer != self._keyboard and self._keyboard is not None:
                    # play-test: from the winner's losses to the loser's only
                    # the prompt line changed, and nobody saw whose turn it was
                    self.notify(f"{self.module.sides[viewer].name}, your choice: "
                                f"{self.session.prompt().text}", timeout=5, markup=False)
                self._keyboard = viewer
                self._show(viewer, public=True)
                return
            self._hide_secrets()
            self.viewer = None
            self._handing_over = True
            name = self.module.sides[viewer].name
            mark = self._log_marks.get(viewer, self.session.news_mark(viewer))
            self.app.push_screen(
                HandoverScreen(name, self.session.prompt().text, self.module.sides[viewer].colour,
                               self.session.public_since(mark)),
                callback=lambda _: self._after_handover(viewer),
            )
            return
        # The side at the keyboard keeps its own screen for other decisions
        # both could watch (the order of battles: it may want its hand in view).
        self._show(viewer)
        self._schedule_bot()

    def _after_handover(self, viewer: int) -> None:
        self._handing_over = False
        self._keyboard = viewer
        self.public = False
        # The cursor starts afresh for the new player (on their choices or
        # stacks), not where the other one left it.
        self._placed = False
        # The Enter that dismissed the hand-over may repeat, or be pressed twice:
        # it must not also make the new player's first choice for them.
        self._quiet_until = time.monotonic() + self.QUIET_AFTER_HANDOVER
        self._show(viewer)
        self._schedule_bot()

    def _hide_secrets(self) -> None:
        # Wiped before the hand-over goes up, so no later screen grab of this
        # screen can hold the previous side's hand or private log lines.
        self.query_one(HandList).show(self.module, [], [], title="Hand")
        self.query_one("#log", RichLog).clear()
        self.query_one(ChoiceList).show([])
        self._choices = []
        self._row_memory.forget()
        self._decision = None
        self.query_one("#details", Static).update("")
        # The last prompt was the previous side's own words (its moving group,
        # its losses): not for the next person either.
        self.query_one("#prompt", Static).update("")
        # Messages of the last turn stayed up over the hand-over and the next
        # side's screen (play-test); one might speak of the previous hand.
        self.app.clear_notifications()
        self._log_seen = 0
        self._view = None

    def _show(self, viewer: int, public: bool = False) -> None:
        """Draws `viewer`'s view; `public`: only what both players may see
        (a shared decision, Session.shared_decision)."""
        if viewer != self.viewer or public != self.public:
            self.query_one("#log", RichLog).clear()
            self._log_seen = 0
        self.viewer = viewer
        self.public = public
        view = self.session.view(viewer, public=public)
        self._view = view
        prompt = self.session.prompt()
        deciding = prompt.side == viewer and self.session.is_human(viewer) and not self.session.over
        before = len(self._choices)
        self._choices = self._row_memory.keep(view, self.session.choices()) if deciding else []
        # (a shared screen shows no hand: the order seen is kept for later)
        hand_order = [] if public else self._hand_order.arrange(viewer, view["hand"])
        marks = hand_marks(view, self._choices)  # in the view's order of the hand
        if deciding and discarding(view):  # the first rows are the hand's cards
            rows = self._choices
            self._choices = [rows[i] for i in hand_order] + rows[len(hand_order):]
        if len(self._choices) != before:
            self._rows_changed_at = time.monotonic()
        decision = self._decision_key(view, deciding)
        same_decision = decision == self._decision
        self._decision = decision
        map_view = self.query_one(MapView)
        map_view.set_looks(territory_looks(self.module, view, self._abbrevs))
        map_view.set_choices({c.territory for c in self._choices
                              if c.territory is not None and c.enabled})
        if not self._placed:
            self._placed = True
            map_view.move_cursor_to(home_territory(view, self._choices))
        battle_at = view["battle"]["t"] if view["battle"] else None
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
                for unit in (view["stacks"][side][battle_at] or {}).get("units", []):
                    self._battle_units[unit["chit"]] = unit["unit"]
        self.query_one(PhaseBar).show(self.module, view, -1 if public else viewer,
                                      self._pace_note())
        self.query_one(BattlePanel).show(self.module, view, self._battle_units)
        self.query_one(StatusPanel).show(self.module, view)
        self._show_details(map_view.cursor)
        enemy, note = enemy_hand(view)
        title = "Hands hidden: both may watch" if public \
            else f"{self.module.sides[viewer].short} hand"
        self.query_one(HandList).show(self.module, [view["hand"][i] for i in hand_order],
                                      [marks[i] for i in hand_order], enemy, title, note,
                                      side=view["side"])
        # the view's prompt: the deciding side's own words, or only who decides
        self._show_prompt(prompt.side, view["prompt"]["text"], deciding)
        # A new decision on the shared screen comes where a player may expect
        # a hand-over, and the Enter for it took the highlighted row (play-test:
        # a battle loss ticked): no row is highlighted there until one is
        # chosen by its number or the arrows.
        self.query_one(ChoiceList).show(self._choices, self._choices_title(deciding),
                                        keep_highlight=same_decision, highlight=not public)
        self._append_log(view["log"])
        if not same_decision:
            self._place_focus()
        self.refresh_bindings()

    def _choices_title(self, deciding: bool) -> str:
        return choices_title(self._view, self._choices, self.session.prompt()) \
            if deciding else "Waiting"

    def _show_prompt(self, side: int, text: str, deciding: bool) -> None:
        line = Text()
        if side >= 0:
            line.append_text(side_text(self.module, side))
            line.append(": ")
        line.append(text, style="bold" if deciding else "")
        if deciding and self._view is not None and self._view["prompt"]["kind"] == "recruit":
            line.append_text(recruit_room(self.module, self._view,
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
            self._show(self.viewer, public=self.public)

    def _place_focus(self) -> None:
        """A new decision: the map when it chooses territories, else the list
        (the hand keeps the focus while it has cards to choose)."""
        focused = self.focused
        if isinstance(focused, HandList) and self._view is not None \
                and any(hand_marks(self._view, self._choices)):
            return
        # On the shared screen the list, whose rows start unhighlighted: the
        # map would take an Enter meant for a hand-over as the territory under
        # its cursor (play-test: a retreat made at once).
        if any(c.territory is not None for c in self._choices) and not self.public:
            self.query_one(MapView).focus()
        elif self._choices:
            self.query_one(ChoiceList).focus()

    # -- doing what the person chose ---------------------------------------

    def choose(self, choice: Choice) -> None:
        if time.monotonic() < self._quiet_until:
            return
        side = self.session.prompt().side
        if choice not in self._choices or side != self.viewer:
            self.notify("That is not a choice now.", severity="warning")
            return
        if not choice.enabled:
            # play-test: "Not now: ..." after `5` did not say which row 5 was
            row = self._choices.index(choice) + 1
            self.notify(f"Row {row}, {choice.label}: not now"
                        + (f", {choice.why}." if choice.why else "."),
                        severity="warning", timeout=3, markup=False)
            return
        if self.session.hot_seat:  # the hand-over card tells what follows (HandoverScreen)
            self._log_marks[side] = self.session.log_length()
        try:
            self.session.apply(side, choice.action)
        except IllegalAction as error:
            self.notify(f"Not allowed: {error}", severity="error", markup=False)
        else:
            if choice.action[0] == "place":
                self._placed_at = (self.session.turn, choice.action[1])
        if choice.territory is not None:
            self.query_one(MapView).move_cursor_to(choice.territory)
        self.after_change()

    def after_change(self) -> None:
        """After a decision: forced ones follow at once (RULINGS H9), then the
        screen catches up."""
        auto = getattr(self.app, "settings", None) is None or self.app.settings.auto_forced
        for side, label in self.session.play_forced() if auto else ():
            self.notify(f"{self.module.sides[side].short}: {label} (the only choice).",
                        timeout=4, markup=False)
            # the log keeps it (play-test: a leader lost this way ended the game,
            # and only a passing message had said the app chose it)
            self._note(f"Taken for {self.module.sides[side].the()}, the only choice: {label}.")
        turn = self.session.turn
        if turn != self._last_turn:
            self._last_turn = turn
            # headless runs keep no autosaves; a joined game is kept by its server
            if not self.launch.exit_on_end and self.session.local:
                self.post_message(self.TurnEnded(persistence.autosave_doc(self.session)))
        self.sync()

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

    # -- the end -------------------------------------------------------------

    def action_results(self) -> None:
        self.post_message(self.GameEnded(self.session))

    def _finish(self) -> None:
        if self._ended:
            return
        self._ended = True
        self.post_message(self.GameEnded(self.session))

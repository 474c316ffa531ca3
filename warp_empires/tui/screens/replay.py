"""Stepping through a game (VASSAL's log step-through, RULINGS H8): the map,
the status, the battle and the log, in step, as one side saw them or as both
did. Right/Left one decision, Down/Up a phase, PageDown/PageUp a turn,
Home/End, `v` the point of view, Escape back.

A side's own view of a game not yet over shows that side's secrets, so it is
never one key away (RULINGS H6, H8): `v` asks first, naming the side whose
player alone should look, and for the very game being played at this terminal
it stays on what both sides saw until the game is over (found in play-test:
from a hand-over screen, the save browser's replay showed the hand of the side
that had just handed over)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from warp_empires.engine import Game, describe_action
from warp_empires.tui.dialogs.ask import AskDialog
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.labels import unit_abbreviations
from warp_empires.tui.looks import side_text, territory_looks
from warp_empires.tui.replay import PUBLIC, Replay
from warp_empires.tui.widgets.battle_panel import BattlePanel
from warp_empires.tui.widgets.fitted_footer import TidyFooter
from warp_empires.tui.widgets.map_view import MapView
from warp_empires.tui.widgets.status import StatusPanel


class ReplayScreen(DismissOnce, Screen[None]):
    BINDINGS = [
        Binding("right", "step(1)", "Next", priority=True),
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("down", "jump('phase', 1)", "Phase", priority=True),
        Binding("up", "jump('phase', -1)", "Phase back", show=False, priority=True),
        Binding("pagedown", "jump('turn', 1)", "Turn", priority=True),
        Binding("pageup", "jump('turn', -1)", "Turn back", show=False, priority=True),
        Binding("home", "go(0)", "Start", show=False, priority=True),
        Binding("end", "go(-1)", "To the end", key_display="End", priority=True),
        Binding("v", "point_of_view", "Whose view"),
        Binding("escape", "leave", "Back"),
    ]

    DEFAULT_CSS = """
    ReplayScreen #where { height: auto; padding: 0 1; background: $boost; }
    ReplayScreen #main { height: 1fr; }
    /* as wide as the game screen's: the map keeps its 80 columns at 120 wide
       and, with a log of 11 rows, its 27 rows at 40 high (play-test: its edges
       were cut, and the map cannot scroll here) */
    ReplayScreen #side { width: 40; }
    /* the scrollbar's column kept apart: lines were wrapped under it (play-test) */
    ReplayScreen #replay-log { height: 11; border: round $accent 50%; scrollbar-gutter: stable; }
    ReplayScreen #replay-hand { padding: 0 1; height: auto; }
    """

    def __init__(self, game: Game, side: int = PUBLIC) -> None:
        super().__init__()
        self.game = game
        self.module = game.module
        self.replay = Replay(game)
        self.side = side
        # From the start, as a replay is watched (play-test: opening at the end
        # showed the outcome first); End goes to where the game stands.
        self.index = 0
        self._abbrevs = unit_abbreviations(self.module)

    def compose(self) -> ComposeResult:
        yield Static(id="where")
        with Horizontal(id="main"):
            yield MapView(self.module, id="map")
            with Vertical(id="side"):
                with VerticalScroll():
                    yield BattlePanel(id="battle")
                    yield StatusPanel(id="status")
                    yield Static(id="replay-hand")
        yield RichLog(id="replay-log", wrap=True, max_lines=400)
        yield TidyFooter()  # long-lived: its keys change often

    def on_resize(self, event: events.Resize) -> None:
        # play-test at 80x24: the footer ended at "pgup Tu...", hiding `v`
        footer = self.query_one(Footer)
        footer.compact = event.size.width < 110
        footer.show_command_palette = event.size.width >= 110

    def on_mount(self) -> None:
        self.query_one("#replay-log", RichLog).border_title = "Log"
        # nothing to choose on the map here: its keys stay out of the footer
        self.query_one(MapView).can_focus = False
        self.set_focus(None)
        self._draw()

    def _who(self) -> Text:
        if self.side == PUBLIC:
            return Text("what both sides saw")
        out = Text("as ")
        out.append_text(side_text(self.module, self.side))
        out.append(" saw it")
        return out

    def _draw(self) -> None:
        r = self.replay
        i = self.index
        s = r.states[i]
        v = r.view_at(i, self.side)
        # short names: the whole line fits 120 columns (play-test: it was cut)
        line = Text(f"Replay · turn {max(s.turn, 1)} · ")
        if s.turn >= 1:
            line.append_text(side_text(self.module, s.active))
            line.append(f" {s.phase.capitalize()} · ")
        line.append(f"step {i}/{len(r) - 1} · ")
        line.append_text(self._who())
        if i > 0:
            side, act = r.decisions[i - 1]
            # the decision that led here: named only where the viewer may know it
            public = act[0] in ("pass", "end", "battle", "retreat")
            if self.side == side or public:
                # in words where the viewer may know it all (play-test: "last:
                # <side> from" said little)
                what = describe_action(self.module, r.states[i - 1], act)
                line.append(f" · last: {self.module.sides[side].short}: {what}", style="dim")
            elif self.side == PUBLIC:
                line.append(f" · last: {self.module.sides[side].short} {act[0]}", style="dim")
        self.query_one("#where", Static).update(line)
        map_view = self.query_one(MapView)
        map_view.set_looks(territory_looks(self.module, v, self._abbrevs))
        battle = v.battle
        if battle is not None:
            map_view.move_cursor_to(battle.t)
        self.query_one(BattlePanel).show(self.module, v)
        self.query_one(StatusPanel).show(self.module, v)
        hand = Text()
        if self.side != PUBLIC:  # a side's own view holds its hand (H8)
            hand.append(f"{self.module.sides[self.side].short} hand: ", style="bold")
            hand.append(", ".join(self.module.cards[k].name for k in v.hand) or "no cards")
        self.query_one("#replay-hand", Static).update(hand)
        log = self.query_one("#replay-log", RichLog)
        log.clear()
        for event in v.log[-60:]:
            log.write(Text(event["text"]))

    def _go(self, index: int) -> None:
        self.index = max(0, min(len(self.replay) - 1, index))
        self._draw()

    def action_step(self, delta: int) -> None:
        self._go(self.index + delta)

    def action_jump(self, by: str, direction: int) -> None:
        r = self.replay
        self._go(r.next_start(self.index, by) if direction > 0
                 else r.previous_start(self.index, by))

    def action_go(self, index: int) -> None:
        self._go(index if index >= 0 else len(self.replay) - 1)

    def action_point_of_view(self) -> None:
        """Both sides' public view, then each side's own (RULINGS H8)."""
        order = [PUBLIC, 0, 1]
        side = order[(order.index(self.side) + 1) % len(order)]
        if side == PUBLIC or self.game.over:
            self._show(side)
        elif self._being_played():
            self.notify("This game is being played here: until it is over, its replay "
                        "shows only what both sides saw.", severity="warning", timeout=4,
                        markup=False)
        else:
            who = self.module.sides[side].the()  # "the Raiders", "Guild"
            self.app.push_screen(
                AskDialog(f"The game is not over, and this view holds what only {who} may "
                          f"see: hand, hidden units, recruits. Only the player of {who} "
                          f"should look. Show it?",
                          [("show", "Show it"), ("cancel", "Cancel")]),
                callback=lambda answer: self._show(side) if answer == "show" else None)

    def _being_played(self) -> bool:
        """Whether this game is the one open at this terminal and not over."""
        session = getattr(self.app, "session", None)
        return session is not None and session.game.id == self.game.id and not session.over

    def _show(self, side: int) -> None:
        self.side = side
        self.notify(Text.assemble("Replay: ", self._who()).plain, timeout=2,
                    markup=False)
        self._draw()

    def action_leave(self) -> None:
        self.dismiss(None)

"""One game being played in the TUI: who plays each side, whose view is shown,
when the keyboard changes hands, and the computer players' moves.

No rule is decided here: every question goes to the engine, and every
picture is drawn from view(state, side) for the side allowed to see it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warp_empires.engine import (
    Action,
    Game,
    Prompt,
    View,
    can_undo,
    legal_actions,
    prompt,
    taken_whole,
    undo_depth,
    view,
)
from warp_empires.module.defs import Module
from warp_empires.present.drawn_order import DrawnHandOrder
from warp_empires.present.rows import Choice, build_choices, describe
from warp_empires.present.suggest import evident_move
from warp_empires.tui.players import HUMAN, fallback, make_player

if TYPE_CHECKING:
    from warp_empires.bots.base import Player

NO_SIDE = -1

__all__ = ["BotRequest", "Choice", "Session"]


@dataclass(frozen=True)
class BotRequest:
    """A computer player's decision to be thought over away from the screen:
    all it may see (its view and the legal list, never the state) and the
    position it answers (`version`), so a late answer is never misapplied."""

    side: int
    player: Player
    view: View
    legal: list[Action]
    version: int


class Session:
    # The game lives here, so the app keeps its autosaves (a joined game's
    # server keeps it instead: tui/remote.py).
    local = True
    waiting = False  # nothing goes to a server: every decision is applied at once

    def __init__(
        self, game: Game, players: tuple[str, str], *, max_turns: int | None = None
    ) -> None:
        self.game = game
        self.players = players
        # A game option, so that view() itself shows both hands (RULINGS H1).
        self.open_hands = bool(game.options.get("open_hands"))
        self.max_turns = max_turns
        # False while a loaded save's replay has not yet confirmed it (tui/app.py)
        self.verified = True
        # A computer player's own dice come from the game's seed only when the
        # seed is known anyway (a seeded game replays alike); else from fresh
        # randomness, so nothing it does depends on the secret seed (RULINGS H7).
        seeded = bool(game.options.get("seeded"))
        self._bots: dict[int, Player] = {
            # timed: a person waits, so a search stops at its level's time limit
            side: make_player(kind, game.state.module, game.seed + 7919 * (side + 1) if seeded
                              else int.from_bytes(os.urandom(8), "big"), timed=True)
            for side, kind in enumerate(players)
            if kind != HUMAN
        }
        # counts every change of the game made through this session
        self.version = 0
        # (after the source, after its last pick) in the actions of each group
        # whose picks the app made after its source, one decision to undo with
        # it; all of them, not the latest only (play-test 16: after a second
        # group, `u` took the first group's picks back one unit at a time)
        self._fills: list[tuple[int, int]] = []
        # (second, after the last) in the actions of each run of decisions one
        # key made (`a`, a pick that confirms itself), one decision to undo
        # whenever the undo comes (play-test 17: once another key came after
        # `a`, its picks went back one at a time)
        self._runs: list[tuple[int, int]] = []
        # what a computer player raised, reported by the screen (a fallback played)
        self.player_errors: list[BaseException] = []
        # the order each person has seen their hand in, new cards as drawn; a
        # game opened from a save starts from the order its cards were drawn in
        self.hand_order = DrawnHandOrder(lambda side: self.game.hand_as_drawn(side))

    @property
    def module(self) -> Module:
        # as the game plays it: a scenario's setup and victories (docs/rules.md G3)
        return self.game.state.module

    # -- who sees what ----------------------------------------------------

    def is_human(self, side: int) -> bool:
        return 0 <= side < 2 and self.players[side] == HUMAN

    @property
    def human_sides(self) -> list[int]:
        return [s for s in (0, 1) if self.is_human(s)]

    link_note = ""  # the game lives here: no connection to lose (tui/remote.py)

    @property
    def runs_bots(self) -> bool:
        """Computer players move in this app (the pace and pause keys apply)."""
        return bool(self._bots)

    @property
    def hot_seat(self) -> bool:
        """Two people share the screen and must not see each other's secrets."""
        return len(self.human_sides) == 2 and not self.open_hands

    def viewer(self, current: int | None) -> int:
        """Whose view to draw now. Two people: whoever must decide (else the
        current one stays). One person: always theirs. Nobody: the active side."""
        p = self.prompt()
        humans = self.human_sides
        if len(humans) == 2:
            if self.is_human(p.side):
                return p.side
            return current if current is not None else self.game.state.active
        if len(humans) == 1:
            return humans[0]
        return self.game.state.active

    def view(self, side: int, public: bool = False) -> View:
        return self.game.view(side, public=public)

    def shared_decision(self) -> bool:
        """Two people share the screen and the pending decision is all public
        (battle losses, a retreat, the order of battles): both may watch it
        being taken, so it needs no hand-over (RULINGS H6, B2)."""
        p = self.prompt()
        return self.hot_seat and self.is_human(p.side) and p.all_public

    @property
    def turn(self) -> int:
        return self.game.state.turn

    # -- decisions --------------------------------------------------------

    def legal_actions(self, side: int | None = None) -> list[Action]:
        return self.game.legal_actions(side)

    def prompt(self) -> Prompt:
        return self.game.prompt()

    @property
    def over(self) -> bool:
        return self.game.over or self.turn_cap_reached

    @property
    def turn_cap_reached(self) -> bool:
        return self.max_turns is not None and self.game.state.turn > self.max_turns

    def choices(self) -> list[Choice]:
        """The deciding side's rows (choices.build_choices)."""
        return build_choices(self.game)

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        """Carry out a person's or a computer's action; IllegalAction passes up."""
        events = self.game.apply(side, action)
        self.version += 1
        done = len(self.game.actions)
        while self._fills and done < self._fills[-1][0]:
            self._fills.pop()  # taken back past that source
        while self._runs and done < self._runs[-1][0]:
            self._runs.pop()
        if action[0] == "from":
            self._fills.append((done, done))  # the app picks its stack whole (play_forced)
        return events

    def log_length(self) -> int:
        return len(self.game.state.log or ())

    def public_since(self, mark: int) -> list[tuple[str, str]]:
        """The (kind, line) of the events after the first `mark` that anyone may
        read (RULINGS H5): what a hand-over card tells both people at the screen."""
        return [(e["kind"], e["text"]) for e in (self.game.state.log or [])[mark:]
                if e.get("public")]

    def news_mark(self, side: int) -> int:
        """Where a side's news starts when no decision of its own was taken here
        (a game just loaded): the latest player-turn it did not play. Play-test:
        from the log's start, the card after a load told battles of two turns
        back and left out what the enemy had just bought and taken."""
        s = self.game.state
        turn = s.turn - 1 if s.active == side else s.turn
        log = s.log or []
        return next((i for i, e in enumerate(log) if e["turn"] >= turn), len(log))

    def play_forced(self, one: bool = False) -> list[tuple[int, str]]:
        """Takes the people's forced decisions for them: exactly one legal
        action, and everyone can see it is the only one (RULINGS H9); and, in
        the side's own Move phase, what has one sensible answer
        (present.suggest.evident_move: RULINGS Z2 keeps it from the enemy). Returns
        (side, what was done) for each; with `one`, after the first (the
        controller logs each where it came, tui/controller.py)."""
        done: list[tuple[int, str]] = []
        while not self.over:
            p = self.prompt()
            if not self.is_human(p.side):
                break
            whole = taken_whole(self.game.state)
            if whole is not None:
                # the winner's only payment (RULINGS B8), or every item must go
                # (upkeep with no revenue, a stack of one losing its unit)
                labels = [describe(self.game, a) for a in whole[:-1]]
                for action in whole:
                    self.apply(p.side, action)
                done.append((p.side, ", ".join(labels)))
                if one:
                    break
                continue
            taken = self._evident_move() if not p.forced else self.game.legal_actions()[0]
            if taken is None:
                break
            label = describe(self.game, taken)
            filling = taken[0] == "pick" and self._filling()
            self.apply(p.side, taken)
            if filling:
                self._fills[-1] = (self._fills[-1][0], len(self.game.actions))
            done.append((p.side, label))
            if one:
                break
        return done

    def can_undo(self, side: int) -> bool:
        """Whether `side` may take back its latest decision now (RULINGS Z1)."""
        return not self.over and self.is_human(side) and can_undo(self.game.state, side)

    def undo_depth(self, side: int) -> int:
        """How many of its latest decisions `side` may take back now."""
        return 0 if self.over or not self.is_human(side) else undo_depth(self.game.state, side)

    def undo_presses(self, side: int) -> int:
        """How many times `undo` can go back now, as it goes: each time one
        decision and the ones taken for the side before it. Read from the
        checkpoints, nothing undone (the footer's "Undo (N back)"; a play-test
        read "6 back" where one `u` took all six back)."""
        if self.undo_depth(side) == 0:
            return 0
        checkpoints = self.game.state.undo or []
        left, count, presses = len(checkpoints), len(self.game.actions), 0
        while left:
            presses += 1
            left, count = left - 1, count - 1
            while left and self._taken_at(checkpoints[left], count):
                left, count = left - 1, count - 1
        return presses

    def _taken_at(self, state: Any, count: int) -> bool:
        """_taken_for_them of the position `state`, `count` actions into the game."""
        deciding = prompt(state)
        if deciding.forced or taken_whole(state, begun=True) is not None:
            return True
        if any(start <= count < end for start, end in (*self._fills, *self._runs)):
            return True
        actions = self.game.actions
        went_back = count > 0 and tuple(actions[count - 1][1]) == ("back",)
        filling = any(end == count for _, end in self._fills)
        return evident_move(view(state, deciding.side, log=False), legal_actions(state),
                            went_back, filling) is not None

    def one_decision(self, taken: int) -> bool:
        """The latest `taken` decisions go back with one undo (GameSession)."""
        done = len(self.game.actions)
        if taken > 1:
            self._runs.append((done - taken + 1, done))
        return True

    def undo(self, side: int) -> None:
        """Takes back `side`'s latest decision, and the forced ones before it:
        those were never the person's to make (`play_forced`), and landing on
        one would only have it taken again."""
        self.apply(side, ("undo",))
        while can_undo(self.game.state, side) and self._taken_for_them():
            self.apply(side, ("undo",))

    def _taken_for_them(self) -> bool:
        """Whether `play_forced` would take the decision now before the side."""
        return self._taken_at(self.game.state, len(self.game.actions))

    def _filling(self) -> bool:
        """Whether the latest decisions are a source and the picks the app
        made after it (a person's own pick or unpick ends that)."""
        return bool(self._fills) and self._fills[-1][1] == len(self.game.actions)

    def _evident_move(self) -> Action | None:
        """What the side's own Move phase asks now with one sensible answer
        (a stack's units once it is chosen, a card's only stack, stop), if
        anything."""
        p = self.prompt()
        actions = self.game.actions
        went_back = bool(actions) and tuple(actions[-1][1]) == ("back",)
        return evident_move(self.game.view(p.side, log=False), self.game.legal_actions(),
                            went_back, self._filling())

    def resign(self, side: int) -> None:
        self.apply(side, ("resign",))

    def bot_to_move(self) -> int | None:
        """The computer side that must decide now, if any."""
        if self.over:
            return None
        side = self.prompt().side
        return side if side in self._bots else None

    def bot_step(self) -> Action | None:
        """Let the deciding computer player make one move."""
        side = self.bot_to_move()
        if side is None:
            return None
        legal = self.game.legal_actions()
        error: BaseException | None = None
        try:
            action = self._bots[side].choose(self.game.view(side), legal)
        except Exception as e:  # noqa: BLE001 - a player's bug must not stall the game
            action, error = None, e
        return self._carry_out(side, legal, action, error)

    def _carry_out(self, side: int, legal: list[Action], action: Action | None,
                   error: BaseException | None = None) -> Action:
        """`action`, or the fallback when the player gave none (`error`: what
        it raised) or one the rules refuse; a failure is kept in
        `player_errors` for the screen to report."""
        try:
            if action is None:
                raise ValueError("no answer") from error
            self.apply(side, action)
        except Exception as e:  # noqa: BLE001 - a player's bug must not stall the game
            self.player_errors.append(error or e)
            action = fallback(legal)
            self.apply(side, action)
        return action

    def bot_thinks(self) -> bool:
        """Whether the deciding computer player will search now, so that its
        decision should be thought over on a worker thread (`bot_request`)."""
        side = self.bot_to_move()
        if side is None:
            return False
        wants = getattr(self._bots[side], "would_search", None)
        return wants is not None and wants(self.game.view(side, log=False),
                                           self.game.legal_actions())

    def bot_request(self) -> BotRequest | None:
        """What the deciding computer player needs to decide, if any."""
        side = self.bot_to_move()
        if side is None:
            return None
        return BotRequest(side, self._bots[side], self.game.view(side),
                          self.game.legal_actions(), self.version)

    def bot_answer(self, request: BotRequest, action: Action | None,
                   error: BaseException | None = None) -> bool:
        """Carries out a computer player's answer (None and `error` when it
        failed) if the game is still where it was asked (else it is dropped:
        the position moved on or was undone)."""
        if request.version != self.version or self.bot_to_move() != request.side:
            return False
        self._carry_out(request.side, request.legal, action, error)
        return True

    # -- results ----------------------------------------------------------

    def result_line(self) -> str:
        """One line saying how the game ended, for the end screen and the CLI."""
        s = self.game.state
        m = self.module
        if s.winner >= 0:
            reason = f" {s.win_reason}" if s.win_reason else ""
            # Turn 0 is the setup before the first turn: the screen calls it turn 1.
            return f"{s.says(s.winner, 'win')} on turn {max(s.turn, 1)}.{reason}"
        public = self.game.view(0)  # control and stack sizes are public (RULINGS H5)
        parts = []
        for side in (0, 1):
            held = sum(1 for c in public.control if c == side)
            units = sum(e.size for e in public.stacks[side] if e)
            parts.append(f"{m.sides[side].short} {held} territories, {units} units")
        return f"No winner after {s.turn - 1} turns (turn cap); {'; '.join(parts)}."

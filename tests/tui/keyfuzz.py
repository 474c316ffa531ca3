"""A seeded key fuzzer of the decision controller (tui/controller.py), hot
seat, against the computer and joined to a server (a loopback one): random
keys, rows, territories and cards, the other side and the server answering at
random moments. Every exception is a crash; after each event the controller's
state is checked against the session's. Used by tests/tui/test_keyfuzz.py (a
seeded share) and benchmarks/bench_keyfuzz.py (the full count)."""

from __future__ import annotations

import random
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from tests.tui.loopback import Loopback
from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.engine.invariants import broken
from warp_empires.module.defs import Module
from warp_empires.tui.control_words import KEYS, Mode
from warp_empires.tui.controller import Controller
from warp_empires.tui.session import Session

MODES = ("hot seat", "computer", "joined")
POOL = sorted(KEYS | {"escape"})


@dataclass
class Result:
    keys: int = 0  # keys and clicks sent
    decisions: int = 0  # actions the game took
    games: int = 0
    crashes: list[str] = field(default_factory=list)


def wrong(c: Controller) -> list[str]:
    """What is inconsistent in the controller's state, in sentences."""
    s = c.session
    out = []
    if c.mode is Mode.HANDOVER and (c.view is not None or c.rows):
        out.append("a view or rows stayed up over the hand-over card")
    if c.mode is Mode.DECIDING:
        legal = set(map(tuple, s.legal_actions(s.prompt().side)))
        bad = [r.action for r in c.rows if r.enabled and tuple(r.action) not in legal]
        if bad:
            out.append(f"enabled rows that are not legal: {bad[:3]}")
        if c.view is None or c.viewer != s.prompt().side:
            out.append("deciding, but not the deciding side's view")
        elif getattr(s, "hot_seat", False) and not c.public and c.view.side != c.keyboard:
            out.append("a private view drawn for a side that has not the keyboard")
    if c.mode is Mode.SERVER and not getattr(s, "waiting", False):
        out.append("waiting for the server, which has answered")
    return out


class Run:
    """One game of one mode, driven by `rng`."""

    def __init__(self, module: Module, mode: str, seed: int, folder: Path) -> None:
        self.mode = mode
        self.rng = random.Random(seed)
        game = Game.new(module, seed, {"open_hands": False})
        self.loop: Loopback | None = None
        if mode == "joined":
            self.loop = Loopback(game, 0, folder)
            self.game = self.loop.room.game
            self.controller = self.loop.controller
        else:
            players = ("human", "human") if mode == "hot seat" else ("human", "random")
            self.game = game
            self.controller = Controller(Session(game, players))
            self.controller.after_change()

    def step(self) -> int:
        """One random event; returns the keys and clicks it counts as."""
        c, rng = self.controller, self.rng
        roll = rng.random()
        if self.loop is not None and roll < 0.25:
            self._server(rng)
            return 0
        if self.mode == "computer" and roll < 0.2 and c.session.bot_to_move() is not None:
            c.session.bot_step()
            c.after_change()
            return 0
        if roll < 0.85:
            c.key(rng.choice(POOL))
        elif roll < 0.92:
            c.enter(rng.randrange(len(c.rows) + 2) if rng.random() < 0.7 else None)
        elif roll < 0.96:
            c.choose_territory(rng.randrange(len(self.game.module.map.territories)))
        else:
            c.choose_card(rng.randrange(8), rng.randrange(len(self.game.module.cards)))
        return 1

    def _server(self, rng: random.Random) -> None:
        """The server answers a decision sent, or the other side decides."""
        loop = self.loop
        assert loop is not None
        if loop.sent:
            loop.answer()
            return
        room = loop.room
        if not room.game.over and room.deciding() == 1:
            room.apply(1, rng.choice(forward(room.game.legal_actions())))
            loop.seat.take(room.position_frame(0))
            if not loop.session.arrived():
                self.controller.after_change()


def fuzz(module: Module, mode: str, seed: int, keys: int) -> Result:
    """Sends about `keys` random keys through controllers of `mode`, a new
    game each time one ends; every exception and broken state is a crash."""
    result = Result()
    run_seed = seed
    with tempfile.TemporaryDirectory() as folder:
        run = Run(module, mode, run_seed, Path(folder))
        result.games = 1
        while result.keys < keys:
            before = len(run.game.actions)
            try:
                result.keys += run.step()
                problems = wrong(run.controller) + broken(run.game.state)
            except Exception:  # noqa: BLE001 - a crash is what the fuzzer looks for
                problems = [traceback.format_exc(limit=-3).strip().splitlines()[-1]]
            result.decisions += max(0, len(run.game.actions) - before)
            if problems:
                result.crashes.append(f"{mode}, seed {run_seed}, key {result.keys}: "
                                      f"{problems[0]}")
            if problems or run.game.over or run.game.state.turn > 40:
                run_seed += 1000
                run = Run(module, mode, run_seed, Path(folder))
                result.games += 1
    return result

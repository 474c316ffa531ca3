"""A person at the keyboard, for burst tests and the key fuzzer: reads the
rows as the controller holds them and types the keys for a row (the
controller's own grammar, Controller.keys_for), or Enter at a hand-over.

`plan` types one key at a time into a controller without a screen (a person
who reads the screen after every key); tests/tui/helpers.queue_keys sends the
same keys to the whole app as one write. The two must make the same decisions."""

from __future__ import annotations

import random

from warp_empires.engine import Game
from warp_empires.present.rows import Choice
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session

CLOSING = ("done", "confirm", "draw", "end", "pass", "stop")


def pick_row(rows: list[Choice], rng: random.Random) -> int:
    """A row a person might choose: often one past row 9 (two digits) when
    there is one, else what moves the game on, sometimes any other."""
    usable = [i for i, r in enumerate(rows) if r.enabled and r.action[0] != "unpick"]
    far = [i for i in usable if i >= 9]
    closing = [i for i in usable if rows[i].action[0] in CLOSING]
    roll = rng.random()
    if far and roll < 0.35:
        return rng.choice(far)
    if closing and roll < 0.75:
        return closing[0]
    return rng.choice(usable)


def plan(game: Game, players: tuple[str, str], decisions: int, seed: int
         ) -> tuple[list[str], list]:
    """The keys for `decisions` decisions of the people (hand-overs too), typed
    one at a time into a controller of a copy of `game`; with the actions
    they made (after the game's own)."""
    copy = Game.replay(game.module, game.seed, dict(game.options), [list(a) for a in game.actions])
    c = Controller(Session(copy, players))
    c.after_change()
    rng = random.Random(seed)
    keys: list[str] = []
    made = 0
    while made < decisions and c.mode in (Mode.DECIDING, Mode.HANDOVER):
        if c.mode is Mode.HANDOVER:
            typed = ["enter"]
        else:
            typed = c.keys_for(pick_row(c.rows, rng))
            made += 1
        for key in typed:
            c.key(key)
        keys.extend(typed)
    return keys, [list(a) for a in copy.actions[len(game.actions):]]

"""Why a search player played a seeded game as it did: plays the game as
bench_bot.py does (the same seeds and sides) and prints, from a player-turn on,
each move and battle, and each search's candidates with their playout scores
world by world (-1 lost .. 1 won for the searching side; the heuristic's own
choice first, `*` the one taken). Asserts nothing.

    .venv/bin/python benchmarks/why_bot.py --seed 12 [--a bot:normal] [--b heuristic]
        [--a-second] [--turns 1-4] [--module FOLDER]

Issue 40 read lost games with it: in seed 2 (A the Rebels) a group move's
candidates scored alike world by world, because the heuristic playing on made
the first candidate's move anyway (barring that move in the others' playouts
was tried and showed no gain: git log, "Revert the barred first plan").
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.bots import make_player  # noqa: E402
from warp_empires.bots.search import Candidate, Searched, SearchPlayer  # noqa: E402
from warp_empires.engine import Game  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.module.defs import Module  # noqa: E402

STAR_WARS = Path(__file__).resolve().parents[1] / "modules" / "star_wars"
SHOWN = ("move", "battle", "retreat", "loss", "card")  # the kinds of public news printed


def describe(m: Module, c: Candidate) -> str:
    if c.plan is None:
        return " ".join(str(x) for x in c.action)
    src, dest, chits = c.plan
    names = m.map.territories
    return f"{len(chits)} from {names[src].name} to {names[dest].name}"


def show(m: Module, who: str, found: Searched) -> None:
    print(f"    {who} searched {found.step}:")
    for i, (c, row) in enumerate(zip(found.candidates, found.scores, strict=True)):
        mark = "*" if i == found.chosen else " "
        worlds = " ".join(f"{x:+.2f}" for x in row)
        print(f"     {mark} {describe(m, c):40s} sum {sum(row):+.2f}   {worlds}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--a", default="bot:normal")
    parser.add_argument("--b", default="heuristic")
    parser.add_argument("--a-second", action="store_true",
                        help="A plays the second side (bench_bot's odd games)")
    parser.add_argument("--turns", default="1-4", help="player-turns shown, FIRST-LAST")
    parser.add_argument("--max-turns", type=int, default=120)
    parser.add_argument("--module", type=Path, default=STAR_WARS)
    args = parser.parse_args()
    first_turn, _, last_turn = args.turns.partition("-")
    lo, hi = int(first_turn), int(last_turn or first_turn)
    m = load_module(args.module)
    first = m.rules.first_side
    a_side = 1 - first if args.a_second else first
    kinds = {a_side: args.a, 1 - a_side: args.b}
    game = Game.new(m, args.seed)
    game.state.undo = None
    # the same players bench_bot.py makes for this seed
    players = {side: make_player(kinds[side], m, args.seed * 2 + side) for side in (0, 1)}
    for searcher in players.values():
        if isinstance(searcher, SearchPlayer):
            searcher.trace = []
    while not game.over and game.state.turn <= min(hi, args.max_turns):
        p = game.prompt()
        player = players[p.side]
        action = player.choose(game.view(p.side, log=False), game.legal_actions())
        turn = game.state.turn
        trace = getattr(player, "trace", None)
        if trace and lo <= turn:
            show(m, kinds[p.side], trace[-1])
        if trace:
            trace.clear()
        for event in game.apply(p.side, action):
            if lo <= event["turn"] <= hi and event["public"] and event["kind"] in SHOWN:
                print(f"{event['turn']:3d} {event['text']}")
    side = game.state.winner
    print(f"winner: {kinds[side] if side >= 0 else 'none yet'} "
          f"(A {args.a} played {m.sides[a_side].name}), turn {game.state.turn}")


if __name__ == "__main__":
    main()

"""What the side not deciding can learn from decisions taken back (RULINGS Z1,
Z2, H9). Prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_secrecy.py [--games 40] [--turns 12] [--json]

- undo trials: random Star Wars games (seeds 0..N-1, a player that seeks
  contact, tests/engine/test_secrets.lively) kept as a Game (undo on). For every
  decision that can be taken back, the other side's view (step and prompt
  included) is compared before and after it: a change is something the other
  side saw of a decision that may yet vanish.
- Move-phase twins (RULINGS Z2; tests/engine/test_z2_untold.twin_trials): from
  positions of the mover's untold Move phase, the phase is played on two ways,
  with and without extra decisions done and taken back, and what the other side
  is shown (view, prompt, step, log, legal list, a remote seat's frames and
  their numbers) is compared at every point. Skipped by an engine without Z2.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.test_secrets import BIG, lively, star_wars  # noqa: E402
from warp_empires.engine import Game, decider, legal_actions, view  # noqa: E402


def undo_trials(games: int, turns: int) -> dict[str, Any]:
    undoable = changed = 0
    kinds: dict[str, int] = {}
    for seed in range(games):
        game = Game.new(star_wars(), BIG + seed)
        r = random.Random(seed)
        while not game.over and game.state.turn <= turns:
            s = game.state
            d = decider(s)
            before = view(s, 1 - d).to_data()
            checkpoints = len(s.undo)
            game.apply(d, lively(s, [a for a in legal_actions(s, d) if a[0] != "undo"], r))
            if len(s.undo) <= checkpoints:
                continue
            undoable += 1
            after = view(s, 1 - d).to_data()
            diff = [k for k in before if before[k] != after[k]]
            if diff:
                changed += 1
                for k in diff:
                    kinds[k] = kinds.get(k, 0) + 1
    return {"undoable_decisions": undoable, "other_side_view_changed": changed,
            "changed_fields": kinds}


def twins(games: int) -> dict[str, Any] | None:
    try:
        from tests.engine.test_z2_untold import twin_trials
    except ImportError:  # an engine from before RULINGS Z2
        return None
    with tempfile.TemporaryDirectory() as folder:
        tally = twin_trials(range(games), 0.05, Path(folder))
    return {"comparisons": tally.compared, "taken_back": tally.taken_back,
            "leaks": len(tally.leaks), "first_leaks": tally.leaks[:3]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--twin-games", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    t0 = time.perf_counter()
    out: dict[str, Any] = {"games": args.games, "turns": args.turns,
                           "undo_trials": undo_trials(args.games, args.turns)}
    out["twins"] = twins(args.twin_games)
    out["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(out))
        return 0
    u = out["undo_trials"]
    print(f"undo trials: {u['other_side_view_changed']} of {u['undoable_decisions']} "
          f"decisions that can be taken back changed the other side's view "
          f"{u['changed_fields'] or ''}")
    tw = out["twins"]
    if tw is None:
        print("Move-phase twins: not in this engine (before RULINGS Z2)")
    else:
        print(f"Move-phase twins (RULINGS Z2): {tw['comparisons']} comparisons, "
              f"{tw['taken_back']} decisions taken back, {tw['leaks']} leaks")
        for leak in tw["first_leaks"]:
            print(f"  {leak}")
    print(f"{out['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

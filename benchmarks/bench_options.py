"""What each optional rule does to games (issue 14): heuristic v heuristic games of
Star Wars without options, with each option alone and with all of them, from the
same seeds. Prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_options.py [--games 200] [--max-turns 300] [--json]

Per row: games, stalemates (unfinished at the turn cap), errors, mean player-turns,
mean actions, the first side's win rate (the share of all games the side that plays
the first turn won) and seconds. The same rows come from `warp-empires simulate
--options ID --json` one at a time; this runs them all in one go.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.engine.options import offered  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.sim import simulate  # noqa: E402

SW = Path(__file__).resolve().parents[1] / "modules" / "star_wars"


def row(summary: dict[str, Any]) -> dict[str, Any]:
    games = summary["games"]
    return {
        "options": summary["options"],
        "games": games,
        "stalemates": summary["unfinished"],
        "stalemate_share": round(summary["unfinished"] / games, 3),
        "errors": summary["errors"],
        "turns_mean": summary["turns_mean"],
        "actions_mean": round(summary["actions"] / games, 1),
        "first_side_win_rate": summary["first_side_win_rate"],
        "seconds": summary["seconds"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-turns", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    module = load_module(SW)
    names = offered(module)
    sets = [[]] + [[n] for n in names] + [names]
    rows = []
    for optional in sets:
        summary = simulate(module, args.games, args.seed, ["heuristic", "heuristic"],
                           args.max_turns, optional=optional)
        rows.append(row(summary))
        if not args.json:
            r = rows[-1]
            label = ", ".join(optional) if len(optional) < 2 else "all"
            print(f"{label or 'standard':14} stalemates {r['stalemates']:3d}/{r['games']} "
                  f"({r['stalemate_share']:5.1%})  errors {r['errors']}  turns "
                  f"{r['turns_mean']:6.2f}  actions {r['actions_mean']:7.1f}  first side "
                  f"wins {r['first_side_win_rate']:5.1%}  ({r['seconds']} s)", flush=True)
    if args.json:
        print(json.dumps({"module": module.id, "players": "heuristic v heuristic",
                          "max_turns": args.max_turns, "rows": rows}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

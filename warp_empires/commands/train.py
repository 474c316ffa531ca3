"""`warp-empires train`: self-play rounds that fit the search player's
weights for a module (warp_empires/bots/train.py)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..paths import expand
from . import SEED_MAX, CommandError, whole_number


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "train", help="fit the computer player's weights for a module by self-play",
        description="Rounds of games of the search player against itself: each round's "
        "games fit the next weights (the winner called right on held-out games shows how "
        "well), which then play the round's weights (win rate) and make the next round's "
        "games. The weights are written after each round; run it again with the same "
        "arguments and it resumes where it stopped (the games are logged in OUT.games.jsonl).")
    p.add_argument("--module", required=True, help="module name or path")
    p.add_argument("--rounds", type=whole_number(1, 1000), default=3,
                   help="rounds of self-play (default 3)")
    p.add_argument("--games", type=whole_number(4, 1_000_000), default=40,
                   help="self-play games a round, one in four held out (default 40)")
    p.add_argument("--eval-games", type=whole_number(0, 1_000_000), default=20,
                   help="games of each round's new weights against its old, sides "
                   "alternating (default 20)")
    p.add_argument("--level", choices=("normal", "hard"), default="normal",
                   help="the search level that plays (default normal)")
    p.add_argument("--max-turns", type=whole_number(1, 100_000), default=60,
                   help="player-turns before a game is left unfinished (not fitted; "
                   "default 60)")
    p.add_argument("--seed", type=whole_number(0, SEED_MAX // 2), default=0,
                   help="seed of the first game (default 0)")
    p.add_argument("--out", metavar="PATH", type=expand,
                   help="the weights file to write (default: weights/MODULE-ID.json in the "
                   "user data folder, which the computer players then use)")
    p.add_argument("--jobs", type=whole_number(1, 256), default=1,
                   help="play in this many processes (default 1)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play on the Dask cluster whose scheduler is at ADDRESS (needs "
                   "pip install 'warp-empires[cluster]')")
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..bots.train import Plan, inline, pool_runner, train
    from ..bots.weights import user_weights_path
    from ..module import load_module

    module = load_module(args.module)
    out = Path(args.out) if args.out else user_weights_path(module)
    if out.is_dir():
        raise CommandError(f"--out {out}: is a folder; name the weights file to write")
    plan = Plan(module.path, args.level, args.rounds, args.games, args.eval_games,
                args.max_turns, args.seed)
    if args.cluster:
        from ..bots.cluster import available, dask_runner

        if not available():
            raise CommandError("--cluster needs Dask distributed: "
                               "pip install 'warp-empires[cluster]'")
        runner = dask_runner(args.cluster)
    else:
        runner = pool_runner(args.jobs) if args.jobs > 1 else inline
    with _progress(plan) as tick:
        results = train(plan, out, runner, tick)
    if args.json:
        print(json.dumps({"module": module.id, "out": str(out),
                          "rounds": [r.__dict__ for r in results]}))
    else:
        _table(module.id, out, results)
    return 0


class _progress:
    """rich's progress bar on stderr when it is a terminal: a bar a round and kind."""

    def __init__(self, plan: Any) -> None:
        self.plan = plan
        self.bar: Any = None
        self.tasks: dict[tuple[int, str], Any] = {}

    def __enter__(self) -> Any:
        if not sys.stderr.isatty():
            return None
        from rich.console import Console
        from rich.progress import MofNCompleteColumn, Progress, TimeElapsedColumn

        self.bar = Progress(*Progress.get_default_columns()[:-1], MofNCompleteColumn(),
                            TimeElapsedColumn(), console=Console(stderr=True))
        self.bar.__enter__()
        return self.tick

    def tick(self, rnd: int, kind: str, done: int, total: int) -> None:
        key = (rnd, kind)
        if key not in self.tasks:
            what = "self-play" if kind == "self" else "new v old"
            self.tasks[key] = self.bar.add_task(f"round {rnd} {what}", total=total)
        self.bar.update(self.tasks[key], completed=done)

    def __exit__(self, *exc: Any) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)


def _table(module_id: str, out: Path, results: list[Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{x:.1%}"

    table = Table(title=f"train {module_id}")
    for name in ("round", "games ended", "held-out accuracy", "win rate v last", "next round"):
        table.add_column(name, justify="right", no_wrap=True)
    for r in results:
        table.add_row(str(r.round), f"{r.finished} of {r.games}",
                      f"{pct(r.accuracy_before)} -> {pct(r.accuracy)}",
                      "-" if r.win_rate is None else f"{pct(r.win_rate)} of {r.eval_games}",
                      f"same: {r.kept}" if r.kept else "new")
    Console().print(table)
    print(f"weights written to {out}")

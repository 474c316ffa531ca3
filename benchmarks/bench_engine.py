"""Engine speed on the Star Wars module: prints figures next to their targets, asserts nothing.

    .venv/bin/python benchmarks/bench_engine.py [--games 100] [--max-turns 300]
        [--rounds 2] [--skip-heuristic] [--json]

The perft figure needs python-chess, a benchmark-only extra: pip install -e '.[bench]'.
Without it the perft figure and the ratio are skipped (null in the JSON).

Figures, all from one run:

- Random play: games with seeds 0..N-1, each action chosen uniformly (random.Random(seed))
  among the legal ones that take nothing back (no resign, undo or unpick), up to the turn
  cap, in states that keep no log (setup(log_events=False): nothing reads one; a second,
  untimed run plays the same games with their logs kept and checks they are the same).
  Actions, seconds, actions/s, games/s, mean actions per game, the share of games
  unfinished at the cap, the mean and median actions of the games that finished (the
  overall mean is mostly the stalled games), actions per player-turn, and the share of
  "arranging" actions (verbs top and arrange).
- python-chess perft: a plain recursive perft (legal_moves, push, pop) from the start
  position to depth 4, checked against 197,281 leaf nodes; reported as LEAF nodes per
  second, and the ratio random-play actions/s / perft leaf nodes/s. Perft and random play
  alternate for --rounds rounds (same machine load) and the best time of each is kept.
- Per call, in microseconds (best of 3), over the mid-game states sampled every 97th action
  of the logged run (states of finished games are left out): clone(log=False), clone(),
  legal_actions, view(log=False), to_data.
- Playouts: from each sampled state, clone(log=False) (a copy that keeps no log) then up to
  50 random actions (stop
  when the game ends); playouts/s (the copy included, best of 3) and mean actions each.
- Imports: whether `warp-empires --help` and loading a module import Textual, each checked
  in a fresh Python process.
- Heuristic v heuristic games (warp_empires.sim.simulate), actions/s, for comparison;
  --skip-heuristic leaves them out.

--json prints the same figures as one JSON object and nothing else on stdout.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.engine import apply, legal_actions, prompt, setup, view  # noqa: E402
from warp_empires.module import load_module  # noqa: E402
from warp_empires.sim import simulate  # noqa: E402

try:  # who decides, without building the prompt's words (older engines lack it)
    from warp_empires.engine import decider
except ImportError:  # for measuring an older checkout with this script
    def decider(s: Any) -> int:
        return prompt(s).side

if TYPE_CHECKING:
    from warp_empires.engine import State
    from warp_empires.module.defs import Module

SW = Path(__file__).resolve().parents[1] / "modules" / "star_wars"

TAKE_BACK = frozenset({"resign", "undo", "unpick"})  # a random player never takes back
ARRANGING = frozenset({"top", "arrange"})  # putting a unit on top of a stack
SAMPLE_EVERY = 97
PLAYOUT_ACTIONS = 50
PERFT_DEPTH = 4
PERFT_LEAVES = 197_281
REPEAT = 3

TARGETS: dict[str, Any] = {
    "ratio_to_perft_min": 0.65,
    "mean_actions_per_game_max": 400,
    "arranging_share_max": 0.05,
    "playouts_per_second_min": 2500,
    "clone_log_false_us_max": 8.0,
    "textual_imported_by_help": False,
    "textual_imported_by_load_module": False,
}


# --- random play --------------------------------------------------------------------------


def forward(acts: list[Any]) -> list[Any]:
    """The actions that take nothing back; all of them if that leaves none."""
    kept = [a for a in acts if a[0] not in TAKE_BACK]
    return kept or acts


def pick(rng: random.Random, acts: list[Any]) -> Any:
    """One action drawn uniformly from `forward(acts)`, without building that
    list: a draw from the whole list, drawn again while it takes something
    back, and after a few tries a draw from the filtered list (each way is
    uniform over the same actions, so the mixture is too)."""
    n = len(acts)
    for _ in range(4):
        a = acts[int(rng.random() * n)]  # uniform: n is far below 2**53
        if a[0] not in TAKE_BACK:
            return a
    return rng.choice(forward(acts))


def random_games(module: Module, games: int, max_turns: int,
                 logged: bool = False) -> dict[str, Any]:
    """Plays seeds 0..games-1 at random; figures, and with `logged` the verbs
    played and the sampled mid-game states. Timed play keeps no log (nothing reads it: random play,
    like perft, has no use for the words); the logged run plays the very same
    games and keeps every state's log, as a game on screen does."""
    actions = 0
    unfinished = 0
    finished: list[int] = []  # actions of each game that ended before the cap
    verbs: Counter[str] = Counter()
    states: list[State] = []
    player_turns = 0
    started = time.perf_counter()
    for seed in range(games):
        s = setup(module, seed, log_events=logged)
        rng = random.Random(seed)
        before = actions
        if not logged:  # the timed run: nothing but the play itself
            while s.winner < 0 and s.turn <= max_turns:
                apply(s, decider(s), pick(rng, legal_actions(s)))
                actions += 1
        while s.winner < 0 and s.turn <= max_turns:
            a = pick(rng, legal_actions(s))
            apply(s, decider(s), a)
            verbs[a[0]] += 1
            actions += 1
            if actions % SAMPLE_EVERY == 0 and s.winner < 0:
                states.append(s.clone())
        player_turns += min(s.turn, max_turns)
        if s.winner < 0:
            unfinished += 1
        else:
            finished.append(actions - before)
    seconds = time.perf_counter() - started
    return {"actions": actions, "seconds": seconds, "unfinished": unfinished,
            "finished": finished, "verbs": verbs, "states": states,
            "player_turns": player_turns}


# --- perft --------------------------------------------------------------------------------


def perft(board: Any, depth: int) -> int:
    """Leaf nodes `depth` plies below `board` (plain: no counting shortcut at depth 1)."""
    if depth == 0:
        return 1
    leaves = 0
    for move in board.legal_moves:
        board.push(move)
        leaves += perft(board, depth - 1)
        board.pop()
    return leaves


def timed_perft(chess: Any) -> float:
    """Seconds for one perft from the start position; exits if the count is wrong."""
    board = chess.Board()
    started = time.perf_counter()
    leaves = perft(board, PERFT_DEPTH)
    seconds = time.perf_counter() - started
    if leaves != PERFT_LEAVES:
        raise SystemExit(f"perft({PERFT_DEPTH}) counted {leaves} leaf nodes, not "
                         f"{PERFT_LEAVES}: python-chess is broken, no figures")
    return seconds


# --- per call and playouts ----------------------------------------------------------------


def per_call(fn: Callable[[State], object], items: Sequence[State],
             repeat: int = REPEAT) -> float | None:
    """Microseconds per call of fn over items, best of `repeat`."""
    if not items:
        return None
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, (time.perf_counter() - started) / len(items))
    return best * 1e6


def playouts(states: Sequence[State], repeat: int = REPEAT) -> dict[str, Any]:
    """One playout (copy, then up to PLAYOUT_ACTIONS random actions) from each state."""
    best = float("inf")
    actions = 0
    for _ in range(repeat):
        rng = random.Random(0)
        actions = 0
        started = time.perf_counter()
        for s in states:
            c = s.clone(log=False)
            for _ in range(PLAYOUT_ACTIONS):
                if c.winner >= 0:
                    break
                apply(c, decider(c), pick(rng, legal_actions(c)))
                actions += 1
        best = min(best, time.perf_counter() - started)
    n = len(states)
    return {
        "playouts": n,
        "max_actions": PLAYOUT_ACTIONS,
        "seconds": round(best, 4),
        "playouts_per_second": round(n / best, 1) if n and best > 0 else None,
        "mean_actions_per_playout": round(actions / n, 2) if n else None,
    }


# --- imports ------------------------------------------------------------------------------

LOAD_CHECK = """\
import sys
from warp_empires.module import load_module
load_module({path!r})
print('textual' in sys.modules)
"""

HELP_CHECK = """\
import contextlib, io, sys
from warp_empires.cli import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        main(['--help'])
    except SystemExit:
        pass
print('textual' in sys.modules)
"""


def textual_imported(code: str) -> tuple[bool | None, str]:
    """Runs `code` in a fresh interpreter; (its last printed bool, or None, and any error)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=120)
    last = done.stdout.strip().splitlines()[-1:] or [""]
    if done.returncode == 0 and last[0] in ("True", "False"):
        return last[0] == "True", ""
    lines = done.stderr.strip().splitlines()
    return None, lines[-1] if lines else f"exit code {done.returncode}"


# --- report -------------------------------------------------------------------------------


def knockouts(module: Module, games: int) -> dict[str, Any]:
    """RULINGS M8: the share of heuristic v heuristic games (seeds 0..N-1) that
    end within round one, each side's first turn (a removal card taking the
    second side's only marker made it lose at its first upkeep)."""
    h = simulate(module, games, 0, ["heuristic", "heuristic"], 2)  # round one only
    return {"games": games, "ended": h["finished"], "share": round(h["finished"] / games, 3),
            "reasons": h["reasons"]}


def measure(args: argparse.Namespace, note: Callable[[str], None]) -> dict[str, Any]:
    """Every figure, as the JSON object; `note` shows a message without spoiling --json."""
    warnings: list[str] = []
    try:
        import chess
    except ImportError:
        chess = None
        note("python-chess is not installed, so no perft figure: "
             "pip install -e '.[bench]'")
    module = load_module(SW)

    # Perft and random play alternate, so both see the same machine load; keep the best.
    play: dict[str, Any] | None = None
    perft_seconds = float("inf")
    for _ in range(max(1, args.rounds)):
        if chess is not None:
            perft_seconds = min(perft_seconds, timed_perft(chess))
        result = random_games(module, args.games, args.max_turns)
        if play is None:
            play = result
        elif result["actions"] != play["actions"] or result["finished"] != play["finished"]:
            warnings.append(f"random play is not repeatable: {play['actions']} actions in "
                            f"one round, {result['actions']} in another (same seeds)")
        if result["seconds"] < play["seconds"]:
            play["seconds"] = result["seconds"]
    assert play is not None
    # The same games again, untimed, keeping their logs: the mid-game states for
    # the per-call figures and playouts, and a check that keeping no log plays
    # exactly the same games.
    logged = random_games(module, args.games, args.max_turns, logged=True)
    if logged["actions"] != play["actions"] or logged["finished"] != play["finished"]:
        warnings.append(f"random play with a log differs from play without: "
                        f"{logged['actions']} actions against {play['actions']}")
    play["states"] = logged["states"]
    play["verbs"] = logged["verbs"]  # counted in the untimed run: the same games

    actions, seconds, games = play["actions"], play["seconds"], args.games
    verbs: Counter[str] = play["verbs"]
    aps = actions / seconds
    random_play = {
        "games": games,
        "max_turns": args.max_turns,
        "actions": actions,
        "seconds": round(seconds, 4),
        "actions_per_second": round(aps, 1),
        "games_per_second": round(games / seconds, 3),
        "mean_actions_per_game": round(actions / games, 2),
        "unfinished_share": round(play["unfinished"] / games, 4),
        # the mean is dominated by games stalled until the cap: the finished ones apart
        "mean_actions_per_finished_game": round(
            sum(play["finished"]) / max(1, len(play["finished"])), 2),
        "median_actions_per_finished_game": statistics.median(play["finished"] or [0]),
        # what the decisions' shape sets; the mean per game is that times the
        # player-turns a game lasts, which the rules' victory conditions set
        "actions_per_player_turn": round(actions / max(1, play["player_turns"]), 2),
        "arranging_share": round(sum(verbs[v] for v in ARRANGING) / max(1, actions), 4),
        "verbs": dict(verbs.most_common()),
    }
    perft_figures: dict[str, Any] | None = None
    ratio: float | None = None
    if chess is not None:
        leaf_rate = PERFT_LEAVES / perft_seconds
        perft_figures = {
            "python_chess": getattr(chess, "__version__", "?"),
            "depth": PERFT_DEPTH,
            "leaf_nodes": PERFT_LEAVES,
            "seconds": round(perft_seconds, 4),
            "leaf_nodes_per_second": round(leaf_rate, 1),
        }
        ratio = round(aps / leaf_rate, 3)

    states: list[State] = play["states"]
    costs = {
        "clone_log_false": per_call(lambda s: s.clone(log=False), states),
        "clone": per_call(lambda s: s.clone(), states),
        "legal_actions": per_call(legal_actions, states),
        "view_log_false": per_call(lambda s: view(s, 0, log=False), states),
        "to_data": per_call(lambda s: s.to_data(log=False), states),
    }
    if not states:
        warnings.append("no mid-game states were sampled: play more games")

    by_load, load_error = textual_imported(LOAD_CHECK.format(path=str(SW)))
    by_help, help_error = textual_imported(HELP_CHECK)
    for what, error in (("module loading", load_error), ("--help", help_error)):
        if error:
            warnings.append(f"could not check whether {what} imports Textual: {error}")

    heuristic: dict[str, Any] | None = None
    if not args.skip_heuristic:
        n = max(4, games // 10)
        h = simulate(module, n, 0, ["heuristic", "heuristic"], args.max_turns)
        heuristic = {k: h[k] for k in ("games", "actions", "seconds", "actions_per_second",
                                       "turns_mean", "finished", "errors")}
        if h["actions_per_second"]:
            heuristic["random_to_heuristic_ratio"] = round(aps / h["actions_per_second"], 2)
        if h["errors"]:
            warnings.append(f"heuristic games raised errors: {h['error_samples']}")

    knockout = knockouts(module, args.knockout_games) if args.knockout_games else None

    return {
        "module": module.id,
        "rounds": max(1, args.rounds),
        "random_play": random_play,
        "perft": perft_figures,
        "ratio_to_perft_leaf_nodes_per_second": ratio,
        "per_call_us": {"sampled_states": len(states), "sample_every": SAMPLE_EVERY,
                        **{k: None if v is None else round(v, 2) for k, v in costs.items()}},
        "playouts": playouts(states),
        "imports": {"textual_imported_by_help": by_help,
                    "textual_imported_by_load_module": by_load},
        "heuristic": heuristic,
        "round_one": knockout,
        "targets": TARGETS,
        "warnings": warnings,
    }


def yes_no(flag: bool | None) -> str:
    return "unknown" if flag is None else ("yes" if flag else "no")


def num(x: float | None, fmt: str) -> str:
    """x formatted with fmt, or n/a as wide as fmt's width."""
    return "n/a".rjust(int(fmt.split(".")[0] or 0)) if x is None else format(x, fmt)


def show(r: dict[str, Any]) -> None:
    """The human-readable report of `measure`'s figures."""
    t, p = TARGETS, r["random_play"]
    print(f"random play ({r['module']}): {p['games']} games, max {p['max_turns']} turns, "
          f"best of {r['rounds']} round{'s' if r['rounds'] != 1 else ''}")
    print(f"  actions                 {p['actions']:10d}")
    print(f"  seconds                 {p['seconds']:10.2f}")
    print(f"  actions per second      {p['actions_per_second']:10.0f}")
    print(f"  games per second        {p['games_per_second']:10.2f}")
    print(f"  mean actions per game   {p['mean_actions_per_game']:10.0f}"
          f"   (target <= {t['mean_actions_per_game_max']})")
    print(f"  unfinished at turn cap  {p['unfinished_share']:10.1%}")
    print(f"  finished games: mean    {p['mean_actions_per_finished_game']:10.0f}   median "
          f"{p['median_actions_per_finished_game']:.0f} actions")
    print(f"  actions per player-turn {p['actions_per_player_turn']:10.1f}")
    print(f"  arranging (top/arrange) {p['arranging_share']:10.1%}"
          f"   (target <= {t['arranging_share_max']:.0%})")
    top = ", ".join(f"{v} {n / max(1, p['actions']):.0%}"
                    for v, n in list(p["verbs"].items())[:6])
    print(f"  commonest verbs         {top}")
    f = r["perft"]
    if f is None:
        print("perft: skipped (python-chess not installed: pip install -e '.[bench]')")
    else:
        print(f"perft (python-chess {f['python_chess']}, depth {f['depth']}, "
              f"{f['leaf_nodes']} leaf nodes, best of {r['rounds']}):")
        print(f"  seconds                 {f['seconds']:10.2f}")
        print(f"  leaf nodes per second   {f['leaf_nodes_per_second']:10.0f}")
    print(f"  ratio to perft          {num(r['ratio_to_perft_leaf_nodes_per_second'], '10.2f')}"
          f"   (target >= {t['ratio_to_perft_min']}; random actions/s / perft leaf nodes/s)")
    c = r["per_call_us"]
    print(f"per call, over {c['sampled_states']} sampled mid-game states "
          f"(microseconds, best of {REPEAT}):")
    print(f"  clone(log=False)        {num(c['clone_log_false'], '10.1f')}"
          f"   (target <= {t['clone_log_false_us_max']:.0f})")
    print(f"  clone() with log        {num(c['clone'], '10.1f')}")
    print(f"  legal_actions           {num(c['legal_actions'], '10.1f')}")
    print(f"  view(log=False)         {num(c['view_log_false'], '10.1f')}")
    print(f"  to_data                 {num(c['to_data'], '10.1f')}")
    o = r["playouts"]
    print(f"playouts: {o['playouts']}, each clone(log=False) + up to {o['max_actions']} "
          f"random actions, best of {REPEAT}:")
    print(f"  playouts per second     {num(o['playouts_per_second'], '10.0f')}"
          f"   (target >= {t['playouts_per_second_min']:,})")
    print(f"  mean actions per playout {num(o['mean_actions_per_playout'], '10.1f')}")
    i = r["imports"]
    print("imports (each in a fresh process):")
    print(f"  textual imported by --help          {yes_no(i['textual_imported_by_help'])}"
          f"   (target: no)")
    print(f"  textual imported by load_module     {yes_no(i['textual_imported_by_load_module'])}"
          f"   (target: no)")
    h = r["heuristic"]
    if h is not None:
        print(f"heuristic v heuristic: {h['games']} games, {h['actions']} actions, "
              f"{h['actions_per_second']:.0f} actions/s, mean {h['turns_mean']} turns")
        if "random_to_heuristic_ratio" in h:
            print(f"  ratio random/heuristic actions per second: "
                  f"{h['random_to_heuristic_ratio']:.2f}")
    k = r["round_one"]
    if k is not None:
        print(f"heuristic games over in round one: {k['ended']} of {k['games']} "
              f"({k['share']:.1%}) {k['reasons'] or ''}")
    for w in r["warnings"]:
        print(f"warning: {w}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games (seeds 0..N-1)")
    parser.add_argument("--max-turns", type=int, default=300, help="player-turn cap per game")
    parser.add_argument("--rounds", type=int, default=2,
                        help="alternating perft + random play rounds; the best of each is kept")
    parser.add_argument("--skip-heuristic", action="store_true",
                        help="leave out the heuristic v heuristic games")
    parser.add_argument("--knockout-games", type=int, default=0, metavar="N",
                        help="also the share of N heuristic games over in round one (M8)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object and nothing else on stdout")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")

    def note(text: str) -> None:
        print(text, file=sys.stderr if args.json else sys.stdout)

    report = measure(args, note)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        show(report)


if __name__ == "__main__":
    main()

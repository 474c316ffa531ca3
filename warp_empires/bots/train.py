"""Self-play training of the search player's weights, per module (issue 40;
`warp-empires train`).

A run is rounds. In each, the search player plays `games` games against
itself with the round's weights (the first round's: the module's shipped or
the generic ones, never the player's own file, which the run writes); at the
start of each player-turn its position is recorded as the features of the
side to move less its enemy's (bots/evaluate.py, bots/sight.py). A logistic
fit (bots/fit.py) on three games in four gives the next weights; the fourth
game in four is held out, and both the round's weights and the new ones are
scored on it (share of winners called right). Then the new weights play
`eval_games` games against the round's, sides alternating: the win rate
against the previous round. The new weights are written to the output file
after each round, and make the next round's games.

Every game is one task (`play_task`, a plain function of plain data), so the
standard library's process pool or a Dask cluster runs them alike; each
finished game is appended to a JSON-lines log beside the output as it ends,
and a run started again with the same settings plays only the games the log
lacks: a stopped run loses the games in progress, no more.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from warp_empires.engine import Game, view
from warp_empires.engine.state import NO_SIDE
from warp_empires.module import load_module
from warp_empires.module.defs import Module
from warp_empires.module.weights import FEATURES, write_weights

from .conduct import Conduct
from .evaluate import Evaluator
from .fit import fit, judged
from .search import SearchPlayer
from .sight import Sight
from .weights import shipped_weights

# Not fitted: the fit weighs a hand against its holder, which made the search
# play cards for nothing (issue 11, bots/evaluate.py); it keeps its weight.
FIXED = ("cards",)
# The sign each weight must have whatever a round's games say, where the rules
# settle it: a fit on self-play learns what goes with winning, not what makes
# a win, and issue 40's first rounds learned idle_bank +0.09 (winners pile
# money up), which rewards hoarding. +1: at least 0; -1: at most 0.
SIGNS = {
    "force": 1,         # Force makes a battle's total (RULINGS B5): more never hurts
    "leader_force": 1,  # a leader's Force adds to its stack's total (RULINGS B5)
    "revenue": 1,       # income buys units and lifts the upkeep limit (RULINGS R1, U1)
    "bank": 1,          # money may always be left unspent: having it never hurts
    "captives": 1,      # an enemy leader held: some victories count them (RULINGS W1, W2)
    "progress": 1,      # clauses of its own victories met
    "victory_near": 1,  # victories within reach
    "buying_power": 1,  # money it may turn into units it keeps
    "exposed_leaders": -1,  # leaders the enemy may capture next turn (RULINGS B9)
    "capital_threat": -1,   # enemy Force within reach of what the enemy needs to win
    # money beyond what it may keep units for buys nothing this turn; the bank
    # term already counts it for later, so on top of that it may weigh only against
    "idle_bank": -1,
}
PREDICTED_WORSE = "worse fit"  # (the table's words: commands/train.py)
LOST = "no better"
HELD_OUT = 4  # game i is held out when i % HELD_OUT == HELD_OUT - 1
# How hard a round's fit is pulled back to the round's own weights (bots/fit.py,
# in units of the features' spread), chosen each round by cross-validation on
# its training games, FOLDS folds of whole games (a game's positions are alike).
# A fixed pull was wrong both ways: 0.05 let 150 template games overfit (log-loss
# 0.47 on them, 0.65 on the held-out games; held-out accuracy 80.1% -> 76.2%),
# and a 4-game round fitted from nothing swung the weights wildly.
PULLS = (0.05, 0.25, 1.0, 4.0)
FOLDS = 3

Task = dict[str, Any]
Runner = Callable[[list[Task]], Iterator[tuple[Task, dict[str, Any]]]]


@dataclass(frozen=True)
class Plan:
    """What a run is: the same plan and module resume the same run."""

    module: str  # the module folder
    level: str = "normal"
    rounds: int = 3
    games: int = 40
    eval_games: int = 20
    max_turns: int = 60
    seed: int = 0


@dataclass
class RoundResult:
    round: int
    games: int
    finished: int
    held_out: int  # positions held out
    accuracy_before: float | None  # the round's own weights on its held-out games
    accuracy: float | None  # the weights fitted in this round, on the same
    win_rate: float | None  # the new weights against the round's, in eval games
    eval_games: int
    weights: dict[str, float]
    # why the round's own weights were kept, if they were ("": the new ones taken):
    # PREDICTED_WORSE, or LOST (they won no more than half the eval games)
    kept: str = ""
    pull: float | None = None  # the pull cross-validation chose (PULLS)
    # the round's fit whether taken or not: a fit that lost may still be worth
    # trying otherwise (scaled, say) without fitting it again from the log
    fitted: dict[str, float] | None = None


def start_weights(module: Module) -> dict[str, float]:
    """The first round's weights: the module's shipped ones, else generic."""
    return shipped_weights(module)


def run_key(plan: Plan, module: Module) -> str:
    """Names the run in its log: games of another plan or module are not
    reused. Not the number of rounds: a run asked for more rounds later goes
    on from the rounds it has."""
    data = json.dumps({**asdict(plan), "rounds": None, "module": module.fingerprint,
                       "shipped": module.bot_weights}, sort_keys=True)
    return hashlib.sha256(data.encode()).hexdigest()[:16]


@lru_cache(maxsize=4)
def _module(path: str) -> Module:
    return load_module(Path(path))


def play_task(task: Task) -> dict[str, Any]:
    """One game between two search players of `task["weights"]` (first side's,
    second side's), recording the position at each player-turn's start when
    `task["record"]`. Plain data in and out, for any process or cluster."""
    module = _module(task["module"])
    seed = task["seed"]
    game = Game.new(module, seed)
    game.state.undo = None
    players = []
    for side in (0, 1):
        bot = SearchPlayer(module, seed * 2 + side, task["level"])
        bot.weigh(tuple(task["weights"][side]))
        players.append(bot)
    ev, sight = players[0].evaluator, Sight(module, players[0].base.dist)
    rows: list[list[float]] = []
    last = -1
    conduct = Conduct()
    s = game.state
    while not game.over and s.turn <= task["max_turns"]:
        if task["record"] and s.turn != last and s.phase == "draw":
            last = s.turn
            rows.append([float(s.active), *_lead(ev, sight, s, s.active)])
        p = game.prompt()
        action = players[p.side].choose(game.view(p.side, log=False), game.legal_actions())
        conduct.before(s, p.side, action)
        game.apply(p.side, action)
        conduct.after(s)
    return {"id": task["id"], "winner": s.winner, "turns": s.turn, "rows": rows,
            "leaders_lost": conduct.leaders_lost, "turns_played": conduct.turns}


def _lead(ev: Evaluator, sight: Sight, s: Any, side: int) -> list[float]:
    """Every feature of `side` less its enemy's, the richer ones as `side` sees them."""
    mine = ev.features(s, side)
    theirs = ev.features(s, 1 - side)
    rich_mine, rich_theirs = sight.features(view(s, side, log=False))
    return [a - b for a, b in zip(mine + rich_mine, theirs + rich_theirs, strict=True)]


def fit_round(games: list[dict[str, Any]], weights: dict[str, float]
              ) -> tuple[dict[str, float], dict[str, Any]]:
    """The next weights from a round's games, and how they and the round's
    own predict its held-out games.

    A sample also holds which side is to move (+1 the first, -1 the second):
    in many themes one side wins more often whatever the position, and
    without a term for it the fit bends the features' weights to explain it.
    The term is fitted (for the round's own weights too, alone) and left
    out of the weights: a search compares positions of one side, which it
    would not change.

    Weights that predict the held-out games worse (log-loss) than the round's
    own are not taken: the round's own are kept (`kept`), so a round of too
    few games never makes the player worse than it was."""
    train: list[tuple[int, list[float], float]] = []  # (game, sample, won)
    held_x: list[list[float]] = []
    held_y: list[float] = []
    for number, g in enumerate(games):
        if g["winner"] == NO_SIDE:
            continue
        for row in g["rows"]:
            x = [*row[1:], 1.0 if int(row[0]) == 0 else -1.0]
            y = 1.0 if g["winner"] == int(row[0]) else 0.0
            if g["index"] % HELD_OUT == HELD_OUT - 1:
                held_x.append(x)
                held_y.append(y)
            else:
                train.append((number, x, y))
    before = [weights[f] for f in FEATURES]
    new, pull, side_before, side_after = dict(weights), None, 0.0, 0.0
    if train:
        xs, ys = [x for _, x, _ in train], [y for _, _, y in train]
        side_before = _fit_side(before, xs, ys)
        pull = _best_pull(train, weights)
        fitted, side_after = _fit_free(weights, xs, ys, pull)
        new.update(fitted)
    after = [new[f] for f in FEATURES]
    out: dict[str, Any] = {"held_out": len(held_y), "pull": pull, "kept": False,
                           "accuracy": None, "accuracy_before": None, "fitted": dict(new)}
    if held_y:
        old_score = judged([*before, side_before], held_x, held_y)
        new_score = judged([*after, side_after], held_x, held_y)
        out["accuracy_before"] = old_score["accuracy"]
        out["accuracy"] = new_score["accuracy"]
        if new_score["log_loss"] > old_score["log_loss"]:
            new, out["kept"], out["accuracy"] = dict(weights), True, old_score["accuracy"]
    return new, out


def _free() -> list[int]:
    """The fitted features' columns, and the side term's after them."""
    return [i for i, f in enumerate(FEATURES) if f not in FIXED] + [len(FEATURES)]


def _offsets(w: list[float], cols: list[int], xs: list[list[float]]) -> list[float]:
    """Each sample's log-odds from the weights that are not fitted."""
    return [sum(w[i] * x[i] for i in range(len(FEATURES)) if i not in cols) for x in xs]


def _fit_side(before: list[float], xs: list[list[float]], ys: list[float]) -> float:
    """The side term alone, beside the round's own weights."""
    return fit([[x[-1]] for x in xs], ys, offsets=_offsets(before, [], xs))[0]


def _fit_free(weights: dict[str, float], xs: list[list[float]], ys: list[float],
              pull: float) -> tuple[dict[str, float], float]:
    """The fitted weights by feature, pulled back to `weights` with `pull`,
    and the side term."""
    free, before = _free(), [weights[f] for f in FEATURES]
    prior = [weights[FEATURES[i]] for i in free[:-1]] + [_fit_side(before, xs, ys)]
    signs = [SIGNS.get(FEATURES[i], 0) for i in free[:-1]] + [0]  # the side term: free
    fitted = fit([[x[i] for i in free] for x in xs], ys, offsets=_offsets(before, free, xs),
                 prior=prior, pull=pull, signs=signs)
    return ({FEATURES[i]: round(w, 6) for i, w in zip(free[:-1], fitted[:-1], strict=True)},
            fitted[-1])


def _best_pull(train: list[tuple[int, list[float], float]], weights: dict[str, float]
               ) -> float:
    """The pull of PULLS whose fits best predict games left out of them
    (log-loss over FOLDS folds of whole games); the strongest when too few
    games to fold."""
    folds = sorted({g for g, _, _ in train})
    if len(folds) < FOLDS:
        return PULLS[-1]
    losses = {}
    for pull in PULLS:
        total = 0.0
        for k in range(FOLDS):
            out = {g for i, g in enumerate(folds) if i % FOLDS == k}
            fit_on = [(x, y) for g, x, y in train if g not in out]
            test = [(x, y) for g, x, y in train if g in out]
            w, side = _fit_free(weights, [x for x, _ in fit_on], [y for _, y in fit_on], pull)
            vector = [*[{**weights, **w}[f] for f in FEATURES], side]
            total += judged(vector, [x for x, _ in test], [y for _, y in test])["log_loss"] \
                * len(test)
        losses[pull] = total
    return min(PULLS, key=lambda p: (losses[p], -p))  # a tie: the stronger pull


def tasks_for(plan: Plan, key: str, rnd: int, kind: str, weights: dict[str, float],
              rival: dict[str, float] | None = None) -> list[Task]:
    """A round's self-play games ("self") or its games of the new weights
    against the round's ("eval": the new weights on the first side in even games)."""
    count = plan.games if kind == "self" else plan.eval_games
    mine, theirs = [weights[f] for f in FEATURES], [(rival or weights)[f] for f in FEATURES]
    out = []
    for i in range(count):
        pair = [mine, theirs] if kind == "self" or i % 2 == 0 else [theirs, mine]
        # the weights are in the id: a game played with others (a round's
        # weights chosen by another build of this program) is not reused
        played_by = hashlib.sha256(json.dumps(pair).encode()).hexdigest()[:12]
        out.append({"id": [key, rnd, kind, i, played_by], "module": plan.module,
                    "level": plan.level,
                    "weights": pair, "seed": plan.seed + rnd * 100_003 + i
                    + (50_000 if kind == "eval" else 0),
                    "max_turns": plan.max_turns, "record": kind == "self"})
    return out


Done = dict[tuple[int, str, int, str | None], dict[str, Any]]


def read_log(path: Path, key: str) -> Done:
    """Finished games of this run in the log, by round, kind, number and the
    weights that played; a line cut short is skipped."""
    out: Done = {}
    if not path.exists():
        return out
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            r = json.loads(line)
            k, rnd, kind, i, *played_by = r["id"]
        except (ValueError, KeyError, TypeError):
            continue
        if k == key:  # (a log of before the weights were in the id: reused as it is)
            out[(rnd, kind, i, played_by[0] if played_by else None)] = r
    return out


def inline(tasks: list[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
    """Plays the tasks one after the other in this process."""
    for t in tasks:
        yield t, play_task(t)


def pool_runner(jobs: int) -> Runner:
    """The tasks in `jobs` processes of the standard library's pool, as they end."""
    def run(tasks: list[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(jobs) as pool:
            futures = {pool.submit(play_task, t): t for t in tasks}
            try:
                for f in as_completed(futures):
                    yield futures[f], f.result()
            finally:
                pool.shutdown(cancel_futures=True)
    return run


def train(plan: Plan, out: Path, runner: Runner = inline,
          progress: Callable[[int, str, int, int], None] | None = None) -> list[RoundResult]:
    """Runs (or resumes) `plan`, writing the weights to `out` after each round
    and each finished game to the log beside it; the rounds' results."""
    module = _module(plan.module)
    key = run_key(plan, module)
    log = log_path(out)
    done = read_log(log, key)
    weights = start_weights(module)
    results = []
    def ticker(rnd: int, kind: str, total: int) -> Callable[[int], None]:
        def tick(n: int) -> None:
            if progress is not None:
                progress(rnd, kind, n, total)
        return tick

    pool: list[dict[str, Any]] = []  # every round's self-play games so far
    for rnd in range(1, plan.rounds + 1):
        games = _play(tasks_for(plan, key, rnd, "self", weights), done, log, runner,
                      ticker(rnd, "self", plan.games))
        # fitted on the games of every round so far: who wins from a position
        # does not depend on the weights that reached it, and a few hundred
        # short games overfit (fit_round)
        pool += games
        new, judged_ = fit_round(pool, weights)
        evals = [] if judged_["kept"] else _play(
            tasks_for(plan, key, rnd, "eval", new, weights), done, log, runner,
            ticker(rnd, "eval", plan.eval_games))
        won = [g for g in evals if g["winner"] != NO_SIDE]
        wins = sum(1 for g in won if g["winner"] == (0 if g["index"] % 2 == 0 else 1))
        rate = round(wins / len(evals), 4) if evals else None
        kept = PREDICTED_WORSE if judged_["kept"] else ""
        if rate is not None and rate <= 0.5:
            # better predictions that play no better (the template's second
            # round: 45% of 200; its third 50%): the next round is made by the
            # player it did not beat
            kept, new = LOST, weights
        results.append(RoundResult(
            rnd, len(games), sum(1 for g in games if g["winner"] != NO_SIDE),
            judged_["held_out"], judged_["accuracy_before"], judged_["accuracy"],
            rate, len(evals), new, kept, judged_["pull"], judged_["fitted"]))
        write_weights(out, new, f"warp-empires train: {module.id} round {rnd} of "
                                f"{plan.rounds}, {plan.games} games at level {plan.level}")
        weights = new
    return results


def log_path(out: Path) -> Path:
    return out.with_name(out.name + ".games.jsonl")


def _play(tasks: list[Task], done: Done, log: Path, runner: Runner,
          tick: Callable[[int], None]) -> list[dict[str, Any]]:
    """The tasks' games: from the log where it has them, else played and logged."""
    todo = [t for t in tasks if _logged(t, done) is None]
    count = len(tasks) - len(todo)
    tick(count)
    if todo:
        log.parent.mkdir(parents=True, exist_ok=True)
        for task, result in runner(todo):
            record = {**result, "id": task["id"]}
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            _, rnd, kind, i, played_by = task["id"]
            done[(rnd, kind, i, played_by)] = record
            count += 1
            tick(count)
    return [{**(_logged(t, done) or {}), "index": t["id"][3]} for t in tasks]  # all logged now


def _logged(task: Task, done: Done) -> dict[str, Any] | None:
    """The task's game in the log: played by its weights, or logged before
    the weights were in the id."""
    _, rnd, kind, i, played_by = task["id"]
    return done.get((rnd, kind, i, played_by)) or done.get((rnd, kind, i, None))

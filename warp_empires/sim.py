"""Playing games between computer players, for `simulate`, benchmarks and tests."""

from __future__ import annotations

import math
import os
import statistics
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .bots import make_player
from .engine import Game
from .engine.invariants import broken
from .module.defs import Module

if TYPE_CHECKING:
    from .saves.position import Position


@dataclass
class GameResult:
    seed: int
    winner: int  # -1: unfinished or errored
    reason: str
    turns: int
    actions: int
    error: str = ""
    history: list[list[int]] = field(default_factory=list)


def seat(module: Module, players: list[str]) -> list[str]:
    """Player kinds by side index: the first plays the module's first [[side]],
    as `play --players` seats them (a modder-tester found the two commands
    seating the same list on opposite sides when `first_side` was the
    other; it may also be a die's, docs/rules.md G3)."""
    return [players[0], players[1]]


def play_game(module: Module, seed: int, kinds: list[str], max_turns: int,
              check: bool = False, optional: list[str] | None = None,
              position: Position | None = None,
              scenario: str | None = None) -> tuple[Game, GameResult]:
    """One game to its end or past `max_turns` player-turns, with the optional
    rules named (RULINGS O1-O5), or from `position` (its own optional rules;
    the seed shuffles what it leaves out); errors are caught and reported, so
    that one bad game does not stop a whole simulation."""
    if position is not None:
        from .saves.position_game import position_game

        game = position_game(module, position, seed)
    else:
        options: dict[str, Any] = {"optional": list(optional)} if optional else {}
        if scenario is not None:
            options["scenario"] = scenario  # docs/rules.md G3
        game = Game.new(module, seed, options or None)
    game.state.undo = None  # computer players take nothing back: no checkpoints to keep
    # turns before this game's first (a position starts mid-game): not its length
    before = max(game.state.turn - 1, 0)
    # the module as the game plays it: a scenario's victories are the goals (rules.md G3)
    players = [make_player(k, game.state.module, seed * 2 + i) for i, k in enumerate(kinds)]
    try:
        while not game.over and game.state.turn <= max_turns:
            p = game.prompt()
            action = players[p.side].choose(game.view(p.side, log=False),
                                            game.legal_actions())
            game.apply(p.side, action)
            if check and (problems := broken(game.state)):
                raise AssertionError("; ".join(problems))
    except Exception as err:  # noqa: BLE001 - reported per game, see docstring
        return game, GameResult(seed, -1, "", game.state.turn, len(game.actions),
                                f"{type(err).__name__}: {err}")
    s = game.state
    # stopped at the cap, the state is at the start of a turn nobody played
    played = (s.turn if game.over else s.turn - 1) - before
    return game, GameResult(seed, s.winner, s.win_reason, played, len(game.actions),
                            history=s.history)


def simulate(module: Module, games: int, seed: int, players: list[str], max_turns: int,
             check: bool = False, save_dir: Path | None = None,
             progress: Callable[[int], None] | None = None,
             replace: bool = False, jobs: int = 1,
             optional: list[str] | None = None,
             position: Position | None = None,
             scenario: str | None = None) -> dict[str, Any]:
    """Plays `games` games with seeds seed, seed+1, ...; returns the summary.
    With `save_dir`, each game is saved as sim-MODULE-SEED.wes there; a file
    already there is replaced only with `replace` (checked before any game is
    played: SaveExists). `jobs` > 1 plays them in that many processes: every
    game depends on its seed alone, so the results are the same. `optional`:
    the optional rules every game plays with (RULINGS O1-O5); `position`: the
    position file every game starts from (docs/positions.md); `scenario`: the
    module's scenario every game plays (docs/rules.md G3)."""
    kinds = seat(module, players)
    if save_dir is not None and not replace:
        from .saves import SaveExists

        for i in range(games):
            path = sim_save_path(module, save_dir, seed + i)
            if os.path.lexists(path):
                raise SaveExists(path, "already exists; not replaced (--force replaces it)")
    started = time.perf_counter()
    results: list[GameResult] = []
    seeds = [seed + i for i in range(games)]
    if position is not None:
        optional = list(position.optional)
    task = (module, kinds, max_turns, check, save_dir, sorted(optional or []), position,
            scenario)
    for result in _played(task, seeds, jobs):
        results.append(result)
        if progress is not None:
            progress(len(results))
    results.sort(key=lambda r: r.seed)
    seconds = time.perf_counter() - started
    summary = summarise(module, kinds, results, seconds)
    summary["options"] = sorted(optional or [])
    if scenario is not None:
        summary["scenario"] = scenario
    if position is not None:
        summary["position"] = {"name": position.name, "sha256": position.sha256}
    return summary


Task = tuple[Module, list[str], int, bool, "Path | None", list[str], "Position | None",
             "str | None"]


def _played(task: Task, seeds: list[int], jobs: int) -> Iterator[GameResult]:
    """Each game's result as it comes in, from this process or `jobs` others."""
    if jobs <= 1 or len(seeds) <= 1:
        for s in seeds:
            yield _one(task, s)
        return
    with ProcessPoolExecutor(max_workers=min(jobs, len(seeds))) as pool:
        yield from pool.map(_one, [task] * len(seeds), seeds, chunksize=1)


def _one(task: Task, seed: int) -> GameResult:
    """One game, saved if asked; a module-level function so a process pool can run it."""
    module, kinds, max_turns, check, save_dir, optional, position, scenario = task
    game, result = play_game(module, seed, kinds, max_turns, check, optional, position,
                             scenario)
    if save_dir is not None:
        from .saves import save_game

        save_game(game, sim_save_path(module, save_dir, seed), players=kinds, force=True)
    result.history = []  # not needed past here, and costly to send between processes
    return result


def win_rate(wins: int, games: int) -> dict[str, float]:
    """The share of games won with its 95% confidence interval (Wilson's
    score interval: sound for small counts and rates near 0 or 1)."""
    if games == 0:
        return {"rate": 0.0, "low": 0.0, "high": 0.0}
    z = 1.959964
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return {"rate": round(p, 4), "low": round(max(0.0, centre - half), 4),
            "high": round(min(1.0, centre + half), 4)}


def sim_save_path(module: Module, save_dir: Path, seed: int) -> Path:
    return Path(save_dir) / f"sim-{module.id}-{seed}.wes"


def summarise(module: Module, kinds: list[str], results: list[GameResult],
              seconds: float) -> dict[str, Any]:
    ids = [s.id for s in module.sides]
    actions = sum(r.actions for r in results)
    reasons: dict[str, int] = {}
    for r in results:
        if r.winner >= 0:
            key = f"{ids[r.winner]}: {r.reason}"
            reasons[key] = reasons.get(key, 0) + 1
    return {
        "module": module.id,
        "games": len(results),
        "players": {ids[i]: kinds[i] for i in (0, 1)},
        "finished": sum(1 for r in results if r.winner >= 0),
        "unfinished": sum(1 for r in results if r.winner < 0 and not r.error),
        "wins": {ids[i]: sum(1 for r in results if r.winner == i) for i in (0, 1)},
        # the share of all games won by the side that plays the first turn
        "first_side_win_rate": round(sum(1 for r in results
                                         if r.winner == module.rules.first_side)
                                     / max(1, len(results)), 3),
        # each side's share of all games played, unfinished ones counting as not won
        "win_rates": {ids[i]: win_rate(sum(1 for r in results if r.winner == i), len(results))
                      for i in (0, 1)},
        "reasons": dict(sorted(reasons.items())),
        "errors": sum(1 for r in results if r.error),
        "error_samples": [f"seed {r.seed}: {r.error}" for r in results if r.error][:5],
        "turns_mean": round(sum(r.turns for r in results) / max(1, len(results)), 2),
        # how long games run: a mean hides a theme whose games end at once or never
        "turns_quartiles": quartiles([r.turns for r in results]),
        "turns_range": [min((r.turns for r in results), default=0),
                        max((r.turns for r in results), default=0)],
        # each side's wins by how they came about (the module's own words)
        "causes": {ids[i]: _count(r.reason for r in results if r.winner == i) for i in (0, 1)},
        # every game: its seed (to replay it), length, winner and how it ended
        "per_game": [{"seed": r.seed, "turns": r.turns, "actions": r.actions,
                      "winner": ids[r.winner] if r.winner >= 0 else None,
                      "ended": r.reason if r.winner >= 0 else
                      f"error: {r.error}" if r.error else "turn cap"} for r in results],
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds, 1) if seconds > 0 else 0.0,
    }


def quartiles(values: list[int]) -> list[float]:
    """The lower quartile, the median and the upper quartile (inclusive
    method: a quartile lies between the values it splits)."""
    if not values:
        return [0.0, 0.0, 0.0]
    if len(values) == 1:
        return [float(values[0])] * 3
    q = statistics.quantiles(values, n=4, method="inclusive")
    return [round(x, 2) for x in q]


def _count(reasons: Iterator[str] | Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for reason in reasons:
        out[reason] = out.get(reason, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))

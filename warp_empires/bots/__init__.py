"""Computer players. Each sees only `view(state, side)` and the legal actions,
and answers through the same `apply` as a person."""

from __future__ import annotations

from warp_empires.module import ModuleError
from warp_empires.module.defs import Module

from .base import Player
from .heuristic import HeuristicPlayer
from .levels import DEFAULT_LEVEL, LEVELS
from .oldkeep import BASELINE, heuristic_discard, search_discard
from .random_player import RandomPlayer
from .search import BASELINE as V1
from .search import SearchPlayer
from .solo import SoloPlayer
from .weights import as_vector, shipped_weights, weights_for

# `bot:LEVEL:untrained`: that level with the module's shipped weights (or the
# generic ones), whatever the player trained: what `train` is measured against.
UNTRAINED = ":untrained"

# The search player's levels are "bot:easy", "bot:normal", "bot:hard"; "bot"
# alone is the normal level. `solo` (RULINGS O6) needs the module's [solo]
# tables: `unavailable` says so.
BOT_LEVELS = tuple(f"bot:{name}" for name in LEVELS)
PLAYER_KINDS = (*BOT_LEVELS, "heuristic", "random", "solo")
STRONGEST = f"bot:{DEFAULT_LEVEL}"


def known_kind(kind: str) -> bool:
    return kind == "bot" or kind in PLAYER_KINDS


def unavailable(kind: str, module: Module) -> str | None:
    """Why this kind of player cannot play with this module, or None."""
    if kind == "solo" and module.solo is None:
        return (f"the solo opponent needs the module's [solo] tables, and {module.name} "
                f"has none")
    if kind == "bot" or kind in BOT_LEVELS:
        try:  # the player's own trained file comes first (bots/weights.py)
            weights_for(module)
        except ModuleError as error:
            return (f"{error.problems[0]} (the computer player's own trained weights: "
                    f"mend or delete that file, or run `warp-empires train` again)")
    return None


def make_player(kind: str, module: Module, seed: int = 0, timed: bool = False) -> Player:
    """A computer player by name; 'bot' means the search player's normal level.
    `timed`: a person waits for it, so a search also stops at its level's time
    limit (else only its node budget counts, and a seed decides alike anywhere).
    A kind ending in oldkeep.BASELINE (`heuristic:oldkeep`, `bot:normal:oldkeep`)
    is that player with the discards of before issue 39, and `bot:LEVEL:v1` the
    search level with the evaluation of before issue 40 (a named baseline),
    and `bot:LEVEL:untrained` the level without the player's own trained weights,
    for benchmarks only: known_kind and PLAYER_KINDS do not name them."""
    if kind.endswith(BASELINE):
        return _old_discards(make_player(kind[:-len(BASELINE)], module, seed, timed))
    if kind == "bot":
        kind = STRONGEST
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "heuristic":
        return HeuristicPlayer(module, seed)
    if kind == "solo":
        return SoloPlayer(module, seed)
    if kind in BOT_LEVELS:
        return SearchPlayer(module, seed, kind.split(":", 1)[1], timed)
    if kind.endswith(UNTRAINED) and kind[:-len(UNTRAINED)] in BOT_LEVELS:
        player = SearchPlayer(module, seed, kind[4:-len(UNTRAINED)], timed)
        player.weigh(as_vector(shipped_weights(module)))
        player.kind += UNTRAINED
        return player
    if kind.endswith(V1) and kind[:-len(V1)] in BOT_LEVELS:
        return SearchPlayer(module, seed, kind[4:-len(V1)], timed, baseline=True)
    raise ValueError(f"unknown player kind {kind!r} (choose from bot, "
                     f"{', '.join(PLAYER_KINDS)})")


def _old_discards(player: Player) -> Player:
    if isinstance(player, SearchPlayer):
        player.discard = search_discard
        for p in (player.base, *player.rollers):
            p.discard = heuristic_discard
    elif isinstance(player, HeuristicPlayer):
        player.discard = heuristic_discard
    else:
        raise ValueError(f"{player.kind} has no old discards to play with")
    return player


__all__ = ["BOT_LEVELS", "PLAYER_KINDS", "Player", "STRONGEST", "known_kind", "make_player",
           "unavailable"]

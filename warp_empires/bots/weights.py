"""Which weights a search player's evaluation uses for a module, first found
winning: the player's own trained file (`warp-empires train` writes it to
weights/MODULE-ID.json in the user data folder), the module's weights.json
beside its TOML files, then the generic defaults. A file may leave features
out: they take the module's, or the generic default (module/weights.py
reads and checks files).
"""

from __future__ import annotations

from pathlib import Path

from warp_empires.module.defs import Module
from warp_empires.module.weights import FEATURES, read_weights
from warp_empires.paths import user_data_dir

# For a module that ships none: the weights fitted on the shipped module before issue 40
# (bots/evaluate.py tells how), the only fit there was; a module of another
# scale or pace plays better with its own (`warp-empires train`).
# Measured, not kept (issue 40): on the `module new` template, normal with
# hand-set weights against normal with these, sides alternating, never won
# 65%: Force at 0.05 57% of 100, 0.15 52% of 200, 0.3 54% of 200; with
# revenue 0.2 too 53.5% of 200; exposed leaders at -0.5 47% of 100; captives
# and progress at 1.0 51% of 100. Its games go to the side that moves first
# (72-78% whatever the weights), and `train` there kept these (round 2: the
# fit called 76.5% of held-out winners right against 74.9%, and won 49.0% of
# 200). On the shipped module, exposed leaders at -0.1 won 94 of 106 deals
# against the heuristic against 92, and lost 12.78 leaders per 100 own
# player-turns against 12.97: alike; so did progress at 0.2 (173 of 200
# against 172, 13.13 leaders lost against 13.16). A self-play fit there
# (`train`, 100 games) called 85.5% of held-out winners right against 81.5%
# and won 38 of 100 against these: what predicts a win is not what to aim for.
# Nor tuned by play (session 19; `train --pairs`, git show bd1587b): SPSA,
# pairs of games on one seed between the weights nudged one way and the
# other, every weight at once, stepping toward the nudge that won. On the
# template, 480 pairs from these won 111 of 200 (55.5%) against them; 600
# pairs from a round's fit won 47 of 100 against the round's own. The
# template's games are little moved by the weights: these won 67 of 100
# against weights of nothing (a position scores as even until a playout ends
# the game), and normal itself beats the heuristic there in 65% of 40 games
# (90% as the first side, 40% as the second; bench_bot.py --module).
# Their scale (session 25, the template, normal against normal:untrained):
# these at half won 116 of 200 (seeds 0-199) and 104 of 200 (seeds 200-399),
# 55.0% of 400; at a quarter 52 of 100, at four times 49 of 100. A round's
# fit (train, 200 games: held-out winners 76.3% right against 69.3%) won 42
# of 100 as fitted, 56 at half, 59 at three tenths, and at half 57 of 100
# against these at half: a search trusts a fit less than the fit trusts
# itself, but no scale made 65%. Nor does more search: hard against
# normal:untrained there won 55 of 100 (74% as the first side, 36% as the
# second). Not kept: 55% of 400 is too little to change every new module's player.
GENERIC = {"force": 0.0057, "leaders": -0.1986, "leader_force": 0.1324, "revenue": 0.0727,
           "bank": 0.0003, "cards": 0.004, "captives": 0.1761, "progress": 0.1067,
           "stacks": 0.0737,
           # issue 40's richer features: nothing until a module is trained
           "exposed_leaders": 0.0, "capital_threat": 0.0, "victory_near": 0.0,
           "buying_power": 0.0, "idle_bank": 0.0}


def user_weights_path(module: Module) -> Path:
    """Where the player's own trained weights for `module` are kept."""
    return user_data_dir() / "weights" / f"{module.id}.json"


def shipped_weights(module: Module) -> dict[str, float]:
    """The weights by feature before any training of the player's own: the
    module's, else GENERIC's (`train`'s first round; `bot:LEVEL:untrained`)."""
    return {**GENERIC, **(module.bot_weights or {})}


def weights_for(module: Module) -> dict[str, float]:
    """The weights by feature (every feature named): the player's own file's,
    else the module's, else GENERIC's. ModuleError (one line) for a bad own file."""
    own = user_weights_path(module)
    mine = read_weights(own) if own.exists() or own.is_symlink() else {}
    return {**shipped_weights(module), **mine}


def as_vector(weights: dict[str, float]) -> tuple[float, ...]:
    """Weights by feature in FEATURES order (the evaluation's)."""
    return tuple(weights[f] for f in FEATURES)

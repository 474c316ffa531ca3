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
GENERIC = {"force": 0.0057, "leaders": -0.1986, "leader_force": 0.1324, "revenue": 0.0727,
           "bank": 0.0003, "cards": 0.004, "captives": 0.1761, "progress": 0.1067,
           "stacks": 0.0737,
           # issue 40's richer features: nothing until a module is trained
           "exposed_leaders": 0.0, "capital_threat": 0.0, "victory_near": 0.0,
           "buying_power": 0.0, "idle_bank": 0.0}


def user_weights_path(module: Module) -> Path:
    """Where the player's own trained weights for `module` are kept."""
    return user_data_dir() / "weights" / f"{module.id}.json"


def weights_for(module: Module) -> dict[str, float]:
    """The weights by feature (every feature named): the player's own file's,
    else the module's, else GENERIC's. ModuleError (one line) for a bad own file."""
    own = user_weights_path(module)
    mine = read_weights(own) if own.exists() or own.is_symlink() else {}
    return {**GENERIC, **(module.bot_weights or {}), **mine}


def as_vector(weights: dict[str, float]) -> tuple[float, ...]:
    """Weights by feature in FEATURES order (the evaluation's)."""
    return tuple(weights[f] for f in FEATURES)

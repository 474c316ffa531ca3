"""The computer player's weights as data: `weights.json` beside a module's
TOML files, or a player's own trained file (bots/weights.py finds it).

    {"format": 1, "weights": {"force": 0.0057, "leaders": -0.1986, ...},
     "about": "free text: how they were fitted"}

Each weight is the log-odds of winning per unit of lead in one feature of a
position (bots/evaluate.py counts them); a feature the file leaves out takes
the generic default. The weights are not rules: a file of them is no part of
the module's fingerprint (module/assemble.py hashes the TOML files only), so
saves made before them, or with other weights, load alike. A bad file is one
line naming the file and the key.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from .errors import ModuleError, shown, shown_path
from .files import Refused, read_bounded

FILE = "weights.json"
FORMAT = 1
MAX_BYTES = 64 * 1024
# Far past any fitted weight (the largest is ~0.2), so a typo of magnitude is caught.
MAX_WEIGHT = 1000.0

# What the evaluation counts for a side, in order (bots/evaluate.py and
# bots/sight.py compute them; docs/module-format.md explains each to modders).
V1_FEATURES = (
    "force",         # printed Force of its units on the map, leaders aside
    "leaders",       # its leaders on the map
    "leader_force",  # their printed Force
    "revenue",       # revenue of the territories bearing its marker
    "bank",          # revenue points kept
    "cards",         # the heuristic's worth of the cards in hand it may play
    "captives",      # enemy leaders it holds (RULINGS B9)
    "progress",      # clauses of its victory conditions met, each condition 0..1
    "stacks",        # its stacks on the map: room to spread and to hold territory
)
# issue 40's, counted from the side's own view (bots/sight.py)
RICH_FEATURES = (
    "exposed_leaders",  # its leaders in stacks outweighed by enemy Force within reach
    "capital_threat",   # enemy Force within reach of what the enemy's victories need
    "victory_near",     # best share of a victory's territories held or takeable next turn
    "buying_power",     # bank it can turn into units it may keep
    "idle_bank",        # bank beyond that
)
FEATURES = V1_FEATURES + RICH_FEATURES
KEYS = ("format", "weights", "about")


class BadWeights(Exception):
    """What is wrong with a weights file: the key (empty for the whole file),
    the message, and the line when known."""

    def __init__(self, key: str, message: str, line: int | None = None) -> None:
        super().__init__(f"{key}: {message}" if key else message)
        self.key, self.message, self.line = key, message, line

    def line_for(self, where: str) -> str:
        """One problem line: the file (and line), the key, what is wrong."""
        at = f"{where}:{self.line}" if self.line else where
        return f"{at}: {self}"


def read_weights(path: Path) -> dict[str, float]:
    """The weights in the file at `path`, by feature; ModuleError (one line,
    naming the file and the key) when it is not such a file."""
    where = shown_path(path)
    try:
        return parse_weights(read_bounded(path, MAX_BYTES))
    except Refused as err:
        raise ModuleError([f"{where}: {err}"]) from None
    except BadWeights as err:
        raise ModuleError([err.line_for(where)]) from None


def parse_weights(raw: bytes) -> dict[str, float]:
    """A weights file's bytes as weights by feature, or BadWeights."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadWeights("", "is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise BadWeights("", f"not JSON: {err.msg}", err.lineno) from None
    return check_weights(data)


def check_weights(data: Any) -> dict[str, float]:
    """`data` (a weights file's JSON) as weights by feature, or BadWeights."""
    if not isinstance(data, dict):
        raise BadWeights("", f"must be a JSON object with {', '.join(KEYS)}")
    for key in data:
        if key not in KEYS:
            raise BadWeights(shown(str(key), 40),
                             f"unknown key (a weights file has {', '.join(KEYS)})")
    if data.get("format") != FORMAT or type(data.get("format")) is not int:
        raise BadWeights("format", f"must be {FORMAT}, the weights format this version reads")
    if "about" in data and not isinstance(data["about"], str):
        raise BadWeights("about", "must be text")
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise BadWeights("weights", "must be an object of feature names and numbers")
    out: dict[str, float] = {}
    for name, value in weights.items():
        key = f"weights.{shown(str(name), 40)}"
        if name not in FEATURES:
            raise BadWeights(key, f"not a feature (one of {', '.join(FEATURES)})")
        if type(value) not in (int, float) or not math.isfinite(value) \
                or abs(value) > MAX_WEIGHT:
            raise BadWeights(key, f"must be a number from -{MAX_WEIGHT:g} to {MAX_WEIGHT:g}, "
                                  f"not {shown(json.dumps(value), 30)}")
        out[name] = float(value)
    return out


def write_weights(path: Path, weights: dict[str, float], about: str = "") -> None:
    """Writes a weights file that read_weights reads back (atomically: a run
    stopped while writing leaves the old file whole)."""
    data = {"format": FORMAT, "weights": {k: weights[k] for k in FEATURES if k in weights},
            "about": about}
    check_weights(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    part.replace(path)

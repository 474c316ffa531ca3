"""Machine instructions per random action, for comparisons that the machine's
load cannot disturb: plays N random actions (as bench_engine.py's random play)
and nothing else, to be counted by valgrind, once with 0 and once with N:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/instructions.py 12000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/instructions.py 0

(difference of the two "Collected" totals) / N = instructions per action.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from warp_empires.engine import apply, legal_actions, prompt, setup  # noqa: E402
from warp_empires.module import load_module  # noqa: E402

BACKWARD = frozenset({"resign", "undo", "unpick"})


def main(n: int) -> None:
    module = load_module(Path(__file__).resolve().parents[1] / "modules" / "star_wars")
    done = seed = 0
    while done < n:
        s = setup(module, seed)
        rng = random.Random(seed)
        seed += 1
        while s.winner < 0 and s.turn <= 300 and done < n:
            acts = [a for a in legal_actions(s) if a[0] not in BACKWARD]
            apply(s, prompt(s).side, rng.choice(acts))
            done += 1


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12000)

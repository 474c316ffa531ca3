"""The key fuzzer's figures (issue 33): random keys through the decision
controller in each mode (hot seat, against the computer, joined to a server
over a loopback), and through the whole app under Pilot at 120x40 and 80x24;
and the burst figure: hot-seat games typed as one write each (hand-overs and
two-digit rows crossed), the decisions made against the decisions meant.
Prints keys sent, crashes and decisions lost; asserts nothing.

    .venv/bin/python benchmarks/bench_keyfuzz.py [--keys 100000] [--app-keys 5000]
        [--bursts 10] [--json]

A burst's meaning is the person's plan (tests/tui/typist.py): its keys typed
one at a time into a controller without a screen, the screen read after each;
the same keys are then queued in the app at once.

The controller's share: tests/tui/keyfuzz.py (what a crash is: an exception or
a state that disagrees with the session). The app's: tests/tui/appfuzz.py (an
exception in the app). Both are seeded: `--seed` gives the first game's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.tui.keyfuzz import MODES, fuzz  # noqa: E402
from warp_empires.module import load_module  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=100_000, help="through the controller")
    parser.add_argument("--app-keys", type=int, default=5_000, help="through the whole app")
    parser.add_argument("--bursts", type=int, default=10, help="hot-seat bursts of 40 decisions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    # The apps keep files in the data folder (a joined seat's hand order,
    # crash logs): a benchmark's go to a folder of its own, not the person's.
    import os
    import tempfile

    home = tempfile.mkdtemp(prefix="bench-keyfuzz-")
    os.environ["XDG_DATA_HOME"] = os.path.join(home, "data")
    os.environ["XDG_CONFIG_HOME"] = os.path.join(home, "config")
    module = load_module("star_wars")
    out: dict[str, object] = {"controller": {}, "app": {}}
    for mode in MODES:
        start = time.perf_counter()
        r = fuzz(module, mode, args.seed, -(-args.keys // len(MODES)))
        out["controller"][mode] = {  # type: ignore[index]
            "keys": r.keys, "decisions": r.decisions, "games": r.games,
            "crashes": len(r.crashes), "first": r.crashes[:3],
            "seconds": round(time.perf_counter() - start, 1)}
    if args.app_keys:
        from tests.tui.appfuzz import SIZES, app_fuzz

        share = -(-args.app_keys // (len(MODES) * len(SIZES)))
        for mode in MODES:
            for size in SIZES:
                start = time.perf_counter()
                r = asyncio.run(app_fuzz(module, mode, size, args.seed, share))
                out["app"][f"{mode} {size[0]}x{size[1]}"] = {  # type: ignore[index]
                    "keys": r.keys, "decisions": r.decisions, "crashes": len(r.crashes),
                    "first": r.crashes[:3], "seconds": round(time.perf_counter() - start, 1)}
    total = {part: {"keys": sum(v["keys"] for v in rows.values()),  # type: ignore[union-attr]
                    "crashes": sum(v["crashes"] for v in rows.values())}  # type: ignore[union-attr]
             for part, rows in out.items()}
    if args.bursts:
        from tests.tui.burst_bench import bursts

        out["bursts"] = asyncio.run(bursts(module, args.bursts, args.seed))
    out["total"] = total
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for part, rows in out.items():
        if part in ("total", "bursts"):
            continue
        print(f"{part}:")
        for name, v in rows.items():  # type: ignore[union-attr]
            print(f"  {name:<18} {v['keys']:>7} keys  {v['decisions']:>6} decisions  "
                  f"{v['crashes']} crashes  {v['seconds']} s")
            for line in v["first"]:
                print(f"      {line}")
        print(f"  total {total[part]['keys']} keys, {total[part]['crashes']} crashes")
    if "bursts" in out:
        b = out["bursts"]
        print(f"bursts: {b['bursts']} hot-seat bursts at 120x40, {b['keys']} keys in all "
              f"({b['enters']} Enter, {b['digit_pairs']} digits straight after a digit), "
              f"{b['meant']} decisions meant, {b['made']} made, {b['lost']} lost or different")


if __name__ == "__main__":
    main()

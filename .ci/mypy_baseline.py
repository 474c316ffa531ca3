#!/usr/bin/env python3
"""mypy for CI: no error at all in the strict paths, and elsewhere none that
the recorded baseline does not list. The baseline may only shrink.

    python .ci/mypy_baseline.py            # check (exit 1 on any failure)
    python .ci/mypy_baseline.py --update   # record the errors outside the strict paths

Both read [tool.mypy] in pyproject.toml (what mypy checks, and how) and
[tool.warp_empires.mypy] (`strict`: paths that may hold no error, whether
they exist yet or not; `baseline`: the file of recorded errors). An error is
recorded without its line number, as `path: message  [code]`, once for each
time it occurs, so that lines moving above it do not count as a change.

A check fails on an error in a strict path, on an error the baseline does
not list (or more of one than it lists), and on baseline entries that no
longer occur: the baseline is then out of date, and --update records that
they are fixed, so that they cannot come back unnoticed.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# "warp_empires/engine/api.py:61: error: Argument 1 ...  [arg-type]"
ERROR = re.compile(r"^(?P<path>[^:\n]+\.pyi?):(?P<line>\d+)(?::\d+)?: error: (?P<text>.*)$")


def settings(root: Path = ROOT) -> tuple[list[str], Path]:
    """The strict paths and the baseline file, from pyproject.toml."""
    with open(root / "pyproject.toml", "rb") as f:
        table = tomllib.load(f)["tool"]["warp_empires"]["mypy"]
    return [p.rstrip("/") for p in table["strict"]], root / table["baseline"]


def errors(output: str) -> list[tuple[str, str]]:
    """(path, 'message  [code]') for each error of mypy's output; notes are left out."""
    out = []
    for line in output.splitlines():
        m = ERROR.match(line.strip())
        if m:
            out.append((m["path"].replace("\\", "/"), m["text"].strip()))
    return out


def is_strict(path: str, strict: Iterable[str]) -> bool:
    return any(path == p or path.startswith(p + "/") for p in strict)


def key(path: str, text: str) -> str:
    return f"{path}: {text}"


def compare(found: list[tuple[str, str]], baseline: Counter[str],
            strict: list[str]) -> tuple[list[str], list[str], list[str]]:
    """(errors in strict paths, errors beyond the baseline, baseline entries gone)."""
    in_strict = [key(p, t) for p, t in found if is_strict(p, strict)]
    rest = Counter(key(p, t) for p, t in found if not is_strict(p, strict))
    new = sorted((rest - baseline).elements())
    gone = sorted((baseline - rest).elements())
    return in_strict, new, gone


def read_baseline(path: Path) -> Counter[str]:
    if not path.exists():
        return Counter()
    return Counter(line for line in path.read_text().splitlines()
                   if line.strip() and not line.startswith("#"))


def write_baseline(path: Path, found: list[tuple[str, str]], strict: list[str]) -> int:
    lines = sorted(key(p, t) for p, t in found if not is_strict(p, strict))
    path.write_text(
        "# mypy errors outside the strict paths that are allowed for now (.ci/mypy_baseline.py).\n"
        "# It may only shrink: fix an error, then run `python .ci/mypy_baseline.py --update`.\n"
        + "".join(f"{line}\n" for line in lines))
    return len(lines)


def run_mypy(root: Path = ROOT) -> str:
    """mypy as pyproject.toml configures it; its report (it exits 1 when it
    finds errors, 2 when it cannot run)."""
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=root, capture_output=True,
                          text=True)
    if done.returncode not in (0, 1) or (done.returncode == 1 and not errors(done.stdout)):
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"mypy did not run (exit status {done.returncode})")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true",
                        help="record the errors outside the strict paths as the baseline")
    args = parser.parse_args(argv)
    strict, baseline_file = settings()
    found = errors(run_mypy())
    in_strict, new, gone = compare(found, read_baseline(baseline_file), strict)
    name = baseline_file.relative_to(ROOT)
    if in_strict:
        print(f"mypy: {len(in_strict)} error(s) where none is allowed "
              f"({', '.join(strict)}):", *in_strict, sep="\n  ")
    if args.update:
        if in_strict:
            print("the baseline is not updated: errors in the strict paths are never recorded")
            return 1
        n = write_baseline(baseline_file, found, strict)
        print(f"mypy: {n} error(s) recorded in {name}")
        return 0
    if new:
        print(f"mypy: {len(new)} error(s) that {name} does not list (fix them; the "
              "baseline may only shrink):", *new, sep="\n  ")
    if gone:
        print(f"mypy: {len(gone)} error(s) of {name} are fixed: run "
              "`python .ci/mypy_baseline.py --update` and commit the baseline:",
              *gone, sep="\n  ")
    if in_strict or new or gone:
        return 1
    rest = sum(1 for p, _ in found if not is_strict(p, strict))
    print(f"mypy: no error in {', '.join(strict)}; {rest} recorded in {name} elsewhere")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""CI's type check (.ci/mypy_baseline.py): no mypy error in the strict paths,
elsewhere only what the baseline lists, and the baseline only shrinks. Its
judgement on mypy reports made up here; CI runs it on the real one."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("mypy_baseline", ROOT / ".ci" / "mypy_baseline.py")
assert _spec is not None and _spec.loader is not None
mb = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mb)

STRICT = ["warp_empires/engine", "warp_empires/present", "warp_empires/tui/controller.py"]
REPORT = """\
warp_empires/tui/session.py:106: error: Incompatible return value type (got "View", expected "dict[str, Any]")  [return-value]
warp_empires/tui/session.py:106: note: a note is not an error
warp_empires/net/room.py:155: error: Item "None" of "list[Any] | None" has no attribute "clear"  [union-attr]
Found 2 errors in 2 files (checked 143 source files)
"""  # noqa: E501


def test_the_recorded_errors_pass_wherever_their_lines_move() -> None:
    found = mb.errors(REPORT)
    assert [p for p, _ in found] == ["warp_empires/tui/session.py", "warp_empires/net/room.py"]
    baseline = Counter(mb.key(p, t) for p, t in found)
    moved = mb.errors(REPORT.replace(":106:", ":120:"))
    assert mb.compare(moved, baseline, STRICT) == ([], [], [])


def test_a_new_error_fails_and_a_fixed_one_asks_for_the_baseline_to_shrink() -> None:
    baseline = Counter(mb.key(p, t) for p, t in mb.errors(REPORT))
    more = mb.errors(REPORT + REPORT.splitlines()[2] + "\n")  # room.py's error twice
    assert mb.compare(more, baseline, STRICT)[1] == [mb.key(*mb.errors(REPORT)[1])]
    fewer = mb.errors(REPORT.splitlines()[0])
    assert mb.compare(fewer, baseline, STRICT)[2] == [mb.key(*mb.errors(REPORT)[1])]


def test_no_error_is_allowed_in_the_strict_paths_even_one_recorded() -> None:
    report = ("warp_empires/engine/battle.py:85: error: Item \"None\" of \"Battle | None\" has "
              "no attribute \"t\"  [union-attr]\n"
              "warp_empires/tui/controller.py:3: error: Name \"x\" is not defined  [name-defined]\n"
              "warp_empires/presentation.py:1: error: not under present/  [misc]\n")
    found = mb.errors(report)
    in_strict, new, _ = mb.compare(found, Counter(mb.key(p, t) for p, t in found), STRICT)
    assert [k.split(":")[0] for k in in_strict] == ["warp_empires/engine/battle.py",
                                                    "warp_empires/tui/controller.py"]
    assert new == []


def test_the_settings_are_in_pyproject() -> None:
    strict, baseline = mb.settings(ROOT)
    assert set(STRICT) <= set(strict) and baseline.exists()
    # the baseline never lists an error of a strict path
    assert not [line for line in mb.read_baseline(baseline) if mb.is_strict(line, strict)]

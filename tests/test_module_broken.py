"""Each broken module in tests/broken_modules/cases/ gives its expected message.

A case folder holds the one file that differs from its base module (tiny,
unless case.toml says `base = ...`) and a case.toml whose `expect` strings must
all appear in one problem line: the file, the key path and the message.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from warp_empires.module import ModuleError, load_module

BROKEN = Path(__file__).parent / "broken_modules"
CASES = sorted(p.name for p in (BROKEN / "cases").iterdir() if p.is_dir())


def build_case(name: str, tmp_path: Path) -> tuple[Path, dict]:
    case_dir = BROKEN / "cases" / name
    spec = tomllib.loads((case_dir / "case.toml").read_text())
    base = spec.get("base", "tiny")
    folder = tmp_path / base  # the module id must match its folder's name
    shutil.copytree(BROKEN / base, folder)
    for removed in spec.get("remove", []):
        (folder / removed).unlink()
    for patch in case_dir.iterdir():
        if patch.name != "case.toml":
            shutil.copy(patch, folder / patch.name)
    return folder, spec


def test_catalogue_is_not_empty() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("name", CASES)
def test_broken_module_reports_its_problem(name: str, tmp_path: Path) -> None:
    folder, spec = build_case(name, tmp_path)
    assert spec["expect"], f"case {name} expects nothing"
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    problems = caught.value.problems
    assert any(all(part in line for part in spec["expect"]) for line in problems), "\n".join(
        problems
    )
    # One defect should read as one or two problems, not a cascade.
    assert len(problems) <= 2, "\n".join(problems)
    assert str(caught.value) == "\n".join(problems)
    for line in problems:
        assert "Traceback" not in line and "\n" not in line

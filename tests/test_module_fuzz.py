"""Mangled modules never crash the loader: every outcome is a Module or a ModuleError."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from warp_empires.module import MODULE_FILES, ModuleError, load_module
from warp_empires.module.defs import Module

TINY = Path(__file__).parent / "broken_modules" / "tiny"
ODD_VALUES = ["-1", "0", '"x"', "[]", "{}", "true", "2.5", '[1, "a"]', "{ a = 1 }", '"alpha"']


def mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    action = rng.randrange(4)
    if action == 0:
        del lines[i]
    elif action == 1:
        lines.insert(i, lines[i])
    elif action == 2 and "=" in lines[i]:
        key = lines[i].split("=", 1)[0]
        lines[i] = f"{key}= {rng.choice(ODD_VALUES)}"
    elif "=" in lines[i]:
        key, value = lines[i].split("=", 1)
        cut = rng.randrange(max(1, len(key.strip())))
        lines[i] = key.strip()[:cut] + key.strip()[cut + 1 :] + " =" + value
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(8))
def test_mangled_modules_fail_cleanly(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    outcomes = {"loaded": 0, "refused": 0}
    for n in range(50):
        folder = tmp_path / str(n) / "tiny"
        shutil.copytree(TINY, folder)
        for _ in range(rng.randint(1, 3)):
            path = folder / rng.choice(MODULE_FILES)
            path.write_text(mutate(path.read_text(), rng))
        try:
            module = load_module(folder)
        except ModuleError as err:
            assert err.problems, "a ModuleError must say what is wrong"
            assert all(isinstance(p, str) and "\n" not in p for p in err.problems)
            outcomes["refused"] += 1
        else:
            assert isinstance(module, Module)
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 0

"""The worked example in docs/module-format.md is a module that loads as described."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warp_empires import cli
from warp_empires.module import ModuleError, load_module

DOC = Path(__file__).resolve().parents[1] / "docs" / "module-format.md"
FILE_BLOCK = re.compile(r"`duel/(\w+\.toml)`.*?```toml\n(.*?)```", re.S)


def example_text() -> str:
    return DOC.read_text().split("## Worked example", 1)[1]


def write_example(tmp_path: Path) -> Path:
    folder = tmp_path / "duel"
    folder.mkdir()
    files = FILE_BLOCK.findall(example_text())
    assert sorted(name for name, _ in files) == [
        "cards.toml",
        "map.toml",
        "module.toml",
        "units.toml",
    ]
    for name, text in files:
        (folder / name).write_text(text)
    return folder


def test_worked_example_validates_as_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = write_example(tmp_path)
    assert cli.main(["validate", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()
    shown = example_text().split("$ warp-empires validate ./duel\n", 1)[1].split("```")[0]
    expected = shown.strip().splitlines()
    assert [line for line in out if "folder:" not in line] == [
        line for line in expected if "folder:" not in line
    ]


def test_worked_example_adjacency(tmp_path: Path) -> None:
    m = load_module(write_example(tmp_path))
    ts = m.map.territories
    near = {t.id: {ts[n].id for n in t.neighbours} for t in ts}
    assert near["midway"] == {"north_sea", "red_port", "blue_isle", "west_sea", "east_sea"}
    assert near["west_sea"] == {"red_port", "midway", "east_sea"}
    assert near["east_sea"] == {"midway", "blue_isle", "west_sea"}
    blue = m.setup[1]
    assert [ts[i].id for i in blue.start_choices] == ["blue_isle"]


def test_worked_example_mistake_message(tmp_path: Path) -> None:
    folder = write_example(tmp_path)
    path = folder / "map.toml"
    path.write_text(path.read_text().replace('"midway", "west_sea"]', '"midway"]'))
    with pytest.raises(ModuleError) as caught:
        load_module(folder)
    shown = example_text().rsplit("```\n", 2)[-2].strip()
    assert caught.value.problems == [shown]

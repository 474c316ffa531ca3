"""The validator's words when a modder gets a name or a string wrong (issue
37): the choices listed, the effects that take a key, where a string opens."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.module import ModuleError, load_module
from warp_empires.module.fields import EFFECT_KINDS

TINY = Path(__file__).parent / "broken_modules" / "tiny"


def _problems(tmp_path: Path, file: str, old: str, new: str) -> list[str]:
    folder = tmp_path / "tiny"
    shutil.copytree(TINY, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    return err.value.problems


def test_an_unknown_effect_kind_lists_every_kind(tmp_path):
    (line,) = _problems(tmp_path, "cards.toml", 'kind = "rescue"', 'kind = "rescues"')
    assert "unknown effect kind 'rescues' (did you mean 'rescue'? expected one of: " in line
    assert all(kind in line for kind in EFFECT_KINDS)


def test_a_key_an_effect_does_not_take_names_the_effects_that_do(tmp_path):
    (line,) = _problems(tmp_path, "cards.toml", '{ kind = "rescue" }',
                        '{ kind = "rescue", filter = { class = "fortification" } }')
    assert "unknown table 'filter'; a rescue effect takes: nothing besides its kind; " \
           "'filter' is taken by: defect, destroy, random_loss, sabotage, target_bonus, " \
           "unit_bonus, zero_force" in line


def test_a_string_never_closed_is_pointed_at_where_it_opens(tmp_path, capsys):
    problems = _problems(tmp_path, "module.toml", 'name = "Tiny"', 'name = "Tiny')
    assert problems[0].startswith("module.toml:5: TOML syntax error: the string that opens "
                                  "at column 8 is not closed on its line")
    folder = tmp_path / "tiny"
    assert main(["validate", str(folder)]) == 1
    assert f"{folder}/module.toml:5:8: E002" in capsys.readouterr().out


@pytest.mark.parametrize("message", ["'a' misses 'b', which touches it in the picture",
                                     "'a' lists 'b' as a neighbour, but they do not touch"])
def test_neighbours_that_disagree_with_the_picture_are_e202(message):
    # modder test: "misses ..., which touches it in the picture" came out E201
    from warp_empires.module.codes import code_of

    assert code_of(message) == "E202"

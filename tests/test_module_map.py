"""`warp-empires module map`: the map as the game draws it at a terminal size,
labels where regions are widest, a look per kind, and every cut label listed
(issue 37)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.module import load_module
from warp_empires.module.errors import ModuleError
from warp_empires.tui.map_preview import preview
from warp_empires.tui.mapgeom import build_geometry, fit_scale

ROME = Path(__file__).parent / "themes" / "rome"
# A region "N" with a 4-cell neck on top of an 18x7 block: its label goes in
# the block (issue 37: labels landed in necks while such blocks stayed empty).
NECK_PICTURE = """
HHHHHHHHHHNNNNGGGGGGGGGGGGGGGGGGGGGGGEEEEEEE
HHHHHHHHHHNNNNGGGGGGGGGGGGGGGGGGGGGGGEEEEEEE
HHHHHHHHHHNNNNGGGGGGGGGGGGGGGGGGGGGGGEEEEEEE
HHHHHHHHHHNNNNNNNNNNNNNNNNNNNNTTTTTTTLLLLLLL
HHHHHHHHHHNNNNNNNNNNNNNNNNNNNNTTTTTTTLLLLLLL
HHHHHHHHHHNNNNNNNNNNNNNNNNNNNNTTTTTTTLLLLLLL
AAAAAAAAAANNNNNNNNNNNNNNNNNNNNTTTTTTTCCCCCCC
AAAAAAAAAANNNNNNNNNNNNNNNNNNNNIIIIIIICCCCCCC
AAAAAAAAAANNNNNNNNNNNNNNNNNNNNIIIIIIICCCCCCC
AAAAAAAAAANNNNNNNNNNNNNNNNNNNNIIIIIIICCCCCCC
AAAAAAAAAASSSSSSSSSSSSSSSSSSSSIIIIIIICCCCCCC
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _theme(tmp_path: Path, capsys: pytest.CaptureFixture[str], picture: str | None = None,
           looks: str | None = None, **renamed: str) -> Path:
    """A module from `module new`, its picture, looks or names changed."""
    assert run(capsys, "module", "new", "preview_me", "--path", str(tmp_path))[0] == 0
    path = tmp_path / "preview_me" / "map.toml"
    text = path.read_text()
    if picture is not None:
        text = re.sub(r"picture = '''.*?'''", f"picture = '''{picture}'''", text, flags=re.S)
        text += '\n[[territory]]\nid = "straits"\nkey = "N"\nname = "Straits"\nkind = "sea"\n'
    if looks is not None:
        text = re.sub(r"looks\.sea = .*\n", looks + "\n", text)
    for old, new in renamed.items():
        text = text.replace(f'name = "{old}"', f'name = "{new}"')
    path.write_text(text)
    return tmp_path / "preview_me"


def _control_free(text: str) -> bool:
    return all(ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cf") for ch in text)


@pytest.mark.parametrize("size", ["120x40", "80x24"])
def test_star_wars_draws_as_the_game_does_with_no_cut_label(capsys, size):
    code, out, err = run(capsys, "module", "map", "star_wars", "--size", size)
    assert code == 0 and err == ""
    module = load_module("star_wars")
    lines = out.splitlines()
    geo = build_geometry(module.map, 1, 1)  # both sizes draw it at scale 1
    assert len(lines) == geo.height + 1
    assert lines[0].startswith(" " * 13 + "┌─") and "Coruscant" not in out  # "Corusc." fits
    assert "Corusc." in out and "Tatooine" in out and "$5" in out
    assert lines[-1].endswith("0 of 47 labels cut.")
    if size == "80x24":
        assert "44x12 cells" in lines[-1] and "scrolls" in lines[-1]
    assert _control_free(out)


@pytest.mark.parametrize("size", ["120x40", "80x24"])
def test_a_module_without_a_picture_is_drawn_a_box_a_territory(capsys, size):
    # the done-means play-test on Rome: the map area was blank all game, with
    # no cursor, labels, stacks or "Go to"; the preview shows what the app draws
    code, out, _ = run(capsys, "module", "map", str(ROME), "--size", size)
    assert code == 0
    assert "rome has no map picture: the game draws each territory as a box" in out
    module = load_module(ROME)
    assert all(t.name in out or t.label in out or t.name[:6] in out
               for t in module.map.territories)
    code, out, _ = run(capsys, "module", "map", str(ROME), "--json", "--size", size)
    data = json.loads(out)
    assert data["boxes"] is True and data["module"] == "rome" and data["map"]
    assert len(data["labels"]) == len(module.map.territories)


def test_a_cut_label_is_listed_with_its_territory_and_what_was_shown(tmp_path, capsys):
    theme = _theme(tmp_path, capsys, Sardinia="Sardinia and Corsica Islands")
    code, out, _ = run(capsys, "module", "map", str(theme), "--size", "80x24")
    assert code == 0
    cut = out[out.index("Cut at 80x24:"):].splitlines()
    assert cut[1].startswith("  sardinia (Sardinia and Corsica Islands): shown as 'Sardi")
    assert cut[-1].endswith("1 of 9 labels cut.")
    code, out, _ = run(capsys, "module", "map", str(theme), "--json", "--size", "200x60")
    data = json.loads(out)
    sardinia = next(label for label in data["labels"] if label["id"] == "sardinia")
    assert data["scale"] == [3.0, 3.0] and not sardinia["cut"]  # roomy enough at 200x60
    assert data["cut"] == [] and sardinia["lines"][0]["text"] in (
        "Sardinia and Corsica Islands", "Sardinia and")
    # a module label stands in for the name: not cut
    (theme / "map.toml").write_text((theme / "map.toml").read_text().replace(
        'name = "Sardinia and Corsica Islands"', 'name = "Sardinia and Corsica Islands"\n'
        'label = "Sard."'))
    code, out, _ = run(capsys, "module", "map", str(theme), "--size", "80x24")
    assert "Cut at" not in out and "Sard." in out


def test_the_label_goes_where_the_region_is_widest(tmp_path, capsys):
    theme = _theme(tmp_path, capsys, NECK_PICTURE)
    module = load_module(theme)
    shown = preview(module, 120, 40)
    neck = next(label for label in shown.labels if label.id == "straits")
    assert neck.shown == "Straits"
    sx, sy = fit_scale(module.map, *shown.room)
    # the block is columns 10-29 and rows 3-9 of the picture: the whole label
    # is inside it, on screen cells scaled from those
    for y, (x, text) in neck.lines.items():
        assert 3 * sy < y < 10 * sy and 10 * sx < x and x + len(text) <= 30 * sx, (y, x, text)


def test_a_kinds_look_draws_its_regions(tmp_path, capsys):
    theme = _theme(tmp_path, capsys, looks='looks.sea = { fill = "≈", colour = "#c2b280" }')
    code, out, _ = run(capsys, "module", "map", str(theme), "--plain")
    assert code == 0 and "≈" in out
    module = load_module(theme)
    assert module.map.looks["sea"].fill == "≈"
    data = json.loads(run(capsys, "module", "show", str(theme), "--json")[1])
    assert data["map"]["looks"] == {"sea": {"fill": "≈", "colour": "#c2b280"}}
    # no look for a kind: drawn as before (provinces solid, no fill)
    assert "~" not in run(capsys, "module", "map", str(_theme(tmp_path / "b", capsys,
                                                                  looks="")))[1]


@pytest.mark.parametrize("looks, says", [
    ('looks.desrt = { fill = "." }', r"map\.toml:6: map\.looks\.desrt: unknown kind 'desrt'"),
    ('looks.sea = { fill = "~~" }', r"map\.toml:6: map\.looks\.sea\.fill: too long"),
    ('looks.sea = { fill = "海" }', r"map\.toml:6: map\.looks\.sea\.fill: '海' does not take"),
    ('looks.sea = { colour = "sea-blue" }', r"map\.toml:6: map\.looks\.sea\.colour: 'sea-blue'"
                                            r" is not a colour"),
    ('looks.sea = { fil = "~" }', r"map\.toml:6: map\.looks\.sea\.fil: unknown key 'fil'"
                                  r" \(did you mean 'fill'"),
])
def test_a_bad_look_is_refused_with_its_file_and_line(tmp_path, capsys, looks, says):
    theme = _theme(tmp_path, capsys, looks=looks)
    with pytest.raises(ModuleError) as err:
        load_module(theme)
    assert any(re.search(says, problem) for problem in err.value.problems), err.value.problems


def test_no_control_character_reaches_the_terminal_in_colour(tmp_path, capsys, monkeypatch):
    from warp_empires.commands import module_map

    theme = _theme(tmp_path, capsys, Latium="Latium")
    shown = preview(load_module(theme), 120, 40)
    # a name that slipped past the checks (an old or hand-edited file)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
    module_map._print("preview_me", shown, plain=False)
    out = capsys.readouterr().out
    without_colours = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert "\x1b[" in out and _control_free(without_colours)


def test_a_bad_size_is_refused(capsys):
    code, _, err = run(capsys, "module", "map", "star_wars", "--size", "big")
    assert code == 1 and "--size must be WIDTHxHEIGHT" in err

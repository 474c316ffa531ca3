"""Module text never holds control or format characters (Unicode Cc, Cf): it
is printed in terminals (module/text_check.py), and whatever prints module
text prints it safe even from a module never validated."""

from __future__ import annotations

import re
import shutil
import sys
import tomllib
import unicodedata
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.module import ModuleError, load_module
from warp_empires.module.text_check import check_text
from warp_empires.module.toml_read import Report

STAR_WARS = Path(__file__).resolve().parents[1] / "modules" / "star_wars"
UNSAFE = [chr(c) for c in range(sys.maxunicode + 1)
          if unicodedata.category(chr(c)) in ("Cc", "Cf")]
BASIC_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "star_wars"
    shutil.copytree(STAR_WARS, folder)
    return folder


def test_every_control_and_format_character_in_one_name_is_refused(tmp_path):
    assert len(UNSAFE) > 150  # every one of them, not a sample
    folder = _copy(tmp_path)
    text = (folder / "module.toml").read_text(encoding="utf-8")
    escaped = "".join(f"\\U{ord(ch):08X}" for ch in UNSAFE)
    (folder / "module.toml").write_text(text.replace('name = "', f'name = "{escaped}', 1),
                                        encoding="utf-8")
    with pytest.raises(ModuleError) as err:
        load_module(str(folder))
    assert any(re.match(r"module\.toml:\d+: module\.name: the text holds U\+0000", p)
               for p in err.value.problems), err.value.problems
    for ch in UNSAFE:  # and each alone
        report = Report()
        check_text(report, "module.toml", {"module": {"name": f"Empire{ch}"}})
        assert len(report) == 1, f"U+{ord(ch):04X}"


def test_one_such_character_in_every_string_of_every_file_is_refused_each(tmp_path):
    for name in ("module.toml", "map.toml", "units.toml", "cards.toml"):
        text = (STAR_WARS / name).read_text(encoding="utf-8")
        forged = BASIC_STRING.sub(lambda m: f'"\\u001b{m.group(1)}"', text)
        data = tomllib.loads(forged)
        forged_strings = _strings(data, "\x1b")  # every "..." string (the map's picture is '...')
        assert forged_strings >= _strings(tomllib.loads(text)) - 1 and forged_strings > 10
        report = Report()
        check_text(report, name, data)
        assert len(report) == forged_strings, (name, forged_strings, len(report))


def _strings(data, holding: str = "") -> int:
    if isinstance(data, str):
        return int(holding in data)
    if isinstance(data, dict):
        return sum(_strings(v, holding) for v in data.values())
    if isinstance(data, list):
        return sum(_strings(v, holding) for v in data)
    return 0


def test_validate_prints_nothing_raw(tmp_path, capsys):
    folder = _copy(tmp_path)
    text = (folder / "module.toml").read_text(encoding="utf-8")
    (folder / "module.toml").write_text(
        text.replace('name = "', 'name = "\\u001b]0;owned\\u0007\\u202e', 1), encoding="utf-8")
    assert main(["validate", str(folder)]) == 1
    out = capsys.readouterr()
    assert "\x1b" not in out.out + out.err and "\x07" not in out.out + out.err
    assert "\u202e" not in out.out + out.err
    assert "module.name: the text holds U+001B" in out.out + out.err


def test_printed_text_is_escaped_and_json_stays_json():
    import json

    from warp_empires.terminal_text import safe

    raw = "Empire\x1b]0;owned\x07\u202e\x85\u00ad\nnext\tline"
    shown = safe(raw)
    assert all(unicodedata.category(ch) not in ("Cc", "Cf") for ch in shown
               if ch not in "\n\t")
    assert "\n" in shown and "\t" in shown  # lines and tabs are kept
    text = json.dumps({"name": raw}, ensure_ascii=False)
    assert json.loads(safe(text))["name"] == raw  # escaped as \\uXXXX: still the same JSON

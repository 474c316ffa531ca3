"""Save names, the saves folder, and listing."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tests.test_saves_format import HOSTILE
from tests.test_saves_support import make_doc, v1_dict, wrap, wrap_obj
from warp_empires.saves import (
    SaveError,
    default_dir,
    list_saves,
    path_for_name,
    read_save,
    sanitize_name,
    store,
    user_dir,
    write_save,
)
from warp_empires.saves.migrate import FORMAT_VERSION

SAFE = re.compile(r"[\w-]{1,64}")


@pytest.mark.parametrize("name, expected", [
    ("Hoth campaign", "Hoth-campaign"),
    ("  spaced   out  ", "spaced-out"),
    ("turn_12-final", "turn_12-final"),
    ("my game.wes", "my-game"),
    ("../../etc/passwd", "etcpasswd"),
    ("..", None),
    (".", None),
    ("", None),
    ("   ", None),
    ("/", None),
    ("\x00\x01", None),
    ("/abs/path/save", "abspathsave"),
    ("C:\\Windows\\system32", "CWindowssystem32"),
    ("a/../b", "ab"),
    (".hidden", "hidden"),
    ("..\\..\\evil", "evil"),
    ("\uff0e\uff0e\uff0fetc", "etc"),  # fullwidth "../"
    ("name\u202eexe.wes", "nameexe"),  # bidi override
    ("-rf", "rf"),
    ("CON", "CON-save"),
    ("nul", "nul-save"),
    ("Défense d'Hoth", "Défense-dHoth"),
    ("x" * 200, "x" * 64),
])
def test_sanitize_name(name: str, expected: str | None) -> None:
    if expected is None:
        with pytest.raises(SaveError, match="needs at least one letter or digit"):
            sanitize_name(name)
    else:
        assert sanitize_name(name) == expected


def test_random_names_never_leave_the_folder(tmp_path: Path) -> None:
    nasty = "./\\:*?\"<>|\x00\n\t ~$%-_aZ9é\u2215\u2044\uff0f\u202e\u200b…"
    rnd = random.Random(7)
    folder = tmp_path.resolve()
    for _ in range(3000):
        name = "".join(rnd.choice(nasty) for _ in range(rnd.randrange(1, 12)))
        try:
            path = path_for_name(name, folder)
        except SaveError:
            continue
        assert path.parent == folder
        assert path.resolve().parent == folder
        assert SAFE.fullmatch(path.stem), name
        assert not path.name.startswith(".")


def test_autosave_names_are_reserved(tmp_path: Path) -> None:
    for name in ("autosave", "autosave-1", "AutoSave 2", "autosave-1.wes"):
        with pytest.raises(SaveError, match="kept for autosaves"):
            path_for_name(name, tmp_path)
    assert path_for_name("autosave of turn 3", tmp_path).name == "autosave-of-turn-3.wes"


# The saves folder.

def test_env_variable_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("WARP_EMPIRES_SAVES", str(tmp_path / "mine"))
    assert default_dir() == tmp_path / "mine"


def test_checkout_saves_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WARP_EMPIRES_SAVES", raising=False)
    monkeypatch.setattr(store, "_CHECKOUT", tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_dir() == tmp_path / "xdg" / "warp-empires" / "saves"
    (tmp_path / "pyproject.toml").write_text("")
    assert default_dir() == tmp_path / "xdg" / "warp-empires" / "saves"
    (tmp_path / "saves").mkdir()
    assert default_dir() == tmp_path / "saves"


def test_this_checkout_uses_its_saves_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WARP_EMPIRES_SAVES", raising=False)
    assert default_dir() == Path(__file__).resolve().parents[1] / "saves"


def test_user_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert user_dir() == tmp_path / ".local" / "share" / "warp-empires" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert user_dir() == tmp_path / ".local" / "share" / "warp-empires" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert user_dir() == tmp_path / "data" / "warp-empires" / "saves"


def test_save_creates_its_folder(tmp_path: Path) -> None:
    path = write_save(tmp_path / "a" / "b" / "x.wes", make_doc())
    assert path.is_file()


# Listing.

def test_listing_is_newest_first_and_reports_bad_files(tmp_path: Path) -> None:
    write_save(tmp_path / "old.wes", make_doc(name="old", saved_at="2026-02-01T02:00:00+00:00"))
    write_save(tmp_path / "new.wes", make_doc(name="new", saved_at="2026-02-01T04:00:00+00:00"))
    # 03:00 UTC: between the two, although its local clock reads later than both.
    write_save(tmp_path / "mid.wes", make_doc(name="mid", saved_at="2026-02-01T12:00:00+09:00"))
    (tmp_path / "broken.wes").write_bytes(b"WARPSAVE\x00\x02" + b"garbage" * 20)
    (tmp_path / "notes.txt").write_text("not a save")
    (tmp_path / ".new.wes.abc123.tmp").write_bytes(b"half a save")
    (tmp_path / ".hidden.wes").write_bytes(b"")
    (tmp_path / "folder.wes").mkdir()

    infos = list_saves(tmp_path)
    assert [i.path.name for i in infos] == ["new.wes", "mid.wes", "old.wes", "broken.wes"]
    bad = infos[-1]
    assert "checksum mismatch" in bad.error
    assert bad.meta is None


def test_listing_json(tmp_path: Path) -> None:
    write_save(tmp_path / "x.wes", make_doc(name="X", turn=9))
    (info,) = list_saves(tmp_path)
    data = info.to_json()
    assert data["path"] == str(tmp_path / "x.wes")
    assert (data["module"], data["turn"], data["phase"], data["active"], data["name"]) == (
        "star_wars", 9, "move", "empire", "X")
    assert data["saved_at"] == "2026-11-22T15:30:00+00:00"
    assert data["error"] is None and data["format"] == FORMAT_VERSION
    assert data["sides"][1] == {"id": "empire", "name": "Galactic Empire", "player": "bot"}


def test_listing_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nothing-here") == []


def test_listing_checks_meta_but_leaves_the_rest_to_loading(tmp_path: Path) -> None:
    good = make_doc(name="G").to_dict()
    # meta last, and a body the schema would refuse: listed, but not readable.
    body_broken = {"seed": "not an int", "snapshot": 1.5, "meta": good["meta"]}
    (tmp_path / "body.wes").write_bytes(wrap_obj(body_broken))
    meta_broken = {**good, "meta": {**good["meta"], "turn": -3}}
    (tmp_path / "meta.wes").write_bytes(wrap_obj(meta_broken))
    (tmp_path / "nometa.wes").write_bytes(wrap_obj({"seed": 1}))
    (tmp_path / "array.wes").write_bytes(wrap_obj([good["meta"]]))
    (tmp_path / "deep.wes").write_bytes(wrap(b"\x81\xa1x" + b"\x91" * 5000 + b"\xc0"))
    infos = {i.path.name: i for i in list_saves(tmp_path)}
    assert infos["body.wes"].error is None and infos["body.wes"].meta.name == "G"
    with pytest.raises(SaveError, match="bad save data at seed"):
        read_save(tmp_path / "body.wes")
    assert infos["meta.wes"].error == "bad save data at meta.turn: -3 is out of range 0..1000000"
    assert infos["nometa.wes"].error == "bad save data at top level: missing field 'meta'"
    assert infos["array.wes"].error.startswith("payload is not valid save data")
    assert infos["deep.wes"].error == "payload is nested too deeply"


def test_listing_upgrades_old_files(tmp_path: Path) -> None:
    (tmp_path / "old.wes").write_bytes(wrap_obj(v1_dict(make_doc(name="Old")), version=1))
    (info,) = list_saves(tmp_path)
    assert info.error is None and info.format_version == 1
    assert info.meta.name == "Old" and info.meta.program == "unknown (format 1)"


def test_listing_survives_every_hostile_payload(tmp_path: Path) -> None:
    for i, payload in enumerate(HOSTILE.values()):
        (tmp_path / f"h{i}.wes").write_bytes(wrap(payload))
    (tmp_path / "meta-nil.wes").write_bytes(wrap_obj({"meta": None}))
    (tmp_path / "huge-map.wes").write_bytes(wrap(b"\xdf\xff\xff\xff\xff" + b"\xa1a\xc0" * 1000))
    infos = list_saves(tmp_path)
    assert len(infos) == len(HOSTILE) + 2
    assert all(i.error and i.meta is None and "\n" not in i.error for i in infos)


def test_a_folder_used_before_platformdirs_keeps_being_used(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    # macOS kept saves in ~/.local/share before platformdirs chose another folder
    import platformdirs

    platform_folder = tmp_path / "Library" / "Application Support" / "warp-empires"
    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: platform_folder)
    monkeypatch.setenv("HOME", str(tmp_path))
    # (a folder chosen in $XDG_DATA_HOME is always used: paths.user_data_dir)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert user_dir() == platform_folder / "saves"
    legacy = tmp_path / ".local" / "share" / "warp-empires"
    (legacy / "saves").mkdir(parents=True)
    assert user_dir() == legacy / "saves"
    platform_folder.mkdir(parents=True)
    assert user_dir() == platform_folder / "saves"

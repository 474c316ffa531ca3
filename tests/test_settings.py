"""What the program remembers between runs (warp_empires.settings): defaults
without a file, one line per bad value, an atomic write that reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires.settings import Settings, load_settings, save_settings, settings_path


def test_no_file_means_the_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "settings.toml") == (Settings(), [])


def test_settings_read_back_what_was_written(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "settings.toml"
    chosen = Settings(module='odd "name" \\ [x]', players=("heuristic", "human"), pace=1.5,
                      auto_forced=False)
    assert save_settings(chosen, path) is None
    assert load_settings(path) == (chosen, [])
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temp file left


def test_the_file_lives_in_the_platform_config_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings_path() == tmp_path / "warp-empires" / "settings.toml"


@pytest.mark.parametrize(("text", "key"), [
    ('pace = -1', "pace"), ('pace = "fast"', "pace"), ("pace = nan", "pace"),
    ('players = ["human"]', "players"), ('players = ["human", "wizard"]', "players"),
    ("module = 3", "module"), ('module = ""', "module"), ("auto_forced = 1", "auto_forced"),
])
def test_a_bad_value_is_one_line_naming_file_and_key(tmp_path: Path, text: str,
                                                     key: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(f'{text}\npace_unused = 1\nplayers_ok = true\n', encoding="utf-8")
    settings, problems = load_settings(path)
    assert settings == Settings()  # the default kept for that key
    assert len(problems) == 1 and problems[0].startswith(f"{path}: {key}: ")
    assert "\n" not in problems[0]


@pytest.mark.parametrize("content", [b"pace = = 1", b"\xff\xfe", b"x" * (70 * 1024)])
def test_an_unreadable_file_is_one_line_and_the_defaults(tmp_path: Path,
                                                        content: bytes) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(content)
    settings, problems = load_settings(path)
    assert settings == Settings() and len(problems) == 1 and str(path) in problems[0]


def test_a_good_value_survives_a_bad_neighbour(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('pace = 2.0\nplayers = "nobody"\n', encoding="utf-8")
    settings, problems = load_settings(path)
    assert settings.pace == 2.0 and settings.players == Settings().players
    assert len(problems) == 1


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    problem = save_settings(Settings(), blocker / "settings.toml")
    assert problem is not None and "settings not saved" in problem and "\n" not in problem

"""What the program remembers between runs: the theme module last played,
who played each side, the computer players' pace, and whether forced
decisions are taken automatically. One small TOML file in the platform's
config folder (platformdirs, warp_empires.paths):

    module = "my_theme"
    players = ["human", "bot"]
    pace = 0.6
    auto_forced = true

A missing file means the defaults. A file that cannot be read, or a value
that is wrong, is reported in one line (file and key) and the default is used
for it: settings never stop the game from starting.
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from warp_empires.paths import user_config_dir

FILE_NAME = "settings.toml"
MAX_SIZE = 64 * 1024  # a settings file is a few lines
MAX_MODULE_LEN = 500
HUMAN = "human"


@dataclass(frozen=True)
class Settings:
    module: str | None = None  # a module id or folder; None: the first one found
    players: tuple[str, str] = (HUMAN, "bot")
    pace: float = 0.6  # seconds between computer moves
    auto_forced: bool = True  # take a person's forced decisions for them (RULINGS H9)


def settings_path() -> Path:
    return user_config_dir() / FILE_NAME


def _known_player(kind: str) -> bool:
    from warp_empires.bots import known_kind  # the engine's players, no Textual

    return kind == HUMAN or known_kind(kind)


def _checked(data: dict[str, Any], where: str) -> tuple[Settings, list[str]]:
    """The settings in `data`, with the default kept for each wrong value."""
    out = Settings()
    problems: list[str] = []

    def bad(key: str, why: str) -> None:
        problems.append(f"{where}: {key}: {why}")

    module = data.get("module")
    if module is not None:
        if isinstance(module, str) and 0 < len(module) <= MAX_MODULE_LEN:
            out = replace(out, module=module)
        else:
            bad("module", f"must be a module name or folder (text of 1 to {MAX_MODULE_LEN} "
                          "characters)")
    players = data.get("players")
    if players is not None:
        if isinstance(players, list) and len(players) == 2 and all(
                isinstance(p, str) and _known_player(p) for p in players):
            out = replace(out, players=(players[0], players[1]))
        else:
            bad("players", "must be two player kinds, e.g. [\"human\", \"bot\"]")
    pace = data.get("pace")
    if pace is not None:
        if isinstance(pace, int | float) and not isinstance(pace, bool) \
                and math.isfinite(pace) and 0 <= pace <= 60:
            out = replace(out, pace=float(pace))
        else:
            bad("pace", "must be a number of seconds from 0 to 60")
    auto = data.get("auto_forced")
    if auto is not None:
        if isinstance(auto, bool):
            out = replace(out, auto_forced=auto)
        else:
            bad("auto_forced", "must be true or false")
    return out, problems


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The remembered settings and the problems found (one line each)."""
    path = path or settings_path()
    try:
        size = path.stat().st_size
        if size > MAX_SIZE:
            return Settings(), [f"{path}: larger than {MAX_SIZE // 1024} KiB, not read"]
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError) as e:
        return Settings(), [f"{path}: cannot be read ({getattr(e, 'strerror', None) or e})"]
    except tomllib.TOMLDecodeError as e:
        return Settings(), [f"{path}: not valid TOML ({e})"]
    return _checked(data, str(path))


def to_toml(settings: Settings) -> str:
    # JSON strings are valid TOML basic strings (the same escapes).
    lines = [
        "# Warp Empires remembers these between runs; edit freely.",
        *([f"module = {json.dumps(settings.module)}"] if settings.module else []),
        f"players = [{json.dumps(settings.players[0])}, {json.dumps(settings.players[1])}]",
        f"pace = {settings.pace!r}",
        f"auto_forced = {'true' if settings.auto_forced else 'false'}",
    ]
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Writes the settings atomically; the one-line problem if that fails."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(to_toml(settings))
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError as e:
        return f"{path}: settings not saved ({e.strerror or e})"
    return None

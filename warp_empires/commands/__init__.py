"""Subcommands of `warp-empires`.

Each module named in COMMAND_MODULES has a `register(subparsers)` function that
adds its parser(s) and sets `run` to a function `(args) -> int` with
`parser.set_defaults(run=...)`. Keep `register` cheap (import heavy libraries
such as textual inside `run`), since every invocation registers every command.
A command fails with `raise CommandError("one line for the user")`; a
ModuleError is printed as its list of problems. Both exit 1.

To add a command: write warp_empires/commands/<name>.py and add it below.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from pathlib import Path

from ..paths import expand

COMMAND_MODULES: tuple[str, ...] = (
    "warp_empires.commands.module_cmds",
    "warp_empires.commands.play",
    "warp_empires.commands.saves_cmds",
    "warp_empires.commands.simulate",
    "warp_empires.commands.train",
    "warp_empires.commands.net_cmds",
    "warp_empires.commands.games_cmds",
    "warp_empires.commands.completion",
)


class CommandError(Exception):
    """A failure the user can fix; printed as one line, exit code 1."""


# What `warp-empires completion` (shtab) completes an argument with: shtab's own
# names, spelled out so that registering a command does not import shtab.
COMPLETE_DIR = {"bash": "_shtab_compgen_dirs", "zsh": "_files -/", "tcsh": "d"}
COMPLETE_FILE = {"bash": "_shtab_compgen_files", "zsh": "_files", "tcsh": "f"}

SAVES_DIR_HELP = ("the saves folder (default: $WARP_EMPIRES_SAVES, else saves/ of the "
                  "checkout when running from one, else the platform's data folder)")


OLD_SAVES_DIR_NAMES = ("--saves", "--save-dir", "--dir")


def add_saves_dir(parser: argparse.ArgumentParser) -> None:
    """The one option every command uses for the saves folder: --saves-dir DIR.
    The spellings earlier versions used (OLD_SAVES_DIR_NAMES) are still accepted
    by every command, but not shown."""
    action = parser.add_argument("--saves-dir", metavar="DIR", dest="saves_dir",
                                 help=SAVES_DIR_HELP)
    action.complete = COMPLETE_DIR  # type: ignore[attr-defined]
    for name in OLD_SAVES_DIR_NAMES:
        parser.add_argument(name, metavar="DIR", dest="saves_dir", help=argparse.SUPPRESS)


def find_save(save: str, saves_dir: str | None) -> Path:
    """SAVE as a user gives it: a file that exists or any text with a path
    separator is a path; anything else is a save name (`my-campaign`,
    `autosave-1`, with or without .wes) in the saves folder."""
    from ..saves import SaveError
    from ..saves.store import path_for_any_name

    given = expand(save)
    if not save:
        raise CommandError("SAVE is empty: give a save's name or a file")
    try:
        exists = given.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL
        exists = False
    if exists or os.sep in save or (os.altsep and os.altsep in save):
        return given
    try:
        return path_for_any_name(save, saves_dir)
    except SaveError:
        return given


SEED_MAX = (1 << 64) - 1  # a seed is an unsigned 64-bit number (engine/rng.py, the save format)


def whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: an int in lo..hi, refused in one line otherwise."""
    def parse(text: str) -> int:
        if len(text) > 30:
            raise argparse.ArgumentTypeError(f"{text[:20]!r}... is not a number in {lo}..{hi}")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(f"{value} is not in {lo}..{hi}")
        return value
    return parse


def seconds(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a finite number of seconds in lo..hi (no inf, no nan)."""
    def parse(text: str) -> float:
        try:
            value = float(text[:40])
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a number of seconds") \
                from None
        if not (math.isfinite(value) and lo <= value <= hi):
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not in {lo:g}..{hi:g} seconds")
        return value
    return parse


def checked_scenario(name: str | None, module: object) -> str | None:
    """--scenario: one of the module's scenarios (docs/rules.md G3), or None for
    the module's own setup; CommandError in one line otherwise."""
    if name is None:
        return None
    from ..engine.scenario import check

    try:
        return check(module, name)  # type: ignore[arg-type]
    except ValueError as e:
        raise CommandError(f"--scenario: {e}") from None

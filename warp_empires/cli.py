"""The `warp-empires` command (also `python -m warp_empires`).

A thin shell: the commands themselves live in warp_empires/commands/, each
registering its own subparsers (see warp_empires/commands/__init__.py).
"""

from __future__ import annotations

import argparse
import os
import sys
import typing
from contextlib import nullcontext
from importlib import import_module

from . import __version__
from .commands import COMMAND_MODULES, CommandError
from .module import ModuleError
from .saves.errors import SaveError, one_line
from .terminal_text import safe_output

# THE DEFAULT COMMAND: what a bare `warp-empires` runs. Empty prints the help.
# When the `play` command exists, set this to ["play"] to open the game.
DEFAULT_ARGS: list[str] = ["play"]

DEBUG_ENV = "WARP_EMPIRES_DEBUG"  # set to 1 to see the traceback of an internal error


class Parser(argparse.ArgumentParser):
    """argparse, with a usage error told in one line (the full usage is --help)."""

    def error(self, message: str) -> typing.NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="warp-empires",
        description="Card-and-chit strategy games in the terminal, themed by data modules.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in COMMAND_MODULES:
        import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line `argv` (default: sys.argv[1:]); return the exit code."""
    args = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args:
        if not DEFAULT_ARGS:
            parser.print_help()
            return 0
        args = list(DEFAULT_ARGS)
    elif DEFAULT_ARGS and args[0].startswith("-") and args[0] not in ("-h", "--help",
                                                                      "--version"):
        args = list(DEFAULT_ARGS) + args  # `warp-empires --seed 7` means `play --seed 7`
    try:
        namespace = parser.parse_args(args)
    except SystemExit as stop:  # argparse: 0 after --help, 2 for a usage error
        return stop.code if isinstance(stop.code, int) else 2
    run = getattr(namespace, "run", None)
    if run is None:  # a command group such as `module` given no subcommand
        getattr(namespace, "parser", parser).print_help(sys.stderr)
        return 2
    guard = safe_output() if getattr(namespace, "prints_files", False) else nullcontext()
    try:
        with guard:
            return int(run(namespace) or 0)
    except (CommandError, SaveError) as err:
        print(f"warp-empires: {err}", file=sys.stderr)
    except ModuleError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (e.g. `| head`) went away; point stdout at nothing so that
        # the interpreter's final flush does not complain about it either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as err:  # the file system refused a path: say which and why
        where = f"{one_line(str(err.filename), 120)}: " if err.filename else ""
        print(f"warp-empires: {where}{err.strerror or err}", file=sys.stderr)
    except Exception as err:
        if os.environ.get(DEBUG_ENV):
            raise
        print(
            f"warp-empires: internal error: {type(err).__name__}: {err}"
            f" (set {DEBUG_ENV}=1 to see where)",
            file=sys.stderr,
        )
    return 1

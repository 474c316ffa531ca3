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

COMMAND_MODULES: tuple[str, ...] = (
    "warp_empires.commands.module_cmds",
    "warp_empires.commands.play",
    "warp_empires.commands.saves_cmds",
    "warp_empires.commands.simulate",
)


class CommandError(Exception):
    """A failure the user can fix; printed as one line, exit code 1."""

"""`warp-empires completion SHELL`: a shell completion script, made by shtab
from the same parsers the commands use, so it never falls behind them.

    warp-empires completion bash > ~/.local/share/bash-completion/completions/warp-empires
    warp-empires completion zsh > "${fpath[1]}/_warp-empires"
"""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "tcsh")


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "completion", help="print a shell completion script (bash, zsh or tcsh)",
        description="Print a script that makes the shell complete warp-empires commands,"
        " options and files. For bash: warp-empires completion bash >"
        " ~/.local/share/bash-completion/completions/warp-empires")
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import shtab

    from ..cli import build_parser

    print(shtab.complete(build_parser(), shell=args.shell))
    return 0

"""`warp-empires module position MODULE`: a position file of the module's
opening, to edit into the position a modder wants to try (docs/positions.md)."""

from __future__ import annotations

import argparse

from . import SEED_MAX, whole_number

DESCRIPTION = ("Print a position file (docs/positions.md) of the module's opening: its"
               " starting stacks, markers and banks as the seed sets them up (a side that"
               " chooses where to start takes the first place offered), at the first side's"
               " Draw phase. Edit it, then: warp-empires play --position FILE.")


def register_position(actions: argparse._SubParsersAction) -> None:
    text = "print a position file of a module's opening, as a template"
    p = actions.add_parser("position", help=text, description=DESCRIPTION)
    p.add_argument("module", metavar="PATH_OR_NAME", help="a module folder or name")
    p.add_argument("--seed", type=whole_number(0, SEED_MAX), default=0,
                   help="the seed that sets up the opening's random units (default 0)")
    p.set_defaults(run=run_position)


def run_position(args: argparse.Namespace) -> int:
    from ..module import load_module
    from ..saves.position_text import opening_state, position_file

    module = load_module(args.module)  # ModuleError: every problem, as validate prints
    print(position_file(opening_state(module, args.seed)), end="")
    return 0

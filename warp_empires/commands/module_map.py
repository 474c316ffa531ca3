"""`warp-empires module map`: the map as the game screen draws it at one
terminal size, and every label it had to cut (tui/map_preview.py)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import TYPE_CHECKING, Any

from . import CommandError

if TYPE_CHECKING:
    from ..tui.map_preview import Preview

_SIZE = re.compile(r"(\d{2,4})x(\d{2,4})")


def register_map(actions: argparse._SubParsersAction) -> None:
    preview = actions.add_parser(
        "map", help="draw a module's map as the game shows it, and list cut labels",
        description="Draw the module's map as the game screen draws it in a terminal of"
        " --size (default 120x40): at the same scale, with the labels where the game puts"
        " them and each kind's look. Then list every territory whose name had to be cut or"
        " whose revenue found no room; give those a `label` or a roomier region. Colours at"
        " a terminal, plain text when piped or with --plain.")
    preview.add_argument("module", metavar="PATH_OR_NAME", help="a module folder or name")
    preview.add_argument("--size", metavar="WxH", default="120x40",
                         help="the terminal's size, e.g. 80x24 (default 120x40)")
    preview.add_argument("--plain", action="store_true", help="no colours")
    preview.add_argument("--json", action="store_true",
                         help="print the placements and cut labels as JSON")
    preview.set_defaults(run=run_map, prints_files=True)


def run_map(args: argparse.Namespace) -> int:
    from ..module import load_module
    from ..tui.map_preview import preview

    size = _SIZE.fullmatch(args.size.strip().lower())
    if size is None or not 40 <= int(size[1]) <= 1000 or not 10 <= int(size[2]) <= 1000:
        raise CommandError(f"--size must be WIDTHxHEIGHT such as 120x40 (40 to 1000 by"
                           f" 10 to 1000), not {args.size!r}")
    module = load_module(args.module)  # ModuleError: every problem, as validate prints
    shown = preview(module, int(size[1]), int(size[2]))
    if args.json:
        print(json.dumps(_data(module.id, shown), indent=2, ensure_ascii=False))
    else:
        _print(module.id, shown, args.plain or not sys.stdout.isatty())
    return 0


def _summary(module_id: str, shown: Preview) -> list[str]:
    w, h = shown.size
    if not shown.rows:
        return [f"{module_id} has no territories to draw."]
    cut = [label for label in shown.labels if label.cut]
    lines = []
    if shown.boxes:
        lines.append(f"{module_id} has no map picture: the game draws each territory as a box"
                     " of its own, in the module's order; the boxes do not show who neighbours"
                     " whom (docs/module-format.md).")
    if cut:
        lines.append(f"Cut at {w}x{h}:")
        for label in cut:
            what = f"shown as {label.shown!r}" if label.shown else "no room for a label"
            if label.shown and not label.complete:
                what += ", revenue left out"
            lines.append(f"  {label.id} ({label.name}): {what}")
    rw, rh = shown.room
    sx, sy = shown.scale
    scroll = ", and scrolls" if shown.scrolls else ""
    lines.append(f"{module_id} at {w}x{h}: the map has {rw}x{rh} cells, drawn at scale"
                 f" {sx:g}x{sy:g}{scroll}; {len(cut)} of {len(shown.labels)} labels cut.")
    return lines


def _print(module_id: str, shown: Preview, plain: bool) -> None:
    if plain:
        for row in shown.rows:
            print(row.plain.rstrip())
    else:
        from rich.console import Console

        from ..terminal_text import raw_stdout

        console = Console(file=raw_stdout(), highlight=False, markup=False, emoji=False,
                          soft_wrap=True)
        for row in shown.rows:
            console.print(row)
    for line in _summary(module_id, shown):
        print(line)


def _data(module_id: str, shown: Preview) -> dict[str, Any]:
    return {
        "module": module_id,
        "size": list(shown.size),
        "room": list(shown.room),
        "scale": list(shown.scale),
        "scrolls": shown.scrolls,
        "boxes": shown.boxes,
        "map": [row.plain for row in shown.rows],
        "labels": [
            {"id": label.id, "name": label.name, "shown": label.shown,
             "revenue_shown": label.complete, "cut": label.cut,
             "lines": [{"row": y, "column": x, "text": text}
                       for y, (x, text) in label.lines.items()]}
            for label in shown.labels
        ],
        "cut": [label.id for label in shown.labels if label.cut],
    }

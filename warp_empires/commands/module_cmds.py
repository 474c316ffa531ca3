"""`warp-empires validate` and `warp-empires module show|list`: for modders."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..module import Module, ModuleError, list_modules, load_module
from ..module.errors import shown
from ..module.export import effect_to_data, module_to_data
from ..module.report_lines import Columns, problem_line, problem_record
from ..paths import expand, module_search_path
from .module_map import register_map
from .module_position import register_position
from .module_share import register_share


def register(subparsers: argparse._SubParsersAction) -> None:
    validate = subparsers.add_parser(
        "validate",
        help="check a theme module and list every problem",
        description="Check a theme module. Prints a summary and exits 0, or prints every"
        " problem found, one per line, and exits 1.",
    )
    validate.add_argument("module", metavar="PATH_OR_NAME", help="a module folder or name")
    validate.add_argument("--json", action="store_true", help="print one JSON object")
    validate.set_defaults(run=run_validate, prints_files=True)

    group = subparsers.add_parser("module", help="show or list theme modules")
    group.set_defaults(parser=group)
    actions = group.add_subparsers(title="module commands", metavar="ACTION")
    show = actions.add_parser(
        "show",
        help="print a module's sides, units, cards, map, rules, setup and victory",
    )
    show.add_argument("module", metavar="PATH_OR_NAME", help="a module folder or name")
    show.add_argument("--json", action="store_true", help="dump the whole loaded module as JSON")
    show.set_defaults(run=run_show, prints_files=True)
    new = actions.add_parser(
        "new", help="write a working starting module to make your own theme from",
        description="Write a complete, valid module named NAME (a copy of a small built-in"
        " theme, or of --from MODULE, with its id changed) into your modules folder or"
        " --path DIR, then check it. Edit its TOML files and run `warp-empires validate`.")
    new.add_argument("name", metavar="NAME", help="the new module's id, e.g. my_theme")
    new.add_argument("--from", dest="source", metavar="PATH_OR_NAME",
                     help="copy this module instead of the built-in starting module")
    new.add_argument("--path", metavar="DIR",
                     help="the folder to write it in (default: your modules folder)")
    new.set_defaults(run=run_new)
    listing = actions.add_parser("list", help="list the modules found on the search path")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.set_defaults(run=run_list, prints_files=True)
    schema = actions.add_parser(
        "schema", help="print a JSON Schema of the module files, for editors",
        description="Print a JSON Schema (draft 2020-12) of a module file, or of all four as"
        " one JSON object keyed by file name, for editors such as taplo / Even Better TOML:"
        " a `#:schema ./units.schema.json` first line in units.toml. A help while typing;"
        " `warp-empires validate` remains the full check.")
    schema.add_argument("file", metavar="FILE", nargs="?",
                        help="module.toml, map.toml, units.toml or cards.toml (or without"
                        " .toml); default: all four")
    schema.add_argument("--out", metavar="DIR",
                        help="write DIR/<file>.schema.json files instead and print their paths")
    schema.set_defaults(run=run_schema)
    register_share(actions)
    register_map(actions)
    register_position(actions)


def run_validate(args: argparse.Namespace) -> int:
    try:
        module = load_module(args.module)
    except ModuleError as err:
        # err.problems stops at the first MAX_PROBLEMS_SHOWN (its last line says
        # how many more); err.count is every problem found.
        folder = _folder_as_given(args.module)
        columns = Columns(_real_folder(folder))  # reads each file once, for all problems
        if args.json:
            _print_json(
                {
                    "module": args.module,
                    "valid": False,
                    "problems": [problem_record(p, folder, columns) for p in err.details]
                    or [{"file": None, "line": None, "key": "", "message": line, "hint": None}
                        for line in err.problems],
                    "problem_count": err.count,
                }
            )
        else:
            for line in _lines_with_paths(err, folder, columns):
                print(line)
            count = err.count
            name = shown(args.module) if args.module else "(an empty module name)"
            print(f"{name}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
        return 1
    summary = summarise(module)
    if args.json:
        _print_json(summary)
        return 0
    print(f"{module.id}: {module.name} {module.version} (format {module.format}) is valid")
    print(f"  folder: {module.path}")
    print(f"  map: {summary['territories']} territories, {summary['revenue_territories']} "
          "with revenue")
    print(f"  cards: {summary['cards']} cards of {summary['card_types']} kinds")
    for side in module.sides:
        counts = summary["sides"][side.id]
        print(
            f"  {side.id} ({side.name}): {counts['unit_types']} unit types, {counts['chits']} chits"
        )
    return 0


def summarise(module: Module) -> dict[str, Any]:
    return {
        "module": module.id,
        "valid": True,
        "name": module.name,
        "version": module.version,
        "format": module.format,
        "path": module.path,
        "fingerprint": module.fingerprint,
        "territories": len(module.map.territories),
        "revenue_territories": sum(1 for t in module.map.territories if t.is_revenue),
        "cards": sum(c.count for c in module.cards),
        "card_types": len(module.cards),
        "sides": {
            s.id: {
                "name": s.name,
                "unit_types": sum(1 for u in module.units if u.side == s.index),
                "chits": sum(u.count for u in module.units if u.side == s.index),
            }
            for s in module.sides
        },
    }


def run_show(args: argparse.Namespace) -> int:
    module = load_module(args.module)
    if args.json:
        _print_json(module_to_data(module))
    else:
        print("\n".join(describe(module)))
    return 0


def run_list(args: argparse.Namespace) -> int:
    found = list_modules()
    if args.json:
        _print_json(
            {
                "search_path": [str(p) for p in module_search_path()],
                "modules": [{"name": p.name, "path": str(p)} for p in found],
            }
        )
        return 0
    print("Search path (first match wins):")
    for folder in module_search_path():
        print(f"  {folder}{'' if folder.is_dir() else '  (does not exist)'}")
    print("Modules:" if found else "No modules found.")
    for folder in found:
        print(f"  {folder.name:<20} {folder}")
    return 0


def describe(module: Module) -> list[str]:
    """The module as readable text: one titled table per part."""
    side_ids = [s.id for s in module.sides]
    territories = module.map.territories
    data = module_to_data(module)
    data_units = {u.index: unit for u, unit in zip(
        module.units, (x for side in data["sides"] for x in side["units"]), strict=True)}
    out = [f"{module.name} ({module.id} {module.version}, format {module.format})"]
    if module.description:
        out.append(module.description)
    out.append(f"Folder: {module.path}")
    out += _section(
        "Sides",
        ["id", "name", "short", "colour"],
        [[s.id, s.name, s.short, s.colour] for s in module.sides],
    )
    for side in module.sides:
        out += _section(
            f"Units of {side.name}",
            ["id", "name", "speed", "count", "force", "class", "traits", "power"],
            [
                [u.id, u.name, f"{u.speed} ({u.move})", u.count, u.force, u.cls, _join(u.traits),
                 _value(data_units[u.index]["power"] or "")]
                for u in module.units
                if u.side == side.index
            ],
        )
    out += _section(
        "Cards",
        ["id", "name", "count", "side", "effect"],
        [
            [
                c.id,
                c.name,
                _card_count(c.count, side_ids, c.decks),
                "any" if c.side is None else side_ids[c.side],
                _effect_text(effect_to_data(module, c.effect)),
            ]
            for c in module.cards
        ],
    )
    out += _section(
        "Territories",
        ["id", "name", "kind", "revenue", "edge", "neighbours"],
        [
            [
                t.id,
                t.name,
                t.kind,
                t.revenue,
                "edge" if t.edge else "",
                _join(territories[n].id for n in t.neighbours),
            ]
            for t in territories
        ],
    )
    if data["map"]["enter"]:  # docs/rules.md G1
        out += _section("Who may enter", ["kind", "units"],
                        [[k, _value(v)] for k, v in data["map"]["enter"].items()])
    if data["map"]["arrive"]:  # G18
        out += _section("Arrivals", ["kind", "where"],
                        [[k, v] for k, v in data["map"]["arrive"].items()])
    if data["carries"]:  # G2, G17
        out += _section("Carrying", ["class", "carries", "cargo", "ferry"],
                        [[k, v["carries"], _value(v["cargo"]), "yes" if v["ferry"] else ""]
                         for k, v in data["carries"].items()])
    if module.map.picture:
        out += ["", "Map", *(f"  {row}" for row in module.map.picture)]
    out += _section("Rules", ["rule", "value"], [[k, _value(v)] for k, v in data["rules"].items()])
    out += _section(
        "Setup",
        ["side", "setting", "value"],
        [
            [side if n == 0 else "", key, _value(value)]
            for side, setup in data["setup"].items()
            for n, (key, value) in enumerate(setup.items())
        ],
    )
    out += _victory("Victory", data["victory"])
    for sc in data["scenarios"]:  # docs/rules.md G3
        out += _section(f"Scenario {sc['id']}: {sc['name']}", ["setting", "value"],
                        [[k, _value(v)] for k, v in sc.items()
                         if k not in ("id", "name", "victory")])
        if sc["victory"]:
            out += _victory(f"Victory in {sc['id']}", sc["victory"])
    return out


def _card_count(count: int, side_ids: list[str], decks: tuple[int, int] | None) -> str:
    """The copies of a card, and each deck's when each side has one (G10)."""
    if decks is None:
        return str(count)
    return f"{count} ({', '.join(f'{i} {n}' for i, n in zip(side_ids, decks, strict=True))})"


def _victory(title: str, victories: list[dict[str, Any]]) -> list[str]:
    return _section(title, ["side", "text", "when", "hold", "clauses"],
                    [[v["side"], v["text"], v["when"], v["hold"], _value(v["all"])]
                     for v in victories])


def _section(title: str, headers: list[str], rows: Sequence[Sequence[Any]]) -> list[str]:
    cells = [[str(c) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  " + "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)).rstrip()

    return [
        "",
        title,
        line(headers),
        line(["-" * w for w in widths]),
        *(line(r) for r in cells),
    ]


def _join(items: Any) -> str:
    return ", ".join(sorted(items))


def _effect_text(effect: dict[str, Any]) -> str:
    parts = [str(effect["kind"])]
    for key, value in effect.items():
        if key == "filter":
            classes = "/".join(value.get("units") or value["class"]) or "any"
            parts.append(f"filter={classes}" + "".join(f"+{t}" for t in value["traits"]))
        elif key != "kind":
            parts.append(f"{key}={_value(value)}")
    return " ".join(parts)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "-"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def run_new(args: argparse.Namespace) -> int:
    from ..module.new import new_module

    into = expand(args.path) if args.path else None
    folder = new_module(args.name, into, args.source)
    module = load_module(folder)  # a ModuleError here is printed as its problems
    print(f"{folder}: module {module.id} written and valid")
    print(f"  edit its TOML files, then: warp-empires validate {folder}")
    print(f"  play it: warp-empires play --module {folder}")
    return 0


def _folder_as_given(text: str) -> str | None:
    """The module folder as the command line named it (`./my_theme`), so that
    problem lines are paths a terminal or an editor can open; None for a name
    found on the search path."""
    given = text[: -len("module.toml")] if text.endswith("module.toml") else text
    given = given.rstrip("/" + (os.altsep or "")) or given
    looks_like_path = os.sep in text or (os.altsep or os.sep) in text or text.startswith(".")
    try:
        return given if looks_like_path and expand(given).is_dir() else None
    except (OSError, ValueError):  # a name too long for the file system, a NUL in it
        return None


def _lines_with_paths(err: ModuleError, folder: str | None, columns: Columns) -> list[str]:
    """`path:line:col: CODE key: message` per problem (module/report_lines.py)."""
    if not err.details:
        return err.problems
    lines = [problem_line(p, folder, columns) for p in err.details]
    return lines + err.problems[len(err.details):]  # the "... and N more" line


def _real_folder(folder: str | None) -> Path | None:
    return expand(folder) if folder is not None else None


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def run_schema(args: argparse.Namespace) -> int:
    # Imported here: only this command needs the schema builder.
    from ..module.fields import MODULE_FILES
    from ..module.jsonschema import module_schemas
    from . import CommandError

    schemas = module_schemas()
    if args.file is not None:
        name = args.file if args.file.endswith(".toml") else f"{args.file}.toml"
        if name not in MODULE_FILES:
            raise CommandError(f"'{shown(args.file)}' is not a module file"
                               f" (expected one of: {', '.join(MODULE_FILES)})")
        schemas = {name: schemas[name]}
    if args.out is None:
        _print_json(schemas if args.file is None else schemas[name])
        return 0
    folder = expand(args.out)
    folder.mkdir(parents=True, exist_ok=True)
    for file, schema in schemas.items():
        path = folder / file.replace(".toml", ".schema.json")
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(path)
    return 0

"""`warp-empires saves` (list saved games) and `warp-empires replay` (show or verify one)."""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..engine import Game, describe_action
from ..module import load_module
from ..saves import SaveError, SaveInfo, list_saves, open_game, resolve_dir
from ..saves.errors import one_line
from ..saves.game import verify_doc
from ..saves.proof import proof_of
from . import COMPLETE_FILE, CommandError, add_saves_dir, find_save

SAVE_HELP = "a save file, or the name of a save in the saves folder (e.g. autosave-1)"


def register(subparsers: argparse._SubParsersAction) -> None:
    saves = subparsers.add_parser(
        "saves",
        help="list saved games, newest first",
        description="List saved games, newest first, from their metadata (nothing is"
        " replayed). A damaged file is listed with what is wrong with it.",
    )
    add_saves_dir(saves)
    saves.add_argument("old_dir", metavar="DIR", nargs="?", help=argparse.SUPPRESS)
    saves.add_argument("--json", action="store_true", help="print one JSON object per save")
    saves.set_defaults(run=run_saves, prints_files=True)

    replay = subparsers.add_parser(
        "replay",
        help="show a saved game as one side saw it, or verify it",
        description="Replay a save from its seed and print what happened, turn by turn."
        " By default only what both sides saw (RULINGS H8); --side S adds what side S"
        " saw and decided; --reveal-all shows everything, both sides' secrets included"
        " (a spoiler). With --verify, only check that the replay reproduces the saved"
        " game: exit 0 if it does, saying what was checked and what was only read"
        " (a game that starts from a saved position: START NOT CHECKED), 1 with a"
        " one-line reason if not.",
    )
    save = replay.add_argument("save", metavar="SAVE", help=SAVE_HELP)
    save.complete = COMPLETE_FILE
    shown = replay.add_mutually_exclusive_group()
    shown.add_argument("--side", metavar="SIDE",
                       help="show what this side saw and decided (the side's id)")
    shown.add_argument("--reveal-all", action="store_true",
                       help="SPOILER: show everything, both sides' secrets included")
    shown.add_argument("--verify", action="store_true",
                       help="check the save and its replay; print nothing else")
    replay.add_argument("--spoil", action="store_true",
                        help="with --side or --reveal-all on a game not yet over: print its "
                        "secrets without asking (scripts; at a terminal you are asked)")
    add_saves_dir(replay)
    replay.add_argument("--module", metavar="PATH_OR_NAME",
                        help="the module to replay with (default: the one the save names)")
    replay.set_defaults(run=run_replay, prints_files=True)


def run_saves(args: argparse.Namespace) -> int:
    folder = resolve_dir(args.saves_dir or args.old_dir)
    try:
        infos = list_saves(folder)
    except SaveError as e:
        raise CommandError(str(e)) from None
    if args.json:
        for info in infos:
            print(json.dumps(info.to_json(), ensure_ascii=False))
        return 0
    if not infos:
        state = "" if folder.is_dir() else " (the folder does not exist)"
        print(f"no saves in {folder}{state}")
        return 0
    for info in infos:
        print(_line(info))
    return 0


def _line(info: SaveInfo) -> str:
    path = one_line(os.fspath(info.path))
    m = info.meta
    if m is None:
        return f"{path}: DAMAGED: {info.error}"
    when = m.saved_at_local()
    state = f"{m.phase}, {m.active_id} to play" if m.active_id else "game over"
    players = " vs ".join(f"{s.id} ({s.player})" for s in m.sides)
    title = m.name or info.path.stem
    start = "" if not info.from_position else \
        f"; START NOT CHECKED (started from {info.position})" if info.position else \
        "; START NOT CHECKED (a saved position)"
    return (f"{when}  {title}  [{m.module_id} {m.module_version}, turn {m.turn}, {state};"
            f" {players}{start}]  {path}")


def run_replay(args: argparse.Namespace) -> int:
    path = find_save(args.save, args.saves_dir)
    module = load_module(args.module) if args.module else None
    try:
        opened, doc = open_game(path, module)
        game = verify_doc(doc, opened.module, os.fspath(path))
    except SaveError as e:
        raise CommandError(str(e)) from None
    if args.verify:
        # what was proved, and what was only read (saves/proof.py): never "ok" alone
        s = game.state
        print(f"{one_line(os.fspath(path))}: {proof_of(doc, s.turn, s.phase).summary()}")
        return 0
    side = _side(game, args.side) if args.side is not None else None
    if (side is not None or args.reveal_all) and not game.over and not args.spoil:
        _ask_before_spoiling(game, side)
    _print_replay(game, side, args.reveal_all)
    return 0


def _ask_before_spoiling(game: Game, side: int | None) -> None:
    """A game going on: one side's secrets are printed only on purpose (RULINGS
    H7, H8): at a terminal the side's id (or "everything") is typed first;
    without one, --spoil says it. CommandError when not."""
    word = "everything" if side is None else game.module.sides[side].id
    named = game.module.sides[side] if side is not None else None
    # a plural side's possessive takes no s (play-test: "...s's secrets")
    mark = "'" if named is not None and named.plural else "'s"
    whose = "both sides'" if named is None else f"{named.the()}{mark}"
    if not sys.stdin.isatty():
        raise CommandError(f"the game is not over: this would print {whose} secrets; "
                           "add --spoil to print them without being asked")
    try:
        answer = input(f"The game is not over: this prints {whose} secrets. "
                       f"Type {word!r} to go on: ")
    except EOFError:
        answer = ""
    if answer.strip().lower() != word:
        raise CommandError("nothing shown (the answer was not "
                           f"{word!r})")


def _side(game: Game, text: str) -> int:
    ids = [s.id for s in game.module.sides]
    if text.lower() in ids:
        return ids.index(text.lower())
    if text in ("0", "1"):
        return int(text)
    raise CommandError(f"--side: no side {text!r} in {game.module.id} (choose {' or '.join(ids)})")


def _print_replay(game: Game, side: int | None, everything: bool) -> None:
    """Every event the chosen eyes saw, in order, with that side's own decisions
    (every decision with `everything`). Public: only what both sides saw."""
    m = game.module
    if everything:
        print("SPOILER: everything, both sides' secrets included.")
    elif side is None:
        print("What both sides saw (--side S for one side's view, --reveal-all for all).")
    else:
        print(f"What {m.sides[side].the()} saw and decided.")
    if (side is not None or everything) and not game.over:
        # as the app's replay viewer asks before it shows a side of a game going on
        print(f"The game is not over: this holds what only "
              f"{'each side' if everything else m.sides[side].the()} may see.")
    replay = Game.replay(m, game.seed, game.options, [], game.base)
    replay.state.undo = None
    _events(replay.state.log, side, everything)
    for who, action in game.actions:
        state = replay.state
        if everything or who == side:
            text = describe_action(m, state, tuple(action))
            print(f"turn {state.turn:3} {state.phase:8} > {m.sides[who].name}: {text}")
        _events(replay.apply(who, tuple(action)), side, everything)


def _events(events: list[dict], side: int | None, everything: bool) -> None:
    for e in events:
        if everything or e["to"] is None or e["to"] == side or (side is None and e.get("public")):
            print(f"turn {e['turn']:3} {e['phase']:8}   {e['text']}")

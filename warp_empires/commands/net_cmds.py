"""`warp-empires serve`, `host` and `join`: play over the network
(docs/protocol.md, docs/hosting.md)."""

from __future__ import annotations

import argparse
import json
import sys

from . import (
    COMPLETE_FILE,
    SEED_MAX,
    CommandError,
    add_saves_dir,
    checked_scenario,
    whole_number,
)

DEFAULT_PORT = 8765


def register(subparsers: argparse._SubParsersAction) -> None:
    serve = subparsers.add_parser(
        "serve", help="host games for players on other machines",
        description="Run a game server: it holds every hosted game, writes each decision "
        "to the saves folder before telling anyone, and resumes every game when started "
        "again on the same folder.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--port", type=whole_number(0, 65535), default=DEFAULT_PORT,
                       help=f"the port (default: {DEFAULT_PORT}; 0: any free one)")
    cert = serve.add_argument("--certfile", metavar="FILE", help="TLS certificate (PEM)")
    key = serve.add_argument("--keyfile", metavar="FILE", help="TLS private key (PEM)")
    cert.complete = key.complete = COMPLETE_FILE
    serve.add_argument("--max-games", type=whole_number(1, 100_000), default=1000,
                       help="games hosted at once (default: 1000)")
    serve.add_argument("--max-connections", type=whole_number(1, 100_000), default=1000,
                       help="connections at once (default: 1000)")
    serve.add_argument("--fsync", action="store_true",
                       help="sync each decision to the disk before acknowledging it, so that "
                       "a power cut loses nothing either (slower; without it a killed or "
                       "crashed server loses nothing)")
    add_saves_dir(serve)
    serve.set_defaults(run=run_serve)

    host = subparsers.add_parser(
        "host", help="start a game on a server and print its join links",
        description="Create a game on SERVER and print one join link per side played by a "
        "person. Send each player their side's link: the link is the seat's key.")
    host.add_argument("server", metavar="SERVER", help="host:port, ws://... or wss://...")
    host.add_argument("--module", metavar="NAME", help="the theme module (default: the "
                      "first one found here)")
    host.add_argument("--seed", type=whole_number(0, SEED_MAX), metavar="N",
                      help="the game's seed (default: a secret random one)")
    host.add_argument("--options", metavar="ID,...", help="optional rules, comma-separated")
    host.add_argument("--scenario", metavar="ID",
                      help="one of the module's scenarios (default: the module's own setup)")
    host.add_argument("--players", metavar="A,B", default="human,human",
                      help="who plays each side: human (joins by link) or a computer player "
                      "the server runs, e.g. human,bot:hard (default: human,human)")
    host.add_argument("--json", action="store_true",
                      help='print {"game": ID, "links": {SIDE: LINK, ...}}')
    host.set_defaults(run=run_host)

    join = subparsers.add_parser(
        "join", help="play your side of a hosted game, from its join link",
        description="Open the game for your side alone. With --player a computer player "
        "plays the seat without a screen, and the command exits 0 when the game ends.")
    join.add_argument("link", metavar="LINK", help="the join link the host gave you")
    join.add_argument("--player", metavar="KIND",
                      help="play the seat headless: heuristic, random, bot or bot:LEVEL")
    join.set_defaults(run=run_join)


def run_serve(args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import logging
    import signal
    import ssl

    from warp_empires.net.server import GameServer, Limits, run_server, tls_context
    from warp_empires.saves.store import resolve_dir

    if (args.certfile is None) != (args.keyfile is None):
        raise CommandError("--certfile and --keyfile go together")
    try:
        tls = tls_context(args.certfile, args.keyfile)
    except (OSError, ssl.SSLError) as e:
        raise CommandError(f"TLS: {e}") from None
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    folder = resolve_dir(args.saves_dir)
    server = GameServer(folder, Limits(connections=args.max_connections,
                                       games=args.max_games), sync=args.fsync)

    async def main() -> None:
        for problem in server.resume():
            print(f"warp-empires serve: not resumed: {problem}", file=sys.stderr)
        scheme = "wss" if tls else "ws"

        def ready(port: int) -> None:
            print(f"Serving {len(server.rooms)} game(s) from {folder} at "
                  f"{scheme}://{args.host}:{port}/ (Ctrl+C stops)", flush=True)

        stop = asyncio.Event()
        # SIGTERM (a service being stopped) leaves as Ctrl+C does: every game
        # is already on disk, so leaving at once loses nothing
        with contextlib.suppress(NotImplementedError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await run_server(server, args.host, args.port, tls, ready, stop)

    try:
        asyncio.run(main())
    except OSError as e:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: "
                           f"{e.strerror or e}") from None
    return 0


def run_host(args: argparse.Namespace) -> int:
    import asyncio

    from warp_empires.module import first_module, load_module
    from warp_empires.net.client import ClientError, create_game
    from warp_empires.net.links import BadLink, Link, server_url

    try:
        url = server_url(args.server)
    except BadLink as e:
        raise CommandError(str(e)) from None
    module = load_module(args.module or str(first_module()))  # names the module by its id
    options = [x.strip() for x in (args.options or "").split(",") if x.strip()]
    scenario = checked_scenario(args.scenario, module)
    players = [p.strip().lower() for p in args.players.split(",")]
    if len(players) != 2:
        raise CommandError(f"--players needs two names separated by a comma, "
                           f"got {args.players!r}")
    try:
        created = asyncio.run(create_game(url, module.id, args.seed, options, players,
                                          scenario))
    except ClientError as e:
        raise CommandError(str(e)) from None
    links = {side: str(Link(url, created["game"], side, token))
             for side, token in created["tokens"].items()}
    if args.json:
        print(json.dumps({"game": created["game"], "links": links}))
        return 0
    print(f"Game {created['game']} on {url}")
    for side, link in links.items():
        print(f"  {side}: warp-empires join '{link}'")
    return 0


def run_join(args: argparse.Namespace) -> int:
    import asyncio

    from warp_empires.net.client import ClientError, play_headless
    from warp_empires.net.links import BadLink, parse_link

    try:
        link = parse_link(args.link)
    except BadLink as e:
        raise CommandError(str(e)) from None
    if args.player is not None:
        from warp_empires.bots import known_kind

        if not known_kind(args.player):
            raise CommandError(f"--player: unknown computer player {args.player!r}")

        lost = [False]

        def note(text: str) -> None:
            # only the connection's troubles: a first "connected" is no news
            if text == "connected" and not lost[0]:
                return
            lost[0] = text != "connected"
            print(f"warp-empires join: {'reconnected' if text == 'connected' else text}",
                  file=sys.stderr, flush=True)

        try:
            over = asyncio.run(play_headless(link, args.player, on_state=note))
        except ClientError as e:
            raise CommandError(str(e)) from None
        print(over.get("text") or "Game over.")
        return 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError("join needs a terminal, or --player to play headless")
    from warp_empires.tui.remote import run_joined

    try:
        return run_joined(link)
    except ClientError as e:
        raise CommandError(str(e)) from None

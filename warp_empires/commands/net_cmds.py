"""`warp-empires serve`, `host` and `join`: play over the network
(docs/protocol.md, docs/hosting.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import (
    COMPLETE_FILE,
    SEED_MAX,
    CommandError,
    add_saves_dir,
    checked_scenario,
    whole_number,
)

DEFAULT_PORT = 8765
LOCAL = ("127.0.0.1", "localhost", "0.0.0.0", "::", "::1")


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
    serve.add_argument("--max-connections", type=whole_number(1, 100_000), default=2048,
                       help="connections at once, seated players and those not yet seated "
                       "(default: 2048)")
    serve.add_argument("--open", action="store_true",
                       help="let anyone create games between people (default: only the "
                       "holder of the host key, host.key in the saves folder)")
    serve.add_argument("--open-games", metavar="N", type=whole_number(1, 100_000),
                       help="with --open: strangers' games (created without the host key) "
                       "being played at once (default: half of --max-games; the rest are "
                       "the host's alone)")
    serve.add_argument("--address-games", metavar="N", type=whole_number(1, 100_000),
                       default=4, help="with --open: strangers' games one address created "
                       "being played at once (default: 4)")
    serve.add_argument("--open-connections", metavar="N", type=whole_number(1, 100_000),
                       help="with --open: players of strangers' games connected at once "
                       "(default: half of --max-connections)")
    serve.add_argument("--open-idle", metavar="MINUTES", type=whole_number(0, 10**7),
                       default=60, help="with --open: archive a stranger's game that nobody "
                       "has played or been connected to for MINUTES (default: 60; 0: never)")
    serve.add_argument("--open-over", metavar="HOURS", type=whole_number(0, 10**6),
                       default=24, help="with --open: archive a stranger's game HOURS after "
                       "it ended (default: 24; 0: after --archive-after days, as any game)")
    serve.add_argument("--bot-games", metavar="N", type=whole_number(0, 100_000), default=4,
                       help="games with a computer player on a seat being played at once "
                       "(default: 4; only the host may create them)")
    serve.add_argument("--address-rate", metavar="N", type=whole_number(1, 1_000_000),
                       default=5, help="new connections a second from one address, on "
                       "average, with bursts of 4 times that (default: 5)")
    serve.add_argument("--address-unseated", metavar="N", type=whole_number(1, 1_000_000),
                       default=8, help="connections from one address that have not said "
                       "hello yet, at once (default: 8)")
    serve.add_argument("--max-unseated", metavar="N", type=whole_number(1, 1_000_000),
                       default=1024, help="connections that have not said hello yet (their "
                       "TLS handshakes included) at once, from all addresses; the oldest is "
                       "closed to make room for a new one (default: 1024)")
    serve.add_argument("--trust-proxy", metavar="ADDRESS,...", default="",
                       help="reverse proxies (addresses or networks) whose PROXY protocol "
                       "header (v1 or v2) or X-Forwarded-For names the client, on the game's "
                       "port and the browsers' (default: none)")
    serve.add_argument("--metrics-from", metavar="ADDRESS,...", default="127.0.0.1,::1",
                       help="addresses or networks that may read /metrics (default: this "
                       "machine only; its counts follow every decision, untold ones too)")
    serve.add_argument("--archive-after", metavar="DAYS", type=whole_number(0, 36_500),
                       default=30, help="archive a game nobody has changed for DAYS days "
                       "(moved to archive/ in the saves folder, still replayable; `games "
                       "restore` brings it back; default: 30; 0: never)")
    serve.add_argument("--archive-keep", metavar="DAYS", type=whole_number(0, 36_500),
                       default=365, help="delete an archived game nobody has changed for "
                       "DAYS days (default: 365; 0: keep archived games for ever)")
    serve.add_argument("--log-level", choices=("debug", "info", "warning", "error"),
                       default="info", help="what the server logs on stderr, one JSON line "
                       "an event: info (default) has connections, hellos, refusals, games "
                       "created and ended; debug adds each decision")
    serve.add_argument("--fsync", action="store_true",
                       help="sync each decision to the disk before acknowledging it, so that "
                       "a power cut loses nothing either (slower; without it a killed or "
                       "crashed server loses nothing)")
    web = serve.add_argument_group(
        "browser seats", "--web also serves each seat to a web browser (the [web] extra: "
        "pip install 'warp-empires[web]'): a process per browser tab, playing one seat")
    web.add_argument("--web", action="store_true",
                     help="serve seats to browsers too, on --web-port")
    web.add_argument("--web-port", metavar="PORT", type=whole_number(0, 65535),
                     help="the browsers' port (default: the game port + 1)")
    web.add_argument("--web-url", metavar="URL",
                     help="the browsers' address as players reach it, printed in links "
                     "(default: http://HOST:WEB-PORT/; behind a proxy: https://...)")
    web.add_argument("--web-tabs", metavar="N", type=whole_number(1, 10_000), default=16,
                     help="browser seats (processes) at once (default: 16)")
    web.add_argument("--web-address-tabs", metavar="N", type=whole_number(1, 10_000),
                     default=3, help="of them, from one address (default: 3)")
    web.add_argument("--web-idle", metavar="MINUTES", type=whole_number(1, 10**6), default=30,
                     help="close a browser seat whose tab sent nothing for MINUTES "
                     "(default: 30; its page offers to open it again)")
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
                      help="the game's seed (default: a secret random one); whoever "
                      "chooses it knows the deck's order, so only the host may")
    host.add_argument("--options", metavar="ID,...", help="optional rules, comma-separated")
    host.add_argument("--scenario", metavar="ID",
                      help="one of the module's scenarios (default: the module's own setup)")
    host.add_argument("--players", metavar="A,B", default="human,human",
                      help="who plays each side: human (joins by link) or a computer player "
                      "the server runs, e.g. human,bot:hard (default: human,human)")
    host.add_argument("--key", metavar="KEY",
                      help="the server's host key (default: $WARP_EMPIRES_HOST_KEY, else the "
                      "key of a server this user started, else none)")
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
    join.add_argument("--take", action="store_true",
                      help="with --player: play the seat even when another connection plays "
                      "it now (that one is closed)")
    join.set_defaults(run=run_join)


def run_serve(args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import logging
    import signal
    import ssl
    import time

    from warp_empires.net.folder import FolderInUse, FolderLock
    from warp_empires.net.guard import Door, Rules, host_key, remember_key
    from warp_empires.net.listen import raise_file_limit, run_server, tls_context
    from warp_empires.net.ops import event, log_to
    from warp_empires.net.server import GameServer, Limits
    from warp_empires.saves.store import ensure_folder, resolve_dir

    if (args.certfile is None) != (args.keyfile is None):
        raise CommandError("--certfile and --keyfile go together")
    if args.web and (missing := web_missing()):
        raise CommandError(missing)
    try:
        tls = tls_context(args.certfile, args.keyfile)
    except (OSError, ssl.SSLError) as e:
        raise CommandError(f"TLS: {e}") from None
    log_to(None, args.log_level)  # standard error, as it is when each line is written
    raise_file_limit()
    folder = ensure_folder(resolve_dir(args.saves_dir))
    try:
        lock = FolderLock(folder).acquire()
    except FolderInUse as e:
        raise CommandError(str(e)) from None
    proxies = tuple(p.strip() for p in args.trust_proxy.split(",") if p.strip())
    monitors = tuple(p.strip() for p in args.metrics_from.split(",") if p.strip())
    try:
        rules = Rules(open=args.open, bot_games=args.bot_games, trusted_proxies=proxies,
                      connect_rate=args.address_rate, connect_burst=4 * args.address_rate,
                      unseated=args.address_unseated,
                      max_unseated=args.max_unseated, open_games=args.open_games,
                      address_games=args.address_games,
                      open_connections=args.open_connections, metrics_from=monitors)
        Door(rules, time.monotonic)  # checks the proxies' and monitors' addresses
    except ValueError as e:
        lock.release()
        raise CommandError(f"--trust-proxy or --metrics-from: {e}") from None
    server = GameServer(folder, Limits(connections=args.max_connections, games=args.max_games,
                                       archive_days=args.archive_after,
                                       keep_days=args.archive_keep,
                                       open_idle=args.open_idle * 60.0,
                                       open_over=args.open_over * 3600.0), sync=args.fsync,
                        rules=rules, key=host_key(folder))
    web_front = web_seats(args, folder, server, tls) if args.web else None

    async def main() -> None:
        for problem in server.resume():
            event("error", logging.ERROR, error=f"not resumed: {problem}")
        scheme = "wss" if tls else "ws"

        def ready(port: int) -> None:
            # `host` and the app find the key of a server this user started
            names = {args.host, *(["localhost", "127.0.0.1"] if args.host in LOCAL else [])}
            remember_key([f"{scheme}://{url_host(name)}:{port}/" for name in names],
                         server.key or "")
            event("start", folder=str(folder), games=len(server.playing), host=args.host,
                  port=port, open=args.open,
                  **({"web": web_front.port} if web_front is not None else {}))
            print(f"Serving {len(server.playing)} game(s) from {folder} at "
                  f"{scheme}://{url_host(args.host)}:{port}/ (Ctrl+C stops)", flush=True)
            if web_front is not None:
                server.web_url = args.web_url or (f"{'https' if tls else 'http'}://"
                                                  f"{url_host(args.host)}:{web_front.port}/")
                print(f"Browsers play their seats at {server.web_url}", flush=True)

        stop = asyncio.Event()
        # SIGTERM (a service being stopped) leaves as Ctrl+C does: every game
        # is already on disk, so leaving at once loses nothing
        with contextlib.suppress(NotImplementedError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await run_server(server, args.host, args.port, tls, ready, stop, web_front)

    try:
        asyncio.run(main())
    except OSError as e:
        raise CommandError(f"cannot listen on {args.host}:{args.port}: "
                           f"{e.strerror or e}") from None
    finally:
        lock.release()
    return 0


def web_seats(args: argparse.Namespace, folder: Any, server: Any, tls: Any) -> Any:
    """The browser seats' side of `serve --web` (net/web.py)."""
    import time

    from warp_empires.net.web import WebFront
    from warp_empires.net.web_seats import WebBounds, WebSeats

    bounds = WebBounds(processes=args.web_tabs, per_address=args.web_address_tabs,
                       idle=args.web_idle * 60.0)
    port = args.web_port if args.web_port is not None else (args.port + 1 if args.port else 0)
    return WebFront(server, server.door, WebSeats(bounds, server.door, time.monotonic),
                    folder / "web", args.host, port, tls=tls,
                    handshake_seconds=server.limits.handshake_seconds)


def web_missing() -> str | None:
    """Why `serve --web` cannot run here (its extra not installed), or None."""
    try:
        import warp_empires.net.web  # noqa: F401
    except ImportError as e:
        return (f"--web needs the [web] extra (pip install 'warp-empires[web]'): "
                f"{e.name or e} is not installed")
    return None


def server_and_key(server: str, key: str | None) -> tuple[str, str | None]:
    """The server's URL from what was typed (one line if it is no URL) and
    the host key for it: given, from the environment, or remembered."""
    from warp_empires.net.guard import key_for
    from warp_empires.net.links import BadLink, server_url

    try:
        url = server_url(server)
    except BadLink as e:
        raise CommandError(str(e)) from None
    return url, key_for(url, key)


def run_host(args: argparse.Namespace) -> int:
    import asyncio

    from warp_empires.module import first_module, load_module
    from warp_empires.net.client import ClientError, create_game
    from warp_empires.net.links import Link, browser_link, parse_link

    url, key = server_and_key(args.server, args.key)
    module = load_module(args.module or str(first_module()))  # names the module by its id
    options = [x.strip() for x in (args.options or "").split(",") if x.strip()]
    scenario = checked_scenario(args.scenario, module)
    players = [p.strip().lower() for p in args.players.split(",")]
    if len(players) != 2:
        raise CommandError(f"--players needs two names separated by a comma, "
                           f"got {args.players!r}")
    try:
        created = asyncio.run(create_game(url, module.id, args.seed, options, players, key,
                                          scenario))
    except ClientError as e:
        raise CommandError(str(e)) from None
    links = {side: str(Link(created["url"], created["game"], side, token))
             for side, token in created["tokens"].items()}
    web = created.get("web")  # the server serves browsers too (serve --web)
    browser = {side: browser_link(web, parse_link(link)) for side, link in links.items()
               } if isinstance(web, str) and web else {}
    if args.json:
        print(json.dumps({"game": created["game"], "links": links,
                          **({"browser": browser} if browser else {})}))
        return 0
    print(f"Game {created['game']} on {url}")
    for side, link in links.items():
        print(f"  {side}: warp-empires join '{link}'")
        if side in browser:
            print(f"  {' ' * len(side)}  or in a web browser: {browser[side]}")
    return 0


def run_join(args: argparse.Namespace) -> int:
    import asyncio

    from warp_empires.net.client import ClientError, InUse, play_headless
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
            over = asyncio.run(play_headless(link, args.player, on_state=note,
                                             take=args.take))
        except InUse as e:
            raise CommandError(f"{e}; --take plays it here instead") from None
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


def url_host(host: str) -> str:
    """`host` as a URL names it: an IPv6 address in brackets (the tenth attack:
    `serve --host ::1` printed ws://::1:PORT/ and remembered its key under it)."""
    return f"[{host}]" if ":" in host else host

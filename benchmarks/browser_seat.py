"""A seat played in a real browser (`serve --web`, docs/hosting.md): a headless
Chromium, driven by Selenium through Debian's chromium-driver, opens the
browser link `host` prints and plays that side's whole first player-turn with
the keyboard (and a click), while the other side is played by `join --player
heuristic` in a terminal-less client. Saves a screenshot of the page (the
one docs/hosting.md shows) and prints figures: the time from opening the link
to the first screen and to the seat joined, the keys pressed and the
decisions they made, and the memory of the tab's process. Not in the suite
(CI installs no Debian packages); it asserts only that the turn ended.

    apt-get install -y chromium chromium-driver
    .venv/bin/pip install -e '.[web,bench]'
    .venv/bin/python benchmarks/browser_seat.py [--screenshot FILE] [--json]

Without chromium, chromium-driver, Selenium or the [web] extra it prints one
line saying which is missing and exits 0. --done-means plays the whole game
(the browser's side by its first rows and end-phase keys), not one turn.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import haproxy as proxy  # noqa: E402

CHROMIUM, DRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
SCREENSHOT = ROOT / "docs" / "images" / "browser-seat.png"
# which key answers a position, by the verbs it allows (tui/control_words.py):
# end the phase, pass or stop where it may, close a selection, else row 1
VERB_KEYS = (("end", "e"), ("pass", "p"), ("stop", "s"), ("confirm", "c"), ("done", "c"),
             ("draw", "c"), ("back", "b"))


# --proxy: HAProxy in front of both ports, as docs/hosting.md shows (without TLS:
# loopback), the game's connections with a PROXY line (version 1), the browsers'
# with a binary PROXY header (version 2); the server trusts 127.0.0.1 (after
# haproxy.HEAD)
PROXY_CONFIG = """frontend warp
    bind 127.0.0.1:{port}
    use_backend warp_browsers if {{ path_beg /play/ }}
    default_backend warp_servers
backend warp_servers
    balance uri depth 2
    hash-type consistent
    server a 127.0.0.1:{game} send-proxy id 1
backend warp_browsers
    http-request replace-path /play(/.*) \\1
    balance uri depth 2
    hash-type consistent
    server a 127.0.0.1:{web} send-proxy-v2 id 1
"""


def missing() -> str | None:
    for path, package in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
        if not path.exists():
            return f"{path} is not installed (apt-get install -y {package})"
    for module, extra in (("selenium", "bench"), ("textual_serve", "web")):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[{extra}]')"
    return None


def cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from warp_empires.cli import main; "
            "sys.exit(main())", *args]


def position(folder: Path, game: str, side: int) -> dict[str, Any]:
    """The seat's position as the server's save holds it now (the harness
    reads the operator's disk; the browser is shown the same)."""
    from warp_empires.net.folder import seats_path
    from warp_empires.net.room import Room

    return Room.load(seats_path(folder, game)).position_frame(side)


PICKS = {"pick", "unpick", "confirm", "done", "draw"}


def key_for(frame: dict[str, Any], done_here: int, suggested: set[str]) -> str:
    """The key a simple player presses: the first row, a few times in each
    phase (a start, a move: a group, its units, where it goes), closing a
    selection when it may; then the key that ends the phase (or passes).
    Buys, places and losses are the app's suggestion (`a`), once a kind of
    decision a turn (`suggested`), so that the side lasts a game."""
    verbs = {a[0] for a in frame["legal"]}
    rows = frame["choices"]
    kind = f"{frame['view']['turn']}:{frame['view']['prompt']['text'][:40]}"
    if "pick" in verbs and verbs <= PICKS - {"draw"} and kind not in suggested:
        # (discards before the draw have no suggestion: `a` is not offered)
        suggested.add(kind)
        return "a"
    if {"confirm", "done", "draw"} & verbs and (done_here % 3 == 2 or verbs <= {
            "pick", "unpick", "confirm", "done", "draw"}):
        return "c"
    if verbs <= {"pick", "unpick"} and "pick" in verbs and any(
            r[1].startswith("discard") for r in rows):
        # cards down to the hand limit: `a` picks the ones the app suggests
        # (the screen orders the hand its own way: row numbers are its own)
        return "a"
    # the first row that goes forward (not taking a pick back, nor going back)
    forward = [n for n, row in enumerate(rows[:9], 1)
               if row[4] and not row[3] and row[0][0] not in ("unpick", "back", "undo")]
    if forward and (done_here < 6 or not verbs & {"end", "pass", "stop"}):
        return str(forward[0])
    for verb, key in VERB_KEYS:
        if verb in verbs:
            return key
    return str(forward[0]) if forward else "1"


def rss_of_tabs(home: Path) -> list[int]:
    """The resident memory (KiB) of each browser seat's process of this run's
    server (HOME `home`: another server's tabs on the machine are not ours)."""
    out = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        with contextlib.suppress(OSError):
            if b"warp_empires.tui.web_seat" in Path(f"/proc/{pid}/cmdline").read_bytes() \
                    and f"HOME={home}".encode() in Path(f"/proc/{pid}/environ").read_bytes():
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        out.append(int(line.split()[1]))
    return out


def browser(user_data: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", f"--user-data-dir={user_data}",
                 "--window-size=1280,860"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def wait(until: Any, seconds: float, what: str) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = until()
        if got:
            return got
        time.sleep(0.05)
    raise SystemExit(f"browser_seat: {what} did not happen within {seconds:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--screenshot", type=Path, default=SCREENSHOT)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--done-means", action="store_true",
                        help="play the whole game, not one player-turn")
    parser.add_argument("--second", action="store_true",
                        help="the browser plays the side that decides second")
    parser.add_argument("--proxy", action="store_true",
                        help="through HAProxy on loopback (Debian's haproxy), as "
                        "docs/hosting.md shows")
    parser.add_argument("--person", metavar="FILE", type=Path,
                        help="the other seat is a person at a terminal: its join command is "
                        "written to FILE (and printed), and the browser waits for it")
    parser.add_argument("--module", metavar="NAME", default="star_wars",
                        help="the game's module (rome: the tests' small theme, whose "
                        "games end in about a hundred decisions)")
    args = parser.parse_args()
    if (why := missing()) is not None or (args.proxy and proxy.haproxy() is None and (
            why := "haproxy is not installed (apt-get install -y haproxy)")):
        print(f"browser_seat: skipped: {why}")
        return 0
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    # stopped (timeout, kill): its server, proxy, client and browser stop too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    tmp = Path(tempfile.mkdtemp(prefix="browser-seat-"))
    env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"),
           "XDG_CONFIG_HOME": str(tmp / "config")}
    if args.module == "rome":  # for the server, its clients and this harness's reading
        env["WARP_EMPIRES_MODULES"] = os.environ["WARP_EMPIRES_MODULES"] = str(
            ROOT / "tests" / "themes")
    folder = tmp / "saves"
    port, web_port, front = proxy.free_port(), proxy.free_port(), proxy.free_port()
    processes: list[subprocess.Popen[bytes]] = []
    driver = None
    try:
        log = (tmp / "serve.log").open("wb")
        behind = (["--trust-proxy", "127.0.0.1", "--web-url",
                   f"http://127.0.0.1:{front}/play/"] if args.proxy else [])
        serve = subprocess.Popen(cli("serve", "--port", str(port), "--web", "--web-port",
                                     str(web_port), "--saves-dir", str(folder),
                                     "--log-level", "debug", *behind),
                                 env=env, stdout=subprocess.PIPE, stderr=log)
        processes.append(serve)
        assert serve.stdout is not None
        web_url = ""
        while not web_url:
            line = serve.stdout.readline().decode()
            if not line:
                raise SystemExit("browser_seat: the server did not start")
            if line.startswith("Browsers play their seats at "):
                web_url = line.split(" at ", 1)[1].strip()
        server = f"127.0.0.1:{port}"
        if args.proxy:
            processes.append(proxy.start(PROXY_CONFIG.format(port=front, game=port, web=web_port),
                                   front, tmp))
            server = f"127.0.0.1:{front}"
            wait(lambda: subprocess.run(["curl", "-sf", f"http://{server}/health"],
                                        capture_output=True).returncode == 0, 10,
                 "the proxy answering")
        made = subprocess.run(cli("host", server, "--json", "--module", args.module, "--key",
                                  (folder / "host.key").read_text().strip()),
                              env=env, capture_output=True)
        if made.returncode:
            raise SystemExit(f"browser_seat: host: {made.stderr.decode().strip()}")
        hosted = json.loads(made.stdout)
        game = hosted["game"]
        sides = list(hosted["links"])
        first = position(folder, game, 0)["view"]["prompt"]["side"]  # who decides first
        if args.second:
            first = 1 - first
        mine, theirs = sides[first], sides[1 - first]
        if args.person is not None:  # issue 38's done-means: a person plays that side
            command = f"warp-empires join '{hosted['links'][theirs]}'"
            args.person.write_text(command + "\n")
            print(f"browser_seat: the {theirs} seat, for a person at a terminal: {command}",
                  flush=True)
        else:
            processes.append(subprocess.Popen(
                cli("join", hosted["links"][theirs], "--player", "heuristic"),
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

        driver = browser(tmp / "chromium")
        opened = time.monotonic()
        driver.get(hosted["browser"][mine])
        wait(lambda: "-first-byte" in (driver.find_element(By.TAG_NAME, "body")
                                       .get_attribute("class") or ""), 30, "a first screen")
        first_screen = time.monotonic() - opened

        def hellos() -> int:
            return sum(json.loads(x).get("event") == "hello"
                       for x in (tmp / "serve.log").read_text().splitlines())

        wait(lambda: hellos() >= 2, 1800 if args.person else 30,
             "both seats joining" if args.person else "the browser's seat joining")
        joined = time.monotonic() - opened
        keys = driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        terminal = driver.find_element(By.CSS_SELECTOR, ".xterm-screen")
        start = position(folder, game, first)
        pos = start["pos"]
        pressed, clicked, decisions, shot, stuck = 0, False, 0, False, 0

        def decided(frame: dict[str, Any], seconds: float) -> bool:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                now = position(folder, game, first)
                if now["pos"] != frame["pos"] or not now["legal"]:
                    return True
                time.sleep(0.05)
            return False

        began = time.monotonic()
        in_phase: dict[tuple[int, str], int] = {}
        suggested: set[str] = set()
        played = None  # the turn of the browser side's player-turn, once it began
        while True:
            frame = position(folder, game, first)
            view = frame["view"]
            mine_now = view["phase"] != "setup" and view["active"] == first
            if played is None and mine_now:
                played = view["turn"]
            if frame["over"] or (not args.done_means and played is not None and (
                    view["turn"] != played or not mine_now)):
                break
            if not frame["legal"]:  # the other side decides (a battle's card, say)
                time.sleep(0.1)
                continue
            if pressed == 6 and not shot:
                args.screenshot.parent.mkdir(parents=True, exist_ok=True)
                driver.save_screenshot(str(args.screenshot))
                shot = True
            with (tmp / "keys.log").open("a") as trace:  # what each key answered
                print(frame["pos"], view["turn"], view["phase"], view["prompt"]["text"][:70],
                      sorted({a[0] for a in frame["legal"]}), len(frame["choices"]),
                      file=trace)
            here = (view["turn"], view["phase"])
            key = key_for(frame, in_phase.get(here, 0), suggested)
            in_phase[here] = in_phase.get(here, 0) + 1
            if key == "1" and not clicked and frame["choices"][0][4]:
                # once with the mouse: a click on the first row of the choices
                # (8 lines above the footer, the screen's last line; xterm.js
                # draws 16 px text in lines of 18 px)
                clicked = True
                ActionChains(driver).move_to_element_with_offset(
                    terminal, -terminal.size["width"] // 2 + 120,
                    terminal.size["height"] // 2 - int(18 * 8.5)).click().perform()
                if not decided(frame, 5):
                    keys.send_keys(key)  # the layout was not the one expected
                    clicked = False
            else:
                # a first digit that could begin a two-digit row waits for Enter
                # a digit that could begin a two-digit row ("1" of "12") waits for Enter
                keys.send_keys(key + (Keys.ENTER if key.isdigit()
                                      and int(key) * 10 <= len(frame["choices"]) else ""))
            with (tmp / "keys.log").open("a") as trace:
                print("   key", repr(key), file=trace)
            pressed += 1
            if pressed > (5000 if args.done_means else 300):
                raise SystemExit("browser_seat: the turn did not end within the keys allowed")
            if not decided(frame, 5):
                # a key may go to what the screen shows first (the news of
                # the other side's turn): once more
                keys.send_keys(key)
            if key == "a" and not decided(frame, 5):
                keys.send_keys("c")  # nothing to suggest, or all picked already
            if key.isdigit() and not decided(frame, 5):
                # the number may name a row the screen keeps greyed (a "group
                # gone", numbers kept where they were): Enter takes the
                # highlighted row, the first the screen offers
                keys.send_keys(Keys.ENTER)
            if not decided(frame, 10):
                # the screen and the frame disagree (a key typed while the app
                # took a forced decision is dropped as typed ahead, say): look
                # again and press again, a few times, before giving up the game
                stuck += 1
                driver.save_screenshot(str(tmp / f"stuck-{stuck}.png"))
                if stuck > 20:
                    raise SystemExit(f"browser_seat: no decision after {key!r} (the page: "
                                     f"{tmp / f'stuck-{stuck}.png'})")
                continue
            decisions += 1
        took = time.monotonic() - began
        if not shot:
            driver.save_screenshot(str(args.screenshot))
        rss = rss_of_tabs(tmp)
        final = position(folder, game, first)
        through = [json.loads(x).get("address") for x in (tmp / "serve.log").read_text(
            ).splitlines() if json.loads(x).get("event") == "hello"]
        figures = {"over": bool(final["over"]), "result": final["view"]["win_reason"],
                   "proxy": args.proxy, "module": args.module, "hello_addresses": through,
                   "first_screen_s": round(first_screen, 2), "joined_s": round(joined, 2),
                   "side": mine, "keys": pressed, "clicked": clicked,
                   "decisions": decisions, "turn_s": round(took, 1), "stuck": stuck,
                   "positions": position(folder, game, first)["pos"] - pos,
                   "tab_rss_mb": round(rss[0] / 1024, 1) if rss else None,
                   "screenshot": str(args.screenshot)}
        if args.json:
            print(json.dumps(figures))
        else:
            print(f"browser seat ({mine}): first screen {first_screen:.2f} s after opening "
                  f"the link, seat joined after {joined:.2f} s")
            print(f"  {'the game' if args.done_means else 'its first player-turn'}: "
                  f"{pressed} keys/clicks, {decisions} decisions, {took:.1f} s")
            print(f"  the tab's process: {figures['tab_rss_mb']} MB resident")
            if args.done_means:
                print(f"  game over: {figures['over']} ({figures['result']})")
            if args.proxy:
                print(f"  through HAProxy; the seats' addresses at the server: {through}")
            print(f"  screenshot: {args.screenshot}")
        return 0
    finally:
        if driver is not None:
            driver.quit()
        for p in processes:
            p.terminate()
        for p in processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                p.wait(10)


if __name__ == "__main__":
    sys.exit(main())

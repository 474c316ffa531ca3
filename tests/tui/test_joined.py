"""`warp-empires join`: the game screen of one seat of a game on a server
(tui/remote.py), driven through Pilot against a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

from textual.pilot import Pilot

from tests.net.support import links_of, serving
from tests.tui.helpers import screen_text
from warp_empires.net.room import Room
from warp_empires.tui.remote import JoinApp
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen


async def _until(pilot, test, tries: int = 600) -> None:  # noqa: ANN001
    # generous: a loaded machine (the whole suite, two cores) can be slow; done early
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


async def _start_on_server(pilot, app, url: str) -> None:  # noqa: ANN001
    """New Game, on the server at `url`, two people: Start (the key, not a
    click: the form opens at its top and, under load, the button was not yet
    scrolled into view when clicked)."""
    from textual.widgets import Input, Select

    from warp_empires.tui.screens.new_game import NewGameScreen

    await pilot.press("n")
    await _until(pilot, lambda: isinstance(app.screen, NewGameScreen))
    app.screen.query_one("#server", Input).value = url
    for side in (0, 1):
        app.screen.query_one(f"#side{side}", Select).value = "human"
    await pilot.press("ctrl+g")


@contextlib.asynccontextmanager
async def _rebels_joined(tmp_path: Path) -> AsyncIterator[tuple[Room, JoinApp, Pilot]]:
    """The Rebels' seat of a game against the server's heuristic player, in a
    JoinApp that shows its first decision."""
    async with serving(tmp_path) as (server, url):
        game, links = links_of(server, url, ("human", "heuristic"))
        app = JoinApp(links["rebels"])
        async with app.run_test(size=(120, 40)) as pilot:
            # mounted: a screen pushed is app.screen before it is composed
            await _until(pilot, lambda: isinstance(app.screen, GameScreen)
                         and app.screen.is_mounted
                         and app.session is not None and app.session.choices())
            yield server.rooms[game], app, pilot


async def test_a_joined_seat_plays_its_side_and_waits_for_the_other(tmp_path: Path) -> None:
    async with _rebels_joined(tmp_path) as (room, app, pilot):
        await _until(pilot, lambda: "Choose the planet where your forces start"
                     in screen_text(app))
        start = room.position
        await pilot.press("1")  # start at the first planet offered
        # the server applied it; the Rebels' draw and Move phase follow
        await _until(pilot, lambda: room.position > start and app.session.choices())
        assert room.game.state.phase == "move"
        assert not any(isinstance(s, HandoverScreen) for s in app.screen_stack)
        # the Empire's hand is never on this terminal: only its size
        empire_hand = room.game.state.hands[1]
        assert app.session.position["view"]["hand_sizes"][1] == len(empire_hand)
        assert "hands" not in app.session.position["view"] or \
            app.session.position["view"]["hands"] is None
        # ending the Move phase: the Rebels' own Recruit phase follows
        moved = room.position
        await pilot.press("e")
        await _until(pilot, lambda: room.position > moved and app.session.choices())
        await _until(pilot, lambda: "Recruit phase" in screen_text(app))
        # buying nothing ends the turn: the server's computer player plays
        # the Empire's, and this screen comes back to the Rebels
        await pilot.press("c")
        await _until(pilot, lambda: room.game.state.turn >= 2
                     and room.deciding() == 0 and app.session.choices(), tries=1200)
        assert "Empire" in "\n".join(e["text"] for e in app.session.seat.events[-30:])


async def test_a_joined_seats_palette_goes_to_a_territory(tmp_path: Path) -> None:
    # the done-means play-test: "Go to" (docs/playing.md) was in the local
    # app's palette only; the joined seat's gave "No matches found"
    from warp_empires.tui.commands import GotoTerritory
    from warp_empires.tui.widgets.map_view import MapView

    async with _rebels_joined(tmp_path) as (_room, app, pilot):
        assert GotoTerritory in app.COMMANDS
        provider = GotoTerritory(app.screen)
        hits = [hit async for hit in provider.search("Go to Coruscant")]
        assert hits and str(hits[0].text) == "Go to Coruscant"
        await pilot.pause()
        hits[0].command()
        await pilot.pause()
        coruscant = app.session.module.map.by_id("coruscant").index
        assert app.screen.query_one(MapView).cursor == coruscant


async def test_a_wrong_link_is_told_in_one_line(tmp_path: Path) -> None:
    async with serving(tmp_path) as (server, url):
        _, links = links_of(server, url)
        bad = links["rebels"].__class__(url, links["rebels"].game, "rebels", "A" * 32)
        app = JoinApp(bad)
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: app.problem is not None)
        assert app.problem == "the server refused: no seat matches this link"


async def test_a_seat_open_elsewhere_is_taken_over_only_when_the_person_says_so(
        tmp_path: Path) -> None:
    from websockets.asyncio.client import connect

    from tests.net.support import hello
    from warp_empires.net.protocol import decode, encode
    from warp_empires.tui.dialogs.ask import AskDialog

    async with serving(tmp_path) as (server, url):
        game, links = links_of(server, url)
        async with connect(url, compression=None) as other:  # the seat, on another screen
            await other.send(encode(hello(links["rebels"])))
            await other.recv()
            app = JoinApp(links["rebels"])
            async with app.run_test(size=(120, 40)) as pilot:
                await _until(pilot, lambda: isinstance(app.screen, AskDialog))
                assert server.rooms[game].seats[0].connection is not None  # not taken yet
                await pilot.press("t")  # Take it over
                await _until(pilot, lambda: isinstance(app.screen, GameScreen))
                told = [decode(frame)["t"] async for frame in other]  # until it is closed
                assert told[-1:] == ["error"] and other.close_reason == "taken over"


async def test_the_title_screen_joins_a_game_from_a_pasted_link(tmp_path: Path) -> None:
    from tests.tui.helpers import game_app
    from warp_empires.tui.dialogs.link import LinkDialog

    async with serving(tmp_path / "server") as (server, url):
        _, links = links_of(server, url)
        app = game_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("j")
            await _until(pilot, lambda: isinstance(app.screen, LinkDialog))
            app.screen.query_one("#link").value = "not a link"
            await pilot.press("enter")
            # told what is wrong, still asking
            await _until(pilot, lambda: "no '#'" in screen_text(app))
            app.screen.query_one("#link").value = str(links["empire"])
            await pilot.press("enter")
            await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.joined is not None and app.joined.session.side == 1
            assert not any(isinstance(s, HandoverScreen) for s in app.screen_stack)
            await pilot.press("ctrl+s")  # nothing to save here: the server keeps it
            await pilot.pause()
            assert not list((tmp_path).glob("*.wes"))


async def test_new_game_hosts_on_a_server_and_joins_the_first_side(tmp_path: Path) -> None:

    from tests.tui.helpers import game_app
    from warp_empires.tui.dialogs.ask import MessageDialog

    async with serving(tmp_path / "server") as (server, url):
        app = game_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await _start_on_server(pilot, app, url)
            await _until(pilot, lambda: isinstance(app.screen, MessageDialog))
            # the other person's link is shown; this terminal plays the Rebels
            await _until(pilot, lambda: "side=empire" in
                         screen_text(app).replace("\n", "").replace(" ", ""))
            assert len(server.rooms) == 1
            await pilot.press("enter")
            await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            assert app.joined.session.side == 0


async def test_new_game_with_a_computer_side_hosts_it_on_the_server(tmp_path: Path) -> None:
    from textual.widgets import Input, Select

    from tests.tui.helpers import game_app
    from warp_empires.tui.screens.new_game import NewGameScreen

    async with serving(tmp_path / "server") as (server, url):
        app = game_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("n")
            await _until(pilot, lambda: isinstance(app.screen, NewGameScreen))
            app.screen.query_one("#server", Input).value = url
            app.screen.query_one("#side0", Select).value = "human"
            app.screen.query_one("#side1", Select).value = "heuristic"
            # the Start key, not a click: the form opens at its top and, under
            # load, the button was not yet scrolled into view when clicked
            await pilot.press("ctrl+g")
            await _until(pilot, lambda: isinstance(app.screen, GameScreen))
            room = next(iter(server.rooms.values()))
            assert [s.player for s in room.seats] == ["human", "heuristic"]


async def test_a_joined_seat_can_resign_and_see_the_result_again(tmp_path: Path) -> None:
    # play-test: a joined game had no way to resign, and `r` (results) at its
    # end seemed to do nothing; the done-means play-test: its end was a dialog
    # without the charts docs/playing.md promises
    from warp_empires.tui.dialogs.ask import AskDialog
    from warp_empires.tui.screens.end import EndScreen

    async with _rebels_joined(tmp_path) as (room, app, pilot):
        await pilot.press("escape", "r")  # the menu's Resign: asked first
        assert isinstance(app.screen, AskDialog)
        await pilot.press("r")
        await _until(pilot, lambda: room.game.over and app.session.over
                     and isinstance(app.screen, EndScreen))
        assert room.game.state.winner == 1
        text = screen_text(app)
        assert "The Empire wins!" in text and "resign" in text.lower()
        assert "Revenue each round" in text and "Units on the map" in text
        # no replay or title screen here: the server keeps the record
        assert "Replay" not in text and "Title screen" not in text
        assert app.screen.check_action("leave", ("replay",)) is False
        # the end shown, the seat stops connecting (play-test: it reconnected
        # to the finished game, "connection lost; reconnecting" over its end)
        # (awaited, not polled; the bound only keeps a regression from hanging)
        await asyncio.wait_for(app.workers.wait_for_complete(
            [w for w in app.workers if w.group == "net"]), 30)
        await pilot.press("m")  # the final map
        assert isinstance(app.screen, GameScreen)
        await pilot.press("r")  # the result again
        assert isinstance(app.screen, EndScreen)


async def test_a_joined_seat_has_help_and_says_while_it_is_not_connected(
        tmp_path: Path) -> None:
    # play-test: F1 and ? did nothing on a joined seat; with the server gone the
    # screen said "Waiting for the Rebels" for minutes after a 4-second message
    from warp_empires.tui.screens.help import HelpScreen

    async with _rebels_joined(tmp_path) as (_room, app, pilot):
        for key in ("f1", "question_mark"):
            await pilot.press(key)
            assert isinstance(app.screen, HelpScreen), key
            await pilot.press("escape")
            assert isinstance(app.screen, GameScreen)
        app.joined._on_state("connection lost; reconnecting")  # as Seat.run tells it
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "server: connection lost; reconnecting..." in top
        app.screen.sync()  # a redraw keeps it
        await pilot.pause()
        assert "reconnecting" in screen_text(app).splitlines()[0]
        app.joined._on_state("connected")
        await pilot.pause()
        assert "reconnecting" not in screen_text(app).splitlines()[0]
        # the opponent's connection, as the server's presence frames tell it
        # (a computer seat is always here; a person's may go)
        for here, shown in (([True, False], True), ([True, True], False)):
            app.joined.seat.take({"t": "presence", "game": _room.id, "connected": here})
            await app.joined._on_frame("presence")
            await pilot.pause()
            top = screen_text(app).splitlines()[0]
            assert ("Empire not connected: waiting for them" in top) is shown, top


def test_a_seat_joining_again_shows_its_hand_in_the_order_it_saw_it() -> None:
    # play-test: after a rejoin the hand came in the engine's sorted order, and
    # a discard typed during the reconnect took the wrong cards
    from warp_empires.tui.kept_hand import KeptHandOrder

    game = "0123456789abcdef"
    first = KeptHandOrder(game, 1)
    assert first.arrange(1, [2, 5, 9]) == [0, 1, 2]
    assert first.arrange(1, [1, 2, 5, 9]) == [1, 2, 3, 0]  # the card drawn comes last
    again = KeptHandOrder(game, 1)  # the app closed and opened again
    assert again.arrange(1, [1, 2, 5, 9]) == [1, 2, 3, 0]
    assert KeptHandOrder(game, 0).arrange(0, [1, 2, 5, 9]) == [0, 1, 2, 3]  # the other seat's own
    other_game = KeptHandOrder("fedcba9876543210", 1)
    assert other_game.arrange(1, [1, 2, 5, 9]) == [0, 1, 2, 3]


async def test_new_game_asks_once_for_a_servers_host_key_and_remembers_it(
        tmp_path: Path) -> None:
    from textual.widgets import Input

    from tests.net.support import KEY
    from tests.tui.helpers import game_app
    from warp_empires.net.guard import known_key, remember_key
    from warp_empires.tui.dialogs.ask import MessageDialog
    from warp_empires.tui.dialogs.host_key import HostKeyDialog

    async with serving(tmp_path / "server") as (server, url):
        remember_key([url], "x" * 32)  # another server's, once there
        app = game_app(tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await _start_on_server(pilot, app, url)
            await _until(pilot, lambda: isinstance(app.screen, HostKeyDialog))
            assert "refused that key" in screen_text(app) and not server.rooms
            app.screen.query_one(Input).value = KEY
            await pilot.press("enter")
            await _until(pilot, lambda: isinstance(app.screen, MessageDialog))
            assert len(server.rooms) == 1 and known_key(url) == KEY


def test_an_opponent_not_yet_joined_is_said_to_be_away_not_to_have_left(star_wars) -> None:
    # the first presence frame tells who is here; "left" and "is back" are
    # only for a change after it (review: the first frame said "left"), and
    # only for one that held a while (issue 38's sixth attack: an opponent
    # that left and came back again and again drew a note each time). The
    # app's timers stand still: the test fires them
    from warp_empires.net.links import Link
    from warp_empires.tui.away_notes import NOTE_AFTER
    from warp_empires.tui.remote import Joined

    class Timer:
        def __init__(self, app: App, call) -> None:  # noqa: ANN001
            self.app, self.call = app, call

        def stop(self) -> None:
            self.app.timers.remove(self)

    class App:
        def __init__(self) -> None:
            self.told: list[str] = []
            self.timers: list[Timer] = []

        def notify(self, text: str, **_: object) -> None:
            self.told.append(text)

        def set_timer(self, seconds: float, call) -> Timer:  # noqa: ANN001
            assert seconds == NOTE_AFTER
            self.timers.append(Timer(self, call))
            return self.timers[-1]

        def held(self) -> None:  # the timers' time passes
            for timer in self.timers[:]:
                self.timers.remove(timer)
                timer.call()

    app = App()
    joined = Joined(app, Link("ws://127.0.0.1:1/", "0123456789abcdef", "rebels", "t" * 22),
                    lambda _: None)
    joined.seat.module, joined.seat.side = star_wars, 0

    def told(here: list[bool]) -> None:
        joined.seat.take({"t": "presence", "game": "0123456789abcdef", "connected": here})
        asyncio.run(joined._on_frame("presence"))

    for here in ([True, False], [True, True], [True, False]):
        told(here)
        app.held()
    assert app.told == ["Empire is back", "Empire left: their moves wait for them"]
    for _ in range(10):  # back and gone again, each within the wait
        told([True, True])
        told([True, False])
    told([True, True])
    assert app.told[2:] == []  # nothing yet: it has not held
    app.held()
    assert app.told[2:] == ["Empire is back"]  # once
    for _ in range(10):
        told([True, False])
        told([True, True])
    app.held()
    assert app.told[3:] == []  # back as it was noted: nothing to say

"""`warp-empires join`: the game screen of one seat of a game on a server
(tui/remote.py), driven through Pilot against a real server on 127.0.0.1."""

from __future__ import annotations

from pathlib import Path

from tests.net.support import links_of, serving
from tests.tui.helpers import screen_text
from warp_empires.tui.remote import JoinApp
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen


async def _until(pilot, test, tries: int = 100) -> None:  # noqa: ANN001
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


async def test_a_joined_seat_plays_its_side_and_waits_for_the_other(tmp_path: Path) -> None:
    async with serving(tmp_path) as (server, url):
        game, links = links_of(server, url, ("human", "heuristic"))
        room = server.rooms[game]
        app = JoinApp(links["rebels"])
        async with app.run_test(size=(120, 40)) as pilot:
            await _until(pilot, lambda: isinstance(app.screen, GameScreen)
                         and app.session is not None and app.session.choices())
            assert "Choose the planet where your forces start" in screen_text(app)
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
            assert "Recruit phase" in screen_text(app)
            # buying nothing ends the turn: the server's computer player plays
            # the Empire's, and this screen comes back to the Rebels
            await pilot.press("c")
            await _until(pilot, lambda: room.game.state.turn >= 2
                         and room.deciding() == 0 and app.session.choices(), tries=200)
            assert "Empire" in "\n".join(e["text"] for e in app.session.seat.events[-30:])


async def test_a_wrong_link_is_told_in_one_line(tmp_path: Path) -> None:
    async with serving(tmp_path) as (server, url):
        _, links = links_of(server, url)
        bad = links["rebels"].__class__(url, links["rebels"].game, "rebels", "A" * 32)
        app = JoinApp(bad)
        async with app.run_test(size=(80, 24)) as pilot:
            await _until(pilot, lambda: app.problem is not None)
        assert app.problem == "the server refused: no seat matches this link"

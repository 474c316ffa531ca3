"""At 80x24 both sides' banks stay in view and the footer is whole (issue 39:
the banks had scrolled out of the side panel, and "^s Save f1 Help" fell off
the footer's end); at 120x40 too. No snapshot: what is asserted is where the
bank text is drawn and that the footer's keys fit."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widgets import Footer

from tests.tui.helpers import game_app, open_game, screen_text
from warp_empires.tui.widgets.fitted_footer import fitted, key_width
from warp_empires.tui.widgets.status import StatusPanel


@pytest.mark.parametrize(("size", "decision"), [
    ((80, 24), "card_target"),  # a target on the map: the most keys in the footer
    ((80, 24), "battle_card"),
    ((120, 40), "battle_card"),
])
async def test_both_banks_are_in_view_and_the_footer_is_whole(at_decision, size, decision):
    game = at_decision(decision)
    async with game_app().run_test(size=size) as pilot:
        screen = await open_game(pilot, game)  # (it waits for the layout)
        await pilot.pause()  # and the footer's recompose for the decision's keys
        status = screen.query_one(StatusPanel)
        assert Region(0, 0, *size).contains_region(status.region)
        assert screen.query_one("#side").region.contains_region(status.region)
        view = screen.controller.view
        assert view is not None
        drawn = screen_text(pilot.app).splitlines()[status.region.y:status.region.bottom]
        for side in (0, 1):
            bank = f"${view.banks[side]} (+"
            assert any(bank in line[status.region.x:] for line in drawn), (bank, drawn)
        footer = screen.query_one(Footer)
        assert footer.virtual_size.width <= footer.size.width
        last = screen_text(pilot.app).splitlines()[-1]
        assert "^s Save" in last and "f1 Help" in last


def test_the_footer_leaves_out_the_least_needed_keys_first():
    from textual.widgets._footer import FooterKey

    keys = [FooterKey(k, k, label, action) for k, label, action in (
        ("c", "Confirm", "confirm('confirm')"), ("z", "Zoom", "zoom"),
        ("^q", "Quit", "quit"), ("l", "Log", "toggle_log"), ("f1", "Help", "rules"))]
    full = sum(key_width(k, True) for k in keys)
    assert fitted(keys, full, True) == keys  # room for all: none left out
    kept = fitted(keys, full - 1, True)
    assert [k.action for k in kept] == ["confirm('confirm')", "zoom", "toggle_log", "rules"]
    kept = fitted(keys, 20, True)
    assert [k.action for k in kept] == ["confirm('confirm')", "rules"]


async def test_the_footer_does_not_keep_its_old_keys(star_wars):
    # a browser seat grew about 25 MB a minute of play: each change of the keys
    # recomposes the footer, and Textual kept every old key through the
    # watcher its `data_bind` left on the footer (textual issue 6666)
    import gc

    from textual.widgets._footer import FooterKey

    from warp_empires.engine import Game

    def keys_in_memory() -> int:
        gc.collect()
        return sum(isinstance(o, FooterKey) for o in gc.get_objects())

    game = Game.new(star_wars, 7)
    async with game_app().run_test(size=(80, 24)) as pilot:
        await open_game(pilot, game, players=("human", "heuristic"))
        counts = []
        # five changes past the first show a leak (each kept a footer's keys
        # anew); a collection a change is most of the test's time. A width
        # of one column more or less rebuilds the keys (the footer fits them
        # to it) and leaves `compact` as it was, whose change would drop the
        # old watchers by itself.
        for width in (80, 81) * 3:
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            counts.append(keys_in_memory())
        assert counts[-1] <= counts[1], counts


async def test_the_footer_keeps_its_keys_while_they_stay_the_same(star_wars):
    # Textual's footer rebuilt every key at each refresh of the bindings,
    # changed or not: about a seventh of the test suite's CPU time (session 20)
    from textual.widgets._footer import FooterKey

    from warp_empires.engine import Game

    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, Game.new(star_wars, 7), players=("human", "heuristic"))
        before = list(screen.query(FooterKey))
        screen.refresh_bindings()
        await pilot.pause()
        assert list(screen.query(FooterKey)) == before  # the same widgets
        await pilot.press("1")  # the decision changes the keys: built anew
        await pilot.pause()
        after = list(screen.query(FooterKey))
        assert after and not set(after) & set(before)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_every_footer_key_is_styled_as_its_footer_from_the_start(star_wars, size,
                                                                        monkeypatch):
    # Textual's keys start compact and take the footer's width once mounted:
    # on a wide screen each then restyled itself twice (title, game, help)
    from textual.widgets._footer import FooterKey

    from warp_empires.engine import Game

    restyled = []
    watch = FooterKey._watch_compact

    def watched(key: FooterKey, compact: bool) -> None:
        if key.has_class("-compact") != compact:
            restyled.append(key.key)
        watch(key, compact)

    monkeypatch.setattr(FooterKey, "_watch_compact", watched)
    async with game_app().run_test(size=size) as pilot:
        await pilot.pause()  # the title screen
        await open_game(pilot, Game.new(star_wars, 7), players=("human", "heuristic"))
        pilot.app.action_rules()  # help
        await pilot.pause()
        assert type(pilot.app.screen).__name__ == "HelpScreen"
        keys = list(pilot.app.screen.query(FooterKey))
        footer = pilot.app.screen.query_one(Footer)
        assert keys and all(k.has_class("-compact") == footer.compact for k in keys
                            if not k.has_class("-command-palette"))
    assert restyled == []

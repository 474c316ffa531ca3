"""What the screen tells a person beside the decision itself: which panel has
the keys, and where messages appear (play-test findings)."""

from __future__ import annotations

from textual.widgets._toast import Toast

from tests.tui.helpers import game_app, open_game
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.map_view import MapView


async def test_the_focused_panel_has_a_heavy_border(at_decision):
    # play-test: which panel had the keys showed only in the footer and a shade
    game = at_decision("move")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        choices = screen.query_one(ChoiceList)
        choices.focus()
        await pilot.pause()
        assert choices.styles.border_top[0] == "heavy"
        screen.query_one(MapView).focus()
        await pilot.pause()
        assert choices.styles.border_top[0] == "round"


async def test_at_80x24_a_message_leaves_the_choices_in_sight(at_decision):
    # play-test: at 80x24 a message hid half the choice list for its seconds
    game = at_decision("move")
    for size in ((80, 24), (120, 40)):
        # notifications are off in run_test unless asked for
        async with game_app().run_test(size=size, notifications=True) as pilot:
            screen = await open_game(pilot, game)
            await pilot.press("enter")  # the hand-over
            await pilot.pause()
            assert pilot.app.screen is screen
            # three at once (play-tests: two wrapped messages hid the Recruit list)
            for n in range(3):
                screen.notify(f"Message {n} of some length that wraps onto a few lines "
                              "of the toast at this size.", timeout=5)
            await pilot.pause()
            toasts = list(pilot.app.screen.query(Toast))
            assert toasts, size
            choices = screen.query_one(ChoiceList).region
            side = screen.query_one("#side").region
            prompt = screen.query_one("#prompt").region
            for toast in toasts:
                assert not toast.region.overlaps(choices), (size, toast.region, choices)
                assert not toast.region.overlaps(prompt), (size, toast.region, prompt)
                if size == (80, 24):  # the side panel holds the totals and forecasts there
                    assert not toast.region.overlaps(side), (size, toast.region, side)
                else:
                    # issue 38's play-test: a stray column of the side panel's
                    # text showed beside each message (Textual's rack kept a
                    # scrollbar's column free at the right edge)
                    assert toast.region.right == size[0], (size, toast.region)


async def test_at_80x24_the_newest_three_messages_show_and_no_more(at_decision):
    # Play-tests: a fourth message (the choice, the ticks, a card's result)
    # piled up over the prompt and the choices.
    from warp_empires.tui.control_words import Notice

    game = at_decision("move")
    async with game_app().run_test(size=(80, 24), notifications=True) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        for n in range(5):
            screen.controller.notices.append(Notice(f"Message {n} of some length that "
                                                    "wraps onto a few lines.", timeout=5))
        screen._catch_up()
        await pilot.pause()
        await pilot.pause()
        toasts = list(pilot.app.screen.query(Toast))
        assert len(toasts) == 3
        texts = " ".join(str(t.render()) for t in toasts)
        assert "Message 4" in texts and "Message 0" not in texts
        choices = screen.query_one(ChoiceList).region
        prompt = screen.query_one("#prompt").region
        assert not any(t.region.overlaps(choices) or t.region.overlaps(prompt) for t in toasts)


async def test_a_ticks_the_cards_that_leave_the_best_hand_and_u_takes_them_back(at_decision):
    # bench_keys: down to the hand limit took a key per card, ~6 a turn
    from warp_empires.bots.hand import keep_order

    game = at_decision("discard_down")
    side = game.prompt().side
    items = game.view(side).pend.selection.items
    limit = game.module.rules.hand_limit
    drop = set(keep_order(game.module, game.view(side), items)[limit:])
    assert len(items) > limit and drop
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        assert set(game.view(side).pend.selection.picked) == drop  # opened ticked
        await pilot.press("u")
        await pilot.pause()
        wrong = next(i for i in range(len(items)) if i not in drop)
        game.apply(side, ("pick", wrong))  # a tick the best hand would not make
        screen.sync()
        await pilot.pause()
        assert screen.check_action("keep_best", ())
        await pilot.press("a")
        await pilot.pause()
        sel = game.view(side).pend.selection
        assert set(sel.picked) == drop
        assert game.prompt().kind == "discard_down"  # `c` still confirms
        assert not screen.check_action("keep_best", ())  # nothing left to change
        await pilot.press("u")
        await pilot.pause()
        assert game.view(side).pend.selection.picked == [wrong]


async def test_at_80x24_each_card_of_the_hand_keeps_to_one_line(at_decision):
    # play-test: "[ ] discard Tactical Move" with "move" alone on the line below
    from warp_empires.tui.widgets.hand import HandList

    game = at_decision("discard_down")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        hand = screen.query_one(HandList)
        assert hand.option_count >= 8
        # at 80x24 a recap of what happened takes the hand's room (app.tcss
        # -recap); twice in a loaded run it was shown and the hand measured
        # nothing. The rows' wrapping is what is tested here: shown either way
        screen.remove_class("-recap")
        for _ in range(20):  # its lines are measured after a refresh
            if hand.virtual_size.height:
                break
            await pilot.pause()
        assert hand.virtual_size.height == hand.option_count


async def test_only_the_other_sides_cards_say_whose_they_are(at_decision, star_wars):
    # RULINGS M6: "Empire only" tells the Rebels they can only discard it; on
    # the Rebels' own Bothan Spies, "Rebels only" pushed the row past the panel
    from warp_empires.tui.widgets.hand import HandList

    ours = next(i for i, c in enumerate(star_wars.cards) if c.side == 0)
    theirs = next(i for i, c in enumerate(star_wars.cards) if c.side == 1)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, at_decision("move"))
        hand = screen.query_one(HandList)
        hand.show(star_wars, [ours, theirs], ["[play]", None], side=0)
        rows = [str(hand.get_option_at_index(i).prompt) for i in range(2)]
        assert "only" not in rows[0]
        assert rows[1].endswith(f"{star_wars.sides[1].short} only")


def test_an_uprising_on_the_enemys_only_marker_says_it_ends_their_game(star_wars):
    # play-test: turn 1, Incite Uprising on Coruscant, the Empire's only
    # marker: its upkeep disbanded every unit and it lost, unannounced
    from warp_empires.engine import Game
    from warp_empires.present.rows import build_choices

    uprising = next(i for i, c in enumerate(star_wars.cards)
                    if c.effect.kind == "remove_control")
    game = Game.new(star_wars, 3)
    game.apply(0, game.legal_actions()[0])  # the Rebels' start
    while game.prompt().kind != "move":
        game.apply(0, next(a for a in game.legal_actions() if a[0] in ("draw", "confirm")))
    game.state.hands[0].append(uprising)
    s = game.state  # RULINGS M8: the garrison gone (back to its pile), the marker may go
    capital = s.control.index(1)
    s.piles[1].extend(s.stacks[1][capital])
    s.stacks[1][capital] = ()
    game.apply(0, ("play", uprising))
    rows = [c.label for c in build_choices(game)]
    assert rows == ["target Coruscant (their last marker: they lose at their upkeep)"]


async def test_the_continue_entry_keeps_to_one_line(star_wars, tmp_path):
    # play-test: "... Galactic Empire to act · 2026-11-26 / 09:..." wrapped at 120 columns
    from textual.widgets import OptionList

    from warp_empires.engine import Game
    from warp_empires.saves import save_game
    from warp_empires.tui.screens.title import TitleScreen

    game = Game.new(star_wars, 2)
    game.apply(0, game.legal_actions()[0])
    save_game(game, "a-campaign-with-a-rather-long-name", dir=tmp_path)
    async with game_app(tmp_path).run_test(size=(120, 40)) as pilot:
        assert isinstance(pilot.app.screen, TitleScreen)
        menu = pilot.app.screen.query_one(OptionList)
        assert menu.virtual_size.height == menu.option_count


async def test_at_80x24_the_side_panel_shows_a_forecast_from_its_top(star_wars):
    # play-test: the side panel kept an old scroll position and the forecast,
    # at its top, was out of sight
    from tests.tui.test_play_fixes import _at_move_with_a_battle_ahead

    game, players = _at_move_with_a_battle_ahead(star_wars)
    contested = next(t for t in range(len(star_wars.map.territories))
                     if game.state.stacks[0][t] and game.state.stacks[1][t])
    quiet = next(t for t in range(len(star_wars.map.territories))
                 if game.state.stacks[game.prompt().side][t] and t != contested)
    async with game_app(pace=60.0).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game, players=players)
        side = screen.query_one("#side-scroll")
        screen.query_one(MapView).move_cursor_to(quiet)
        await pilot.pause()  # the panel's new text laid out
        await pilot.pause()
        side.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert side.scroll_y > 0, "the panel is taller than its room at 80x24"
        screen.query_one(MapView).move_cursor_to(contested)
        await pilot.pause()
        await pilot.pause()
        assert screen.has_class("-forecast") and side.scroll_y == 0


async def test_a_log_written_anew_tells_no_old_news_however_long(at_decision):
    # play-test: past 300 events, every hand-over at 80x24 told spy findings
    # of turns long gone in messages again, as if fresh
    game = at_decision("move")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        told: list[str] = []
        screen.notify = lambda text, **kw: told.append(text)
        events = [{"text": f"event {i}", "kind": "move"} for i in range(400)]
        events[350] = {"text": "Bothan Spies: the Empire holds ...", "kind": "spy"}
        screen._log_seen = 0  # as after a hand-over
        screen._append_log(events)
        assert told == []
        screen._append_log(events + [{"text": "Probe Droid: ...", "kind": "spy"}])
        assert told == ["Probe Droid: ..."]  # news is still told


"""Selections keep their numbering while picking, one key confirms them, and
undo takes back a person's latest decision without a hand-over (RULINGS Z1)."""

from __future__ import annotations

from textual.widgets import RichLog

from tests.tui.helpers import game_app, game_where, last_verb, open_game, untick_screen
from warp_empires.engine import can_undo, undo_depth
from warp_empires.tui.control_words import undo_refused
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.map_view import MapView


def _rows(screen: GameScreen) -> list[tuple[object, str, bool | None]]:
    """Each row as (action, words, picked)."""
    return [(c.action, c.label, c.picked) for c in screen.query_one(ChoiceList).choices]


def _log_text(screen: GameScreen) -> str:
    """The log as drawn, its wrapped lines joined again."""
    return " ".join(" ".join(line.text for line in screen.query_one("#log", RichLog).lines).split())


def _shown_rows(screen: GameScreen) -> list[str]:
    """The rows as drawn, number and mark included."""
    choices = screen.query_one(ChoiceList)
    return [str(choices.get_option_at_index(i).prompt) for i in range(len(choices.choices))]


async def test_a_selection_keeps_its_numbering_while_picking_and_unpicking(at_decision):
    game = at_decision("predraw_discard")
    items = list(game.state.pend.items)
    assert len(items) >= 2
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        before = _shown_rows(screen)
        # the item of each row: the hand is shown in the order drawn, not as listed
        item = [r[0][1] for r in _rows(screen)[:len(items)]]
        names = [game.module.cards[items[i]].name for i in item]
        for i, name in enumerate(names):
            assert before[i] == f"{i + 1} [ ] discard {name}"
        assert before[len(items)].startswith(f"{len(items) + 1} draw cards")

        await pilot.press("2")
        rows = _shown_rows(screen)
        assert rows[1] == f"2 [x] discard {names[1]}"
        assert rows[0] == before[0] and rows[2:len(items)] == before[2:len(items)]
        assert rows[len(items)].startswith(f"{len(items) + 1} discard the picked cards and draw")
        assert game.state.pend.picked == [item[1]]
        assert "1 of" in screen.query_one(ChoiceList).border_title

        await pilot.press("1")
        assert game.state.pend.picked == [item[1], item[0]]
        await pilot.press("2")  # the same number takes it back
        assert game.actions[-1][1] == ["unpick", item[1]]
        assert game.state.pend.picked == [item[0]]
        rows = _shown_rows(screen)
        assert rows[0] == f"1 [x] discard {names[0]}"
        assert rows[1:len(items)] == before[1:len(items)]
        # The same actions in the same places: only the marks changed.
        assert [r[0] for r in _rows(screen)[:len(items)]] == [
            ("unpick", item[0]), *(("pick", i) for i in item[1:])]


async def test_confirming_applies_the_selection(at_decision):
    game = at_decision("predraw_discard")
    side = game.prompt().side
    items = list(game.state.pend.items)
    discard = len(game.state.discard)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("1")
        assert screen.check_action("confirm", ("draw",)) is True
        before = len(game.actions)
        await pilot.press("c")  # `c` confirms whatever closes the selection: here, draw
        assert game.actions[before][1] == ["draw"]  # (a discard down may follow, ticked)
        assert game.state.discard[discard:] == [items[0]]  # the picked card, no other
        assert len(game.state.hands[side]) >= len(items)  # and then the draw
        assert game.prompt().kind != "predraw_discard"


async def test_the_confirming_row_is_in_place_but_dimmed_until_enough_are_picked(at_decision):
    game = at_decision("discard_down")
    owed = game.prompt().owed
    n = len(game.state.pend.items)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await untick_screen(pilot, screen)
        confirm = screen.query_one(ChoiceList).choices[n]
        assert confirm.action == ("confirm",) and not confirm.enabled
        assert f"{owed} more to pick" in confirm.label
        await pilot.press(str(n + 1))  # its number does nothing yet
        assert len(game.state.pend.picked) == 0
        for i in range(owed):
            await pilot.press(str(i + 1))
        # Every other card is now dimmed: no more may be picked, and their rows stay.
        rows = screen.query_one(ChoiceList).choices
        assert [c.enabled for c in rows[:n]] == [True] * owed + [False] * (n - owed)
        assert rows[n].action == ("confirm",) and rows[n].enabled
        await pilot.press(str(n + 1))
        assert last_verb(game) == "confirm"


async def test_undo_takes_back_a_pick_and_is_disabled_when_there_is_nothing_to_undo(
        at_decision):
    game = at_decision("predraw_discard")
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert not can_undo(game.state, side)
        assert screen.check_action("undo", ()) is None  # shown, dimmed
        actions = len(game.actions)
        await pilot.press("u")
        assert len(game.actions) == actions  # nothing happened

        item = [r[0][1] for r in _rows(screen)[:3]]  # the hand is shown as drawn
        await pilot.press("3", "1")
        assert game.state.pend.picked == [item[2], item[0]]
        # shown with how far back it goes: the footer's "Undo (2 back)"
        assert screen.check_action("undo", ()) is False
        assert screen.check_action("undo", (2,)) is True
        assert screen.check_action("undo", (1,)) is False
        assert screen.active_bindings["u"].binding.description == "Undo (2 back)"
        await pilot.press("u")
        assert game.state.pend.picked == [item[2]]
        assert len(game.actions) == actions + 1  # the pick taken back is not in the record
        assert _rows(screen)[0][2] is False and _rows(screen)[2][2] is True  # redrawn
        await pilot.press("ctrl+z")
        assert game.state.pend.picked == []
        assert screen.check_action("undo", ()) is None

        before = len(game.actions)
        await pilot.press("1", "c")  # drawing cards reveals them: no undo past it
        assert [a[0] for _s, a in game.actions[before:before + 2]] == ["pick", "draw"]
        if game.state.step == "discard_down":  # opened ticked: `u` clears only the ticks
            await pilot.press("u")
            await pilot.pause()
        assert not can_undo(game.state, side)
        assert screen.check_action("undo", ()) in (None, False)


async def test_a_log_taken_back_by_an_undo_is_written_anew(at_decision):
    """Undo restores the state with its log (RULINGS Z1): lines of a decision
    taken back leave the screen. Which decisions may be undone is the engine's
    business; here the state is put back by hand, as an undo does."""
    game = at_decision("move")
    side = game.prompt().side
    earlier = game.state.clone()
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("e")  # end the Move phase: it is logged
        assert "the Move phase." in _log_text(screen)
        game.state.restore(earlier)
        screen.sync()
        await pilot.pause()
        assert game.prompt().kind == "move" and screen.viewer == side
        assert "the Move phase." not in _log_text(screen)
        assert " ".join(game.view(side).log[-1]["text"].split()) in _log_text(screen)


async def test_the_undo_key_follows_the_engine_after_a_move(at_decision):
    game = at_decision("move_units")
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("a")
        dest = next(c for c in screen.query_one(ChoiceList).choices if c.action[0] == "to")
        screen.choose(dest)
        await pilot.pause()
        expected = can_undo(game.state, side)
        assert (undo_depth(game.state, side) > 0) == expected
        # the footer counts the times `u` goes back (what the app took for
        # the person goes back with the decision before it)
        back = screen.controller.undo_back()
        assert (back > 0) == expected and back <= undo_depth(game.state, side)
        assert screen.check_action("undo", ()) is (False if expected else None)
        assert screen.check_action("undo", (min(back, 9),)) is expected
        before = game.state.to_data()
        await pilot.press("u")
        assert (game.state.to_data() != before) == expected


async def test_an_undo_in_a_hot_seat_game_brings_no_handover(at_decision):
    game = at_decision("predraw_discard", open_hands=False)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        assert isinstance(pilot.app.screen, HandoverScreen)
        await pilot.press("enter")
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == side
        await pilot.press("1", "u")
        assert game.state.pend.picked == []
        await pilot.pause()
        assert pilot.app.screen is screen and screen.viewer == side


async def test_a_forced_decision_is_taken_at_once(at_decision):
    """A side with no cards can only pass in a battle, and everyone can see it
    (RULINGS H9): no hand-over or key press is asked of that person."""
    game = at_decision("battle_card")
    side = game.prompt().side
    other = 1 - side
    game.state.discard.extend(game.state.hands[other])
    game.state.hands[other] = []
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        before = len(game.actions)
        await pilot.press("p")
        assert game.actions[before:before + 2] == [[side, ["pass"]], [other, ["pass"]]]
        assert "pass (the only choice)" in " ".join(
            str(n.message) for n in pilot.app._notifications)
        # and the log keeps it (play-test: the message alone passed unseen)
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, HandoverScreen):
            await pilot.press("enter")
            await pilot.pause()
            screen = pilot.app.screen
        assert "the only choice: pass." in _log_text(screen)


async def test_pick_all_then_undo_in_a_group(at_decision):
    game = at_decision("move_units")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        n = len(game.state.pend.group.items)
        await pilot.press("a")
        assert len(game.state.pend.group.picked) == n
        assert screen.query_one("#map").choices  # destinations are map choices now
        assert n > 1
        # one key, one undo: every pick the `a` made (play-test: five presses
        # for five units); a single pick after it goes back alone
        await pilot.press("u")
        assert game.state.step == "move_units" and game.state.pend.group.picked == []
        rows = [c for c in screen.query_one(ChoiceList).choices if c.is_item and c.enabled]
        screen.choose(rows[0])
        screen.choose(rows[1])
        await pilot.pause()
        await pilot.press("u")
        assert len(game.state.pend.group.picked) == 1


async def test_what_a_took_goes_back_whole_after_another_key_too(at_decision):
    # Play-test 17: once another key came after `a`, its picks went back one
    # at a time (the footer's count jumped from 2 to 7 on that key)
    game = at_decision("move_units")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        c = screen.controller
        n = len(game.state.pend.group.items)
        before = c.undo_back()
        await pilot.press("a")
        assert len(game.state.pend.group.picked) == n > 2
        assert c.undo_back() == before + 1
        rows = [r for r in screen.query_one(ChoiceList).choices if r.is_item and r.enabled]
        screen.choose(rows[0])  # unpicked: a decision of its own
        assert len(game.state.pend.group.picked) == n - 1
        assert c.undo_back() == before + 2
        await pilot.press("u")
        assert len(game.state.pend.group.picked) == n
        await pilot.press("u")  # all the `a` took, at once
        assert game.state.pend.group.picked == [] and c.undo_back() == before


def _long_discard(star_wars):
    """A game at a discard down to the hand limit with 12 or more rows."""
    from warp_empires.present.rows import build_choices

    return game_where(star_wars, lambda g: g.prompt().kind == "discard_down"
                      and len(build_choices(g)) >= 12, seeds=range(1, 40), turns=12)


async def test_rows_past_nine_are_typed_with_two_digits(star_wars, monkeypatch):
    # Issue 10: every row of a long list is one or two keys away, and the
    # numbers shown say which (two columns wide once a list needs them).
    game = _long_discard(star_wars)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        await untick_screen(pilot, screen)
        rows = _shown_rows(screen)
        assert rows[0].startswith(" 1 [ ]") and rows[10].startswith("11 [ ]")
        item = [r[0][1] for r in _rows(screen)[:11]]  # the hand is shown as drawn
        # the footer says so too (play-test: it said 1-9 beside row 12)
        assert screen.active_bindings["1"].binding.key_display == "1-99"
        await pilot.press("1", "1")  # row 11 at once
        assert game.state.pend.picked == [item[10]]
        # highlighted, so the list shows its tick (play-test: rows 1-6 stayed)
        await pilot.pause()
        assert screen.query_one(ChoiceList).highlighted == 10
        # play-test: Enter after it, as a two-digit row that is no pick asks,
        # took the pick back unwarned; now Enter straight after leaves it
        assert screen.query_one(ChoiceList).border_title == "Row 11 ticked"
        await pilot.press("3")  # no row 30: row 3 at once
        assert game.state.pend.picked == [item[10], item[2]]
        await pilot.press("1")  # row 1, or the start of 10-19: it waits, for no timer
        await pilot.pause()
        assert game.state.pend.picked == [item[10], item[2]]
        assert "second digit" in str(screen.query_one(ChoiceList).border_title)
        await pilot.press("enter")  # Enter settles it: row 1 alone
        assert game.state.pend.picked == [item[10], item[2], item[0]]
        await pilot.press("1", "u")  # another key settles it too: row 1, then undo that
        assert game.state.pend.picked == [item[10], item[2], item[0]]


def _long_list_outside_the_move_phase(module):
    """A decision outside the Move phase with a row past 9 that is no pick
    (a slip there would stand: a typed two-digit row waits for Enter), both
    hands open."""
    from warp_empires.present.rows import build_choices

    def wanted(g) -> bool:
        return g.state.phase != "move" and any(
            not c.is_item and c.enabled for c in build_choices(g)[9:])

    game = game_where(module, wanted, seeds=range(1, 80))
    game.options["open_hands"] = True
    return game


async def _a_row_past_9(pilot, game) -> tuple[GameScreen, int]:
    """The game on screen, the list read, and the index of such a row."""
    screen = await open_game(pilot, game)
    index = next(i for i, c in enumerate(screen._choices)
                 if i >= 9 and not c.is_item and c.enabled)
    return screen, index


async def test_escape_lets_a_typed_row_go_before_it_opens_the_menu(star_wars):
    # Play-test: Escape at "Row 12: Enter to choose it" opened the menu, and
    # Enter after it still took row 12.
    from warp_empires.tui.dialogs.game_menu import GameMenu

    game = _long_list_outside_the_move_phase(star_wars)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen, index = await _a_row_past_9(pilot, game)
        choices = screen.query_one(ChoiceList)
        title = choices.border_title
        before = len(game.actions)
        await pilot.press(*str(index + 1))
        assert "Enter" in str(choices.border_title)
        await pilot.press("escape")
        assert pilot.app.screen is screen and choices.border_title == title
        assert choices.highlighted is None
        await pilot.press("enter")
        assert len(game.actions) == before  # nothing was taken
        await pilot.press(str(index + 1)[0])  # a first digit, waiting for a second
        assert "second digit" in str(choices.border_title)
        await pilot.press("escape")
        assert pilot.app.screen is screen and choices.border_title == title
        await pilot.pause()
        assert len(game.actions) == before  # the digit was let go, not taken alone
        await pilot.press("escape")
        assert isinstance(pilot.app.screen, GameMenu)


async def test_the_footer_names_the_row_numbers_a_list_takes(at_decision):
    # Play-test: the footer said 1-9 beside a list with a row 12.
    game = at_decision("move")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert 1 < len(screen._choices) <= 9
        assert screen.active_bindings["1"].binding.key_display == "1-9"


async def test_a_dimmed_key_says_why_it_does_nothing(at_decision):
    # Play-test: `c` with picks still owed and `u` with nothing to take back
    # seemed dead keys.
    game = at_decision("discard_down")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        await untick_screen(pilot, screen)
        said: list[str] = []
        original = screen.notify
        screen.notify = lambda message, **kw: (said.append(message), original(message, **kw))
        before = len(game.actions)
        await pilot.press("c")
        assert len(game.actions) == before and said and said[-1].startswith("Not yet:")
        assert "more to pick" in said[-1]
        await pilot.press("u")
        assert said[-1].startswith("Nothing to take back")
        # it names what undo stops at: the latest line of the side's log (RULINGS Z1)
        assert screen._view.log and f"\u201c{screen._view.log[-1]['text']}\u201d" in said[-1]


def test_a_refused_undo_names_the_event_it_stops_at():
    # Play-test: "nothing to take back" right after a move read as a fault;
    # the move itself, which the other side saw, is what undo stops at (Z1).
    # Markup-like text from a module or a save is only ever quoted.
    events = [{"text": "Turn 3", "to": None},
              {"text": "The [b]Rebels[/b] move a group of 2 from A to B.", "to": None}]
    said = undo_refused(events)
    assert "since \u201cThe [b]Rebels[/b] move a group of 2 from A to B.\u201d" in said
    assert "the other side was shown" in said and "Turn 3" not in said
    assert undo_refused([]).startswith("Nothing to take back: undo stops")


async def test_left_and_right_in_the_list_step_between_map_choices(at_decision):
    # play-test: with destinations listed under the group's units, Left and n
    # did nothing until Tab reached the map
    game = at_decision("move_units")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("a")
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        choices.focus()
        await pilot.pause()
        rows = [i for i, c in enumerate(choices.choices) if c.territory is not None]
        assert rows and choices.highlighted not in rows
        map_view = screen.query_one(MapView)
        await pilot.press("right")
        await pilot.pause()
        assert choices.highlighted == rows[0]
        assert map_view.cursor == choices.choices[rows[0]].territory
        await pilot.press("left")  # before the first: round to the last
        await pilot.pause()
        assert choices.highlighted == rows[-1]
        assert map_view.cursor == choices.choices[rows[-1]].territory
        want = choices.choices[rows[-1]].territory
        before = len(game.actions)
        await pilot.press("enter")  # the highlighted row: that destination
        await pilot.pause()
        assert game.actions[before][1] == ["to", want]


async def test_the_list_says_how_many_rows_are_out_of_sight(star_wars):
    # Play-test: at 120x40 rows 8-12 of a discard were never seen.
    game = _long_discard(star_wars)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        hidden = len(choices.choices) - choices.scrollable_content_region.height
        assert hidden > 0 and choices.border_subtitle == f"↓ {hidden} more (PgUp/PgDn)"
        choices.focus()
        await pilot.press("end")  # the last row that can be chosen
        await pilot.pause()
        assert choices.border_subtitle.startswith("↑ ")
        shown = [int(n) for n in choices.border_subtitle.split() if n.isdigit()]
        assert sum(shown) == hidden

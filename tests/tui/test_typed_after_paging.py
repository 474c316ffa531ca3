"""A row number typed after paging the choice list (play-test: "in
multi-select lists, a digit typed just after paging was sometimes ignored":
`1` `4` seemed to tick only row 4). The first digit waits for the second
(tui/row_typing.py); it used to redraw the list back at its top, so the rows
paged to went out of sight, and row 1, taken alone, was ticked where nobody
looked. Now the list stays where it was paged while the digit waits; then
both rows come into sight where they fit, and the title names them."""

from __future__ import annotations

from tests.tui.helpers import against_computer, burst, game_app, open_game, untick_screen
from tests.tui.test_controller import _controller, _long_discard, _typed
from warp_empires.tui.control_words import CONFIRMING
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.map_view import MapView


def test_a_first_digit_taken_alone_is_named_beside_the_second(star_wars):
    game = _long_discard(star_wars)
    c = _controller(game)
    assert 10 <= len(c.rows) < 14
    item = [r.action[1] for r in c.rows if r.is_item]  # the hand is shown as drawn
    _typed(c, "1 4")  # no row 14: row 1, then row 4
    assert game.state.pend.picked == [item[0], item[3]]
    assert c.title() == "Rows 1 and 4 ticked (no row 14)"
    _typed(c, "1 4")
    assert game.state.pend.picked == []
    assert c.title() == "Rows 1 and 4 unticked (no row 14)"
    _typed(c, "1 enter 1 4")  # row 1 alone, then `1` `4` again
    assert game.state.pend.picked == [item[3]]
    assert c.title() == "Row 1 unticked, row 4 ticked (no row 14)"
    _typed(c, "3")  # a row taken alone at once: the list's own title
    assert c.title().startswith("Choices")


def test_the_title_after_the_last_pick_owed_says_what_enter_does(star_wars):
    # Play-test: "Row 11 ticked (Enter confirms)": does Enter confirm the row
    # or the whole selection?
    game = _long_discard(star_wars)
    c = _controller(game)
    owed = game.prompt().owed
    assert 2 <= owed <= 9
    _typed(c, " ".join(str(n) for n in range(2, owed + 1)))  # all but one owed
    assert game.prompt().owed == 1
    _typed(c, "1 1")  # row 11: the last pick owed, ticked at once
    confirm = c.highlight
    assert confirm is not None and c.rows[confirm].action[0] in CONFIRMING
    label = c.rows[confirm].label
    assert c.title() == f"Row 11 ticked. Enter now: {label} (row {confirm + 1})"
    assert "picked" in label  # the row's own words: the whole selection
    hand = len(game.state.hands[game.prompt().side])
    c.enter(confirm)  # the list's Enter, on the row highlighted
    assert len(game.state.hands[c.view.side]) == hand - owed


def test_a_last_pick_owed_by_one_digit_says_what_enter_does_too(star_wars):
    # Play-test 16: the confirming row was highlighted after the last tick,
    # typed as one digit, but the title said only "5 of 12 picked"
    game = _long_discard(star_wars)
    c = _controller(game)
    owed = game.prompt().owed
    assert 2 <= owed <= 8  # rows 3 to owed + 1, each one digit
    _typed(c, " ".join(str(n) for n in range(3, owed + 2)))  # all but one owed
    assert game.prompt().owed == 1
    _typed(c, "2")
    confirm = c.highlight
    assert confirm is not None and c.rows[confirm].action[0] in CONFIRMING
    assert c.title() == f"Row 2 ticked. Enter now: {c.rows[confirm].label} (row {confirm + 1})"
    _typed(c, "2")  # taken back: owed again, the list's own title
    assert game.prompt().owed == 1 and c.title().startswith("Choices")


async def test_paging_leaves_a_waiting_digit_and_the_rows_paged_to_in_sight(star_wars):
    game = _long_discard(star_wars)
    async with game_app(pace=60.0).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game, players=against_computer(game))
        await untick_screen(pilot, screen)
        c = screen.controller
        item = [r.action[1] for r in c.rows if r.is_item]
        choices = screen.query_one(ChoiceList)
        choices.focus()
        await pilot.pause()
        # one key at a time, as a person types
        await pilot.press("pagedown")
        paged = (choices.scroll_y, choices.highlighted)
        assert paged[0] > 0
        await pilot.press("1")
        assert (choices.scroll_y, choices.highlighted) == paged  # where it was paged to
        assert "second digit" in str(choices.border_title)
        await pilot.press("4")
        assert game.state.pend.picked == [item[0], item[3]]
        assert choices.border_title == "Rows 1 and 4 ticked (no row 14)"
        assert choices.scroll_y == 0 and choices.highlighted == 3  # both in sight
        # one burst, with the map focused: PageDown scrolls the list from there
        await pilot.press("u", "u")
        screen.query_one(MapView).focus()
        await burst(pilot, "pageup", "pagedown", "1")
        assert choices.scroll_y > 0 and c.prefix == 1
        await burst(pilot, "pageup", "1")  # row 11, ticked at once, in sight
        assert game.state.pend.picked == [item[10]]
        top = round(choices.scroll_y)
        assert top <= 10 < top + choices.scrollable_content_region.height

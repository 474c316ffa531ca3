"""Rows of the choice list that keep their numbers while one card is carried
out (issue 10, play-test: after a group moved, "2" became "stop moving with
this card"), and what a discard row says."""

from __future__ import annotations

from dataclasses import replace

from tests.engine.builder import blank
from warp_empires.engine import View, view
from warp_empires.engine.pending import Moving
from warp_empires.engine.viewtypes import BattleView, Decision, SelectionView
from warp_empires.present.rows import Choice, RowMemory


def _view(step: str, turn: int = 3, side: int = 0, card: int = 2, battle: int | None = None,
          hand: int = 5) -> View:
    """A view at `step` with move card `card` in play, and a battle at `battle`."""
    fight = None if battle is None else BattleView(
        battle, 0, 1, 0, "cards", -1, -1, -1, 0, 0, 0, False, "", [], [], [], [], [], None)
    return replace(view(blank(), side), turn=turn, step=step, battle=fight,
                   pend=Decision(Moving(card, 1, [])), hand=list(range(hand)))


def _rows(*actions) -> list[Choice]:
    return [Choice(a, " ".join(map(str, a))) for a in actions]


def test_a_moved_source_keeps_its_row_dimmed_and_stop_keeps_its_number():
    memory = RowMemory()
    first = memory.keep(_view("move_from"), _rows(("from", 4), ("from", 7), ("stop",)))
    assert [c.action for c in first] == [("from", 4), ("from", 7), ("stop",)]
    # a group went from 4: the engine no longer lists it
    memory.keep(_view("move_units"), _rows(("pick", 0), ("back",)))
    later = memory.keep(_view("move_from"), _rows(("from", 7), ("from", 9), ("stop",)))
    assert [c.action for c in later] == [("from", 4), ("from", 7), ("stop",), ("from", 9)]
    assert not later[0].enabled and later[0].label.endswith("(group gone)") and later[0].why
    assert all(c.enabled for c in later[1:])


def test_the_next_card_and_the_next_turn_start_afresh():
    memory = RowMemory()
    memory.keep(_view("move_from"), _rows(("from", 4), ("stop",)))
    memory.keep(_view("move", hand=5), _rows(("play", 2), ("end",)))
    # another card of the same kind: the first one has left the hand
    again = memory.keep(_view("move_from", hand=4), _rows(("stop",)))
    assert [c.action for c in again] == [("stop",)]
    memory.keep(_view("move_from"), _rows(("from", 4), ("stop",)))
    other_turn = memory.keep(_view("move_from", turn=4), _rows(("stop",)))
    assert [c.action for c in other_turn] == [("stop",)]


def test_undo_after_stop_brings_back_the_same_rows():
    # play-test: `s` then `u` came back to the card with the moved source gone
    memory = RowMemory()
    memory.keep(_view("move_from"), _rows(("from", 4), ("from", 7), ("stop",)))
    memory.keep(_view("move_from"), _rows(("from", 7), ("stop",)))
    memory.keep(_view("move", hand=4), _rows(("play", 3), ("end",)))  # stopped
    back = memory.keep(_view("move_from"), _rows(("from", 7), ("stop",)))  # undone
    assert [c.action for c in back] == [("from", 4), ("from", 7), ("stop",)]


def test_each_side_and_each_battle_has_its_own_rows():
    memory = RowMemory()
    b5, b6 = 5, 6
    memory.keep(_view("card_target", battle=b5), _rows(("target", 11), ("target", 12)))
    assert [c.action for c in memory.keep(_view("card_target", side=1, battle=b5),
                                          _rows(("target", 12)))] == [("target", 12)]
    assert [c.action for c in memory.keep(_view("card_target", battle=b6),
                                          _rows(("target", 12)))] == [("target", 12)]
    kept = memory.keep(_view("card_target", battle=b5), _rows(("target", 12)))
    assert [c.action for c in kept] == [("target", 11), ("target", 12)]
    assert kept[0].label.endswith("(gone)") and not kept[0].enabled


def test_other_steps_are_left_as_they_are():
    memory = RowMemory()
    rows = _rows(("play", 1), ("play", 3), ("pass",))
    memory.keep(_view("battle_card"), rows)
    assert memory.keep(_view("battle_card"), rows[1:]) == rows[1:]


async def test_after_a_group_moves_stop_keeps_its_number_on_screen(star_wars):
    from tests.tui.helpers import game_app, game_where, open_game
    from warp_empires.tui.screens.game import GameScreen

    # a move card with two sources or more, so that one can move and leave
    game = game_where(star_wars, lambda g: g.state.step == "move_from"
                      and not g.state.pend.moved and g.state.pend.left >= 2
                      and sum(a[0] == "from" for a in g.legal_actions()) >= 2)
    game.options["open_hands"] = True
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert isinstance(screen, GameScreen)
        before = [c.action for c in screen._choices]
        stop_row = before.index(("stop",))
        source = before[0]
        screen.choose(screen._choices[0])  # its stack, picked whole for the person
        await pilot.pause()
        # a destination with no enemy in it: the card goes on (RULINGS M2)
        to = next(c for c in screen._choices if c.action[0] == "to" and c.enabled
                  and not c.battle)
        screen.choose(to)
        await pilot.pause()
        assert game.state.step == "move_from"
        rows = screen._choices
        assert rows[stop_row].action == ("stop",)
        assert rows[0].action == source and not rows[0].enabled


def test_a_discard_row_says_when_only_the_other_side_can_play_the_card(star_wars):
    # RULINGS M6; play-test: the other side's cards clogged hands unremarked
    from tests.tui.helpers import game_where
    from warp_empires.present.rows import build_choices

    def theirs(g) -> bool:
        if g.prompt().kind not in ("discard_down", "predraw_discard"):
            return False
        side = g.prompt().side
        return any(g.module.cards[k].side not in (None, side) for k in g.state.pend.items)

    game = game_where(star_wars, theirs)
    side = game.prompt().side
    rows = build_choices(game)
    for row, kind in zip(rows, game.state.pend.items, strict=False):
        other = game.module.cards[kind].side
        said = f"({game.module.sides[1 - side].short} only)"
        assert (said in row.label) == (other not in (None, side))


def test_cards_held_keep_their_order_and_cards_drawn_come_after():
    from warp_empires.present.rows import HandOrder

    order = HandOrder()
    assert order.arrange(0, [3, 7, 9]) == [0, 1, 2]
    # drawn: a 1, a second 7 and an 8; the engine's hand is sorted by kind
    hand = [1, 3, 7, 7, 8, 9]
    shown = [hand[i] for i in order.arrange(0, hand)]
    assert shown == [3, 7, 9, 1, 7, 8]
    # a 7 discarded, a 2 drawn: the rest keep their places
    hand = [1, 2, 3, 7, 8, 9]
    assert [hand[i] for i in order.arrange(0, hand)] == [3, 7, 9, 1, 8, 2]
    assert order.arrange(1, [4, 5]) == [0, 1]  # each side its own


async def test_discard_rows_keep_their_numbers_across_the_draw(star_wars):
    # Play-test: the Empire discarded 1, 2, 3 after the draw meaning the cards
    # it had seen at those rows before the draw, and lost its move cards.
    from tests.tui.helpers import game_app, game_where, open_game
    from warp_empires.tui.screens.game import GameScreen

    def before_a_big_draw(g) -> bool:
        hand = g.state.hands[g.state.active]
        return (g.state.step == "predraw_discard" and len(hand) >= 4
                and len(set(hand)) == len(hand))

    game = game_where(star_wars, before_a_big_draw, seeds=range(1, 120))
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("enter")  # the hand-over
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        held = [row.label for row in screen._choices if row.is_item]
        await pilot.press("c")  # draw
        await pilot.pause()
        assert game.prompt().kind == "discard_down" and game.prompt().side == side
        rows = [row.label for row in screen._choices if row.is_item]
        assert rows[:len(held)] == held  # what was row 1 is row 1
        assert len(rows) > len(held)


def _mixed_speeds(g) -> bool:
    """A group being formed from a stack with units of two speeds."""
    if g.prompt().kind != "move_units" or g.state.pend.group is None:
        return False
    speeds = {g.module.units[g.state.chits[c]].speed for c in g.state.pend.group.items}
    return len(speeds - {"immobile"}) >= 2


async def test_a_groups_destinations_keep_their_numbers_while_its_units_are_picked(star_wars):
    # Play-test: unticking a slow unit lengthened the reach, the destinations
    # were listed anew, and `5`, meant for Sullust, moved the group to Coruscant
    # and into a battle. A destination the group cannot reach as picked stays
    # in its row, dimmed; one it can reach again comes back to its row.
    from tests.tui.helpers import game_app, game_where, open_game
    from warp_empires.tui.screens.handover import HandoverScreen

    game = game_where(star_wars, _mixed_speeds, seeds=range(1, 60))
    order = ["immobile", "slow", "medium", "fast"]
    items = list(game.state.pend.group.items)
    speed = [order.index(game.module.units[game.state.chits[c]].speed) for c in items]
    fast, slow = speed.index(max(speed)), speed.index(min(s for s in speed if s > 0))
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        screen.choose(screen._choices[fast])
        await pilot.pause()
        far = [c.action for c in screen._choices]
        assert sum(a[0] == "to" for a in far) > 0
        screen.choose(screen._choices[slow])  # the group's reach shortens
        await pilot.pause()
        near = screen._choices
        assert [c.action[0] == "to" for c in near] == [a[0] == "to" for a in far]
        assert [c.action for c in near if c.action[0] == "to"] == \
            [a for a in far if a[0] == "to"]
        dimmed = [c for c in near if not c.enabled and c.action[0] == "to"]
        assert dimmed and all(c.label.endswith("(out of reach)") and c.why for c in dimmed)
        legal = set(game.legal_actions())
        assert all((c.action in legal) == c.enabled for c in near if c.action[0] == "to")
        # choosing one names the row and says why (play-test: "Not now: ..." after
        # `5` did not say which row 5 was)
        said: list[str] = []
        screen.notify = lambda message, **kw: said.append(message)
        before = len(game.actions)
        screen.choose(dimmed[0])
        row = near.index(dimmed[0]) + 1
        assert len(game.actions) == before
        assert said == [f"Row {row}, {dimmed[0].label}: not now, {dimmed[0].why}."]
        screen.choose(screen._choices[slow])  # taken out again: every row as it was
        await pilot.pause()
        assert [c.action[1] if c.is_item else c.action for c in screen._choices] == \
            [a[1] if a[0] in ("pick", "unpick") else a for a in far]
        assert all(c.enabled for c in screen._choices if c.action[0] == "to")


def _group(picked: list[int], reach: list[int]) -> View:
    """A group of three units being formed; `reach`: the destinations open."""
    # `back` closes it too, whatever is picked (play-test: with `back` among
    # the closing actions, the destinations stayed after an undo)
    selection = SelectionView([0, 1, 2], picked, [True] * 3,
                              [("to", t) for t in reach] + [("back",)], "to")
    return replace(_view("move_units"), pend=Decision(Moving(2, 1, []), selection))


def _group_rows(picked: list[int], reach: list[int]) -> list[Choice]:
    units = [Choice(("unpick" if i in picked else "pick", i), f"unit {i}", picked=i in picked)
             for i in range(3)]
    return units + _rows(*[("to", t) for t in reach])


def test_a_slow_pick_dims_the_destinations_it_puts_out_of_reach():
    memory = RowMemory()
    memory.keep(_group([0], [4, 5, 6]), _group_rows([0], [4, 5, 6]))
    kept = memory.keep(_group([0, 1], [4]), _group_rows([0, 1], [4]))
    assert [c.action[1] for c in kept[3:]] == [4, 5, 6]
    assert [c.enabled for c in kept[3:]] == [True, False, False]
    assert kept[4].label.endswith("(out of reach)")


def test_with_the_first_pick_taken_back_the_destinations_go():
    # play-test: after an undo of the group's only pick, its destinations
    # stayed, dimmed, and `12` landed on one of them
    memory = RowMemory()
    memory.keep(_group([], []), _group_rows([], []))
    memory.keep(_group([0], [4, 5, 6]), _group_rows([0], [4, 5, 6]))
    undone = memory.keep(_group([], []), _group_rows([], []))
    assert [c.action for c in undone] == [("pick", 0), ("pick", 1), ("pick", 2)]
    # picked again, they come back to the rows they had (dimmed where out of
    # reach: test_a_groups_destinations_come_back_to_their_rows_...)
    again = memory.keep(_group([2], [5, 6]), _group_rows([2], [5, 6]))
    assert [c.action[1] for c in again[3:]] == [4, 5, 6]
    assert [c.enabled for c in again[3:]] == [False, True, True]


def test_a_groups_destinations_come_back_to_their_rows_after_all_its_units_were_unpicked():
    # Play-test (issue 39): a stack picked whole, `a` unpicked it all (the
    # destinations went), one unit picked: the destinations came back one row
    # further down, after "back", and `6` took another planet.
    memory = RowMemory()
    back = _rows(("back",))
    whole = memory.keep(_group([0, 1, 2], [5, 9]), _group_rows([0, 1, 2], [5, 9]) + back)
    empty = memory.keep(_group([], []), _group_rows([], []) + back)
    assert [c.action for c in empty[3:]] == [("back",)]  # no destination to land on
    one = memory.keep(_group([1], [9]), _group_rows([1], [9]) + back)
    assert [c.action[1] if c.is_item else c.action for c in one] == \
        [c.action[1] if c.is_item else c.action for c in whole]
    assert not one[3].enabled and one[3].label.endswith("(out of reach)") and one[4].enabled


def test_a_new_destination_comes_after_the_last_destination_not_after_back():
    # Play-test: unpicking a slow unit brought an attack in reach; it was
    # listed after "choose another group", two pages down
    memory = RowMemory()
    memory.keep(_view("move_units"), _rows(("pick", 0), ("pick", 1), ("to", 4), ("to", 5),
                                           ("back",)))
    later = memory.keep(_view("move_units"), _rows(("pick", 0), ("pick", 1), ("to", 4),
                                                   ("to", 5), ("to", 9), ("back",)))
    assert [c.action for c in later] == [("pick", 0), ("pick", 1), ("to", 4), ("to", 5),
                                         ("to", 9), ("back",)]

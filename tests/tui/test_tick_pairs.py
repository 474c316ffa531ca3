"""Two tick rows typed quickly that also spell a row of another kind
(tui/row_typing.py `_pair_of_ticks`). Play-tests 13 and 14: in a group's
list of 14 rows, `1` `4` meant "untick rows 1 and 4" was taken as row 14,
*choose another group*; in a loss list `1` `3` read as row 13, *lose the
picked units*. Such a row is held for Enter, and any other key ticks the two;
one that cannot be chosen yet is the two ticks; a destination is held too,
also in the side's own Move phase (play-test 16)."""

from __future__ import annotations

from tests.tui.helpers import game_where, untick
from warp_empires.engine import Game
from warp_empires.present.rows import build_choices
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session


def _controller(game: Game) -> Controller:
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    return c


def _pair_row(c: Controller, verbs: tuple[str, ...], enabled: bool = True) -> int | None:
    """A row number 1b (b > 1) of one of `verbs`, while rows 1 and b are ticks."""
    rows = c.rows
    ticks = {n for n in range(1, min(len(rows), 9) + 1) if rows[n - 1].is_item
             and rows[n - 1].enabled}
    return next((10 + b for b in range(2, 10) if 10 + b <= len(rows) and 1 in ticks
                 and b in ticks and rows[9 + b].action[0] in verbs
                 and rows[9 + b].enabled == enabled), None)


def _group_list(module, verbs: tuple[str, ...] = ("back",)) -> tuple[Game, Controller, int]:
    """A group's list in its side's own Move phase with such a row: by default
    *choose another group*, as play-test 14 met it."""
    found: dict = {}

    def wanted(g: Game) -> bool:
        if g.prompt().kind != "move_units":
            return False
        g.options["open_hands"] = True
        c = _controller(g)
        row = _pair_row(c, verbs) if c.mode is Mode.DECIDING else None
        if row is not None:
            found.update(c=c, row=row)
        return row is not None

    game = game_where(module, wanted, seeds=range(1, 200))
    return game, found["c"], found["row"]


def test_two_ticks_that_spell_a_command_row_are_held_not_taken(star_wars):
    game, c, number = _group_list(star_wars)
    b = number - 10
    picked = list(game.state.pend.group.picked)
    item1, item_b = c.rows[0].action[1], c.rows[b - 1].action[1]
    before = len(game.actions)
    # in the Move phase a two-digit row is taken at once (RULINGS Z2), but not this one
    assert c.keys_for(number - 1) == ["1", str(b), "enter"]
    c.key("1")
    c.key(str(b))
    assert len(game.actions) == before  # nothing taken, nothing ticked yet
    assert c.highlight == number - 1
    assert c.title() == f"Row {number}: Enter to choose it; a letter or digit ticks rows 1 and {b}"
    c.key("escape")  # Escape lets both readings go
    assert len(game.actions) == before and c.highlight is None
    c.key("1")
    c.key(str(b))
    c.key("c")  # any other key: the two ticks were meant, then that key
    assert [a[1][0] for a in game.actions[before:before + 2]] == \
        [("unpick" if item1 in picked else "pick"), ("unpick" if item_b in picked else "pick")]
    assert [a[1][1] for a in game.actions[before:before + 2]] == [item1, item_b]


def test_enter_after_two_ticks_that_spell_a_row_takes_that_row(star_wars):
    game, c, number = _group_list(star_wars)
    expected = c.rows[number - 1].action
    before = len(game.actions)
    c.key("1")
    c.key(str(number - 10))
    c.key("enter")
    assert len(game.actions) == before + 1 and tuple(game.actions[before][1]) == expected


def test_a_third_digit_after_two_ticks_ticks_all_three(star_wars):
    # play-test 14's case: `1` `4` `5`, meaning rows 1, 4 and 5
    game, c, number = _group_list(star_wars)
    b = number - 10
    third = next((n for n in range(2, 10) if n != b and n < len(c.rows) and c.rows[n - 1].is_item
                  and c.rows[n - 1].enabled and n * 10 > len(c.rows)), None)
    if third is None:
        third = 1  # a 1 that waits: Enter settles it
    items = [c.rows[n - 1].action[1] for n in (1, b, third)]
    before = len(game.actions)
    for key in ("1", str(b), str(third)):
        c.key(key)
    if c.prefix is not None:
        c.key("enter")
    assert [a[1][1] for a in game.actions[before:]] == items
    assert [a[1][0] for a in game.actions[before:]] != [] and all(
        a[1][0] in ("pick", "unpick") for a in game.actions[before:])


def test_two_ticks_that_spell_a_destination_are_held_for_enter_too(star_wars):
    # Play-test 16, the third to fall into it: `2` `5` meant to untick units 2
    # and 5 sent a stack of 7 to row 25. A destination is held like any such
    # row, also in the side's own Move phase (benchmarks/bench_keys.py: a
    # player-turn's median 26 keys, the issue-39 target; 24 when taken at once).
    game, c, number = _group_list(star_wars, ("to",))
    assert c.keys_for(number - 1) == ["1", str(number - 10), "enter"]
    expected = c.rows[number - 1].action
    before = len(game.actions)
    c.key("1")
    c.key(str(number - 10))
    assert len(game.actions) == before and c.highlight == number - 1  # held
    c.key("enter")
    assert tuple(game.actions[before][1]) == expected


def test_two_ticks_that_spell_a_row_not_open_yet_are_the_two_ticks(star_wars):
    # play-test 13's case: cards or losses to pick whose confirming row is a
    # two-digit number spelt by two ticks. Before enough are picked that row
    # cannot be chosen, so the two ticks are the only reading (before: "Not
    # now", and neither was ticked).
    def wanted(g: Game) -> bool:
        rows = build_choices(g) if g.prompt().kind == "discard_down" else []
        return len(rows) >= 12 and rows[-1].action[0] == "confirm" and g.prompt().owed >= 3

    game = game_where(star_wars, wanted, seeds=range(1, 200), turns=40)
    game.options["open_hands"] = True
    c = _controller(game)
    untick(c)  # the list opens with the cards it suggests ticked: pick by hand
    number = _pair_row(c, ("confirm",), enabled=False)
    assert number is not None and game.state.pend.picked == []
    b = number - 10
    items = [c.rows[n - 1].action[1] for n in (1, b)]
    c.key("1")
    c.key(str(b))
    assert sorted(game.state.pend.picked) == sorted(items)
    assert c.title().startswith(f"Rows 1 and {b} ticked")

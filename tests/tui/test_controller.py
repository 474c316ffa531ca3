"""The decision controller (tui/controller.py) without a screen: what each
key means, in order, whatever the pace it is typed at. Milliseconds a test."""

from __future__ import annotations

import pytest

from tests.tui.helpers import game_where, moving_on, untick
from tests.tui.loopback import Loopback
from warp_empires.engine import Game
from warp_empires.present.rows import build_choices
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session

_FOUND: dict[str, tuple[int, list]] = {}


def _discard_actions(module) -> tuple[int, list]:
    """A discard down to the hand limit with 11 to 13 rows and at least four
    cards owed (so that `1 4` is no row), as (seed, actions)."""
    if module.id in _FOUND:
        return _FOUND[module.id]
    game = game_where(module, lambda g: g.prompt().kind == "discard_down"
                      and 11 <= len(build_choices(g)) <= 13 and g.prompt().owed >= 4,
                      seeds=range(1, 80), turns=20)
    _FOUND[module.id] = game.seed, [list(a) for a in game.actions]
    return _FOUND[module.id]


def _long_discard(module, open_hands: bool = True) -> Game:
    seed, actions = _discard_actions(module)
    return Game.replay(module, seed, {"open_hands": True} if open_hands else {}, actions)


def _controller(game: Game, players=("human", "human")) -> Controller:
    c = Controller(Session(game, players))
    c.after_change()
    untick(c)  # these tests pick by hand
    return c


def _typed(c: Controller, keys: str) -> None:
    for key in keys.split():
        c.key(key)


def test_digits_typed_at_full_speed_never_merge_into_a_row_that_does_not_exist(star_wars):
    # Play-test: `1 4 5 7` typed 0.35 s apart in an 11-card discard merged into
    # row 14, which does not exist, and both digits were lost.
    game = _long_discard(star_wars)
    c = _controller(game)
    assert c.mode is Mode.DECIDING and len(c.rows) < 14
    item = [r.action[1] for r in c.rows if r.is_item]  # the hand is shown as drawn, not as listed
    _typed(c, "1 4 5 7")
    assert game.state.pend.picked == [item[0], item[3], item[4], item[6]]


def test_a_digit_that_may_begin_a_longer_row_waits_for_the_next_key_not_a_timer(star_wars):
    game = _long_discard(star_wars)
    c = _controller(game)
    item = [r.action[1] for r in c.rows if r.is_item]  # the hand is shown as drawn, not as listed
    c.key("1")
    assert c.prefix == 1 and game.state.pend.picked == []
    last = min(len(c.rows), 19)
    rows = "row 10" if last == 10 else f"rows 10-{last}"  # play-test 16: not "rows 10-10"
    assert c.title() == f"Row 1_ : a second digit for {rows}, or Enter for row 1"
    shown = c.rows
    c.rows = shown[:10]  # as a list of ten rows would read
    assert c.title() == "Row 1_ : a second digit for row 10, or Enter for row 1"
    c.rows = shown
    c.key("1")  # row 11, a pick: at once
    assert game.state.pend.picked == [item[10]] and c.prefix is None
    c.key("1")
    c.key("enter")  # Enter settles it: row 1 alone
    assert game.state.pend.picked == [item[10], item[0]]
    c.key("1")
    c.key("u")  # another key settles it too: row 1 (unpicked), then that undone
    assert game.state.pend.picked == [item[10], item[0]]
    c.key("1")
    assert c.escape() and c.prefix is None  # Escape lets it go
    assert game.state.pend.picked == [item[10], item[0]]
    c.key("0")
    assert c.take_notices()[-1].text == "There is no row 0."


def test_a_two_digit_destination_is_taken_at_once_and_u_takes_it_back(star_wars):
    # Issue 39: a destination is two keys at most wherever it is on the list.
    # In the side's own Move phase a slip can be taken back (RULINGS Z2), so
    # a two-digit row there does not wait for Enter (it once did: `1` `4`
    # meant as two picks moved a group for good, before Z2).
    def wanted(g: Game) -> bool:
        rows = build_choices(g)
        return g.prompt().kind == "move_units" and len(rows) >= 12 and any(
            r.action[0] == "to" and r.enabled for r in rows[9:])

    game = game_where(star_wars, wanted, seeds=range(1, 60))
    game.options["open_hands"] = True
    c = _controller(game)
    index = next(i for i, r in enumerate(c.rows) if i >= 9 and r.action[0] == "to" and r.enabled)
    assert c.keys_for(index) == list(str(index + 1))
    expected = c.rows[index].action
    before = len(game.actions)
    picked = list(game.state.pend.group.picked)
    _typed(c, " ".join(str(index + 1)))
    assert len(game.actions) > before and tuple(game.actions[before][1]) == expected
    c.key("u")  # the group is back where it was, its units picked as they were
    assert game.state.step == "move_units" and game.state.pend.group.picked == picked


def test_a_two_digit_row_outside_the_move_phase_waits_for_enter(star_wars):
    # Elsewhere a slip would stand (a place, a disband, a target): the typed
    # row is only highlighted, and Enter takes it.
    def wanted(g: Game) -> bool:
        if g.state.phase == "move":
            return False
        rows = build_choices(g)
        return any(not r.is_item and r.enabled for r in rows[9:])

    game = game_where(star_wars, wanted, seeds=range(1, 80))
    game.options["open_hands"] = True
    c = _controller(game)
    index = next(i for i, r in enumerate(c.rows) if i >= 9 and not r.is_item and r.enabled)
    assert c.keys_for(index) == [*str(index + 1), "enter"]
    before = len(game.actions)
    _typed(c, " ".join(str(index + 1)))
    assert len(game.actions) == before and c.highlight == index
    assert c.title() == f"Row {index + 1}: Enter to choose it"
    expected = c.rows[index].action
    c.enter(index)
    assert len(game.actions) > before and tuple(game.actions[before][1]) == expected


def test_the_handover_card_takes_enter_and_the_keys_after_it_go_to_the_next_person(
        at_decision):
    game = at_decision("move", open_hands=False)
    c = _controller(game)
    assert c.mode is Mode.HANDOVER and c.view is None and c.rows == []
    before = len(game.actions)
    c.key("1")  # the card's only key is Enter: nothing is decided behind it
    assert c.mode is Mode.HANDOVER and len(game.actions) == before
    c.key("enter")
    assert c.mode is Mode.DECIDING and c.fresh
    c.key("enter")  # a repeated Enter: no row is highlighted for a new person
    assert len(game.actions) == before
    assert "No row is highlighted" in c.take_notices()[-1].text
    row = c.rows[0 if len(c.rows) < 10 else 8]
    c.key("1" if len(c.rows) < 10 else "9")  # and the next key is theirs, not lost
    # (what follows it in the Move phase with one answer may be taken too)
    assert len(game.actions) > before and tuple(game.actions[before][1]) == row.action


def test_the_keyboard_changes_hands_only_through_a_handover_card(at_decision):
    game = at_decision("move", open_hands=False)
    c = _controller(game)
    seen = set()
    for _ in range(300):
        if game.over:
            break
        if c.mode is Mode.HANDOVER:
            assert c.view is None and c.rows == []  # nothing of either side on screen
            c.key("enter")
            continue
        assert c.mode is Mode.DECIDING
        seen.add(c.viewer)
        if c.public:
            assert game.prompt().side == c.viewer
        else:
            assert c.view.side == c.keyboard == c.viewer
        c.choose(moving_on(c.rows))
    assert seen == {0, 1}


def test_while_the_server_has_not_answered_keys_wait_and_are_applied_in_order(
        star_wars, tmp_path):
    # A joined app crashed (IndexError) at the first discard: the session had
    # no rows while it waited for the server, and the screen still took the
    # decision as this side's. Waiting for the server is a state of its own.
    game = _long_discard(star_wars, open_hands=False)
    side = game.prompt().side
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    untick(c, loop)
    assert c.mode is Mode.DECIDING and 11 <= len(c.rows) <= 13
    rows = list(c.rows)
    _typed(c, "1 4 5 7")
    assert c.mode is Mode.SERVER and loop.sent == [("pick", 0)]
    assert c.rows == rows and c.ahead == ["4", "5", "7"]
    assert c.title() == "Sent: waiting for the server"
    loop.answer_all()
    assert c.mode is Mode.DECIDING and not c.ahead
    assert loop.room.game.state.pend.picked == [0, 3, 4, 6]


def test_a_joined_discard_is_confirmed_and_the_game_goes_on(star_wars, tmp_path):
    game = _long_discard(star_wars, open_hands=False)
    side = game.prompt().side
    owed = game.prompt().owed
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    untick(c, loop)
    _typed(c, " ".join(str(i) for i in range(2, 2 + owed)) + " c")
    loop.answer_all()
    assert loop.room.game.state.step != "discard_down"
    assert len(loop.room.game.state.hands[side]) == len(c.session.position["view"]["hand"])


def test_keys_typed_while_the_computer_decides_wait_their_turn(at_decision):
    game = at_decision("move")  # open hands: no hand-over in the way
    side = game.prompt().side
    players = ("human", "random") if side == 0 else ("random", "human")
    c = _controller(game, players)
    for _ in range(2000):  # the person plays on until the computer decides
        if c.mode is not Mode.DECIDING:
            break
        c.choose(moving_on(c.rows))
    assert c.mode is Mode.WATCHING and c.session.bot_to_move() is not None
    c.key("u")
    assert c.ahead == ["u"] and "1 key typed ahead" in c.title()
    assert c.escape() and c.ahead == []  # Escape lets typed-ahead keys go
    c.key("9")
    c.key("9")
    while c.session.bot_to_move() is not None:
        c.session.bot_step()
    c.after_change()
    assert c.mode is Mode.DECIDING and c.ahead == []
    # both were applied to the person's decision, in order: row 99 does not
    # exist, so each 9 was row 9, or said that there is no such row
    told = [n.text for n in c.take_notices()]
    assert len(game.actions) > 0 and (told or c.prefix is None)


def test_one_key_for_several_picks_works_over_the_network_too(star_wars, tmp_path):
    # Play-test: joined, `a` ticked one card a press (solo: all at once); the
    # picks after the first went nowhere while the first was on its way.
    game = _long_discard(star_wars, open_hands=False)
    side = game.prompt().side
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    untick(c, loop)
    drop = c.best_discards()
    assert drop is not None and len(drop) >= 2
    c.key("a")
    assert c.mode is Mode.SERVER
    loop.answer_all()
    assert sorted(loop.room.game.state.pend.picked) == sorted(drop)
    c.key("c")
    loop.answer_all()
    assert loop.room.game.state.step != "discard_down"


def _until_the_computer_decides(c: Controller, now: list[float]) -> float:
    """The person plays on (one tick of the clock a decision) until the
    computer decides; returns a time when the person's last decision was on
    screen (a key typed then was meant for it)."""
    typed = now[0]
    for _ in range(4000):
        if c.mode is not Mode.DECIDING:
            return typed
        now[0] += 1
        typed = now[0] - 0.5
        c.choose(moving_on(c.rows))
    raise AssertionError("the computer never decided")


def _timed(game: Game, side: int) -> tuple[Controller, list[float]]:
    players = ("human", "random") if side == 0 else ("random", "human")
    now = [0.0]
    c = Controller(Session(game, players), clock=lambda: now[0])
    c.after_change()
    return c, now


def _until_the_computers_own_turn(c: Controller, now: list[float]) -> float:
    """The person plays on until the computer's own player-turn; returns a
    time when the person's last decision was on screen."""
    game = c.session.game
    side = c.viewer
    typed = now[0]
    for _ in range(4000):
        if c.mode is not Mode.DECIDING and game.state.active != side:
            return typed
        now[0] += 1
        if c.mode is Mode.DECIDING:
            typed = now[0] - 0.5
            c.choose(moving_on(c.rows))
        else:
            c.session.bot_step()
            c.after_change()
    raise AssertionError("the computer's turn never came")


@pytest.mark.parametrize("read", ["while the computer decides", "at the next decision"])
def test_a_key_typed_in_a_turn_that_ended_is_let_go_and_said(at_decision, read):
    # Play-tests: `2 c 1` at a recruit whose placement was then forced: the `1`
    # was read in the computer's turn and played a battle card there; at the
    # computer's fastest pace a `1` typed before its turn was read only at the
    # next decision and ticked a discard. A key is meant for what was on
    # screen when typed (tui/typed_ahead.py).
    game = at_decision("move")
    side = game.prompt().side
    c, now = _timed(game, side)
    typed = _until_the_computers_own_turn(c, now)
    if read == "at the next decision":
        while c.session.bot_to_move() is not None:
            now[0] += 1
            c.session.bot_step()
            c.after_change()
    before = len(game.actions)
    now[0] += 1
    c.key("1", typed_at=typed)
    c.key("c", typed_at=typed)
    assert c.ahead == [] and len(game.actions) == before
    assert sum("went unused" in n.text for n in c.take_notices()) == 2


def test_which_keys_were_typed_for_a_decision_that_went(at_decision):
    # the rule itself (tui/typed_ahead.py), on the controller's own record
    game = at_decision("move")
    c, now = _timed(game, game.prompt().side)
    c._own_since, c._own_spans = None, [(10.0, 20.0)]  # this side's decision on screen
    assert not c.typed_for_a_gone_decision(15.0)  # nothing happened since
    c._taken_for_it_at = 18.0  # then a decision was taken for it (the only choice)
    assert c.typed_for_a_gone_decision(15.0)
    assert not c.typed_for_a_gone_decision(25.0)  # typed while the other side decided
    assert not c.typed_for_a_gone_decision(19.0)  # typed after it was taken
    c._taken_for_it_at, c._turn_changed_at = float("-inf"), 30.0  # or the turn ended
    assert c.typed_for_a_gone_decision(15.0) and not c.typed_for_a_gone_decision(25.0)
    # fourth play-test: `1 p` at a battle, the other side acting between: the
    # `p` is still the person's (nothing taken for it, the same player-turn)
    c._turn_changed_at = float("-inf")
    assert not c.typed_for_a_gone_decision(15.0)


def test_a_key_typed_for_a_decision_taken_for_the_person_goes_with_it(at_decision,
                                                                       monkeypatch):
    # Fourth play-test: Daring Rescue's only target was taken for the person,
    # and the `1` typed for it then played Tactical Move, with no notice
    game = at_decision("move")
    side = game.prompt().side
    c, now = _timed(game, side)
    assert c.mode is Mode.DECIDING
    now[0] += 1
    typed = now[0]  # typed while this decision is on screen
    now[0] += 1
    taken = [[(side, "the only target")]]
    monkeypatch.setattr(c.session, "play_forced",
                        lambda one=False: taken.pop() if taken else [])
    c.after_change()  # a decision taken for the person
    monkeypatch.undo()
    before = len(game.actions)
    now[0] += 1
    c.key("1", typed_at=typed)
    assert len(game.actions) == before
    assert any("went unused" in n.text for n in c.take_notices())


def test_a_key_typed_while_the_computer_decides_waits_for_the_persons_decision(at_decision):
    # Third play-test: a `p` typed while the computer moved, for the battle
    # that followed, was dropped: keys typed while the other side decides are
    # for this side's next decision, whatever the other side does meanwhile.
    game = at_decision("move")
    side = game.prompt().side
    c, now = _timed(game, side)
    _until_the_computer_decides(c, now)
    now[0] += 1
    c.key("9", typed_at=now[0])  # typed while the computer decides
    assert c.ahead == ["9"]
    while c.session.bot_to_move() is not None:
        now[0] += 1
        c.session.bot_step()
        c.after_change()
    assert c.mode is Mode.DECIDING and c.ahead == []
    told = [n.text for n in c.take_notices()]
    assert not any("went unused" in t for t in told)  # applied: row 9, or no such row


def test_after_all_is_taken_back_a_groups_destinations_go(star_wars):
    # Play-test: `a` then `u`: "0 of 5 picked" with 18 destinations kept,
    # dimmed, so `1 2` read as row 12, a destination out of reach
    game = game_where(star_wars, lambda g: g.prompt().kind == "move_units", seeds=range(11, 40))
    game.options["open_hands"] = True
    c = _controller(game)
    items = len(c.rows)
    c.key("a")
    assert any(r.action[0] == "to" for r in c.rows)
    c.key("u")
    assert game.prompt().kind == "move_units" and not game.state.pend.group.picked
    assert not any(r.action[0] == "to" for r in c.rows) and len(c.rows) == items


def test_over_the_network_one_u_after_a_takes_back_every_pick(star_wars, tmp_path):
    # Second play-test: over the network, `u` right after `a` took back only
    # the last pick (the local game takes them all)
    game = game_where(star_wars, lambda g: g.prompt().kind == "move_units"
                      and len(g.state.pend.group.items) >= 3, seeds=range(11, 60))
    side = game.prompt().side
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    c.key("a")
    loop.answer_all()
    picked = loop.room.game.state.pend.group.picked
    assert len(picked) >= 2
    c.key("u")
    loop.answer_all()
    assert loop.room.game.state.pend.group.picked == []
    assert loop.room.game.prompt().kind == "move_units"


def test_a_decision_taken_for_a_person_is_logged_before_what_it_led_to(at_decision):
    # Issue 39: "Taken for ..., the only choice" came after the lines of what
    # it caused (a battle's end after the only pass). The note carries the
    # place in the log drawn where that decision came.
    game = at_decision("battle_card")
    side = game.prompt().side
    other = 1 - side
    game.state.discard.extend(game.state.hands[other])
    game.state.hands[other] = []  # the other side can only pass: taken for it
    game.options["open_hands"] = True
    c = _controller(game)
    pass_row = next(r for r in c.rows if r.action == ("pass",))
    at_first = len(game.view(side).log)
    c.choose(pass_row)
    notes = [n for n in c.take_notes() if not n.keep]  # (kept: each side's goal)
    assert notes and notes[0].text.startswith("Taken for")
    log = game.view(c.viewer).log
    # after the person's own pass (one line), before the forced pass and
    # the battle's end that it led to
    assert notes[0].at == at_first + 1
    assert "pass" in log[notes[0].at]["text"] and len(log) > notes[0].at + 1




def test_a_joined_seat_logs_a_group_taken_for_it_after_the_card_that_moves_it(star_wars,
                                                                            tmp_path):
    # Issue 38's done-means game: "Taken for Rome: move a group from Latium"
    # came before "Rome plays Forced March" in a joined seat's log. The note's
    # place is counted in the seat's own events, which the card's line is
    # among once the server's answer has come.
    def one_group_and_a_move_card(g: Game) -> bool:
        p = g.prompt()
        if p.kind != "move":
            return False
        v = g.view(p.side)
        groups = sum(1 for st in v.stacks[p.side] if st and st.units
                     and any(star_wars.units[u.unit].move > 0 for u in st.units))
        return groups == 1 and any(a[0] == "play" and star_wars.cards[a[1]].effect.kind == "move"
                                   for a in g.legal_actions(p.side))

    game = game_where(star_wars, one_group_and_a_move_card, seeds=range(0, 40))
    side = game.prompt().side
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    c.take_notes()
    card = next(r for r in c.rows if r.action[0] == "play"
                and star_wars.cards[r.action[1]].effect.kind == "move")
    c.choose(card)
    loop.answer()  # the card is played; the only group is taken at once
    taken = [n for n in c.take_notes() if n.text.startswith("Taken for")]
    events = loop.seat.events
    assert taken and taken[0].at is not None
    assert "play" in events[taken[0].at - 1]["text"]  # the card's line, just before


def test_the_hand_ticks_the_cards_the_rows_tick_whatever_order_it_is_shown_in(star_wars):
    # Issue 39 play-tests: with the hand shown as drawn, the hand's [x] marked
    # other cards than the rows (and than what was discarded).
    from warp_empires.present.rows import hand_marks

    game = _long_discard(star_wars)
    c = _controller(game)
    view = c.view
    order = c.hand_order
    assert order != sorted(order)  # shown as drawn, not as the view lists it
    for key in ("1", "3"):
        c.key(key)
    view = c.view
    order = c.hand_order
    shown = [view.hand[i] for i in order]
    marks = hand_marks(view, c.rows, order)
    selection = view.pend.selection
    picked_kinds = sorted(selection.items[i] for i in selection.picked)
    ticked = sorted(shown[k] for k, m in enumerate(marks) if m == "[x] discard")
    assert ticked == picked_kinds and len(ticked) == 2
    assert marks[0] == marks[2] == "[x] discard"


def test_enter_straight_after_a_number_leaves_the_row_as_the_number_made_it(star_wars):
    # Play-tests: Enter after a number, as if to enter it, ticked the
    # highlighted row (the one just typed) back.
    game = _long_discard(star_wars)
    c = _controller(game)
    item = [r.action[1] for r in c.rows if r.is_item]
    c.key("5")  # no row 50: taken at once
    assert game.state.pend.picked == [item[4]]
    c.enter(4)  # the list's Enter comes with its highlighted row: the one typed
    assert game.state.pend.picked == [item[4]]
    assert any("already ticked by its number" in n.text for n in c.take_notices())
    c.enter(4)  # Enter again, with nothing between: it toggles the row, as always
    assert game.state.pend.picked == []
    c.key("5")
    c.key("enter")  # (an Enter the controller takes: the same)
    assert game.state.pend.picked == [item[4]]
    c.key("5")
    assert game.state.pend.picked == []
    c.key("6")
    c.enter(2)  # the highlight moved to another row: Enter takes that one
    assert game.state.pend.picked == [item[5], item[2]]

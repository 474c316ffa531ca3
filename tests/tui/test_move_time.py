"""Issue 39 at move time: each destination that brings a battle says how it
would stand (the forecast the side panel shows), from the mover's view alone;
a group that can have only one unit is picked for the person; and what the
person does in the Move phase can be taken back (RULINGS Z2)."""

from __future__ import annotations

from tests.tui.helpers import game_where
from warp_empires.engine import Game
from warp_empires.engine.forecast import battle_forecast
from warp_empires.present.odds import ENEMY_NOTE, brief, group_units
from warp_empires.present.rows import build_choices
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session


def _attack_in_reach(g: Game) -> bool:
    """A group with a unit picked, and a destination where the enemy stands
    with units under its top (so a secret there can differ)."""
    s = g.state
    if s.step != "move_units" or not s.pend.group.picked:
        return False
    enemy = 1 - g.prompt().side
    return any(a[0] == "to" and len(s.stacks[enemy][a[1]]) >= 2 for a in g.legal_actions())


def _rows_text(game: Game) -> list[str]:
    return [c.label for c in build_choices(game)]


def test_a_destination_with_a_battle_says_how_it_would_stand(star_wars):
    game = game_where(star_wars, _attack_in_reach, seeds=range(1, 120), turns=30)
    side = game.prompt().side
    view = game.view(side, log=False)
    joining = group_units(view)
    assert joining  # the group as picked counts in
    rows = [c for c in build_choices(game) if c.action[0] == "to" and c.battle]
    assert rows
    for row in rows:
        odds = battle_forecast(star_wars, view, row.action[1], joining)
        expected = ENEMY_NOTE if odds is None else f" (battle: {brief(odds)})"
        assert row.label.endswith(expected)
    # the same words as the side panel's fuller forecast: the verdict and totals
    odds = battle_forecast(star_wars, view, rows[0].action[1], joining)
    assert odds is not None and str(odds.ours[0]) in rows[0].label


def test_the_odds_tell_nothing_the_mover_may_not_know(star_wars):
    # RULINGS H2, H9: twins that differ only in a unit hidden under the
    # enemy's top (swapped with one from its pile, which nobody sees) give
    # the mover the same rows, word for word.
    game = game_where(star_wars, _attack_in_reach, seeds=range(1, 120), turns=30)
    side = game.prompt().side
    enemy = 1 - side
    s = game.state
    t = next(a[1] for a in game.legal_actions()
             if a[0] == "to" and len(s.stacks[enemy][a[1]]) >= 2)
    twin = Game.replay(star_wars, game.seed, dict(game.options), [list(a) for a in game.actions])
    stack, pile = twin.state.stacks[enemy][t], twin.state.piles[enemy]
    units = star_wars.units
    kind = twin.state.unit(stack[1]).index
    swap = next((i for i, chit in enumerate(pile) if twin.state.unit(chit).index != kind
                 and not units[twin.state.unit(chit).index].is_fortification), None)
    assert swap is not None
    hidden = stack[1]
    twin.state.stacks[enemy][t] = (stack[0], pile[swap], *stack[2:])
    pile[swap] = hidden
    assert twin.state.stacks[enemy][t] != game.state.stacks[enemy][t]
    assert _rows_text(twin) == _rows_text(game)


def _deciding(game: Game) -> tuple[Game, Controller]:
    """`game` open to both hands (no hand-over card), with its controller."""
    game.options["open_hands"] = True
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    return game, c


def _lone_stack(g: Game) -> bool:
    """Choosing where a group starts, with a stack of one unit among the sources."""
    s = g.state
    if s.step != "move_from":
        return False
    side = g.prompt().side
    return any(a[0] == "from" and len(s.stacks[side][a[1]]) == 1 for a in g.legal_actions())


def test_a_stack_of_one_unit_needs_no_key_to_pick_it_and_u_goes_back_over_it(star_wars):
    game, c = _deciding(game_where(star_wars, _lone_stack, seeds=range(1, 120), turns=30))
    side = game.prompt().side
    assert c.mode is Mode.DECIDING
    source = next(a for a in game.legal_actions()
                  if a[0] == "from" and len(game.state.stacks[side][a[1]]) == 1)
    before = len(game.actions)
    c.choose(next(r for r in c.rows if r.action == source))
    # one key: the stack chosen, its unit picked for the person, destinations next
    assert [tuple(a[1]) for a in game.actions[before:]] == [source, ("pick", 0)]
    assert any(r.action[0] == "to" for r in c.rows)
    c.key("u")  # back to choosing a stack: not to a pick the app would make again
    assert game.state.step == "move_from" and len(game.actions) == before


def _one_stack_and_a_move_card(g: Game) -> bool:
    s = g.state
    if s.step != "move":
        return False
    side = g.prompt().side
    stacks = sum(1 for st in s.stacks[side] if st)
    moves = [a for a in g.legal_actions() if a[0] == "play"
             and g.module.cards[a[1]].effect.kind == "move"]
    return stacks == 1 and bool(moves) and len(s.stacks[side][
        next(t for t, st in enumerate(s.stacks[side]) if st)]) >= 2


def test_a_move_card_with_one_stack_to_move_goes_to_its_units_and_back_stops(star_wars):
    # Issue 39: "move a group from X" was a key of its own when X was the only
    # stack that could move. After "back" from its group, the sources stay
    # on screen: the person went back to stop (no going round).
    game = game_where(star_wars, _one_stack_and_a_move_card, seeds=range(1, 40), turns=4)
    game.options["open_hands"] = True
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    play = next(r for r in c.rows if r.action[0] == "play"
                and star_wars.cards[r.action[1]].effect.kind == "move")
    before = len(game.actions)
    c.choose(play)
    made = [tuple(a[1])[0] for a in game.actions[before:]]
    # the card, its only stack, and that stack's units: the whole stack goes
    # unless the person splits it
    assert made[:2] == ["play", "from"] and set(made[2:]) == {"pick"}
    assert game.state.step == "move_units"
    assert not any(r.action[0] == "pick" and r.enabled for r in c.rows)
    c.verb("back")
    assert game.state.step == "move_from" and c.mode is Mode.DECIDING
    c.verb("stop")
    assert game.state.step != "move_from"
    # and undo goes back over the source taken for the person, to the card
    game2 = game_where(star_wars, _one_stack_and_a_move_card, seeds=range(1, 40), turns=4)
    game2.options["open_hands"] = True
    c2 = Controller(Session(game2, ("human", "human")))
    c2.after_change()
    c2.choose(next(r for r in c2.rows if r.action == play.action))
    c2.key("u")
    assert game2.state.step == "move"


def test_e_while_a_card_moves_groups_stops_and_ends_the_move_phase(star_wars):
    # Play-tests: `e` at "choose where the next group starts" did nothing
    # useful; "s e" was two keys for one thought (issue 39). RULINGS Z2: both
    # stay in the side's own Move phase until it ends.
    def wanted(g: Game) -> bool:  # a group has moved: the sources stay the person's
        legal = g.legal_actions()
        return g.state.step == "move_from" and ("stop",) in legal and any(
            a[0] == "from" for a in legal) and bool(g.view(g.prompt().side).pend.moved)

    game = game_where(star_wars, wanted, seeds=range(1, 60), turns=6)
    game.options["open_hands"] = True
    side = game.prompt().side
    before = len(game.actions)
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    assert game.state.step == "move_from" and c.mode is Mode.DECIDING
    c.key("e")
    assert [a for _s, a in game.actions[before:before + 2]] == [["stop"], ["end"]]
    assert all(s == side for s, _a in game.actions[before:before + 2])
    assert game.state.phase != "move" or game.prompt().side != side


def _two_stacks_to_choose(g: Game) -> bool:
    """Choosing where a group starts, among two sources or more, one a stack
    of three units or more that may all move."""
    s = g.state
    if s.step != "move_from" or s.pend.moved:
        return False
    side = g.prompt().side
    sources = [a[1] for a in g.legal_actions() if a[0] == "from"]
    return len(sources) >= 2 and any(
        len(s.stacks[side][t]) >= 3 and all(s.tab.chit_mobile[c] for c in s.stacks[side][t])
        for t in sources)


def test_a_stack_chosen_moves_whole_and_is_split_by_unpicking(star_wars):
    # Issue 39: the source, then the destination; units are picked only to
    # split a stack. `a` unpicks them all; one `u` goes back to the sources.
    game, c = _deciding(game_where(star_wars, _two_stacks_to_choose, seeds=range(1, 80),
                                   turns=12))
    side = game.prompt().side
    source = next(r for r in c.rows if r.action[0] == "from"
                  and len(game.state.stacks[side][r.action[1]]) >= 3)
    stack = set(game.state.stacks[side][source.action[1]])
    before = len(game.actions)
    c.choose(source)
    assert set(game.state.pend.group.chosen()) == stack
    assert any(r.action[0] == "to" and r.enabled for r in c.rows)
    # the units' rows come first and keep their numbers; the destinations follow
    items = [i for i, r in enumerate(c.rows) if r.is_item]
    assert items == list(range(len(stack)))
    c.key("a")  # every unit unpicked: a split is the units that go
    assert not game.state.pend.group.picked and game.state.step == "move_units"
    assert [i for i, r in enumerate(c.rows) if r.is_item] == items
    c.key("u")  # one `u` takes back the whole `a`
    assert set(game.state.pend.group.chosen()) == stack
    c.key("u")  # and the source with the app's picks: back to the sources
    assert game.state.step == "move_from" and len(game.actions) == before
    c.choose(source)
    c.key("a")
    c.key("1")
    c.key("enter")  # (a list of 10 rows or more: `1` waits for a second digit)
    assert len(game.state.pend.group.picked) == 1  # the split: one unit goes
    assert any(r.action[0] == "to" and r.enabled for r in c.rows)


def test_over_the_network_a_stack_chosen_is_picked_whole_and_one_u_goes_back(
        star_wars, tmp_path):
    # The joined seat does as the local game: the picks follow the source as
    # one batch (keys typed meanwhile wait for all of it), and `u` takes the
    # source back with them.
    from tests.tui.loopback import Loopback

    game = game_where(star_wars, _two_stacks_to_choose, seeds=range(1, 80), turns=12)
    side = game.prompt().side
    source = next(a for a in game.legal_actions() if a[0] == "from"
                  and len(game.state.stacks[side][a[1]]) >= 3)
    stack = set(game.state.stacks[side][source[1]])
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    room = loop.room.game
    before = len(room.actions)
    c.choose(next(r for r in c.rows if r.action == source))
    loop.answer_all()
    assert set(room.state.pend.group.chosen()) == stack and c.mode is Mode.DECIDING
    assert any(r.action[0] == "to" and r.enabled for r in c.rows)
    c.key("u")
    loop.answer_all()
    assert room.state.step == "move_from" and len(room.actions) == before


def test_e_while_a_card_moves_groups_ends_the_move_phase_on_a_joined_seat(star_wars, tmp_path):
    # The stop goes to the server; the end follows once its answer has come
    # (a joined seat cannot know the next rows before).
    from tests.tui.loopback import Loopback

    def wanted(g: Game) -> bool:
        legal = g.legal_actions()
        return g.state.step == "move_from" and ("stop",) in legal and any(
            a[0] == "from" for a in legal) and bool(g.view(g.prompt().side).pend.moved)

    game = game_where(star_wars, wanted, seeds=range(1, 60), turns=6)
    side, before = game.prompt().side, len(game.actions)
    loop = Loopback(game, side, tmp_path)
    loop.controller.key("e")
    assert loop.sent == [("stop",)]
    loop.answer_all()
    assert [a for _s, a in game.actions[before:before + 2]] == [["stop"], ["end"]]
    assert game.state.phase != "move"


def test_a_recruits_place_beside_an_enemy_stack_gives_its_odds(star_wars):
    # Play-test: "place at Sullust (enemy: battle)" with no odds, though the
    # recruit is the placer's own (RULINGS H3, R3)
    def wanted(g: Game) -> bool:
        if g.state.step != "place":
            return False
        side = g.prompt().side
        return any(a[0] == "place" and g.state.stacks[1 - side][a[1]]
                   and not g.state.stacks[side][a[1]] for a in g.legal_actions())

    game = game_where(star_wars, wanted, seeds=range(1, 200), turns=40)
    side = game.prompt().side
    seen = game.view(side)
    assert group_units(seen)  # the recruit's own type
    rows = build_choices(game)
    lone = [r for r in rows if r.action[0] == "place" and game.state.stacks[1 - side][r.action[1]]
            and not game.state.stacks[side][r.action[1]]]
    assert lone and all("(battle: " in r.label and ENEMY_NOTE not in r.label for r in lone)
    assert battle_forecast(star_wars, seen, lone[0].action[1], group_units(seen)) is not None


def test_each_stack_chosen_goes_back_with_its_picks_after_another(star_wars):
    # Play-test 16: a group moved, a second stack chosen, then `u` three
    # times: the second stack, the move, and then only one unit of the first
    # group's picks; the footer's count was off too ("2 back" before the move,
    # "5 back" when back at the same place). The app's picks after each
    # source are one decision with it, not only the latest group's.
    game, c = _deciding(game_where(star_wars, _two_stacks_to_choose, seeds=range(1, 80),
                                   turns=12))
    side = game.prompt().side
    before, presses = len(game.actions), c.undo_back()
    first = next(r for r in c.rows if r.action[0] == "from"
                 and len(game.state.stacks[side][r.action[1]]) >= 3)
    c.choose(first)
    enemy = game.state.stacks[1 - side]
    c.choose(next(r for r in c.rows if r.action[0] == "to" and r.enabled
                  and not enemy[r.action[1]]))
    moved = len(game.actions)
    c.choose(next(r for r in c.rows if r.action[0] == "from" and r.enabled
                  and len(game.state.stacks[side][r.action[1]]) >= 2))
    assert game.state.step == "move_units"
    c.key("u")  # the second stack with its picks
    assert game.state.step == "move_from" and len(game.actions) == moved
    c.key("u")  # the move
    assert game.state.step == "move_units"
    c.key("u")  # the first stack with all its picks
    assert game.state.step == "move_from" and len(game.actions) == before
    assert c.undo_back() == presses


def test_a_destination_row_says_the_revenue_it_could_claim(star_wars):
    # Play-test 17: a map label "$2 [R]" beside the next name was read as that
    # territory's, and a leader sent to an empty space
    game = game_where(star_wars, lambda g: g.state.step == "move_units"
                      and sum(a[0] == "to" for a in g.legal_actions()) >= 3, turns=12)
    side = game.prompt().side
    view = game.view(side, log=False)
    rows = [c for c in build_choices(game) if c.action[0] == "to"]
    terr = star_wars.map.territories
    told = [r for r in rows if terr[r.action[1]].is_revenue and view.control[r.action[1]] != side]
    assert told and all(f"(${terr[r.action[1]].revenue})" in r.label for r in told)
    assert all("($" not in r.label for r in rows if r not in told)

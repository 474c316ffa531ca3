"""`a` where a computer player's picks are offered (issue 39: recruits,
places, losses and disbands took a key a unit): the same picks the heuristic
player makes, from the deciding side's view alone, one `u` to take them back,
and over the network one pick an answer. Milliseconds a test."""

from __future__ import annotations

import random

from tests.tui.helpers import game_where
from tests.tui.loopback import Loopback
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.engine import Game, apply, decider, legal_actions, view
from warp_empires.engine.api import undo_depth
from warp_empires.engine.determinize import determinize
from warp_empires.engine.forecast import card_outcome, wins_as_it_stands
from warp_empires.engine.state import State
from warp_empires.present.suggest import SUGGESTS, Adviser
from warp_empires.tui.controller import Controller, Mode
from warp_empires.tui.session import Session


def _heuristic_run(module, s: State) -> list[tuple]:
    """The picks or places the heuristic player makes in the step open in
    `s` before it would confirm, played on a copy."""
    s = s.clone(log=False)
    player = HeuristicPlayer(module)
    side, step = decider(s), s.step
    run: list[tuple] = []
    while s.step == step and decider(s) == side:
        a = player.choose(view(s, side, log=False), legal_actions(s))
        if a[0] not in ("pick", "place"):
            break
        run.append(tuple(a))
        apply(s, side, a)
    return run


def _at(module, step: str, least: int = 2) -> Game:
    game = game_where(module, lambda g: g.state.step == step
                      and len(_heuristic_run(module, g.state)) >= least, seeds=range(1, 60))
    game.options["open_hands"] = True  # no hand-over card in the way
    return game


def _controller(game: Game) -> Controller:
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    return c


def test_the_recruit_phase_opens_with_the_suggested_buys_ticked_and_u_clears_them(star_wars):
    # Issue 39: `a` then `f` were two keys a turn; now `f` alone buys them
    game = _at(star_wars, "recruit")
    wanted = _heuristic_run(star_wars, game.state)
    before = len(game.actions)
    c = _controller(game)
    assert [tuple(a) for _side, a in game.actions[before:]] == wanted
    assert game.state.step == "recruit" and c.mode is Mode.DECIDING  # not finished for them
    # said in the list's own title, not in a message over the screen (play-test 13)
    assert c.title().endswith(" · suggested buys: c buys, u clears"), c.title()
    assert not any("buys" in n.text for n in c.take_notices())
    c.key("u")  # one key clears them all, and they stay cleared
    assert len(game.actions) == before and game.state.pend.offer.picked == []
    assert "suggested" not in c.title()  # nothing ticked: nothing to say
    c.refresh()
    assert game.state.pend.offer.picked == []
    row = next(i for i, r in enumerate(c.rows) if r.action[0] == "pick" and r.enabled)
    c.key(str(row + 1))  # a tick of the person's own is not a suggestion
    assert game.state.pend.offer.picked and "suggested" not in c.title()
    # the person who asked the app to take nothing for them gets no ticks
    game2 = _at(star_wars, "recruit")
    c2 = Controller(Session(game2, ("human", "human")), auto_forced=lambda: False)
    c2.after_change()
    assert game2.state.pend.offer.picked == []


def test_a_second_draw_for_recruits_opens_with_its_suggested_buys_ticked_too(star_wars):
    # RULINGS R2: buying the whole offer earns a second draw; play-test 16: it
    # opened with nothing ticked, unlike the first
    def buys_all(g: Game) -> bool:
        s = g.state
        return s.step == "recruit" and not s.pend.bonus and star_wars.rules.recruit_bonus_die \
            and len(_heuristic_run(star_wars, s)) == len(s.pend.offer.items)
    game = game_where(star_wars, buys_all, seeds=range(1, 80))
    game.options["open_hands"] = True
    c = _controller(game)
    assert len(game.state.pend.offer.picked) == len(game.state.pend.offer.items)
    c.key("c")  # buys them all
    while game.state.step == "place":
        c.key("1")
    assert game.state.step == "recruit" and game.state.pend.bonus == 1  # the second draw
    assert game.state.pend.offer.picked and "suggested buys" in c.title()


def test_a_buys_what_the_heuristic_buys_and_leaves_the_finishing_to_the_person(star_wars):
    game = _at(star_wars, "recruit")
    wanted = _heuristic_run(star_wars, game.state)
    c = _controller(game)
    c.key("u")  # the ticks the Recruit phase opened with (above), cleared
    assert c.suggestion() == SUGGESTS["recruit"]
    before = len(game.actions)
    c.key("a")
    assert [tuple(a) for _side, a in game.actions[before:]] == wanted
    assert game.state.step == "recruit" and c.mode is Mode.DECIDING  # not finished for them
    assert c.suggestion() is None  # nothing more the computer would pick
    c.key("u")  # one key takes back all that `a` did
    assert len(game.actions) == before and game.state.pend.offer.picked == []


def test_the_footer_counts_what_one_key_did_as_one_undo(star_wars):
    # issue 38's done-means game: "Undo (6 back)" at a first decision, after
    # the app took a group for the person, and one `u` left "1 back"
    game = _at(star_wars, "recruit", least=3)
    c = _controller(game)
    c.key("u")  # the ticks the Recruit phase opened with
    side = game.prompt().side
    before = c.undo_back()
    assert before == undo_depth(game.state, side)
    c.key("a")
    assert undo_depth(game.state, side) >= before + 3  # a decision a pick
    assert c.undo_back() == before + 1  # and one key takes them all back
    c.key("u")
    assert c.undo_back() == before == undo_depth(game.state, side)


def test_a_chooses_the_losses_the_heuristic_chooses_then_c_confirms(star_wars):
    game = _at(star_wars, "casualty", least=1)
    side = game.prompt().side
    wanted = _heuristic_run(star_wars, game.state)
    c = _controller(game)
    c.key("a")
    assert [tuple(a) for _side, a in game.actions[-len(wanted):]] == wanted
    c.key("c")
    assert game.state.step != "casualty" or game.prompt().side != side \
        or game.state.battle.stage != "loser"


def test_the_footer_offers_no_suggestion_outside_its_steps(star_wars):
    game = game_where(star_wars, lambda g: g.state.step == "move", seeds=range(1, 10))
    game.options["open_hands"] = True
    c = _controller(game)
    assert c.mode is Mode.DECIDING and c.suggestion() is None


def test_over_the_network_a_takes_one_pick_an_answer_and_ends_where_the_local_game_does(
        star_wars, tmp_path):
    game = _at(star_wars, "recruit")
    wanted = _heuristic_run(star_wars, game.state)
    side = game.prompt().side
    loop = Loopback(game, side, tmp_path)
    c = loop.controller
    loop.answer_all()  # the suggested buys, ticked at once, one an answer
    assert [("pick", i) for i in loop.room.game.state.pend.offer.picked] == wanted
    c.key("u")
    loop.answer_all()
    assert loop.room.game.state.pend.offer.picked == []
    assert c.suggestion() == SUGGESTS["recruit"]
    c.key("a")
    assert c.mode is Mode.SERVER  # the first pick is on its way, the rest wait for it
    loop.answer_all()
    room = loop.room.game
    assert [("pick", i) for i in room.state.pend.offer.picked] == wanted
    c.key("u")  # one `u` takes them all back here too
    loop.answer_all()
    assert room.state.pend.offer.picked == [] and room.state.step == "recruit"


def test_h9_twin_positions_get_the_same_suggested_picks(star_wars):
    # RULINGS H9: the state and a twin dealt anew from the deciding side's view
    # (another enemy hand, other hidden units, another deck) look alike to it,
    # so `a` must pick alike
    for step in ("recruit", "casualty"):
        game = _at(star_wars, step, least=1)
        side = game.prompt().side
        seen = view(game.state, side, log=False)
        twin = determinize(star_wars, seen, random.Random(5))
        assert view(twin, side, log=False) == seen

        assert _advised(star_wars, game.state, side) == _advised(star_wars, twin, side) != []


def _advised(module, s: State, side: int) -> list[tuple]:
    """The picks `a` takes for `side` in `s`, played on a copy."""
    s = s.clone(log=False)
    adviser, out = Adviser(module), []
    while (a := adviser.next(view(s, side, log=False), legal_actions(s))) is not None:
        out.append(a)
        apply(s, side, a)
    return out


def test_a_lone_owed_loss_is_confirmed_with_its_pick_and_stands(star_wars):
    # Issue 39: "pick, then confirm" was two keys for one thought (RULINGS B7:
    # the winner picks the loser's first loss); shown to both, it stands (Z1)
    game = game_where(star_wars, lambda g: g.state.step == "casualty"
                      and g.state.battle.stage == "loser" and g.prompt().owed == 1
                      and len(g.state.pend.items) >= 2, seeds=range(1, 60))
    game.options["open_hands"] = True
    c = _controller(game)
    # drawn as what it is, one key for one choice (play-test 17: tick boxes, a
    # dimmed confirming row and `c` promised a confirmation that never came)
    assert c.one_key() and all(r.is_item for r in c.rows)
    assert c.title() == "Choices: one to pick; its number takes it at once"
    before = len(game.actions)
    c.key("1")
    assert [a[0] for _s, a in game.actions[before:before + 2]] == ["pick", "confirm"]
    made = len(game.actions)
    c.take_notices()
    c.key("u")
    assert len(game.actions) == made
    assert any("Nothing to take back" in n.text for n in c.take_notices())


async def test_a_lone_owed_loss_is_drawn_without_tick_boxes_or_confirm(star_wars):
    from tests.tui.helpers import game_app, open_game, screen_text
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: g.state.step == "casualty"
                      and g.state.battle.stage == "loser" and g.prompt().owed == 1
                      and len(g.state.pend.items) >= 2, seeds=range(1, 60))
    game.options["open_hands"] = True
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        rows = [str(o.prompt) for o in screen.query_one(ChoiceList)._options]
        assert rows and not any("[ ]" in r or "(1 more to pick)" in r for r in rows)
        assert "c Confirm" not in screen_text(pilot.app)


def test_losses_owed_in_force_keep_their_confirm(star_wars):
    # RULINGS B8: the winner's own losses are owed in Force, and which units
    # settle it is the choice: a pick never confirms them
    game = game_where(star_wars, lambda g: g.state.step == "casualty"
                      and g.state.battle.stage == "winner" and g.prompt().owed >= 1,
                      seeds=range(1, 80))
    game.options["open_hands"] = True
    c = _controller(game)
    assert not c.one_key() and any(r.action[0] == "confirm" for r in c.rows)
    before = len(game.actions)
    row = next(i for i, r in enumerate(c.rows) if r.action[0] == "pick" and r.enabled)
    c.choose_row(row)
    assert [a[0] for _s, a in game.actions[before:]] == ["pick"]
    assert game.state.step == "casualty"


def _answer(g: Game, turns_it: bool, destroys: bool = False) -> tuple | None:
    """At a battle card decision where the decider wins as the battle stands:
    after its pass, a card the enemy may play that turns the battle against
    it (`turns_it`) or one that does not, whatever its target (and, with
    `destroys`, one that destroys a unit); None if none."""
    module = g.module
    if g.state.step != "battle_card" or not wins_as_it_stands(module, g.view(g.prompt().side)):
        return None
    s = g.state.clone(log=False)
    side = decider(s)
    apply(s, side, ("pass",))
    if s.step != "battle_card" or decider(s) == side:
        return None
    seen = view(s, 1 - side, log=False)
    for a in legal_actions(s):
        out = card_outcome(module, seen, a[1]) if a[0] == "play" else None
        if out is None or out.wins != turns_it:
            continue
        if destroys and module.cards[a[1]].effect.kind == "destroy" and out.has_target:
            return tuple(a)
        if not destroys and not out.targeted and module.cards[a[1]].effect.kind != "destroy":
            return tuple(a)
    return None


def _p_then_enemy_card(star_wars, turns_it: bool, destroys: bool = False
                       ) -> tuple[Game, Controller, int]:
    """`P` said while winning, then the enemy's card (turning the battle or not)."""
    game = game_where(star_wars, lambda g: _answer(g, turns_it, destroys) is not None,
                      seeds=range(1, 150), turns=40)
    card = _answer(game, turns_it, destroys)
    side = game.prompt().side
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    if c.mode is Mode.HANDOVER:
        c.key("enter")
    assert c.can_pass_to_end()
    c.key("P")
    assert game.actions[-1][1] == ["pass"] and game.prompt().side != side
    if c.mode is Mode.HANDOVER:
        c.key("enter")  # the enemy takes the keyboard, plays a card
    c.choose(next(r for r in c.rows if r.action == card))
    while game.state.step == "card_target":
        c.choose(next(r for r in c.rows if r.enabled))
    return game, c, side


def test_p_passes_to_the_end_of_the_battle_with_no_handover_for_each_pass(star_wars):
    # Issue 39: a hot-seat battle with cards took ten or eleven hand-overs;
    # RULINGS B3: card play ends when both sides have passed in a row
    game, c, side = _p_then_enemy_card(star_wars, turns_it=False)
    # the side that said it passes was not asked again: its pass was taken,
    # and the enemy decides on (or card play is over), no hand-over between
    assert game.actions[-1] == [side, ["pass"]]
    assert c.mode is not Mode.HANDOVER and game.prompt().side != side \
        or game.state.step != "battle_card"
    assert any("as said" in n.text for n in c.take_notes())


def test_p_said_while_winning_asks_again_once_an_enemy_card_turns_the_battle(star_wars):
    # Play-test: `P` while ahead, then Weak Spot made it a 5-5 tie that went
    # to the defender, and the tester was not asked again. The totals are
    # public (RULINGS B2, B5), so asking again tells the enemy nothing.
    game, c, side = _p_then_enemy_card(star_wars, turns_it=True)
    assert game.state.step == "battle_card" and game.prompt().side == side
    assert game.actions[-1][0] != side  # no pass taken for it
    notices = [n.text for n in c.take_notices()]
    assert any("The battle has turned" in n for n in notices), notices
    if c.mode is Mode.HANDOVER:
        c.key("enter")  # the hot seat's hand-over to the side asked again
    assert c.mode is Mode.DECIDING and c.can_pass_to_end()


def test_p_asks_again_once_an_enemy_card_destroys_a_unit_even_while_winning(star_wars):
    # Play-test: `P` at 18 to 10, then two units destroyed by two enemy cards
    # before it was asked again (at 9 to 10).
    game, c, side = _p_then_enemy_card(star_wars, turns_it=False, destroys=True)
    assert game.state.step == "battle_card" and game.prompt().side == side
    notices = [n.text for n in c.take_notices()]
    assert any("An enemy card destroyed a unit of yours" in n for n in notices), notices


def test_down_to_the_hand_limit_opens_with_the_best_hand_ticked_and_c_discards(star_wars):
    # Issue 39 play-tests: nearly every turn began "a c"; now `c` alone. The
    # ticks are the weighing every computer player discards by, from the
    # side's own view (RULINGS H9, D1), on its own screen.
    from warp_empires.bots.hand import keep_order

    game = game_where(star_wars, lambda g: g.state.step == "discard_down", seeds=range(1, 60))
    game.options["open_hands"] = True
    side = game.prompt().side
    items = game.view(side).pend.selection.items
    drop = set(keep_order(star_wars, game.view(side), items)[star_wars.rules.hand_limit:])
    before = len(game.actions)
    c = _controller(game)
    assert set(game.state.pend.picked) == drop and game.state.step == "discard_down"
    assert c.title().endswith(" · suggested: c discards, u clears"), c.title()
    assert not any("best hand" in n.text for n in c.take_notices())
    c.key("u")  # one key clears them all, and they stay cleared
    assert len(game.actions) == before and game.state.pend.picked == []
    assert "suggested" not in c.title()
    c.refresh()
    assert game.state.pend.picked == []
    c.key("a")
    c.key("c")
    assert game.state.step != "discard_down"
    kept = sorted(k for i, k in enumerate(items) if i not in drop)
    assert sorted(game.state.hands[side]) == kept
    assert len(kept) == star_wars.rules.hand_limit


def test_the_footer_says_how_many_times_u_goes_back_where_the_app_took_a_group():
    # the done-means play-test: a move card played, its only group taken for
    # the person with its units: "Undo (6 back)", and one `u` took all six back
    from pathlib import Path

    from warp_empires.module import load_module

    rome = load_module(Path(__file__).resolve().parents[1] / "themes" / "rome")
    game = Game.new(rome, 1)
    game.options["open_hands"] = True
    c = _controller(game)
    while c.view.step != "move":
        c.key("1")
    card = next(r for r in c.rows if r.action[0] == "play")
    c.choose(card)
    side = game.prompt().side
    assert undo_depth(game.state, side) > 2  # the card, the group and its picks
    said, pressed = c.undo_back(), 0
    while undo_depth(game.state, side):
        c.key("u")
        pressed += 1
    assert said == pressed

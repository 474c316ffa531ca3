"""Hot seat: the hand-over screen is opaque and shows nothing of either hand
(RULINGS H6); computer sides and open-hands games skip it."""

from __future__ import annotations

import textwrap

from tests.tui.helpers import game_app, game_where, moving_on, open_game, screen_text, type_row
from warp_empires.engine import Game
from warp_empires.tui import news
from warp_empires.tui.screens.game import GameScreen
from warp_empires.tui.screens.handover import HandoverScreen
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList


def _card_names(game: Game, side: int) -> set[str]:
    return {game.module.cards[k].name for k in game.view(side).hand}


async def test_handover_hides_the_previous_hand(at_decision):
    game = at_decision("move", open_hands=False)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        mine = _card_names(game, side)
        assert mine and any(name in screen_text(app) for name in mine)
        await pilot.press("e")  # end the Move phase; play on until the other side decides
        while game.prompt().side == side:
            app.screen.choose(moving_on(app.screen.session.choices()))
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        other = game.prompt().side
        shown = screen_text(app) + app.export_screenshot()
        for name in mine | _card_names(game, other):
            assert name not in shown
        assert game.module.sides[other].name in shown
        # The game screen under it was wiped before the hand-over went up.
        game_screen = app.screen_stack[-2]
        assert game_screen.query_one(HandList).option_count <= 1
        assert not str(game_screen.query_one("#prompt").render()).strip()
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.viewer == other


async def test_no_handover_against_a_computer(star_wars):
    game = Game.new(star_wars, 5)
    async with game_app(pace=5.0).run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("human", "bot"))
        assert isinstance(pilot.app.screen, GameScreen)
        assert pilot.app.screen.viewer == 0


async def test_open_hands_show_both_hands_without_handover(at_decision):
    game = at_decision("move")
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        assert isinstance(pilot.app.screen, GameScreen)
        text = screen_text(pilot.app)
        assert "Enemy hand (open)" in text
        assert all(name in text for name in _card_names(game, 1 - side))


async def test_a_repeated_enter_after_the_handover_chooses_nothing(at_decision):
    # A key meant for the hand-over card never decides on the screen behind
    # it: the new person's list starts with no row highlighted (and the map
    # unfocused), so a second Enter takes nothing; the key after it is theirs.
    game = at_decision("move", open_hands=False)
    before = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert isinstance(pilot.app.screen, HandoverScreen)
        await pilot.press("enter", "enter")
        assert pilot.app.screen is screen
        assert len(game.actions) == before  # the extra Enter made no choice
        assert screen.query_one(ChoiceList).highlighted is None
        row = screen.controller.rows[0].action
        await type_row(pilot, 1)
        # that row (what has one answer after it in the Move phase may follow)
        assert len(game.actions) > before and tuple(game.actions[before][1]) == row


async def test_keys_typed_straight_after_the_handover_enter_are_not_lost(at_decision):
    # Play-test: a key typed 0.05-0.4 s after Enter on a hand-over card was
    # dropped. Every key now goes, in order, to the decision after the card,
    # even while the card is still coming down (one burst of keys).
    game = at_decision("move", open_hands=False)
    before = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        listed = screen.controller.session.choices()
        rows = len(listed)
        key = "1" if rows < 10 else "9"
        await pilot.press("enter", key)
        await pilot.pause()
        assert pilot.app.screen is screen
        assert len(game.actions) > before, "the key after the hand-over was lost"
        assert tuple(game.actions[before][1]) == listed[int(key) - 1].action


async def test_messages_do_not_stay_up_over_the_handover(at_decision):
    # Play-test: "Rebels: target ... (the only choice)" covered the hand-over
    # and then the other side's log.
    game = at_decision("move", open_hands=False)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")
        assert pilot.app.screen is screen
        screen.notify("Rebels: a word about their own hand")
        await pilot.pause()
        assert list(pilot.app._notifications)
        screen._hide_secrets()  # what the screen does before every hand-over
        assert not list(pilot.app._notifications)


async def test_messages_go_at_the_next_key(at_decision):
    # Play-tests: at 80x24 messages covered the prompt and the rows to choose
    # from until their time ran out
    game = at_decision("move", open_hands=False)
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")
        screen.notify("Empire: stop moving with this card (the only choice).")
        await pilot.pause()
        assert list(pilot.app._notifications)
        screen.press("u")  # a key for the controller (nothing to take back: it says so)
        texts = [n.message for n in pilot.app._notifications]
        assert not any("stop moving" in t for t in texts)


def _battle_about_to_start(star_wars) -> Game:
    """A hot-seat game at its first battle's first card decision, both sides
    holding cards (so neither passes automatically, RULINGS H9)."""
    def wanted(game: Game) -> bool:
        s = game.state
        return s.step == "battle_card" and not s.battle.played and s.battle.passes == 0 \
            and all(s.hands) and _attacker_decides_losses(s)

    return game_where(star_wars, wanted, seeds=range(1, 60))


def _attacker_decides_losses(s) -> bool:
    """Whether, both sides passing, the attacker then has an all-public
    decision to take after the defender's pass (a shared screen)."""
    from warp_empires.engine import apply, decider, legal_actions, prompt

    c = s.clone(log=False)
    t = c.battle.t
    apply(c, decider(c), ("pass",))
    apply(c, decider(c), ("pass",))
    while c.battle is not None and c.battle.t == t:
        p = prompt(c)
        if p.all_public and p.side == c.active:
            return True
        legal = legal_actions(c)
        closing = [a for a in legal if a[0] not in ("pick", "unpick")]
        apply(c, p.side, (closing or [a for a in legal if a[0] == "pick"])[0])
    return False


async def test_a_battle_without_cards_takes_at_most_two_handovers(star_wars):
    # Issue 10: a battle in which nobody plays a card needs at most three
    # hand-overs. Passing is private (whether a hand holds a battle card is a
    # secret), but losses and the retreat are all public (RULINGS B2, B7, B8,
    # B10): they are taken on a shared screen that shows no hand.
    game = _battle_about_to_start(star_wars)
    at = game.state.battle.t
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")  # the attacker sits down
        handovers = shared = 0
        after_shared = False  # a shared screen was shown since the last hand-over
        while game.state.battle is not None and game.state.battle.t == at:
            if isinstance(app.screen, HandoverScreen):
                handovers += 1
                after_shared = False
                await pilot.press("enter")
                continue
            screen = app.screen
            assert isinstance(screen, GameScreen)
            # RULINGS H6: both may be watching a shared screen, so no private
            # screen follows one without a hand-over, whoever decided last
            assert screen.public or not after_shared
            if screen.public:
                after_shared = True
                shared += 1
                hand = screen.query_one(HandList)  # no hand on screen, only a note
                assert hand.option_count <= 1 and "hidden" in str(hand.border_title)
                assert game.prompt().all_public
            if game.prompt().kind == "battle_card":
                await pilot.press("p")
            else:
                screen.choose(moving_on(screen.session.choices()))
                await pilot.pause()
        # the battle is over: back to the attacker, through one more hand-over at most
        if isinstance(app.screen, HandoverScreen):
            handovers += 1
        else:
            assert not after_shared, "a private screen came straight after a shared one"
        assert handovers <= 2, handovers
        assert shared >= 1  # the winner or the loser chose on the shared screen


async def test_a_key_meant_for_a_handover_chooses_nothing_on_a_shared_screen(star_wars):
    # Play-test: after the last pass the attacker's losses came up on a shared
    # screen with no hand-over, and the Enter meant for one picked a loss.
    game = _battle_about_to_start(star_wars)
    async with game_app().run_test(size=(120, 40), notifications=True) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter", "p")  # the attacker sits down and passes
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")  # the defender sits down
        screen = app.screen
        defender = screen.viewer
        # the defender's decisions, made directly
        while game.prompt().side == defender and not isinstance(app.screen, HandoverScreen):
            action = ("pass",) if game.prompt().kind == "battle_card" \
                else moving_on(screen.session.choices()).action
            screen.session.apply(defender, action)
            screen.after_change()
            await pilot.pause()
        assert isinstance(app.screen, GameScreen) and screen.public  # no hand-over
        assert screen.viewer == 1 - defender  # the attacker now chooses, on a shared screen
        # and is told so, not only by the prompt line (play-test)
        told = [str(n.message) for n in app._notifications]
        assert any(m.startswith(f"{star_wars.sides[1 - defender].name}, your choice: ")
                   for m in told), told
        before = len(game.actions)
        await pilot.press("enter")
        assert len(game.actions) == before  # no row highlighted: Enter takes nothing
        await type_row(pilot, 1)  # and the next key is not lost
        assert len(game.actions) == before + 1


async def test_no_private_screen_straight_after_a_shared_one(star_wars):
    # Play-test find: the attacker lost and chose its own retreat on the shared
    # screen, and its hand and recruits came up at once while both players
    # were watching. A private screen after a shared one needs a hand-over,
    # whoever decided last (RULINGS H6).
    game = game_where(star_wars, lambda g: g.prompt().kind == "retreat"
                      and g.prompt().side == g.state.active)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        assert isinstance(app.screen, GameScreen) and app.screen.public  # the retreat
        while isinstance(app.screen, GameScreen) and app.screen.public:
            app.screen.choose(moving_on(app.screen.session.choices()))
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


async def test_after_a_handover_the_cursor_starts_on_the_new_players_ground(at_decision):
    # Issue 10: the map cursor stayed where the other player left it.
    from warp_empires.tui.widgets.map_view import MapView

    game = at_decision("move", open_hands=False)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")
        screen = app.screen
        far = next(t for t, e in enumerate(game.view(side).stacks[side]) if not e)
        screen.query_one(MapView).move_cursor_to(far)  # somewhere with nothing of theirs
        await pilot.press("e")
        while game.prompt().side == side:
            app.screen.choose(moving_on(app.screen.session.choices()))
            await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)
        await pilot.press("enter")
        other = game.prompt().side
        view = game.view(other)
        cursor = app.screen.query_one(MapView).cursor
        choices = {c.territory for c in app.screen._choices if c.territory is not None}
        mine = {t for t, e in enumerate(view.stacks[other]) if e}
        assert cursor in choices | mine or view.control[cursor] == other


def _passes_into_own_losses(game: Game) -> bool:
    """The side deciding a battle card passes last, and then decides a loss
    itself (the winner's first pick of the loser's units, or its own)."""
    from warp_empires.engine import apply, decider, legal_actions

    s = game.state
    if s.step != "battle_card" or ("pass",) not in legal_actions(s) or s.battle.passes != 1:
        return False
    side = decider(s)
    after = s.clone(log=False)
    apply(after, side, ("pass",))
    return after.step == "casualty" and decider(after) == side


async def test_losses_are_taken_on_the_shared_screen_by_the_side_at_the_keyboard(star_wars):
    # Play-test: the winner passed last and picked the loser's first loss on
    # its own screen, hand in view, while the loser looked on as at any loss.
    game = game_where(star_wars, _passes_into_own_losses, seeds=range(1, 120))
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")  # the hand-over: this side sits down
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.public
        assert screen.query_one(HandList)._kinds  # its hand in view while it may play a card
        await pilot.press("p")
        await pilot.pause()
        assert game.prompt().kind == "casualty" and game.prompt().side == side
        assert app.screen is screen and screen.public  # shared, with no hand-over
        assert not screen.query_one(HandList)._kinds
        assert "not shown while both may watch" in screen_text(app)


async def test_an_enter_meant_for_a_handover_takes_no_loss_on_the_shared_screen(star_wars):
    # Play-test: a player who passed last expected a hand-over and pressed
    # Enter; the shared screen of the battle's losses had come instead, and the
    # Enter ticked the highlighted loss. Nothing is highlighted there at first;
    # a row's number still picks at once.
    game = game_where(star_wars, _passes_into_own_losses, seeds=range(1, 120))
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40), notifications=True) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")  # the hand-over: this side sits down
        screen = app.screen
        await pilot.press("p")
        await pilot.pause()
        assert game.prompt().kind == "casualty" and screen.public
        assert screen.controller.fresh  # private to shared: a new start
        choices = screen.query_one(ChoiceList)
        assert choices.highlighted is None
        before = game.state.pend.picked[:]
        choices.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.pend.picked == before  # Enter alone took nothing
        screen.sync()  # drawn again (a resize, a timer): still nothing highlighted
        await pilot.pause()
        assert choices.highlighted is None
        assert "No row is highlighted" in " ".join(str(n.message) for n in app._notifications)
        await type_row(pilot, 1)
        assert game.state.pend.picked != before or game.prompt().side != side


async def test_the_handover_card_tells_what_happened_since_your_last_decision(at_decision):
    # Play-test: finishing the Recruit phase ended the turn (placements,
    # upkeep, control, the next side's draw) straight into the hand-over, with
    # nothing seen of it; then, told only since the other person's last
    # decision, the card missed the enemy's attack. It tells the public events
    # (RULINGS H5) since this person's own last decision; nothing of either
    # hand (H6).
    game = at_decision("recruit", open_hands=False)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == side
        marks, owns = {}, {}
        for who in (side, 1 - side):  # this turn's end, then the other side's turns
            while game.prompt().side == who or (who != side and game.prompt().side != side):
                if isinstance(app.screen, HandoverScreen):
                    await pilot.press("enter")
                    await pilot.pause()
                    continue
                marks[game.prompt().side] = len(game.state.log)
                owns[game.prompt().side] = game.state.active == game.prompt().side
                app.screen.choose(moving_on(app.screen.session.choices()))
                await pilot.pause()
            assert isinstance(app.screen, HandoverScreen)
            card = app.screen
            comer = game.prompt().side
            # no decision of its own here yet: from the latest turn it did not play
            first = game.state.turn - (game.state.active == comer)
            start = marks.get(comer, next(i for i, e in enumerate(game.state.log)
                                          if e["turn"] >= first))
            since = [(e["kind"], e["text"]) for e in game.state.log[start:] if e.get("public")]
            if owns.get(comer):  # the rest of its own turn, told after the other's
                since = news.own_turn_last(since)
            assert card.events == since
            assert card.happened == HandoverScreen.told(since, 40 - HandoverScreen.CHROME_ROWS)
            assert card.happened and card.happened[-1].startswith(since[-1][1])
            shown = screen_text(app)
            assert any(line.startswith("Turn ") for line in card.happened)
            assert all(line[:40] in shown for line in card.happened)
            private = {e["text"] for e in game.state.log if not e.get("public")}
            assert not any(line in private for line in card.happened)
            for name in _card_names(game, 0) | _card_names(game, 1):
                assert name not in shown
        # the other side's whole turn came back to this side's card
        assert marks[side] < len(game.state.log) and card.happened


async def test_long_lines_on_the_handover_card_keep_it_on_an_80x24_screen():
    # play-test at 80x24: a long summary pushed the card's bottom border off
    from textual.app import App

    long = "The Empire moves a group of six units from Coruscant to Kuat, " * 2
    card = HandoverScreen("the Rebels", "Their turn begins.", "red",
                          [("move", f"{i}: {long}") for i in range(8)])

    class One(App):
        def on_mount(self) -> None:
            self.push_screen(card)

    async with One().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        box = card.query_one("#card").region
        assert box.y >= 0 and box.bottom <= 23  # above the footer's row
        told = str(card.query_one("#happened").render())
        assert "7: The Empire" in told and "more: L behind this card shows the log)" in told


def test_the_handover_card_keeps_what_matters_when_not_all_fits():
    # play-test: a spy's look at the hand and an attack were pushed off the
    # card by the Control phase's "takes control of ..." lines
    events = [("turn", "Turn 9: the Empire."), ("spy", "The Empire looks at your hand."),
              ("battle", "Battle at Kuat: the Empire attacks.")]
    events += [("control", f"The Empire takes control of planet {i}.") for i in range(9)]
    told = HandoverScreen.told(events, 9)  # 80x24: 9 rows, one for the count
    assert len(told) == 8
    assert told[:2] == [text for _, text in events[1:3]]  # kept, in their order
    assert told[2:] == [text for _, text in events[-6:]]  # then the latest claims
    # the turn's first line gives way to them: the phase bar says whose turn it is


def test_at_80x24_the_card_keeps_the_claims_before_lesser_lines():
    # play-test at 80x24: "takes control of ..." was left out while "Turn 7:
    # ..." and a short routine line stayed; the news a player needs (attacks,
    # moves, claims, purchases) comes first, and nothing lesser takes the
    # rows a line of news needed
    events = [("turn", "Turn 6: the Empire plays."), ("draw", "The Empire draws 5 cards."),
              ("move", "The Empire moves a group of 4 from Coruscant to Sullust, next to "
                       "your base at Bespin."),
              ("battle", "Battle at Bespin: the Empire attacks the Rebels' stack of 6.")]
    events += [("recruit", "The Empire places a new unit at Mon Calamari.")] * 3
    events += [("control", "The Empire takes control of Sullust, Kessel's neighbour."),
               ("revenue", "The Empire gains 9."), ("turn", "Turn 7: the Rebels play.")]
    room = 24 - HandoverScreen.CHROME_ROWS
    told = HandoverScreen.told(events, room)
    assert "The Empire takes control of Sullust, Kessel's neighbour." in told
    assert told[:2] == [events[2][1], events[3][1]]  # the move and the attack, in order
    assert not any(line.startswith(("Turn", "The Empire gains", "The Empire draws"))
                   for line in told)
    # and the card as drawn at 80x24 keeps its border (CHROME_ROWS): rows within room
    rows = sum(len(textwrap.wrap(f"\u2022 {line}", HandoverScreen.TEXT_WIDTH)) for line in told)
    assert rows + 1 <= room
    # all of it, where all fits
    assert HandoverScreen.told(events[:5], 25) == [text for _, text in events[:5]]


def test_the_handover_card_keeps_the_enemys_moves_over_routine_lines():
    # play-test: "The Rebels move a group of 6 from Bespin to ..." was left out
    # for "The Rebels buy 1 unit."
    events = [("move", "The Rebels move a group of 6 from Bespin to Corellian Trade Spine.")]
    events += [("recruit", f"The Rebels buy {i} units.") for i in range(1, 10)]
    told = HandoverScreen.told(events, 9)
    assert told[0] == events[0][1]


async def test_a_retreat_on_the_shared_screen_takes_no_enter_meant_for_a_handover(star_wars):
    # play-test: the retreat came up with the map focused, and an Enter made
    # the retreat at once to the territory under the cursor
    game = game_where(star_wars, lambda g: g.state.step == "retreat", seeds=range(1, 150))
    async with game_app().run_test(size=(120, 40), notifications=True) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        assert isinstance(pilot.app.screen, GameScreen) and screen.public
        choices = screen.query_one(ChoiceList)
        assert choices.has_focus and choices.highlighted is None
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.step == "retreat"  # nothing chosen
        await type_row(pilot, 1)
        assert game.state.step != "retreat"


async def test_the_first_handover_card_after_a_load_tells_the_latest_turn(star_wars):
    # Play-test: resumed from a save, the card told turn-3 battles and left
    # out the enemy's purchases of the turn just played. With no decision of
    # its own taken since the load, a side is told the latest turn it did not
    # play: from its start, public lines only (RULINGS H5, H6).
    game = game_where(star_wars, lambda g: g.state.turn >= 4 and g.state.phase == "move"
                      and g.prompt().kind == "move", seeds=range(1, 40))
    side = game.prompt().side
    assert game.state.active == side
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        card = pilot.app.screen
        assert isinstance(card, HandoverScreen)
        log = game.state.log
        first = next(i for i, e in enumerate(log) if e["turn"] == game.state.turn - 1)
        assert card.events == [(e["kind"], e["text"]) for e in log[first:] if e.get("public")]
        assert card.events[0][0] == "turn"  # "Turn N: the other side plays."


def test_the_handover_card_tells_a_repeated_line_once_and_losses_after_moves():
    # Play-test at 120x40: a battle's loss lines pushed the enemy's move and
    # its purchases off the card; recruits placed one by one took a line each.
    events = [("turn", "Turn 7: the Empire plays."),
              ("move", "The Empire moves a group of 4 from Kuat to Hoth.")]
    events += [("battle", "The Empire wins at Hoth, 14 to 6.")]
    events += [("loss", f"The Rebels lose unit {i}.") for i in range(12)]
    events += [("recruit", "The Empire places a new unit at Kuat.")] * 3
    told = HandoverScreen.told(events, 25)  # 120x40
    assert told[:3] == [text for _, text in events[:3]]
    assert told[-1] == "The Empire places a new unit at Kuat. (\u00d73)"
    assert len(told) == HandoverScreen.TOLD
    assert sum(line.startswith("The Rebels lose") for line in told) == HandoverScreen.TOLD - 4


async def test_a_key_typed_on_the_card_with_its_enter_stays_there(at_decision):
    # Play-test: `1` and Enter in one write on the hand-over card: the card's
    # Enter ran first (a priority binding runs as the app reads a key), then
    # the `1` ticked a card in the next person's hand. In order, the `1` is
    # the card's, and means nothing there.
    from tests.tui.helpers import queue_keys

    game = at_decision("predraw_discard", open_hands=False)
    before = len(game.actions)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert isinstance(pilot.app.screen, HandoverScreen)
        queue_keys(pilot.app, ["1", "enter"])
        for _ in range(5):
            await pilot.pause()
        assert pilot.app.screen is screen
        assert len(game.actions) == before, game.actions[before:]


async def test_a_pass_taken_on_the_handover_card_never_shows_that_persons_screen(star_wars):
    # Issue 39: a hot-seat battle's hand-over then `p` were two keys for a
    # pass; `p` on the card passes for its person, whose screen (hand) is
    # never drawn (RULINGS H6), and a pass is public anyway (B3).
    game = _battle_about_to_start(star_wars)
    attacker = game.prompt().side
    defender = 1 - attacker
    theirs = _card_names(game, defender)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        app = pilot.app
        await pilot.press("enter")  # the attacker sits down
        before = len(game.actions)
        await pilot.press("p")
        assert isinstance(app.screen, HandoverScreen) and game.prompt().side == defender
        assert "p Pass without showing my screen" in screen_text(app)  # the footer
        await pilot.press("p")
        await pilot.pause()
        assert game.actions[before:before + 2] == [[attacker, ["pass"]], [defender, ["pass"]]]
        assert game.prompt().kind != "battle_card"  # card play is over: both passed (B3)
        shown = screen_text(app) + app.export_screenshot()
        assert not any(name in shown for name in theirs)


def test_a_pass_on_the_card_hands_over_to_whoever_decides_next(star_wars):
    # The person who passed from the card is at the keyboard: a private
    # decision of the other side comes behind a new card, never shown at once.
    from warp_empires.tui.controller import Controller, Mode
    from warp_empires.tui.session import Session

    def wanted(g: Game) -> bool:  # the attacker has played a card: the defender answers
        s = g.state
        return s.step == "battle_card" and len(s.battle.played) == 1 and s.battle.passes == 0 \
            and all(s.hands) and g.prompt().side != s.battle.att
    game = game_where(star_wars, wanted, seeds=range(1, 120), turns=40)
    defender = game.prompt().side
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    assert c.mode is Mode.HANDOVER and c.handover.side == defender and c.handover.passes
    # the totals as they stand (public, RULINGS B2), to pass without the screen
    totals = game.view(defender).battle.totals
    assert c.handover.reason.endswith(
        f"As it stands: {star_wars.sides[defender].short} {totals[defender]['total']}, "
        f"{star_wars.sides[1 - defender].short} {totals[1 - defender]['total']}.")
    c.key("P")  # to the end of the battle
    assert game.actions[-1] == [defender, ["pass"]]
    assert c.mode is Mode.HANDOVER and c.handover.side == 1 - defender  # the attacker's card
    assert c.keyboard == defender and c.view is None
    said = c._passing[defender]
    assert (said.turn, said.t) == (game.state.turn, game.state.battle.t)
    c.key("enter")
    assert c.mode is Mode.DECIDING and c.viewer == 1 - defender
    # nothing but a battle card is passed from a card
    c2 = Controller(Session(game_where(star_wars, lambda g: g.state.step == "move",
                                       seeds=range(1, 5)), ("human", "human")))
    c2.after_change()
    assert c2.mode is Mode.HANDOVER and not c2.handover.passes
    before = len(c2.session.game.actions)
    c2.key("p")
    assert c2.mode is Mode.HANDOVER and len(c2.session.game.actions) == before


def test_each_side_is_told_what_it_wins_by_on_its_first_card_and_not_again(star_wars):
    # Play-test: the win conditions were only in Help's Module tab.
    from warp_empires.tui.controller import Controller, Mode
    from warp_empires.tui.session import Session

    game = game_where(star_wars, lambda g: g.state.step == "move", seeds=range(1, 5))
    side = game.prompt().side
    goal = next(v.text for v in star_wars.victory if v.side == side)
    other = next(v.text for v in star_wars.victory if v.side != side)
    c = Controller(Session(game, ("human", "human")))
    c.after_change()
    assert c.mode is Mode.HANDOVER and c.handover.reason.startswith(f"To win: {goal}")
    assert other not in c.handover.reason  # only its own
    c.key("enter")
    c.verb("end")  # played on to the other side's first card
    while not (c.mode is Mode.HANDOVER and c.handover.side != side):
        if c.mode is Mode.HANDOVER:
            c.key("enter")
        else:
            c.choose(moving_on(c.rows))
    assert other in c.handover.reason
    assert goal not in c.handover.reason


def test_against_the_computer_the_goal_is_in_the_log_panel_on_the_first_screen(star_wars):
    from warp_empires.tui.controller import Controller, Mode
    from warp_empires.tui.session import Session

    game = game_where(star_wars, lambda g: g.state.step == "move", seeds=range(1, 5))
    side = game.prompt().side
    players = ("human", "heuristic") if side == 0 else ("heuristic", "human")
    c = Controller(Session(game, players))
    c.after_change()
    assert c.mode is Mode.DECIDING
    goal = next(v.text for v in star_wars.victory if v.side == side)
    assert [n.text for n in c.take_notes() if "To win" in n.text] == [f"To win: {goal}"]
    c.refresh()
    assert not [n for n in c.take_notes() if "To win" in n.text]

"""Play-test findings: each test pins one fix found by playing the game."""

from __future__ import annotations

import re

from tests.tui.helpers import game_app, open_game, screen_text
from warp_empires.bots.base import forward
from warp_empires.engine import Game
from warp_empires.tui.widgets.map_view import MapView


def _to_bot_turn(game: Game) -> None:
    """Rebels (the person) start at the first offered planet and pass their
    first turn, so that the Empire (a computer player) is to move."""
    game.apply(0, game.legal_actions()[0])
    while game.prompt().side == 0:
        legal = game.legal_actions()
        quiet = [a for a in legal if a[0] in ("end", "done", "draw", "pass", "confirm")]
        game.apply(0, (quiet or forward(legal))[0])


async def test_a_computer_move_leaves_the_map_cursor_where_the_person_put_it(star_wars):
    game = Game.new(star_wars, 11)
    _to_bot_turn(game)
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "bot"))
        map_view = screen.query_one(MapView)
        browsing = next(t.index for t in star_wars.map.territories
                        if t.index != map_view.cursor and not game.view(0).stacks[0][t.index])
        map_view.move_cursor_to(browsing)
        for _ in range(3):
            before = len(game.actions)
            screen._bot_tick()
            # a search thinks on a worker thread: wait for it, not for a time
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            assert len(game.actions) > before  # the computer did move
            if game.state.battle is None:
                assert map_view.cursor == browsing


def _at_move_units(star_wars) -> tuple[Game, int]:
    """Seed 23: the Rebels start at Yavin, play their Tactical Move and pick
    Yavin's stack, whose top unit (Luke) is not the first unit offered."""
    game = Game.new(star_wars, 23)
    yavin = next(t.index for t in star_wars.map.territories if t.name == "Yavin")
    game.apply(0, ("start", yavin))
    tactical = next(c.index for c in star_wars.cards if c.name == "Tactical Move")
    game.apply(0, ("play", tactical))
    game.apply(0, ("from", yavin))
    return game, yavin


async def test_pick_all_keeps_the_stacks_top_unit_on_top(star_wars):
    game, yavin = _at_move_units(star_wars)
    top = game.view(0).stacks[0][yavin].top
    assert len(game.state.pend.group.items) > 1  # else the test proves nothing
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("human", "bot"))
        await pilot.press("a")
        assert not any(a[0] == "pick" for a in game.legal_actions())
        dest = next(a for a in game.legal_actions() if a[0] == "to")
        game.apply(0, dest)
        assert game.view(0).stacks[0][dest[1]].top == top


def _before_a_destroying_card(star_wars) -> Game:
    """A battle where the side to act may play a card that destroys one unit of
    an enemy stack of several (so the battle goes on)."""
    import random

    for seed in range(1, 60):
        game = Game.new(star_wars, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            p = game.prompt()
            if p.side < 0:
                break
            legal = forward(game.legal_actions())
            b = game.state.battle
            if p.kind == "battle_card" and len(game.state.stacks[1 - p.side][b.t]) > 1 \
                    and any(a[0] == "play" and star_wars.cards[a[1]].effect.kind == "destroy"
                            for a in legal):
                return Game.replay(star_wars, seed, {}, [list(a) for a in game.actions])
            game.apply(p.side, rng.choice(legal))
    raise AssertionError("no battle with a destroying card found")


async def test_the_battle_panel_names_a_cards_target_even_once_destroyed(star_wars):
    from warp_empires.tui.widgets.battle_panel import BattlePanel

    game = _before_a_destroying_card(star_wars)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "human"))
        await pilot.press("enter")  # the hand-over
        play = next(c for c in screen.session.choices() if c.action[0] == "play"
                    and star_wars.cards[c.action[1]].effect.kind == "destroy")
        screen.choose(play)
        await pilot.pause()
        if game.prompt().kind == "card_target":
            screen.choose(screen.session.choices()[0])
            await pilot.pause()
        # else the only target was taken for the player: a forced choice (H9)
        target = game.state.battle.played[-1][2]
        victim = star_wars.units[game.state.chits[target]].name
        if not isinstance(pilot.app.screen, type(screen)):
            await pilot.press("enter")  # a hand-over to the other side
        panel = str(pilot.app.screen.query_one(BattlePanel).render())
        card = star_wars.cards[play.action[1]].name
        assert f"{card} on {victim} (destroyed)" in panel
        battle = game.state.battle
        assert target not in game.state.stacks[1 - side][battle.t]


def _before_moving_onto_an_enemy(star_wars) -> Game:
    """A group being formed that could move onto an enemy stack."""
    import random

    for seed in range(1, 60):
        game = Game.new(star_wars, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            p = game.prompt()
            if p.side < 0:
                break
            legal = forward(game.legal_actions())
            if p.kind == "move_units" and any(
                    a[0] == "to" and game.state.stacks[1 - p.side][a[1]] for a in legal):
                return Game.replay(star_wars, seed, {"open_hands": True},
                                   [list(a) for a in game.actions])
            game.apply(p.side, rng.choice(legal))
    raise AssertionError("no move onto an enemy stack found")


ODDS = re.compile(r"\((battle: (you|likely|either) .* to .*|enemy: battle)\)$")


async def test_destinations_with_an_enemy_stack_say_so(star_wars):
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = _before_moving_onto_an_enemy(star_wars)
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        flags = []
        for choice in screen.query_one(ChoiceList).choices:
            if choice.action[0] == "to":
                enemy = bool(game.state.stacks[1 - side][choice.action[1]])
                # with how it would stand, when the viewer can foresee it
                assert (ODDS.search(choice.label) is not None) == enemy == choice.battle
                flags.append(enemy)
        # Attacks come first among the destinations, within reach of the number keys.
        assert flags == sorted(flags, reverse=True) and flags[0]


async def test_units_offered_for_a_group_show_their_speed(star_wars):
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game, _yavin = _at_move_units(star_wars)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "bot"))
        items = [c for c in screen.query_one(ChoiceList).choices if c.is_item]
        assert items
        for i, choice in enumerate(items):
            unit = star_wars.units[game.state.chits[game.state.pend.group.items[i]]]
            assert choice.label == f"move {unit.name} with the group (Force {unit.force}, " \
                                   f"{unit.speed})"


async def test_the_phase_bar_keeps_who_acts_and_whose_view_on_a_small_terminal(star_wars):
    from warp_empires.tui.widgets.phase_bar import PhaseBar

    game = Game.new(star_wars, 11)
    for size in ((80, 24), (100, 30), (120, 40)):
        async with game_app(pace=60.0).run_test(size=size) as pilot:
            screen = await open_game(pilot, game, players=("human", "bot"))
            await pilot.pause()
            bar = screen.query_one(PhaseBar)
            line = "".join(s.text for s in bar.render_line(0))
            assert "R·Rebels to act" in line and "view R·Rebels" in line, (size, line)
            assert "bots 60s" in line, (size, line)
            assert "▸Setup◂" in line


def _having_spied_the_enemy_hand(star_wars) -> Game:
    """The Move phase of a side that has just seen a full enemy hand."""
    import random

    for seed in range(1, 80):
        game = Game.new(star_wars, seed)
        rng = random.Random(seed)
        for _ in range(2000):
            p = game.prompt()
            if p.side < 0:
                break
            view = game.view(p.side)
            if p.kind == "move" and len(view.hand) >= 5 and any(
                    i.get("kind") == "hand" and len(i["cards"]) >= 6 for i in view.intel):
                return Game.replay(star_wars, seed, {}, [list(a) for a in game.actions])
            game.apply(p.side, rng.choice(forward(game.legal_actions())))
    raise AssertionError("no spied hand found")


async def test_a_spied_hand_is_shown_whole_next_to_your_own(star_wars):
    from warp_empires.tui.widgets.hand import HandList

    game = _having_spied_the_enemy_hand(star_wars)
    side = game.prompt().side
    players = ("human", "bot") if side == 0 else ("bot", "human")
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=players)
        await pilot.pause()
        hand = screen.query_one(HandList)
        rows = [str(hand.get_option_at_index(i).prompt) for i in range(hand.option_count)]
        head = next(i for i, r in enumerate(rows) if r.startswith("Enemy hand (spied this turn)"))
        # a line a card (play-test 17: one line of them all was cut off)
        spied = next(i["cards"] for i in reversed(screen.controller.view.intel)
                     if i.get("kind") == "hand")
        assert rows[head + 1:] == [f"  {star_wars.cards[k].name}" for k in spied]
        assert hand.max_scroll_y == 0  # nothing of either hand is scrolled out of sight


def test_the_rules_tab_says_the_draw_is_a_fixed_number_of_cards():
    # RULINGS D1: discard, then draw 5 whatever the hand holds, then cut to 7;
    # "draw up to" read as "fill the hand to", which is not the rule.
    from warp_empires.tui.screens.help import help_text

    text = " ".join(help_text("rules").split())
    assert "draw up to" not in text
    assert "draw the module's number of cards (however many you still hold)" in text


def _recruiting_with_a_chit_too_dear(star_wars) -> Game:
    import random

    for seed in range(1, 60):
        game = Game.new(star_wars, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            p = game.prompt()
            if p.side < 0:
                break
            s = game.state
            if p.kind == "recruit" and any(star_wars.units[s.chits[c]].force > s.banks[p.side]
                                           for c in s.recruit):
                return Game.replay(star_wars, seed, {"open_hands": True},
                                   [list(a) for a in game.actions])
            game.apply(p.side, rng.choice(forward(game.legal_actions())))
    raise AssertionError("no recruit offer beyond the bank found")


async def test_recruiting_keeps_the_chits_the_bank_cannot_pay_for_in_place(star_wars):
    from tests.tui.helpers import screen_text
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = _recruiting_with_a_chit_too_dear(star_wars)
    side = game.prompt().side
    s = game.state
    offer = s.pend.offer.items
    dear = [i for i, c in enumerate(offer) if star_wars.units[s.chits[c]].force > s.banks[side]]
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("u")  # the suggested buys, ticked at once, cleared
        await pilot.pause()
        rows = screen.query_one(ChoiceList).choices
        assert [c.action for c in rows[:len(offer)]] == [("pick", i) for i in range(len(offer))]
        for i in dear:
            unit = star_wars.units[s.chits[offer[i]]]
            assert not rows[i].enabled
            assert rows[i].label == f"buy {unit.name} ({unit.force}) - can't afford"
        assert f"buy {star_wars.units[s.chits[offer[dear[0]]]].name}" in screen_text(pilot.app)
        before = len(game.actions)
        await pilot.press(str(dear[0] + 1))  # a dimmed row's number does nothing
        assert len(game.actions) == before


async def test_resigning_before_the_first_turn_is_reported_on_turn_one(star_wars):
    from tests.tui.helpers import screen_text
    from warp_empires.tui.screens.end import EndScreen

    game = Game.new(star_wars, 3)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=("human", "bot"))
        screen.session.resign(0)
        screen.sync()
        await pilot.pause()
        assert isinstance(pilot.app.screen, EndScreen)
        await pilot.pause()  # on a busy machine the end screen may not be drawn yet
        text = screen_text(pilot.app)
        assert "wins on turn 1." in text and "turn 0" not in text
        # and how it ended: the resignation (play-test: the moves before it were told)
        ending = str(pilot.app.screen.query_one("#ending").render())
        assert ending.splitlines()[-1].split()[-1] in ("resign.", "resigns.")  # the verb agrees
        assert "win the game" not in ending


async def test_a_card_aimed_at_a_unit_shows_the_units_force(at_decision, star_wars):
    from warp_empires.engine import apply
    from warp_empires.engine.battle import totals
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = at_decision("card_target:chit")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        targets = [c for c in screen.query_one(ChoiceList).choices if c.action[0] == "target"]
        assert targets
        side = game.prompt().side
        for choice in targets:
            unit = star_wars.units[game.state.chits[choice.action[1]]]
            assert choice.label.startswith(f"target {unit.name} (Force {unit.force}")
            if game.state.battle is None:
                assert choice.label.endswith(f"(Force {unit.force})")
                continue
            # in a battle the row says how it would then stand (play-test), and
            # that is how it stands once the card has that target
            after = game.state.clone(log=False)
            apply(after, side, choice.action)
            if after.battle is not None and after.battle.totals is None:
                own, theirs = (totals(after)[x]["total"] for x in (side, 1 - side))
                assert choice.label.endswith(f" {own} to {theirs})") or \
                    f"then {own} to {theirs}, a tie" in choice.label, choice.label


async def test_the_cards_tab_shows_every_effect_to_its_end_at_100_columns(star_wars):
    from tests.tui.helpers import screen_text
    from warp_empires.tui.screens.help import HelpScreen

    async with game_app().run_test(size=(100, 40)) as pilot:
        pilot.app.push_screen(HelpScreen(star_wars))
        await pilot.pause()
        pilot.app.screen.query_one("TabbedContent").active = "cards"
        await pilot.pause()
        text = screen_text(pilot.app)
        for card in star_wars.cards:
            assert card.text.split()[-1] in text, card.name


def test_end_charts_keep_the_last_turn_and_label_their_axes(star_wars):
    # Issue 10: the charts left out the round in which the game ended and had
    # no values on their axes.
    import random

    from warp_empires.bots.base import forward
    from warp_empires.engine import Game
    from warp_empires.tui.widgets.chart import chart_text, series_from_history, with_last_turn

    game = Game.new(star_wars, 3)
    rng = random.Random(3)
    while not game.over:
        game.apply(game.prompt().side, rng.choice(forward(game.legal_actions())))
        if game.state.turn >= 4 and game.state.phase == "move":
            game.apply(game.state.active, ("resign",))  # ends mid-turn, before Control
    s = game.state
    history = with_last_turn(s)
    assert history[-1][0] == s.turn and len(history) == len(s.history) + 1
    series = series_from_history(history, "units")
    text = chart_text(star_wars, "Units", series).plain
    rounds = max(len(series[0]), len(series[1]))
    top = max(max(series[0]), max(series[1]))
    lines = text.splitlines()
    assert any(line.lstrip().startswith(f"{top} ┤") for line in lines)  # the top value
    assert any(line.lstrip().startswith("0 └") for line in lines)  # the baseline
    ticks = lines[-2].split()
    assert ticks[0] == "1" and ticks[-1] == str(rounds)  # the last round is there
    # play-test: "1  3  4" skipped a round; a short game numbers every bar
    assert ticks == [str(r) for r in range(1, rounds + 1)]


async def test_at_80x24_the_choices_take_the_strip_and_l_shows_the_log(at_decision):
    # Play-test: at 80x24 four choice rows showed, wrapped, beside a log.
    from textual.widgets import RichLog

    from tests.tui.helpers import game_app, open_game
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = at_decision("move")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        log = screen.query_one("#log", RichLog)
        assert not log.display and choices.size.width >= 70 and choices.size.height >= 6
        await pilot.press("l")
        await pilot.pause()
        assert log.display and not choices.display
        await pilot.press("l")
        assert choices.display and not log.display
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert screen.check_action("toggle_log", ()) is False
        assert screen.query_one("#log", RichLog).display


async def test_a_screenshot_makes_its_folder(tmp_path):
    # Play-test: "Screenshot" failed when the folder did not exist.
    from tests.tui.helpers import game_app

    folder = tmp_path / "not" / "yet"
    async with game_app().run_test(size=(120, 40)) as pilot:
        # written at once: no thread left calling back into an app that quits
        # (quitting right after a screenshot hung 1 run in 4)
        pilot.app.action_screenshot(path=str(folder))
        # the palette's Screenshot gives no folder: the data folder's screenshots/
        saved = pilot.app.deliver_screenshot()
        assert saved and saved.endswith(".svg")
    assert [p.suffix for p in folder.iterdir()] == [".svg"]
    from warp_empires.paths import user_data_dir

    assert [p.suffix for p in (user_data_dir() / "screenshots").iterdir()] == [".svg"]


async def test_page_down_scrolls_the_help_tab_without_a_tab_key(star_wars):
    # Play-test: in Help, PageDown did nothing until Tab was pressed.
    from textual.containers import VerticalScroll

    from tests.tui.helpers import game_app
    from warp_empires.tui.screens.help import HelpScreen

    async with game_app().run_test(size=(100, 30)) as pilot:
        await pilot.press("f1")
        assert isinstance(pilot.app.screen, HelpScreen)
        scroller = pilot.app.screen.query(VerticalScroll).first()
        assert scroller.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroller.scroll_y > 0


def _at_move_with_a_battle_ahead(star_wars):
    """A Move phase with both sides' stacks in one territory, and the players
    (a person for the side deciding, the computer for the other)."""
    from tests.tui.helpers import game_where

    def contested_at_move(g) -> bool:
        s = g.state
        return s.step == "move" and any(s.stacks[0][t] and s.stacks[1][t]
                                        for t in range(len(s.control)))

    game = game_where(star_wars, contested_at_move, seeds=range(1, 60), turns=20)
    side = game.prompt().side
    return game, ("human", "bot") if side == 0 else ("bot", "human")


async def test_highlighting_end_of_move_lists_the_battles_ahead(star_wars):
    # Issue 10: a forecast before ending the Move phase, for every battle.
    from tests.tui.helpers import game_app, open_game
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game, players = _at_move_with_a_battle_ahead(star_wars)
    async with game_app(pace=60.0).run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game, players=players)
        choices = screen.query_one(ChoiceList)
        end = next(i for i, c in enumerate(choices.choices) if c.action == ("end",))
        choices.focus()
        choices.highlighted = end
        await pilot.pause()
        details = str(screen.query_one("#details").render())
        assert "Battles if the Move phase ends now" in details
        assert "you " in details and " against " in details
        # another row that names no territory: back to the one under the cursor
        other = next(i for i, c in enumerate(choices.choices)
                     if c.territory is None and c.action != ("end",))
        choices.highlighted = other
        await pilot.pause()
        assert "Battles if" not in str(screen.query_one("#details").render())


async def test_at_80x24_a_battle_shows_its_totals_before_the_hand(at_decision):
    # play-test: at 80x24 the hand panel covered the battle panel's totals
    game = at_decision("battle_card")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        assert screen.has_class("-tiny") and screen.has_class("-battle")
        assert not screen.query_one("#hand").display
        text = screen_text(pilot.app)
        assert text.count("total ") == 2  # both sides' totals are on screen
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        assert screen.query_one("#hand").display  # room enough: the hand stays


async def test_at_80x24_a_forecast_takes_the_hands_rows(star_wars):
    # play-test: at 80x24 the hand panel cut the battle forecast off
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game, players = _at_move_with_a_battle_ahead(star_wars)
    async with game_app(pace=60.0).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game, players=players)
        choices = screen.query_one(ChoiceList)
        choices.focus()
        choices.highlighted = next(i for i, c in enumerate(choices.choices)
                                   if c.action == ("end",))
        await pilot.pause()
        assert not screen.query_one("#hand").display
        quiet = next(t for t in range(len(star_wars.map.territories))
                     if not (game.state.stacks[0][t] and game.state.stacks[1][t]))
        screen.query_one(MapView).move_cursor_to(quiet)
        await pilot.pause()
        assert not screen.has_class("-forecast")
        # no forecast: the hand is back, unless the recap of the computer's
        # turn (a game opened) still has its room (app.tcss)
        assert screen.query_one("#hand").display is not screen.has_class("-recap")


async def test_the_log_wraps_anew_when_the_window_is_resized(at_decision):
    # Play-test: after 80 -> 160 columns the log still wrapped at its old width.
    from textual.widgets import RichLog

    game = at_decision("recruit")
    async with game_app().run_test(size=(90, 40)) as pilot:
        screen = await open_game(pilot, game)
        log = screen.query_one("#log", RichLog)
        await pilot.pause()
        narrow = len(log.lines)
        await pilot.resize_terminal(200, 50)
        await pilot.pause()
        await pilot.pause()
        assert 0 < len(log.lines) < narrow


async def test_save_and_help_stay_on_the_footer_at_80x24(at_decision):
    # Play-test: at 80x24 the footer ended "^q Quit ^s▏^p palette".
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    game = at_decision("move")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        keys = {k.key: k for k in screen.query_one(Footer).query(FooterKey)}
        for key in ("ctrl+s", "f1"):
            region = keys[key].region
            assert region.width > 0 and region.right <= 80, (key, region)


async def test_page_down_scrolls_the_choices_while_the_map_has_the_focus(star_wars):
    from tests.tui.helpers import game_where
    from warp_empires.tui.session import Session
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: len(Session(g, ("human", "human")).choices()) >= 20)
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # the hand-over
        await pilot.pause()
        map_view = screen.query_one(MapView)
        map_view.focus()
        choices = screen.query_one(ChoiceList)
        await pilot.pause()
        assert choices.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert choices.scroll_y > 0 and map_view.has_focus
        await pilot.press("pageup")
        await pilot.pause()
        assert choices.scroll_y == 0


async def test_page_down_in_the_focused_choices_turns_a_whole_page(star_wars):
    # play-test: PageDown moved the highlight a page but the rows only one line
    from tests.tui.helpers import game_where
    from warp_empires.tui.session import Session
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: len(Session(g, ("human", "human")).choices()) >= 20)
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("enter")  # the hand-over
        choices = screen.query_one(ChoiceList)
        choices.focus()
        choices.highlighted = 0
        await pilot.pause()
        page = choices.scrollable_content_region.height
        await pilot.press("pagedown")
        await pilot.pause()
        assert choices.scroll_y == page and choices.highlighted == page
        await pilot.press("pageup")
        await pilot.pause()
        assert choices.scroll_y == 0 and choices.highlighted == 0


async def test_a_spy_cards_result_is_told_where_the_log_is_hidden(star_wars):
    # Play-test at 80x24: the log is hidden there, and Bothan Spies seemed to
    # do nothing (its result was only in the log).
    from tests.tui.helpers import game_where

    spies = next(c.index for c in star_wars.cards if c.name == "Bothan Spies")
    game = game_where(star_wars, lambda g: g.state.step == "move"
                      and ("play", spies) in g.legal_actions(), seeds=range(1, 150))
    side = game.prompt().side
    players = ("human", "bot") if side == 0 else ("bot", "human")
    async with game_app(pace=60.0).run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game, players=players)
        await pilot.pause()
        screen.choose(next(c for c in screen._choices if c.action == ("play", spies)))
        await pilot.pause()
        while game.prompt().side == side and game.prompt().kind == "card_target":
            screen.choose(next(c for c in screen._choices if c.enabled))
            await pilot.pause()
        told = [n.message for n in pilot.app._notifications]
        assert any(m.startswith("Bothan Spies:") for m in told), told


def test_a_place_for_a_recruit_beside_an_enemy_stack_says_so(star_wars):
    # Play-test: "place at Mon Calamari" read like any other place, with an
    # enemy stack there; the recruit would fight it in the next Battle phase
    # (RULINGS R3). The places keep their order: none is put in a fight first.
    from tests.tui.helpers import game_where
    from warp_empires.present.rows import build_choices

    game = game_where(star_wars, lambda g: g.state.step == "place"
                      and len([a for a in g.legal_actions() if a[0] == "place"]) >= 2)
    s = game.state
    enemy = 1 - s.active
    there = [a[1] for a in game.legal_actions() if a[0] == "place"][-1]
    # an enemy unit from its pile lands there, as a retreat or a move could put it
    s.stacks[enemy][there] = (s.piles[enemy].pop(),)
    side = game.prompt().side
    rows = [c for c in build_choices(game) if c.action[0] == "place"]
    flagged = [bool(game.state.stacks[1 - side][c.action[1]]) for c in rows]
    assert any(flagged)
    assert [ODDS.search(c.label) is not None for c in rows] == flagged
    assert [c.action for c in rows] == [a for a in game.legal_actions() if a[0] == "place"]


async def test_the_choices_title_says_what_is_still_owed(star_wars):
    # Play-test: "Choices: 0 of 3 picked" where one loss was owed, and then
    # "0 of 3 picked, 1 more to pick" read as three to pick.
    from tests.tui.helpers import game_where
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: g.state.step == "casualty"
                      and not g.state.pend.picked and g.prompt().owed == 1
                      and len(g.state.pend.items) >= 2, seeds=range(1, 150))
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        title = str(screen.query_one(ChoiceList).border_title)
        assert title in ("Choices: 1 more to pick (0 picked)",  # B7's loser picks units
                         "Choices: Force 1 more to pick (0 picked)")  # B8's winner, Force


async def test_the_help_tables_fit_an_80_column_screen(star_wars):
    # Play-test at 80x24: the Units table's traits and the cards' effects ran
    # off the screen's edge (a table cell does not wrap by itself).
    from textual.widgets import DataTable, TabbedContent

    from warp_empires.tui.screens.help import HelpScreen

    for width in (80, 120):
        async with game_app().run_test(size=(width, 24)) as pilot:
            pilot.app.push_screen(HelpScreen(star_wars, ()))
            await pilot.pause()
            for tab, table in (("units", "#unit-table"), ("cards", "#card-table")):
                pilot.app.screen.query_one(TabbedContent).active = tab
                await pilot.pause()
                shown = pilot.app.screen.query_one(table, DataTable)
                assert shown.virtual_size.width <= shown.scrollable_content_region.width, \
                    (width, tab)
            pilot.app.screen.query_one(TabbedContent).active = "units"
            await pilot.pause()
            assert "Transport" in screen_text(pilot.app)  # a trait, in sight


def test_a_spied_hand_leaves_out_what_the_enemy_played_since():
    # play-test: "Enemy hand (spied this turn)" kept a card the enemy had played
    from dataclasses import replace

    from tests.engine.builder import blank
    from warp_empires.engine import view as view_of
    from warp_empires.tui.looks import enemy_hand

    view = replace(view_of(blank(), 0), intel=[{"kind": "hand", "cards": [4, 7, 7]}])
    assert enemy_hand(view) == ([4, 7, 7], "spied this turn")
    view.intel += [{"kind": "played", "card": 7}, {"kind": "drew", "cards": 1},
                      {"kind": "stack", "territory": 3, "units": [1]},
                      {"kind": "played", "card": 4}]
    assert enemy_hand(view) == ([7], "spied this turn, and 1 card drawn since")
    # a second look starts afresh
    view.intel += [{"kind": "hand", "cards": [2, 7]}]
    assert enemy_hand(view) == ([2, 7], "spied this turn")


async def test_one_tab_goes_from_the_map_to_the_choices_and_back_with_shift(star_wars):
    # play-test: from the map the choice list was three Tabs away
    from tests.tui.helpers import game_where
    from warp_empires.tui.session import Session
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: len(Session(g, ("human", "human")).choices()) >= 5)
    for size in ((120, 40), (80, 24)):
        async with game_app().run_test(size=size) as pilot:
            screen = await open_game(pilot, game)
            await pilot.press("enter")  # the hand-over
            map_view = screen.query_one(MapView)
            map_view.focus()
            await pilot.pause()
            await pilot.press("tab")
            assert screen.focused is screen.query_one(ChoiceList), size
            await pilot.press("shift+tab")
            assert screen.focused is map_view, size
            for _ in range(5 if size == (120, 40) else 4):  # the log is hidden at 80x24
                await pilot.press("tab")
            assert screen.focused is map_view, size


async def test_the_keys_reach_the_greyed_rows_at_the_bottom_of_the_hand(star_wars):
    # play-test at 80x24: the highlight skips greyed rows, so the cards not
    # playable now and a spied enemy hand below them could not be read
    from textual.app import App, ComposeResult

    from warp_empires.tui.widgets.hand import HandList

    class One(App):
        CSS = "HandList { height: 5; max-height: 5; }"

        def compose(self) -> ComposeResult:
            yield HandList(id="hand")

    async with One().run_test(size=(60, 12)) as pilot:
        hand = pilot.app.query_one(HandList)
        kinds = list(range(8))
        hand.show(star_wars, kinds, ["[play]"] + [None] * 7, [1, 2], "Hand", "spied this turn")
        hand.focus()
        await pilot.pause()
        assert hand.max_scroll_y > 0 and hand.scroll_y == 0
        await pilot.press("down", "down")  # the one card to choose, then the rows scroll
        await pilot.pause()
        assert hand.scroll_y == 1 and hand.highlighted == 0
        await pilot.press("end")
        await pilot.pause()
        assert hand.scroll_y == hand.max_scroll_y


def test_the_battle_panel_names_the_majority_each_side_holds():
    # play-test: "majority 2" on both sides did not say which majority
    from tests.engine.builder import blank, put, to_battle
    from warp_empires.engine import view
    from warp_empires.tui.widgets.battle_panel import battle_text

    s = blank()
    put(s, 0, "c", "cruiser", "wing")  # units with Defense: 1 to 0
    put(s, 1, "c", "destroyer", "destroyer")  # units with Bomb: 2 to 1
    to_battle(s)
    text = battle_text(s.module, view(s, 0)).plain
    assert "(units 5 + Defense majority 2)" in text
    assert "(units 10 + Bomb majority 2)" in text


def test_a_hidden_stack_of_one_is_not_said_to_have_a_top():
    # play-test: a lone unit read "Darth Vader on top"
    from tests.engine.builder import blank, put, tid
    from warp_empires.engine import view
    from warp_empires.tui.looks import stack_lines

    s = blank()
    put(s, 1, "c", "destroyer")
    put(s, 1, "e", "destroyer", "swarm")
    lines = [line.plain for t in ("c", "e")
             for line in stack_lines(s.module, view(s, 0), tid(s, t))]
    assert lines[0].endswith("(1): Destroyer")
    assert lines[1].endswith("(2): Destroyer on top, the rest hidden")


async def test_a_new_battle_shows_the_side_panel_from_its_top(at_decision):
    # play-test at 80x24: the panel kept the scroll of the battle read before,
    # the new battle's header and totals out of sight
    game = at_decision("battle_card")
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        side = screen.query_one("#side-scroll")
        assert side.max_scroll_y > 0
        side.scroll_end(animate=False)
        await pilot.pause()
        assert side.scroll_y > 0
        screen._battle_at = None  # as if the screen had last shown no battle
        screen.sync()
        await pilot.pause()
        assert side.scroll_y == 0


async def test_a_number_that_ticks_the_last_loss_owed_leaves_enter_to_confirm(star_wars):
    # Play-test: "1" ticked the one loss owed and left its row highlighted, so
    # the Enter meant to confirm took the tick back.
    from tests.tui.helpers import game_where
    from warp_empires.tui.widgets.choice_list import ChoiceList

    game = game_where(star_wars, lambda g: g.state.step == "casualty"
                      and not g.state.pend.picked and g.prompt().owed == 1
                      and 2 <= len(g.state.pend.items) <= 9, seeds=range(1, 150))
    side = game.prompt().side
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        choices.focus()
        row = next(i for i, c in enumerate(screen._choices) if c.is_item and c.enabled)
        await pilot.press(str(row + 1))
        await pilot.pause()
        assert game.state.pend.picked  # ticked
        assert screen._choices[choices.highlighted].action == ("confirm",)
        actions = len(game.actions)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.actions) == actions + 1
        assert tuple(game.actions[-1][1]) == ("confirm",) and game.actions[-1][0] == side


def test_a_groups_destinations_come_attacks_first_then_nearest_first(star_wars):
    # Play-tests: in the map's order Orto, next door, was row 10 and Corellia
    # row 21; with a slow unit ticked the reachable rows were scattered among
    # the dimmed ones. Attacks first, then by distance from where the group is.
    from tests.tui.helpers import game_where
    from warp_empires.bots.measures import distances
    from warp_empires.engine import apply, legal_actions
    from warp_empires.present.rows import build_choices

    table = distances(star_wars)

    def spread(g) -> bool:
        if g.state.step != "move_units" or g.state.pend.group.picked:
            return False
        after = g.state.clone()
        apply(after, g.prompt().side, next(a for a in g.legal_actions() if a[0] == "pick"))
        return len({table[g.state.pend.src][b[1]]
                    for b in legal_actions(after) if b[0] == "to"}) >= 3

    game = game_where(star_wars, spread)
    side = game.prompt().side
    game.apply(side, next(a for a in game.legal_actions() if a[0] == "pick"))
    hops = table[game.state.pend.src]
    rows = [c for c in build_choices(game) if c.action[0] == "to"]
    keys = [(not c.battle, hops[c.action[1]]) for c in rows]
    assert keys == sorted(keys) and len({k[1] for k in keys}) >= 3


async def test_the_end_screen_tells_how_the_game_ended(star_wars):
    # Play-test: lost at an upkeep that disbanded the last leader, the end
    # screen said which victory holds, not what led to it. It tells the last
    # turn's last public lines that are not routine (RULINGS H5).
    from warp_empires.bots import make_player
    from warp_empires.tui.screens.end import LAST, EndScreen
    from warp_empires.tui.screens.handover import HandoverScreen, runs

    game = Game.new(star_wars, 7)
    players = [make_player("heuristic", star_wars, s) for s in (0, 1)]
    while not game.over:
        p = game.prompt()
        game.apply(p.side, players[p.side].choose(game.view(p.side, log=False),
                                                  game.legal_actions()))
    s = game.state
    assert s.log[-1]["kind"] == "victory"  # "... win the game.", said above it already
    last = [(e["kind"], e["text"]) for e in s.log[:-1] if e.get("public")
            and e["turn"] == s.turn and e["kind"] not in HandoverScreen.ROUTINE | {"turn"}]
    told = [text for _, text in runs(last)][-LAST:]
    assert len(told) >= 2
    async with game_app().run_test(size=(120, 60)) as pilot:
        await open_game(pilot, game, players=("human", "human"))
        await pilot.pause()
        assert isinstance(pilot.app.screen, EndScreen)
        ending = str(pilot.app.screen.query_one("#ending").render())
        assert ending.splitlines() == ["How it ended:"] + [f"  \u2022 {t}" for t in told]
        private = {e["text"] for e in s.log if not e.get("public")}
        assert not any(t in private for t in told)


async def test_no_notice_stays_over_the_end_screen(star_wars):
    # Play-test: "Empire: disband ... (the only choice)." sat over the result
    # for seconds; what it said is in "How it ended" and the log.
    from warp_empires.tui.screens.end import EndScreen, local_ending

    game = Game.new(star_wars, 7)
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game, players=("heuristic", "heuristic"))
        pilot.app.notify("a notice of the last move", timeout=30)
        await pilot.pause()
        assert pilot.app._notifications
        session = pilot.app.session
        pilot.app.push_screen(EndScreen(session.module, local_ending(session)))
        await pilot.pause()
        assert not pilot.app._notifications

"""Every kind of decision the engine asks for can be made from the keyboard
or the mouse, through the real screens (Pilot)."""

from __future__ import annotations

from tests.tui.helpers import click_territory, game_app, last_verb, open_game
from warp_empires.tui.widgets.choice_list import ChoiceList
from warp_empires.tui.widgets.hand import HandList
from warp_empires.tui.widgets.map_view import MapView


def _index(screen, verb: str) -> int:
    return next(i for i, c in enumerate(screen.query_one(ChoiceList).choices)
                if c.action[0] == verb)


async def test_choose_start_with_arrows_and_enter(at_decision):
    game = at_decision("choose_start")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert screen.focused is screen.query_one(MapView)
        await pilot.press("n", "enter")
        assert last_verb(game) == "start"
        assert game.prompt().kind != "choose_start"


async def test_choose_start_with_a_click(at_decision):
    game = at_decision("choose_start")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        target = game.legal_actions()[1][1]
        await click_territory(pilot, target)
        assert game.actions[-1][1] == ["start", target]


async def test_draw_key_and_discard_by_clicking_a_card(at_decision):
    game = at_decision("predraw_discard")
    first = game.state.pend.items[0]
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        hand = screen.query_one(HandList)
        await pilot.click(HandList, offset=(4, 1))  # the hand's first card
        assert game.actions[-1][1] == ["pick", 0]
        assert "[x] discard" in str(hand.get_option_at_index(0).prompt)
        before = len(game.actions)
        await pilot.press("d")
        # (the discard down to the hand limit may follow, opened ticked)
        assert [a[0] for _s, a in game.actions[before:]][:1] == ["draw"]
        assert first in game.state.discard


async def test_discard_down_by_number_then_confirm(at_decision):
    game = at_decision("discard_down")
    owed = game.prompt().owed
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert game.state.pend.picked  # opened with the cards that leave the best hand
        await pilot.press("u")  # cleared: picked by hand
        assert game.state.pend.picked == []
        assert screen.check_action("confirm", ("confirm",)) is None  # shown, not usable yet
        # the item of each row: the hand is shown in the order drawn, not as listed
        item = [c.action[1] for c in screen.controller.rows[:owed]]
        await pilot.press(*(str(i + 1) for i in range(owed)))
        assert game.state.pend.picked == item
        assert screen.check_action("confirm", ("confirm",)) is True
        await pilot.press("c")
        assert last_verb(game) == "confirm"
        assert game.prompt().kind != "discard_down"


async def test_move_card_group_and_destination(at_decision):
    game = at_decision("move")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        plays = [c for c in screen.query_one(ChoiceList).choices
                 if c.action[0] == "play" and "Move" in c.label]
        if plays:
            before = len(game.actions)
            await pilot.press(str(_index(screen, "play") + 1))
            # (the card's only stack may follow it, taken for the person)
            assert game.actions[before][1][0] == "play"
        else:
            await pilot.press("e")
            assert last_verb(game) == "end"


async def test_move_from_on_the_map(at_decision):
    game = at_decision("move_from")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        before = len(game.actions)
        await pilot.press("n", "enter")
        # the source, then its stack's units, picked whole for the person
        assert game.actions[before][1][0] == "from"
        assert {a[1][0] for a in game.actions[before + 1:]} <= {"pick"}


async def test_move_units_pick_all_then_click_destination(at_decision):
    game = at_decision("move_units")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert not screen.query_one(MapView).choices  # no destination before a unit is picked
        await pilot.press("a")
        assert last_verb(game) == "pick"
        assert not any(a[0] == "pick" for a in game.legal_actions())
        assert all(c.picked for c in screen.query_one(ChoiceList).choices if c.is_item)
        dest = next(a[1] for a in game.legal_actions() if a[0] == "to")
        assert dest in screen.query_one(MapView).choices
        before = len(game.actions)
        await click_territory(pilot, dest)
        # ("stop" may follow, taken for the person when no stack can move)
        assert game.actions[before][1] == ["to", dest]


async def test_card_target_territory_from_the_choice_list(at_decision):
    game = at_decision("card_target:territory")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        choices = screen.query_one(ChoiceList)
        choices.focus()
        await pilot.press("enter")
        assert last_verb(game) in ("target", "hand", "place")


async def test_card_target_unit_by_number(at_decision):
    game = at_decision("card_target:chit")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("1")
        assert last_verb(game) in ("target", "hand")


async def test_choose_battle_on_the_map(at_decision):
    game = at_decision("choose_battle")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        assert len(screen.query_one(MapView).choices) >= 2
        await pilot.press("n", "enter")
        assert last_verb(game) == "battle"


async def test_battle_card_pass_key_and_battle_panel(at_decision):
    game = at_decision("battle_card")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        panel = screen.query_one("#battle")
        assert panel.has_class("-on")
        assert "total" in str(panel.render())
        await pilot.press("p")
        assert last_verb(game) == "pass"


async def test_casualty_by_number_then_confirm(at_decision):
    game = at_decision("casualty")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        lone = game.state.battle.stage == "loser" and game.prompt().owed == 1
        before = len(game.actions)
        await pilot.press("1")
        assert game.actions[before][1] == ["pick", 0]
        if lone:  # a lone owed loss is one choice: its pick confirms it (docs/rules.md)
            assert game.actions[before + 1][1] == ["confirm"]
            return
        while ("confirm",) not in game.legal_actions():
            nxt = next(a for a in game.legal_actions() if a[0] == "pick")
            await pilot.press(str(nxt[1] + 1))
        chosen = game.state.pend.chosen()
        await pilot.press("c")
        assert last_verb(game) == "confirm"
        assert chosen and all(game.state.where(c) == -1 for c in chosen)  # off the map


async def test_retreat_on_the_map(at_decision):
    game = at_decision("retreat")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        before = len(game.actions)
        await pilot.press("n", "enter")
        assert game.actions[before][1][0] == "retreat"  # (the buys may be ticked after it)


async def test_recruit_pick_and_finish(at_decision):
    game = at_decision("recruit")
    bank = game.state.banks[game.prompt().side]
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        await pilot.press("u")  # the suggested buys, ticked at once, cleared
        assert game.state.pend.offer.picked == []
        choices = screen.query_one(ChoiceList).choices
        first = next(i for i, c in enumerate(choices) if c.enabled and c.action[0] == "pick")
        await pilot.press(str(first + 1))
        assert game.actions[-1][1] == ["pick", first]
        cost = game.module.units[game.state.chits[game.state.pend.offer.items[first]]].force
        await pilot.press("c")
        assert last_verb(game) == "done"
        assert game.state.banks[game.actions[-1][0]] == bank - cost


async def test_place_on_the_map(at_decision):
    game = at_decision("place")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("n", "enter")
        assert last_verb(game) == "place"


async def test_upkeep_disband_from_the_list_with_arrows(star_wars):
    from tests.tui.helpers import game_where

    # two or more to disband: a lone one is confirmed with its pick (docs/rules.md)
    game = game_where(star_wars, lambda g: g.prompt().kind == "upkeep"
                      and g.prompt().owed >= 2, seeds=range(1, 80), turns=60)
    game.options["open_hands"] = True
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        choices = screen.query_one(ChoiceList)
        assert screen.focused is choices
        await pilot.press("down", "enter")
        assert game.actions[-1][1] == ["pick", 1]
        assert choices.highlighted == 1  # the highlight stays on the row just picked
        await pilot.press("enter")
        assert game.actions[-1][1] == ["unpick", 1]


async def test_arrange_a_stack_by_number_or_leave_it(at_decision):
    game = at_decision("arrange")
    top = next(a for a in game.legal_actions() if a[0] == "top")
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        index = next(i for i, c in enumerate(screen.query_one(ChoiceList).choices)
                     if c.action == top)
        await pilot.press(str(index + 1))
        assert game.actions[-1][1] == list(top)
        t = game.state.where(top[1])
        assert game.state.stacks[game.actions[-1][0]][t][0] == top[1]
        assert game.prompt().kind == "move"


async def test_arrange_leave_as_it_is_with_c(at_decision):
    game = at_decision("arrange")
    async with game_app().run_test(size=(120, 40)) as pilot:
        await open_game(pilot, game)
        await pilot.press("c")
        assert last_verb(game) == "done"
        assert game.prompt().kind == "move"


async def test_a_places_the_rest_of_the_recruits_where_the_last_went(star_wars):
    # Issue 10, from bench_keys: placing recruits cost a key per unit although
    # people mostly put them all in one place.
    from tests.tui.helpers import game_where
    from warp_empires.tui.screens.handover import HandoverScreen

    game = game_where(star_wars, lambda g: g.prompt().kind == "place"
                      and len(g.state.pend.placing) >= 3 and len(g.legal_actions()) >= 2)
    side, owed = game.prompt().side, len(game.state.pend.placing)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        # nothing placed yet: no "there", `a` places as the computer would
        assert screen.active_bindings["a"].binding.action == "suggest('Suggested places')"
        before = len(game.actions)
        await pilot.press("2")
        t = game.actions[-1][1][1]
        binding = screen.active_bindings["a"].binding
        assert (binding.action, binding.description) == ("place_rest('many')", "Rest there too")
        await pilot.press("a")
        placed = [a for s, a in game.actions[before:] if a[0] == "place"]
        assert placed == [["place", t]] * owed
        assert not (game.prompt().kind == "place" and game.prompt().side == side)


async def test_with_one_recruit_left_a_is_there_too(star_wars):
    # Play-test 16: "a Rest there too" with a single recruit left to place
    from tests.tui.helpers import game_where
    from warp_empires.tui.screens.handover import HandoverScreen

    game = game_where(star_wars, lambda g: g.prompt().kind == "place"
                      and len(g.state.pend.placing) == 2 and len(g.legal_actions()) >= 2)
    async with game_app().run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game)
        if isinstance(pilot.app.screen, HandoverScreen):
            await pilot.press("enter")
        await pilot.press("2")
        t = game.actions[-1][1][1]
        binding = screen.active_bindings["a"].binding
        assert (binding.action, binding.description) == ("place_rest('one')", "There too")
        await pilot.press("a")
        assert game.actions[-1][1] == ["place", t]


async def test_recruiting_says_how_many_the_upkeep_keeps(at_decision):
    # Play-test: a unit bought was disbanded the same turn, with no word of it
    # at 80x24 (RULINGS U1: the limit is 5 x the revenue gained this turn).
    from textual.widgets import Static

    from warp_empires.engine.economy import units_on_map, upkeep_limit

    game = at_decision("recruit")
    side = game.prompt().side
    limit, units = upkeep_limit(game.state, side), units_on_map(game.state, side)
    async with game_app().run_test(size=(80, 24)) as pilot:
        screen = await open_game(pilot, game)

        def said() -> str:
            return str(screen.query_one("#prompt", Static).render())

        def expected(buying: int) -> str:
            over = units + buying - limit
            besides = f" besides the {buying} picked" if buying else ""
            return f"upkeep keeps {limit}: " + (f"{over} of these would be disbanded" if over > 0
                                                else f"room for {-over} more{besides}")

        await pilot.press("u")  # the suggested buys cleared
        assert expected(0) in said()
        choices = screen.query_one(ChoiceList).choices
        first = next(i for i, c in enumerate(choices) if c.enabled and c.action[0] == "pick")
        await pilot.press(str(first + 1))
        assert expected(1) in said()

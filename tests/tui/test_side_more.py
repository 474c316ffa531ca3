"""The side panel says when part of it is out of sight below (play-test 16:
at 140x42 a battle's panel was cut off after the side's own stack, with
nothing to say there was more)."""

from __future__ import annotations

from tests.tui.helpers import game_app, open_game
from warp_empires.saves.position import read_position
from warp_empires.saves.position_game import position_game
from warp_empires.tui.widgets.side_scroll import MORE_BELOW
from warp_empires.tui.widgets.status import StatusPanel

BIG_BATTLE = """
[position]
module = "star_wars"
side = "rebels"
phase = "battle"
turn = 7

[rebels]
hand = ["tactical_move"]
control = ["hoth"]
[rebels.stacks]
hoth = ["luke_skywalker", "x_wing_squad", "x_wing_squad", "y_wing_squad", "b_wing_squad",
        "mon_calamari_cruiser", "nebulon_b_frigate", "corellian_corvette"]

[empire]
control = ["coruscant"]
stacks.hoth = ["grand_moff_tarkin", "tie_fighter_squad", "tie_fighter_squad",
               "tie_interceptor_squad", "imperial_star_destroyer", "victory_destroyer",
               "lancer_frigate"]
stacks.coruscant = ["emperor_palpatine", "darth_vader", "imperial_base"]
"""


async def test_the_status_line_says_the_side_panel_goes_on_below(star_wars, tmp_path):
    path = tmp_path / "big_battle.toml"
    path.write_text(BIG_BATTLE)
    game = position_game(star_wars, read_position(path, star_wars), seed=3)
    async with game_app(pace=60.0).run_test(size=(140, 42)) as pilot:
        screen = await open_game(pilot, game, players=("human", "heuristic"))
        side = screen.query_one("#side-scroll")
        status = screen.query_one(StatusPanel)
        assert side.max_scroll_y > 0, "the battle panel is taller than its room"
        assert status.border_title == MORE_BELOW
        side.scroll_end(animate=False, immediate=True)
        assert status.border_title == ""  # all of it read
        side.scroll_home(animate=False, immediate=True)
        assert status.border_title == MORE_BELOW

"""The map: border geometry, cursor travel, labels, clicks and the line cache."""

from __future__ import annotations

import pytest
from rich.style import Style
from textual.app import App, ComposeResult

from tests.tui.helpers import screen_text
from warp_empires.tui.labels import abbreviate, side_glyphs, unit_abbreviations
from warp_empires.tui.mapgeom import VOID, build_geometry, drawn_map, nearest_in_direction
from warp_empires.tui.widgets.map_labels import (
    StackLook,
    TerritoryLook,
    label_items,
    layout_label,
)
from warp_empires.tui.widgets.map_view import MapView


def test_borders_meet_in_proper_junctions(tiny):
    geo = build_geometry(tiny.map, 1, 1)
    assert geo.border[0][0] == "┌"
    assert geo.border[0][11] == "┬"  # alpha meets bravo on the top edge
    # Every interior cell is owned by the territory of its picture cell.
    assert geo.interior[1][1] == 0
    assert geo.interior[1][12] == 1
    # Void cells of the picture are nobody's.
    assert geo.territory_at(20, 6) == VOID


def test_scaling_doubles_the_cells(tiny):
    small, big = build_geometry(tiny.map, 1, 1), build_geometry(tiny.map, 2, 2)
    assert (big.width - 1, big.height - 1) == (2 * (small.width - 1), 2 * (small.height - 1))


def test_arrows_go_to_the_nearest_territory_that_way(tiny):
    geo = build_geometry(tiny.map, 1, 1)
    alpha, bravo, corvo, delta, dune, falk = range(6)
    assert nearest_in_direction(geo, alpha, "right") == bravo
    assert nearest_in_direction(geo, bravo, "right") == corvo
    assert nearest_in_direction(geo, corvo, "down") == falk
    assert nearest_in_direction(geo, dune, "up") == bravo
    assert nearest_in_direction(geo, alpha, "up") is None


def test_every_star_wars_territory_is_reachable_by_arrows(star_wars):
    geo = build_geometry(star_wars.map, 1, 1)
    seen, todo = {0}, [0]
    while todo:
        t = todo.pop()
        for d in ("up", "down", "left", "right"):
            n = nearest_in_direction(geo, t, d)
            if n is not None and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(range(len(star_wars.map.territories)))


def _rome():
    from pathlib import Path

    from warp_empires.module import load_module

    return load_module(Path(__file__).resolve().parents[1] / "themes" / "rome")


def test_a_map_without_a_picture_is_a_box_a_territory_none_touching():
    # the done-means play-test on Rome (no picture): a blank map area, no
    # cursor, no labels, no stacks, no "Go to"
    rome = _rome()
    assert not rome.map.picture
    drawn = drawn_map(rome.map)
    assert drawn.picture and [t.name for t in drawn.territories] == [
        t.name for t in rome.map.territories]
    geo = build_geometry(drawn, 1, 1)
    cells: dict[int, int] = {}
    for row in geo.interior:
        for t in row:
            if t != VOID:
                cells[t] = cells.get(t, 0) + 1
    assert sorted(cells) == list(range(len(rome.map.territories)))
    # no border is shared: the boxes do not say who neighbours whom
    assert all(len(set(geo.touching[y][x])) <= 1 for y in range(geo.height)
               for x in range(geo.width))
    for t in range(len(rome.map.territories)):  # the arrows reach every box
        assert any(nearest_in_direction(geo, t, d) is not None
                   for d in ("up", "down", "left", "right"))
    assert drawn_map(drawn) is drawn  # a map with a picture is drawn as it is


async def test_a_map_without_a_picture_shows_names_and_moves_its_cursor():
    app = MapApp(_rome())
    async with app.run_test(size=(120, 40)) as pilot:
        text = screen_text(app)
        assert "Latium" in text and "Hispania" in text
        await pilot.press("right", "enter")
        assert app.selected == [1]  # Etruria, the second box
        assert app.query_one(MapView).cursor == 1


def test_short_names():
    assert abbreviate("Kessel", 8) == "Kessel"
    assert abbreviate("Yaga Minor", 6) == "Yaga M"
    assert abbreviate("Outer Rim Territories", 7) == "Oute RT"
    assert len(abbreviate("Supercalifragilistic", 5)) == 5


def test_unit_abbreviations_are_unique_per_side(star_wars, tiny):
    for module in (star_wars, tiny):
        abbrevs = unit_abbreviations(module)
        for side in (0, 1):
            mine = [abbrevs[u.index] for u in module.units if u.side == side]
            assert len(mine) == len(set(mine))
            assert all(1 <= len(a) <= 4 for a in mine)
    assert side_glyphs(tiny) == ("R", "B")


def test_a_unit_code_never_means_two_different_units(star_wars, tiny):
    # Issue 10: "SG" was the Empire's Star Galleon and the Rebels' Shield
    # Generator, while the Empire's own Shield Generator read "ShiG".
    for module in (star_wars, tiny):
        abbrevs = unit_abbreviations(module)
        meaning: dict[str, str] = {}
        for u in module.units:
            assert meaning.setdefault(abbrevs[u.index], u.name) == u.name, abbrevs[u.index]
    sw = unit_abbreviations(star_wars)
    generators = {sw[u.index] for u in star_wars.units if u.name == "Shield Generator"}
    assert len(generators) == 1


class MapApp(App[None]):
    def __init__(self, module) -> None:
        super().__init__()
        self.module = module
        self.selected: list[int] = []

    def compose(self) -> ComposeResult:
        yield MapView(self.module)

    def on_mount(self) -> None:
        self.query_one(MapView).focus()

    def on_map_view_selected(self, message: MapView.Selected) -> None:
        self.selected.append(message.territory)


async def test_keys_move_the_cursor_and_enter_selects(tiny):
    app = MapApp(tiny)
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        assert map_view.cursor == 0
        await pilot.press("right", "right", "down", "enter")
        assert map_view.cursor == 5
        assert app.selected == [5]


async def test_select_and_next_choice_are_said_only_while_a_territory_is_a_choice(tiny):
    # Play-test 17: the footer offered "Select" and "Next choice" from the
    # last map decision while the computer moved.
    app = MapApp(tiny)
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)

        def said() -> set[str]:
            return {b.binding.description for b in app.screen.active_bindings.values()
                    if b.binding.show}

        assert said() == {"Zoom"}
        await pilot.press("enter")
        assert app.selected == [0]  # Enter still goes on, to be told why it does nothing
        map_view.set_choices({1, 3})  # (the bindings are asked live: nothing to wait for)
        assert said() == {"Select", "Next choice", "Zoom"}
        await pilot.press("n", "enter")
        assert app.selected == [0, 1]
        map_view.set_choices(set())
        assert said() == {"Zoom"}


async def test_click_selects_and_labels_show_control_and_stacks(tiny):
    app = MapApp(tiny)
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        looks = [TerritoryLook()] * 6
        looks[1] = TerritoryLook(0, (StackLook(0, "CA", 3), StackLook(1, "Bat", 2)))
        map_view.set_looks(looks)
        map_view.set_choices({1, 3})
        await pilot.pause()
        text = screen_text(app)
        assert "Bravo Prime" in text and "[R]" in text
        assert "R:CA×3" in text and "B:Bat×2" in text
        assert "┃" in text  # choosable territories have heavy borders
        x, y = map_view.anchor(3)
        await pilot.click(MapView, offset=(x, y))
        assert app.selected == [3]
        assert map_view.cursor == 3


async def test_a_cursor_move_redraws_only_the_rows_it_touches(tiny):
    app = MapApp(tiny)
    async with app.run_test(size=(80, 24)) as pilot:
        map_view = app.query_one(MapView)
        await pilot.pause()
        for y in range(map_view.geometry.height):
            map_view.render_line(y)
        cached = dict(map_view._rows)
        map_view.move_cursor_to(2)  # Corvo: top-right region
        kept = [y for y in cached if y in map_view._rows]
        top, bottom = map_view.geometry.rows[2]
        assert kept and all(not top <= y <= bottom for y in map_view._rows)
        assert all(map_view._rows[y] is cached[y] for y in kept)


async def test_zoom_changes_scale_and_theme_change_redraws(tiny):
    app = MapApp(tiny)
    async with app.run_test(size=(100, 30)) as pilot:
        map_view = app.query_one(MapView)
        size = (map_view.geometry.width, map_view.geometry.height)
        await pilot.press("z")
        assert (map_view.geometry.width, map_view.geometry.height) != size
        app.theme = "textual-light"
        await pilot.pause()
        assert "Alpha Void" in screen_text(app)


def test_a_module_label_stands_in_for_a_name_that_does_not_fit(tiny):
    import dataclasses

    from rich.style import Style

    from warp_empires.tui.widgets.map_labels import label_items, layout_label

    geo = build_geometry(tiny.map, 1, 1)
    t = 0
    territory = tiny.map.territories[t]
    long = dataclasses.replace(territory, name="Alpha Centauri Prime Station", label="ACPS")
    look = TerritoryLook()

    def first_line(terr):
        items = label_items(terr, look, ("R", "B"), lambda side: Style())
        lines = layout_label(geo, t, items, Style(), Style())
        return "".join(text for text, _ in lines[min(lines)][1])

    assert first_line(long) == "ACPS"
    unlabelled = dataclasses.replace(long, label="")
    assert first_line(unlabelled) != "ACPS" and first_line(unlabelled).startswith("Alpha")
    assert first_line(territory) == territory.name  # a name that fits is shown whole


@pytest.mark.parametrize("scale", [(1, 1), (2, 1), (2, 2)])
def test_every_territory_shows_its_full_name_or_its_module_label(star_wars, scale):
    # Issue 10: at 120x40 (the smallest scale) names ran together or were cut
    # ("Tatooi", "Corelli"). Every territory shows its whole name, on one line
    # or two, or the short label its module gives, with a stack on it too.
    geo = build_geometry(star_wars.map, *scale)
    for stacked in (False, True):
        for t in star_wars.map.territories:
            # markers stand on revenue territories only
            look = TerritoryLook(control=0 if t.is_revenue else -1,
                                 stacks=(StackLook(0, "LS", 6),)) if stacked else TerritoryLook()
            items = label_items(t, look, ("R", "E"), lambda side: Style())
            lines = layout_label(geo, t.index, items, Style(), Style())
            shown = " ".join("".join(text for text, _ in pieces).strip()
                             for _, (_, pieces) in sorted(lines.items()))
            assert t.name in shown or (t.label and t.label in shown), (t.name, shown)
            if t.is_revenue:  # play-test: a bare "4[R]" was read as a stack
                assert f"${t.revenue}" in shown, (t.name, shown)
            if look.stacks:
                assert "×6" in shown or "R6" in shown, (t.name, shown)


async def test_the_map_grows_to_fill_a_large_window(star_wars):
    # Issue 10: at 160x50 the map stayed at its 120x40 size beside a 40-column gap.
    sizes = {}
    for size in ((120, 40), (160, 50)):
        app = MapApp(star_wars)
        async with app.run_test(size=size):
            map_view = app.query_one(MapView)
            room = map_view.scrollable_content_region.size
            geo = map_view.geometry
            sizes[size] = (geo.width, geo.height)
            assert geo.width <= room.width and geo.height <= room.height or \
                map_view.geometry.width == build_geometry(star_wars.map).width
    assert sizes[(160, 50)][0] > sizes[(120, 40)][0] * 1.3
    assert sizes[(160, 50)][1] > sizes[(120, 40)][1]


async def test_the_cursor_shows_whether_the_map_has_the_focus(star_wars):
    # Issue 10: arrow keys move the map cursor only while the map has focus,
    # so the focus must be seen: the cursor is brighter then.
    from textual.widgets import Input

    class Two(MapApp):
        def compose(self) -> ComposeResult:
            yield MapView(self.module)
            yield Input()

    app = Two(star_wars)
    async with app.run_test(size=(120, 40)) as pilot:
        map_view = app.query_one(MapView)
        focused = map_view.get_component_rich_style("map--cursor")
        app.query_one(Input).focus()
        await pilot.pause()
        assert map_view.get_component_rich_style("map--cursor") != focused


@pytest.mark.parametrize("size", [(120, 40), (80, 24), (100, 30), (160, 50)])
async def test_the_preview_gives_the_map_the_room_the_game_screen_does(star_wars, size):
    # `module map` (tui/map_preview.py) draws at the size the game screen gives
    # the map; measured here so that the two cannot drift apart.
    from tests.tui.helpers import game_app, open_game
    from warp_empires.engine import Game
    from warp_empires.tui.map_preview import map_room, preview

    async with game_app().run_test(size=size) as pilot:
        screen = await open_game(pilot, Game.new(star_wars, 1))
        map_view = screen.query_one(MapView)
        assert (map_view.size.width, map_view.size.height) == map_room(*size)
        shown = preview(star_wars, *size)
        assert shown.scale == map_view._scale
        # the same rows as the widget draws, bare (no stacks, markers or choices);
        # the cursor's rows aside (its double border and reversed name)
        map_view.set_looks([TerritoryLook()] * len(star_wars.map.territories))
        map_view.set_choices(set())
        top, bottom = map_view.geometry.rows[map_view.cursor]
        others = [y for y in range(map_view.geometry.height) if not top <= y <= bottom]
        assert len(others) > 5
        for y in others:
            assert shown.rows[y].plain == map_view._build_row(y).text, y

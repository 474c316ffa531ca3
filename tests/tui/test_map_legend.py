"""The map's `·` and the side panel's "edge" are explained where a player
looks (issue 39): Help's Keys tab in general, its Module tab in the module's
own words, drawn from the same data the map is drawn from."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style

from warp_empires.module import load_module
from warp_empires.tui.map_draw import MapPaint
from warp_empires.tui.map_legend import fill_of, map_legend
from warp_empires.tui.screens.help import help_text, module_markdown

ROME = Path(__file__).parents[1] / "themes" / "rome"


@pytest.mark.parametrize("where", ["star_wars", ROME])
def test_the_legend_names_the_fill_the_map_draws_and_who_starts_on_the_edge(where):
    module = load_module(where)
    paint = MapPaint(module.map, lambda _name: Style())
    for t in module.map.territories:
        assert paint._kind(t.index)[2] == fill_of(module, t.kind, t.is_revenue)
    legend = "\n".join(map_legend(module))
    for name in module.map.kinds.values():
        assert f"**{name}**" in legend
    dotted = {module.map.kinds[t.kind] for t in module.map.territories if not t.is_revenue}
    for name in dotted:
        assert f"**{name}**: dotted with `·`; no revenue" in legend
    # RULINGS S3 (and Rome's start_choices = "edge"): one side starts on the edge
    chooser = next(module.sides[s.side].short for s in module.setup if s.start is None)
    assert f"The {chooser} choose where to start among the edge territories" in legend
    assert "## The map" in module_markdown(module) and legend in module_markdown(module)


def test_the_keys_tab_says_what_the_dots_and_edge_are():
    keys = " ".join(help_text("keys").split())
    assert "A region dotted with `·` has no revenue" in keys
    assert "*edge* in the side panel: the territory is on the map's outer rim" in keys

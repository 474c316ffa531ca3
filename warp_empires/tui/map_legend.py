"""What the map's marks mean, in the module's words: how each kind of
territory is drawn (the `·` of empty space, say) and what "edge" in the side
panel means (play-test: both were explained nowhere). For the Help's Module
tab; docs/playing.md says the same in general."""

from __future__ import annotations

from warp_empires.module.defs import Module


def fill_of(module: Module, kind: str, revenue: bool) -> str:
    """The character scattered over a territory of `kind` (map_draw.MapPaint
    draws it): the kind's look, else none for revenue territories and `·` for
    the rest; "" when none."""
    look = module.map.looks.get(kind)
    if look is not None and look.fill is not None:
        return look.fill.strip()
    return "" if revenue else "·"


def map_legend(module: Module) -> list[str]:
    """Markdown lines: each kind of territory as the map draws it, then what
    "edge" means here."""
    lines: list[str] = []
    territories = module.map.territories
    for kind, name in module.map.kinds.items():
        for revenue in (True, False):
            if not any(t.kind == kind and t.is_revenue == revenue for t in territories):
                continue
            fill = fill_of(module, kind, revenue)
            drawn = f"dotted with `{fill}`" if fill else "shaded"
            what = ("with revenue: its label shows it (`$3`) and it can carry a control "
                    "marker" if revenue else "no revenue: it never carries a control marker")
            lines.append(f"- **{name}**: {drawn}; {what}.")
    edges = {t.index for t in territories if t.edge}
    if edges:
        lines.append("- **edge** (in the side panel): the territory lies on the outer rim "
                     "of the map. " + _edge_use(module, edges))
    return lines


def _edge_use(module: Module, edges: set[int]) -> str:
    """What being on the edge changes in this module: only where a side may
    choose to start (a setup's `start_choices = "edge"`)."""
    territories = module.map.territories
    at_edge = {t for t in edges if territories[t].is_revenue}
    starters = [module.sides[s.side].short for s in module.setup
                if s.start is None and s.start_choices and set(s.start_choices) == at_edge]
    if starters:
        who = " and ".join(starters)
        return (f"The {who} choose where to start among the edge territories with revenue; "
                "after that, being on the edge changes nothing.")
    return "It changes nothing in play."

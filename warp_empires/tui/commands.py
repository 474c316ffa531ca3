"""Command palette: 'Go to <territory>' entries while a game is on screen."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from warp_empires.tui.widgets.map_view import MapView


class GotoTerritory(Provider):
    def _targets(self) -> list[tuple[str, int, MapView]]:
        # imported here: the app names this provider at start, before any map exists
        from warp_empires.tui.widgets.map_view import MapView

        maps = self.screen.query(MapView)
        if not maps:
            return []
        map_view = maps.first()
        return [(f"Go to {t.name}", t.index, map_view) for t in map_view.module.map.territories]

    async def discover(self) -> Hits:
        for name, index, map_view in self._targets()[:3]:
            yield DiscoveryHit(name, partial(self._go, map_view, index), help="Move the map cursor")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, index, map_view in self._targets():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(self._go, map_view, index),
                          help="Move the map cursor there")

    @staticmethod
    def _go(map_view: MapView, territory: int) -> None:
        map_view.move_cursor_to(territory, by_person=True)
        map_view.focus()

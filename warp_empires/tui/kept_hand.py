"""A joined seat's hand order, kept between runs (tui/remote.py)."""

from __future__ import annotations

import json

from warp_empires.paths import user_data_dir
from warp_empires.present.rows import HandOrder


class KeptHandOrder(HandOrder):
    """The order this seat has seen its hand in, kept in the data folder
    (joined/GAME-SIDE.json): it is the person's own, known to nobody else,
    and a seat that joins again continues it. A file that cannot be read or
    written only costs the order: the hand is then shown as the engine lists it."""

    def __init__(self, game: str, side: int) -> None:
        super().__init__()
        self.path = user_data_dir() / "joined" / f"{game}-{side}.json"
        try:
            kinds = json.loads(self.path.read_text(encoding="utf-8"))
            if type(kinds) is list:
                self.restore(side, kinds)
        except (OSError, ValueError):
            pass

    def changed(self, side: int) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.to_data(side)), encoding="utf-8")
        except OSError:
            pass

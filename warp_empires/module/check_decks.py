"""A deck for each side (docs/rules.md G10): `[rules] decks = "side"` and the
cards' `decks` tables. Read after cards.toml and [rules]: each card's copies
by side, then whether the module's choice of decks fits them."""

from __future__ import annotations

from typing import Any

from .fields import CARD, DECKS, SHARED_DECK
from .limits import MAX_DECK
from .schema import check_choice, join
from .state import LoaderState


class DeckChecks(LoaderState):
    def _card_copies(self, path: str, card: dict[str, Any]) -> None:
        """A card's `count`, or its `decks` (side id -> copies in that side's
        deck), whose sum then stands for its count; `card["decks"]` becomes the
        copies by side index."""
        f = "cards.toml"
        raw = card["decks"]
        if card.get("count") is not None:
            self.add(f, join(path, "decks"), "give count or decks, not both: decks says how "
                                             "many copies each side's deck holds")
        card["decks"] = self._by_side(f, join(path, "decks"), raw)
        card["count"] = sum(card["decks"])
        if not card["count"]:
            self.add(f, join(path, "decks"), "a card needs at least 1 copy in some deck")

    def _decks(self) -> None:
        """Per-side decks: where each card goes, and that each side has one."""
        choice = self.rules.get("decks", SHARED_DECK)
        check_choice(self.report, "module.toml", "rules.decks", choice, DECKS, "decks value")
        per_side = choice == "side"
        in_deck = [0, 0]
        for i, card in enumerate(self.cards):
            path = join("card", i)
            if card is not None and isinstance(card.get("decks"), dict):
                self._card_copies(path, card)
            elif card is not None and card.get("count") is None and self._no_count(i):
                self.add("cards.toml", path, "missing required key 'count'")
            if card is None or type(card.get("count")) is not int:
                continue
            given = card.get("decks")
            if given is not None and not per_side:
                self.add("cards.toml", join(path, "decks"), 'decks needs [rules] decks = '
                                                            '"side" in module.toml')
                continue
            if not per_side:
                continue
            own = card.get("side_index")
            if given is None:  # its side's deck, or both with `count` each
                given = (card["count"] if own in (None, 0) else 0,
                         card["count"] if own in (None, 1) else 0)
                card["count"] = sum(given)
            elif own is not None and given[1 - own]:
                self.add("cards.toml", join(join(path, "decks"), self._side_id(1 - own)),
                         f"only {self._side_id(own)} plays this card (side), so the other "
                         f"side's deck may not hold it")
            card["decks"] = given
            in_deck = [in_deck[0] + given[0], in_deck[1] + given[1]]
        total = sum(c["count"] for c in self.cards if c and type(c.get("count")) is int)
        if total > MAX_DECK:  # one card object a copy, as units make chits
            self.add("cards.toml", "card", f"{total} cards in the deck in all, more than "
                                           f"the {MAX_DECK} allowed")
        for side, n in enumerate(in_deck if per_side and self.cards else ()):
            if not n:
                self.add("cards.toml", "card", f"the deck of {self._side_id(side)} has no "
                                               f"cards (rules.decks = \"side\")")

    def _no_count(self, i: int) -> bool:
        """Whether card i has no count written at all, as check_table would say
        of a required key: not one refused as it stood (a wrong type, too
        big), nor one misspelt (its line already says "did you mean")."""
        raw = ((self.files["cards.toml"].data or {}).get("card") or [])[i]
        return isinstance(raw, dict) and "count" not in raw and not any(
            key not in CARD and self.report.hint(key, ["count"]) for key in raw)

    def _side_id(self, side: int) -> str:
        return self.side_ids[side] if self.side_ids else str(side)

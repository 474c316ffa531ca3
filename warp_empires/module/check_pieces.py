"""Checks of units.toml and cards.toml."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .defs import EFFECT_KINDS, FORTIFICATION, MARKER_TARGETS, SPEED_NAMES, Effect, UnitFilter
from .fields import CARD, CARDS_TOP, EFFECT_KEYS, LOSS_STACKS, UNIT, UNITS_TOP
from .limits import MAX_CHITS
from .schema import STR, Field, check_choice, check_id, check_min, check_table, describe, join
from .state import LoaderState


class PieceChecks(LoaderState):
    def _units(self) -> None:
        data = self.files["units.toml"].data
        if data is None:
            return
        f = "units.toml"
        top = check_table(self.report, f, "", data, UNITS_TOP) or {}
        raw = top.get("unit")
        if raw is None:
            return
        index: dict[tuple[int, str], int] = {}
        for i, entry in enumerate(raw):
            path = join("unit", i)
            u = check_table(self.report, f, path, entry, UNIT)
            self.units.append(u)
            if u is None:
                continue
            side = self._side_ref(f, join(path, "side"), u["side"]) if "side" in u else None
            u["side_index"] = side
            if side is None and isinstance(u.get("id"), str):
                self.sideless_units.add(u["id"])
            if (
                "id" in u
                and check_id(self.report, f, join(path, "id"), u["id"])
                and side is not None
            ):
                if (side, u["id"]) in index:
                    first = join("unit", index[(side, u["id"])])
                    self.add(
                        f,
                        join(path, "id"),
                        f"duplicate unit id '{u['id']}' for side '{u['side']}' (first at {first})",
                    )
                else:
                    index[(side, u["id"])] = i
            if "speed" in u:
                check_choice(self.report, f, join(path, "speed"), u["speed"], SPEED_NAMES, "speed")
            check_min(self.report, f, join(path, "count"), u.get("count"), 1)
            check_min(self.report, f, join(path, "force"), u.get("force"), 0)
            if "class" in u and self.classes is not None:
                check_choice(self.report, f, join(path, "class"), u["class"], self.classes, "class")
            for n, trait in enumerate(u.get("traits") or []):
                self._trait_ref(f, join(join(path, "traits"), n), trait)
            self._mobility(path, u)
        for s, side_id in enumerate(self.side_ids or []):
            if not any(key[0] == s for key in index):
                self.add(f, "unit", f"side '{side_id}' has no units")
        self._total(f, "unit", self.units, MAX_CHITS, "chits")
        self.unit_index = index

    def _mobility(self, path: str, unit: dict[str, Any]) -> None:
        cls, speed = unit.get("class"), unit.get("speed")
        if cls is None or speed is None:
            return
        role = (self.class_roles or {}).get(cls, cls if cls == FORTIFICATION else "")
        if role == FORTIFICATION and speed != "immobile":
            what = "a fortification" if cls == FORTIFICATION else \
                f"class '{cls}' has the fortification role, so a unit of it"
            self.add("units.toml", join(path, "speed"), f"{what} must be immobile, not {speed}")
        elif speed == "immobile" and role != FORTIFICATION:
            self.add(
                "units.toml",
                join(path, "speed"),
                f"only fortifications may be immobile (units of a class with the fortification "
                f"role), and this unit's class is '{cls}'",
            )

    # -- cards.toml ---------------------------------------------------------------

    def _cards(self) -> None:
        data = self.files["cards.toml"].data
        if data is None:
            return
        f = "cards.toml"
        top = check_table(self.report, f, "", data, CARDS_TOP) or {}
        raw = top.get("card")
        if raw is None:
            return
        if not raw:
            self.add(f, "card", "the deck has no cards")
        seen: dict[str, int] = {}
        for i, entry in enumerate(raw):
            path = join("card", i)
            card = check_table(self.report, f, path, entry, CARD)
            self.cards.append(card)
            if card is None:
                continue
            if "id" in card and check_id(self.report, f, join(path, "id"), card["id"]):
                if card["id"] in seen:
                    first = join("card", seen[card["id"]])
                    self.add(
                        f, join(path, "id"), f"duplicate card id '{card['id']}' (first at {first})"
                    )
                else:
                    seen[card["id"]] = i
            if card.get("count") is not None:  # or `decks`, read with [rules] (check_decks)
                check_min(self.report, f, join(path, "count"), card["count"], 1)
            card["side_index"] = None
            if card.get("side") not in (None, "any") and self.side_ids is not None:
                card["side_index"] = self._side_ref(f, join(path, "side"), card["side"], ("any",))
            if "effect" in card:
                card["effect"] = self._effect(join(path, "effect"), card["effect"])
                if card["effect"] is not None and card["effect"].kind == "defect":
                    card["effect"] = self._defector(path, card, entry)

    def _defector(self, path: str, card: dict[str, Any], raw: dict[str, Any]) -> Effect | None:
        """A defect card's `into` (docs/rules.md G7): a unit of the card's own
        side, so the card must belong to one side."""
        f = "cards.toml"
        effect = card["effect"]
        into = raw["effect"].get("into")
        if card.get("side_index") is None:
            if card.get("side") in (None, "any"):
                self.add(f, join(path, "side"), "a defect card belongs to one side (side = "
                         "\"ID\"): its into names a unit of that side")
            return None
        unit = self._unit_ref(f, join(join(path, "effect"), "into"), card["side_index"], into)
        return None if unit is None else replace(effect, unit=unit)

    def _total(
        self, f: str, path: str, entries: list[dict[str, Any] | None], most: int, what: str
    ) -> None:
        # Each count is bounded by itself; so must their sum be, since the game
        # makes one chit or card object per unit of it.
        total = sum(e["count"] for e in entries if e and type(e.get("count")) is int)
        if total > most:
            self.add(f, path, f"{total} {what} in all, more than the {most} allowed")

    def _effect(self, path: str, raw: dict[str, Any]) -> Effect | None:
        f = "cards.toml"
        kind = raw.get("kind")
        if kind is None:
            self.add(
                f, path, f"missing required key 'kind' (one of: {', '.join(sorted(EFFECT_KINDS))})"
            )
            return None
        if not isinstance(kind, str):
            self.add(f, join(path, "kind"), f"must be a string, not {describe(kind)}")
            return None
        if not check_choice(
            self.report, f, join(path, "kind"), kind, sorted(EFFECT_KINDS), "effect kind"
        ):
            return None
        fields = {"kind": Field(STR, required=True), **EFFECT_KEYS[kind]}
        before = len(self.report)
        effect = check_table(self.report, f, path, raw, fields,
                             explain=lambda key: _taken_by(kind, key)) or {}
        for key in ("groups", "amount"):
            check_min(self.report, f, join(path, key), effect.get(key), 1)
        if kind == "spy" and not (effect.get("hand") or effect.get("stack")):
            self.add(
                f, path, "a spy effect must look at something: set hand = true and/or stack = true"
            )
        targets = effect.get("targets")
        if kind == "remove_control" and isinstance(targets, str):
            check_choice(self.report, f, join(path, "targets"), targets,
                         list(MARKER_TARGETS), "target rule")
        stacks = effect.get("stacks")
        if isinstance(stacks, str):  # docs/rules.md G19
            check_choice(self.report, f, join(path, "stacks"), stacks, list(LOSS_STACKS),
                         "stacks value")
        for n, kind_id in enumerate(effect.get("kinds") or []):
            check_choice(self.report, f, join(join(path, "kinds"), n), kind_id, self.kinds,
                         "kind")
        unit_filter = UnitFilter()
        if effect.get("filter") is not None:
            unit_filter = self._filter("cards.toml", join(path, "filter"), effect["filter"])
        if len(self.report) != before:
            return None
        return Effect(
            kind=kind,
            amount=effect.get("groups", effect.get("amount")) or 0,
            filter=unit_filter,
            hand=bool(effect.get("hand")),
            stack=bool(effect.get("stack")),
            targets=effect.get("targets", "unguarded"),
            kinds=frozenset(effect.get("kinds") or ()),
            enemy=effect.get("stacks") == "enemy",
        )



def _taken_by(kind: str, key: str) -> str:
    """Which effect kinds take `key`, for an effect of `kind` that does not
    (issue 37: "unknown table 'filter'" did not say which effects take one)."""
    takes = ", ".join(sorted(other for other, keys in EFFECT_KEYS.items() if key in keys))
    own = ", ".join(sorted(EFFECT_KEYS[kind])) or "nothing besides its kind"
    if not takes:
        return f"; a {kind} effect takes: {own}"
    return f"; a {kind} effect takes: {own}; '{key}' is taken by: {takes}"

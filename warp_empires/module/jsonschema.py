"""JSON Schemas (draft 2020-12) of a module's four TOML files, for editors.

`warp-empires module schema` prints them, so that taplo / Even Better TOML can
complete keys and flag wrong types while a modder types. They are built from
the loader's own tables in fields.py and bounds in limits.py, so a new field
reaches the schema without anyone remembering to add it. Only what the loader
checks one table at a time is expressed; references between files (a unit's
side, a territory's kind) and checks of meaning stay with `warp-empires
validate`.
"""

from __future__ import annotations

from typing import Any

from . import fields as f
from .defs import LIMIT_SCORES, OPTION_TEXT, ROLES, SOLO_ORDERS, SPEED_NAMES, VICTORY_WHEN
from .limits import MAX_CHITS, MAX_ID, MAX_LIST, MAX_NAME, MAX_SPEED
from .schema import (
    BOOL,
    ID_PATTERN,
    INT,
    LIST,
    STR,
    STR_LIST,
    STR_OR_STR_LIST,
    TABLE,
    TABLE_LIST,
    Kind,
)
from .schema_notes import NOTES as SCHEMA_NOTES

Schema = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID: Schema = {"type": "string", "pattern": ID_PATTERN.pattern, "maxLength": MAX_ID}

# The descriptions of the keys (a key missing there still gets its kind as a
# description, and tests/test_module_schema.py fails until it is written)
NOTES = SCHEMA_NOTES


def value_schema(kind: Kind, most: int | None = None, inner: Schema | None = None) -> Schema:
    """The schema of one value of `kind`; `inner` is a table's own schema (or a
    list's item schema) and `most` the bound from limits.py (see `too_big`)."""
    table: Schema = inner if inner is not None else {"type": "object"}
    if kind is STR:
        return _bound({"type": "string"}, "maxLength", most)
    if kind is INT:
        return _bound({"type": "integer"}, "maximum", most)
    if kind is BOOL:
        return {"type": "boolean"}
    if kind is STR_LIST:
        return _bound({"type": "array", "items": {"type": "string"}}, "maxItems", most)
    if kind is STR_OR_STR_LIST:
        return {"anyOf": [value_schema(STR, most), value_schema(STR_LIST, most)]}
    if kind is TABLE:
        return _bound(dict(table), "maxProperties", most)
    if kind in (TABLE_LIST, LIST):
        items = table if kind is TABLE_LIST else (inner or {})
        return _bound({"type": "array", "items": items}, "maxItems", most)
    raise ValueError(f"no JSON Schema for {kind.text}")


def _bound(schema: Schema, keyword: str, most: int | None) -> Schema:
    if most is not None:
        schema[keyword] = most
    return schema


def table_schema(
    name: str, changes: dict[str, Schema] | None = None, fields: dict[str, f.Field] | None = None
) -> Schema:
    """The table `fields.<name>`, closed as `check_table` closes it. `changes`
    narrows a key's schema: a nested table's own schema, an id's pattern."""
    table: dict[str, f.Field] = fields if fields is not None else getattr(f, name)
    changes = changes or {}
    notes = NOTES.get(name, {})
    properties: Schema = {}
    for key, spec in table.items():
        change = dict(changes.get(key, {}))
        inner = change.pop("inner", None)
        prop: Schema = {"description": notes.get(key, spec.kind.text)}
        prop |= value_schema(spec.kind, spec.most, inner) | change
        if key == "id":  # check_id: every `id` key is an id
            prop |= ID
        if not spec.required and spec.default is not None:
            prop["default"] = spec.default
        properties[key] = prop
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    required = [key for key, spec in table.items() if spec.required]
    if required:
        schema["required"] = required
    return schema


def _one_of(*keys: str) -> list[Schema]:
    """Exactly one of `keys` (a setup's start, a bonus's trait or filter)."""
    return [{"required": [key]} for key in keys]


def _id_map(values: Schema) -> Schema:
    """A table whose keys are ids (check_id) and whose values are `values`; its
    bound is its Field's `most`, added where it nests."""
    return {"type": "object", "propertyNames": ID, "additionalProperties": values}


def filter_schema() -> Schema:
    return table_schema("FILTER")


def clause_schema() -> Schema:
    """A victory clause: a table of exactly one key from CLAUSES."""
    notes = NOTES["CLAUSES"]
    bounds = {"holds_captive": MAX_LIST, "enemy_lost": MAX_LIST,
              "captives_at_least": MAX_CHITS}  # check_setup._clause
    properties: dict[str, Schema] = {
        key: {"description": notes.get(key, kind.text)} | value_schema(kind, bounds.get(key))
        for key, kind in f.CLAUSES.items()
    }
    properties["no_enemy_leaders_on_map"]["const"] = True
    properties["holds_captive"]["minItems"] = 1
    properties["enemy_lost"]["minItems"] = 1
    return {"type": "object", "properties": properties, "additionalProperties": False,
            "minProperties": 1, "maxProperties": 1}


def effect_schema() -> Schema:
    """A card's effect: `kind` picks the keys (EFFECT_KEYS), as `_effect` does.
    The outer properties list every key so that an editor can complete them;
    each kind's `then` closes the table to that kind's own keys."""
    notes = NOTES["EFFECT_KEYS"]
    kinds = sorted(f.EFFECT_KEYS)
    properties: Schema = {"kind": {"description": notes["kind"], "enum": kinds}}
    branches = []
    for kind in kinds:
        keys = {"kind": f.Field(STR, required=True), **f.EFFECT_KEYS[kind]}
        branch = table_schema("EFFECT_KEYS", {"filter": {"inner": filter_schema()},
                                              "stacks": {"enum": list(f.LOSS_STACKS)}}, keys)
        branch["properties"]["kind"]["const"] = kind
        properties |= {k: v for k, v in branch["properties"].items() if k != "kind"}
        branches.append({"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                         "then": branch})
    return {"type": "object", "required": ["kind"], "properties": properties, "allOf": branches}


def module_file() -> Schema:
    # docs/rules.md G11-G13: the powers a class or a trait may have
    power: dict[str, Schema] = {"move": {"minimum": 1}, "battle_bonus": {"inner": table_schema(
        "BATTLE_BONUS", {"against": {"inner": filter_schema()}, "bonus": {"minimum": 1}})},
        "fights": {"inner": filter_schema(), "minItems": 1}}
    class_changes: dict[str, Schema] = {"role": {"enum": [*ROLES, "none"]},
                                        "carries": {"minimum": 1},
                                        "cargo": {"inner": filter_schema()}}
    class_table = table_schema("CLASS", class_changes | power)
    classes = {"anyOf": [{"type": "string", "maxLength": MAX_NAME}, class_table]}
    speeds = {
        "properties": {
            name: {"description": f"Spaces a group of {name} units may move.",
                   "type": "integer", "maximum": MAX_SPEED}
            for name in SPEED_NAMES
        },
        "additionalProperties": False,
    }
    speeds["properties"]["immobile"]["const"] = 0  # immobile units never move
    majority = table_schema("MAJORITY", {"filter": {"inner": filter_schema()}})
    majority["oneOf"] = _one_of("trait", "filter")
    limit = {"inner": table_schema("LIMIT", {"score": {"enum": list(LIMIT_SCORES)},
                                             "tie": {"pattern": ID_PATTERN.pattern}})}
    rules = table_schema("RULES", {
        "first_side": {"pattern": ID_PATTERN.pattern},
        "control_units": {"inner": filter_schema()},
        "majority_bonus": {"inner": majority},
        "speeds": {"inner": {"type": "object", **speeds}},
        "at_turn_limit": limit,
        "battle_points": {"inner": table_schema("POINTS", {
            "start": {"inner": _id_map({"type": "integer", "minimum": 0})}})},
        "decks": {"enum": list(f.DECKS)},
        "move_needs": {"inner": filter_schema()},
        "move_alone": {"inner": filter_schema()},
        "blockade": {"inner": table_schema("BLOCKADE", {"by": {"inner": filter_schema(),
                                                               "minItems": 1}})},
    })
    setup = table_schema("SETUP", {"start_choices": {"anyOf": [
        {"enum": [f.EDGE, f.EDGE_PLANETS]},
        {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_LIST},
    ]}, "place": {"inner": _id_map({"type": "array", "items": {"type": "string"},
                                    "minItems": 1, "maxItems": MAX_LIST})}})
    # start or start_choices, not both; neither only with `place` (check_setup)
    setup["oneOf"] = [*_one_of("start", "start_choices"), {
        "required": ["place"],
        "not": {"anyOf": _one_of("start", "start_choices")}}]
    victory = table_schema("VICTORY", {"all": {"inner": clause_schema(), "minItems": 1},
                                       "when": {"enum": list(VICTORY_WHEN)},
                                       "hold": {"minimum": 0}})
    return table_schema("MODULE_TOP", {
        "module": {"inner": table_schema("MODULE_HEAD", {"format": {"const": f.FORMAT}})},
        # exactly two sides (check_module._sides); `most` only caps what is checked
        "side": {"inner": table_schema("SIDE", {"article": {"enum": ["the", ""]}}),
                 "minItems": 2, "maxItems": 2},
        "classes": {"inner": _id_map(classes)},
        "traits": {"inner": _id_map(table_schema("TRAIT", power))},
        "rules": {"inner": rules},
        "setup": {"inner": _id_map(setup)},
        "victory": {"inner": victory},
        "options": {"inner": options_schema()},
        "scenario": {"inner": table_schema("SCENARIO", {
            "setup": {"inner": _id_map(setup)},
            "victory": {"inner": victory},
            "at_turn_limit": limit,
        })},
        "solo": {"inner": table_schema("SOLO", {
            "orders": {"inner": table_schema("SOLO_ORDER", {"order": {"enum": list(SOLO_ORDERS)}})},
            "postures": {"inner": table_schema("SOLO_POSTURE")},
        })},
    })


def options_schema() -> Schema:
    """[options]: one table per optional rule, each closed to its own keys."""
    changes = {
        "pursuit": {"inner": filter_schema()},
        "repairs": {"inner": filter_schema()},
        "first": {"inner": filter_schema()},
        "quality": {"inner": _id_map({"enum": ["green", "veteran", "elite"]})},
        "two_lives": {"inner": _id_map({"type": "array", "items": {"type": "string"}})},
        "fate": {"inner": {"type": "integer", "maximum": 100}},
    }
    properties = {
        name: {"description": f"RULINGS {ruling}: {OPTION_TEXT[name]}"}
        | table_schema("OPTIONS", {k: v for k, v in changes.items() if k in keys}, keys)
        for (name, keys), ruling in zip(f.OPTIONS.items(),
                                        ("O1", "O2", "O3", "O4", "O5", "docs/rules.md G16"),
                                        strict=True)
    }
    return {"type": "object", "properties": properties, "additionalProperties": False}


def map_file() -> Schema:
    kinds = _id_map({"type": "string", "maxLength": MAX_NAME})
    kinds["minProperties"] = 1
    return table_schema("MAP_TOP", {
        "map": {"inner": table_schema("MAP_HEAD", {"kinds": {"inner": kinds}, "looks": {
            "inner": _id_map(table_schema("LOOK", {"fill": {"minLength": 1}}))},
            "enter": {"inner": _id_map({"type": "array", "items": filter_schema(),
                                        "minItems": 1})},
            "arrive": {"inner": _id_map({"enum": list(f.ARRIVALS)})}})},
        "territory": {"inner": table_schema("TERRITORY", {"key": {"minLength": 1,
                                                                  "maxLength": 1}})},
        "link": {"inner": table_schema("LINK", {"between": {"minItems": 2, "maxItems": 2}})},
    })


def units_file() -> Schema:
    unit = table_schema("UNIT", {"speed": {"enum": list(SPEED_NAMES)}})
    return table_schema("UNITS_TOP", {"unit": {"inner": unit}})


def cards_file() -> Schema:
    card = table_schema("CARD", {"effect": {"inner": effect_schema()},
                                 "count": {"minimum": 1},
                                 "decks": {"inner": _id_map({"type": "integer", "minimum": 0})}})
    card["oneOf"] = _one_of("count", "decks")  # docs/rules.md G10
    return table_schema("CARDS_TOP", {"card": {"inner": card}})


BUILDERS = {
    "module.toml": module_file,
    "map.toml": map_file,
    "units.toml": units_file,
    "cards.toml": cards_file,
}
assert tuple(BUILDERS) == f.MODULE_FILES


def file_schema(name: str) -> Schema:
    """The schema of one module file, `units.toml` or `units`; KeyError for
    any other name."""
    file = name if name.endswith(".toml") else f"{name}.toml"
    body = BUILDERS[file]()
    return {
        "$schema": DRAFT,
        "title": f"Warp Empires module {file} (format {f.FORMAT})",
        "description": "A help for editors; `warp-empires validate` is the full check.",
        **body,
    }


def module_schemas() -> dict[str, Schema]:
    """Every module file's schema, by file name."""
    return {name: file_schema(name) for name in f.MODULE_FILES}

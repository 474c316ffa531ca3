"""`warp-empires module schema`: JSON Schemas of the module files, for editors."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from warp_empires import cli
from warp_empires.module import fields
from warp_empires.module.jsonschema import NOTES, file_schema, module_schemas
from warp_empires.module.schema import Field, Kind

ROOT = Path(__file__).resolve().parents[1]
# The modules every release ships, and the valid modules the other tests load.
MODULES = [
    ROOT / "modules" / "star_wars",
    ROOT / "warp_empires" / "module" / "template",
    ROOT / "tests" / "themes" / "rome",
    ROOT / "tests" / "broken_modules" / "tiny",
    ROOT / "tests" / "broken_modules" / "tiny_lists",
]

# The jsonschema package is not a dependency, so this checks the subset of
# draft 2020-12 the schemas use; a keyword outside it fails the test rather
# than being skipped, so the subset cannot silently grow.
NOTE_WORDS = {"$schema", "title", "description", "default"}
TYPES: dict[str, Any] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: type(v) is int,
    "boolean": lambda v: isinstance(v, bool),
}


def errors(schema: dict[str, Any], value: Any, path: str = "") -> list[str]:
    """What is wrong with `value` under `schema`, one line each; [] when valid."""
    out: list[str] = []
    for word, rule in schema.items():
        if word in NOTE_WORDS or word in ("if", "then"):
            continue
        bad = f"{path or '(top)'}: {word}"
        if word == "type":
            if not TYPES[rule](value):
                return [f"{bad}: not {rule}"]  # the other keywords would only repeat it
        elif word == "enum":
            if value not in rule or type(value) is not type(rule[rule.index(value)]):
                out.append(bad)
        elif word == "const":
            if value != rule or type(value) is not type(rule):
                out.append(bad)
        elif word == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                out.append(bad)
        elif word in ("maxLength", "minLength"):
            if isinstance(value, str) and _past(word, len(value), rule):
                out.append(bad)
        elif word in ("maxItems", "minItems"):
            if isinstance(value, list) and _past(word, len(value), rule):
                out.append(bad)
        elif word in ("maxProperties", "minProperties"):
            if isinstance(value, dict) and _past(word, len(value), rule):
                out.append(bad)
        elif word == "maximum":
            if type(value) is int and value > rule:
                out.append(bad)
        elif word == "not":
            if not errors(rule, value, path):
                out.append(f"{bad}: matches what it must not")
        elif word == "minimum":
            if type(value) is int and value < rule:
                out.append(bad)
        elif word == "required":
            if isinstance(value, dict):
                out += [f"{bad}: {key}" for key in rule if key not in value]
        elif word == "properties":
            if isinstance(value, dict):
                for key, sub in rule.items():
                    if key in value:
                        out += errors(sub, value[key], f"{path}.{key}")
        elif word == "additionalProperties":
            if isinstance(value, dict):
                for key in value:
                    if key in schema.get("properties", {}):
                        continue
                    if rule is False:
                        out.append(f"{bad}: {key}")
                    elif isinstance(rule, dict):
                        out += errors(rule, value[key], f"{path}.{key}")
        elif word == "propertyNames":
            if isinstance(value, dict):
                for key in value:
                    out += errors(rule, key, f"{path}.{key} (name)")
        elif word == "items":
            if isinstance(value, list):
                for n, item in enumerate(value):
                    out += errors(rule, item, f"{path}[{n}]")
        elif word == "allOf":
            for sub in rule:
                out += errors(sub, value, path)
        elif word in ("anyOf", "oneOf"):
            passing = sum(not errors(sub, value, path) for sub in rule)
            if passing == 0 or (word == "oneOf" and passing > 1):
                out.append(f"{bad}: {passing} match")
        else:
            raise AssertionError(f"the test validator does not know {word!r}")
    if "if" in schema and not errors(schema["if"], value, path):
        out += errors(schema.get("then", {}), value, path)
    return out


def _past(word: str, size: int, bound: int) -> bool:
    return size > bound if word.startswith("max") else size < bound


def test_the_test_validator_knows_its_keywords() -> None:
    schema = {"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}},
              "additionalProperties": False, "required": ["n"]}
    assert errors(schema, {"n": 2}) == []
    assert errors(schema, {"n": 4}) and errors(schema, {"n": True}) and errors(schema, {})
    assert errors(schema, {"n": 1, "m": 1})
    assert errors({"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}, {"a": 1, "b": 2})
    assert errors({"enum": [0]}, False) and errors({"const": 1}, True)


@pytest.mark.parametrize("folder", MODULES, ids=lambda p: p.name)
@pytest.mark.parametrize("name", fields.MODULE_FILES)
def test_schema_accepts_real_modules(folder: Path, name: str) -> None:
    data = tomllib.loads((folder / name).read_text())
    assert errors(file_schema(name), data) == []


def star_wars_units() -> dict[str, Any]:
    return tomllib.loads((ROOT / "modules" / "star_wars" / "units.toml").read_text())


def test_wrong_type_and_unknown_key_in_a_unit_are_refused() -> None:
    schema = file_schema("units")
    data = star_wars_units()
    data["unit"][1]["count"] = "2"
    assert errors(schema, data) == [".unit[1].count: type: not integer"]
    data = star_wars_units()
    data["unit"][1]["forse"] = 3
    assert errors(schema, data) == [".unit[1]: additionalProperties: forse"]
    data = star_wars_units()
    del data["unit"][0]["force"]
    data["unit"][0]["id"] = "Bad-Id"
    assert set(errors(schema, data)) == {".unit[0]: required: force", ".unit[0].id: pattern"}


def test_effect_kind_selects_its_keys() -> None:
    schema = file_schema("cards.toml")

    def card(effect: dict[str, Any]) -> dict[str, Any]:
        return {"card": [{"id": "c", "name": "C", "count": 1, "effect": effect}]}

    assert errors(schema, card({"kind": "move", "groups": 1})) == []
    assert errors(schema, card({"kind": "rescue", "amount": 2}))  # not a key of rescue
    assert errors(schema, card({"kind": "move"}))  # groups is required
    assert errors(schema, card({"kind": "teleport"}))
    assert errors(schema, card({"kind": "destroy", "filter": {"clas": "x"}}))


def test_module_file_nesting() -> None:
    schema = file_schema("module")
    data = tomllib.loads((ROOT / "modules" / "star_wars" / "module.toml").read_text())
    data["setup"]["empire"]["start_choices"] = "edge"  # both start and start_choices
    data["victory"][0]["all"].append({"controls": "x", "captives_at_least": 1})
    data["classes"]["fighter"] = {"name": "Fighter", "role": "pilot"}
    data["rules"]["speeds"]["warp"] = 9
    found = errors(schema, data)
    assert any(line.startswith(".setup.empire: oneOf") for line in found), found
    assert any(line.startswith(".victory[0].all[2]: maxProperties") for line in found), found
    assert any(line.startswith(".classes.fighter: anyOf") for line in found), found
    assert ".rules.speeds: additionalProperties: warp" in found


def field_tables() -> dict[str, dict[str, Any]]:
    """Every table of keys in fields.py, by name: Field tables, CLAUSES (kinds)
    and the effect keys of all kinds together."""
    tables = {
        name: value
        for name, value in vars(fields).items()
        if isinstance(value, dict) and value
        and all(isinstance(v, Field | Kind) for v in value.values())
    }
    tables["EFFECT_KEYS"] = {"kind": None}
    for keys in fields.EFFECT_KEYS.values():
        tables["EFFECT_KEYS"] |= keys
    tables["OPTIONS"] = {}
    for keys in fields.OPTIONS.values():
        tables["OPTIONS"] |= keys
    return tables


def schema_keys(schema: Any) -> set[str]:
    """The names under every `properties` in the schema."""
    if isinstance(schema, list):
        return set().union(*(schema_keys(s) for s in schema))
    if not isinstance(schema, dict):
        return set()
    found = set(schema.get("properties", {}))
    return found.union(*(schema_keys(v) for v in schema.values()))


def test_every_field_is_in_the_schema_with_a_description() -> None:
    tables = field_tables()
    assert {"MODULE_HEAD", "SIDE", "UNIT", "CLAUSES", "FILTER"} <= set(tables)
    everything = schema_keys(list(module_schemas().values()))
    for name, table in tables.items():
        assert set(table) <= everything, name
        # A description written for each key, none left over from a removed one.
        assert set(NOTES[name]) == set(table), name
    assert set(NOTES) == set(tables)


def test_every_property_has_a_description() -> None:
    def walk(schema: Any, path: str) -> None:
        if isinstance(schema, list):
            for n, sub in enumerate(schema):
                walk(sub, f"{path}[{n}]")
        elif isinstance(schema, dict):
            for key, sub in schema.get("properties", {}).items():
                assert sub.get("description"), f"{path}.{key}"
            for key, sub in schema.items():
                if key != "if":  # a condition on `kind`, not a key an editor offers
                    walk(sub, f"{path}/{key}")

    walk(module_schemas(), "")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_one_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "module", "schema", "units")
    assert code == 0
    assert json.loads(out) == file_schema("units.toml")
    code, out, _ = run(capsys, "module", "schema", "cards.toml")
    assert code == 0 and json.loads(out)["title"].startswith("Warp Empires module cards.toml")


def test_cli_prints_all_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "module", "schema")
    assert code == 0
    assert list(json.loads(out)) == list(fields.MODULE_FILES)


def test_cli_refuses_other_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "module", "schema", "unit.toml")
    assert code == 1 and out == ""
    assert "'unit.toml' is not a module file" in err


def test_cli_out_writes_four_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "new" / "schemas"
    code, out, _ = run(capsys, "module", "schema", "--out", str(folder))
    assert code == 0
    names = ["module", "map", "units", "cards"]
    assert out.splitlines() == [str(folder / f"{n}.schema.json") for n in names]
    for n in names:
        written = json.loads((folder / f"{n}.schema.json").read_text())
        assert written == file_schema(n)

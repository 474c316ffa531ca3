"""What `validate` says of a deck per side (docs/rules.md G10): one line
each, with its file, line and key path; and what the loaded module holds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.module import ModuleError, load_module
from warp_empires.module.export import module_to_data
from warp_empires.module.jsonschema import file_schema

PUNIC = Path(__file__).parent / "themes" / "punic"


@pytest.mark.parametrize("file, old, new, says", [
    ("module.toml", 'decks = "side"', 'decks = "each"', "rules.decks: unknown decks value "
     "'each'"),
    ("module.toml", 'decks = "side"', "", "card[1].decks: decks needs [rules] decks = "
     '"side" in module.toml'),
    ("cards.toml", "decks = { rome = 5, carthage = 4 }", "decks = { rome = 5, carthago = 4 }",
     "card[1].decks.carthago: unknown side 'carthago'"),
    ("cards.toml", "decks = { rome = 5, carthage = 4 }", "decks = { rome = -1 }",
     "card[1].decks.rome: must not be negative"),
    ("cards.toml", "decks = { rome = 5, carthage = 4 }", "decks = { rome = 0 }",
     "card[1].decks: a card needs at least 1 copy in some deck"),
    ("cards.toml", "decks = { rome = 5, carthage = 4 }", "count = 3\ndecks = { rome = 5 }",
     "card[1].decks: give count or decks, not both"),
    ("cards.toml", "decks = { rome = 5, carthage = 4 }", "", "card[1]: missing required key "
     "'count'"),
    ("cards.toml", 'count = 2\nside = "rome"', 'decks = { carthage = 2 }\nside = "rome"',
     "card[7].decks.carthage: only rome plays this card (side), so the other side's deck "
     "may not hold it"),
])
def test_a_deck_mistake_is_one_line_with_its_file_and_key(tmp_path, file, old, new, says):
    problems = problems_after(tmp_path, PUNIC, file, old, new)
    assert any(says in p for p in problems), problems
    assert all(p.split(":")[1].isdigit() for p in problems), problems  # file:line


def test_a_misspelt_or_refused_count_is_said_once(tmp_path):
    # check_table has said it (a "did you mean", a bound): no second line
    misspelt = problems_after(tmp_path / "a", PUNIC, "cards.toml", "count = 2 ", "cuont = 2 ")
    assert len(misspelt) == 1 and "cuont" in misspelt[0], misspelt
    too_big = problems_after(tmp_path / "b", PUNIC, "cards.toml", "count = 2 ", "count = 5000 ")
    assert len(too_big) == 1 and "at most" in too_big[0], too_big


def test_a_side_with_an_empty_deck_is_refused(tmp_path):
    # every card of the copy is Rome's: Carthage would draw from nothing
    rome_only = '[[card]]\nid = "march"\nname = "March"\ncount = 2\nside = "rome"\n' \
                'effect = { kind = "move", groups = 1 }\n'
    folder = tmp_path / "punic"
    shutil.copytree(PUNIC, folder)
    (folder / "cards.toml").write_text(rome_only)
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    assert err.value.problems == ["cards.toml:1: card: the deck of carthage has no cards "
                                  '(rules.decks = "side")']


def test_the_decks_are_read_exported_and_in_the_schema():
    m = load_module(PUNIC)
    assert m.side_decks
    march, bribe = m.card_by_id("march"), m.card_by_id("bribe")
    assert (march.decks, march.count) == ((5, 4), 9) and bribe.decks == (2, 0)
    assert m.card_by_id("campaign").decks == (2, 2)  # side "any": count in each deck
    assert module_to_data(m)["cards"][0]["decks"] == {"rome": 5, "carthage": 4}
    assert "decks" in file_schema("module.toml")["properties"]["rules"]["properties"]
    assert "decks" in file_schema("cards.toml")["properties"]["card"]["items"]["properties"]
    assert not load_module("star_wars").side_decks

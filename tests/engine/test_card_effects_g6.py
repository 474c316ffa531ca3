"""Card effects a module may add (docs/rules.md G6-G8), on the Rome theme:
Plunder (revenue 3), Bribed Mercenaries (Rome: a Carthaginian legion-class
unit of a named stack changes sides as a legion), Turncoat Horse (Carthage:
cavalry to Numidian horse) and Plague (a random unit of a random stack, own
included, is lost)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tests.engine.builder import blank, card, give, put, rig, stack, tid
from warp_empires.engine import IllegalAction, apply, legal_actions, prompt, view
from warp_empires.engine.invariants import broken
from warp_empires.module import ModuleError, load_module

ROME_DIR = Path(__file__).parents[1] / "themes" / "punic"
ROME = load_module(ROME_DIR)
QUIET = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, elimination=False))


def test_revenue_fills_the_bank_at_once():
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    s.banks[0] = 2
    give(s, 0, "plunder")
    apply(s, 0, ("play", card(s, "plunder")))
    assert s.banks[0] == 5 and prompt(s).kind == "move"
    assert s.log[-1]["text"] == "Plunder: Rome gains 3 (bank 5)."


def test_a_defector_changes_sides_where_it_stands():
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "mercenaries", "elephants")
    give(s, 0, "bribe")
    apply(s, 0, ("play", card(s, "bribe")))
    # RULINGS H9: any enemy stack is named, its units are not listed
    assert legal_actions(s) == [("target", tid(s, "sicily"))]
    apply(s, 0, ("target", tid(s, "sicily")))
    assert stack(s, 1, "sicily") == ["elephants"] and stack(s, 0, "sicily") == ["legion"]
    assert "Mercenaries at Sicily changes sides and joins Rome as Legion" in s.log[-1]["text"]
    assert broken(s) == []


def test_a_stack_without_a_matching_unit_sways_nobody():
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "elephants")
    give(s, 0, "bribe")
    apply(s, 0, ("play", card(s, "bribe")))
    apply(s, 0, ("target", tid(s, "sicily")))
    assert stack(s, 1, "sicily") == ["elephants"] and not s.stacks[0][tid(s, "sicily")]
    assert s.log[-1]["text"] == "Bribed Mercenaries at Sicily sways nobody."


def test_a_defector_with_no_place_deserts():
    # G7: with no legion left in Rome's pile the defector deserts instead
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "mercenaries")
    s.piles[0] = [c for c in s.piles[0] if ROME.units[s.chits[c]].id != "legion"]
    give(s, 0, "bribe")
    apply(s, 0, ("play", card(s, "bribe")))
    apply(s, 0, ("target", tid(s, "sicily")))
    assert not s.stacks[1][tid(s, "sicily")] and not s.stacks[0][tid(s, "sicily")]
    assert "deserts the Carthaginians" in s.log[-1]["text"]


def test_only_its_side_plays_a_defect_card():
    # RULINGS M6: Bribed Mercenaries is Rome's; Carthage may only discard it
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "mercenaries")
    give(s, 0, "turncoats")
    assert ("play", card(s, "turncoats")) not in legal_actions(s)
    with pytest.raises(IllegalAction):
        apply(s, 0, ("play", card(s, "turncoats")))


@pytest.mark.parametrize("face, side, where, lost", [
    (1, 0, "latium", "legion"),    # stacks in order: Rome's, then Carthage's
    (2, 1, "sicily", "mercenaries"),
])
def test_a_random_loss_may_strike_either_side(face, side, where, lost):
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "mercenaries")
    give(s, 0, "plague")
    rig(s, face, 1, sides=(2, 1))
    apply(s, 0, ("play", card(s, "plague")))
    assert not s.stacks[side][tid(s, where)]
    assert s.log[-1]["text"].endswith(f"{ROME.unit_by_id(side, lost).name} is lost.")
    assert broken(s) == []


def test_both_sides_read_the_same_outcome():
    # RULINGS H9: a drawn loss and a defection are told to both sides alike
    s = blank(QUIET)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "mercenaries", "numidians")
    give(s, 0, "bribe")
    apply(s, 0, ("play", card(s, "bribe")))
    apply(s, 0, ("target", tid(s, "sicily")))
    own, other = view(s, 0).log[-1]["text"], view(s, 1).log[-1]["text"]
    assert own == other and "changes sides" in own


@pytest.mark.parametrize("old, new, says", [
    ('side = "rome"\ntext = "Name a Carthaginian', 'text = "Name a Carthaginian',
     "card[7].side: a defect card belongs to one side"),
    ('into = "legion"', 'into = "hannibal"',
     "card[7].effect.into: unknown unit 'hannibal' of side 'rome'"),
    ('{ kind = "revenue", amount = 3 }', '{ kind = "revenue", amount = 0 }',
     "card[6].effect.amount: must be at least 1"),
    ('{ kind = "random_loss" }', '{ kind = "random_loss", amount = 2 }',
     "card[9].effect.amount: unknown key 'amount'"),
])
def test_a_card_mistake_is_one_line(tmp_path, old, new, says):
    import shutil

    folder = tmp_path / "punic"
    shutil.copytree(ROME_DIR, folder)
    text = (folder / "cards.toml").read_text()
    assert old in text
    (folder / "cards.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    assert any(says in p for p in err.value.problems), err.value.problems
    assert all(p.startswith("cards.toml:") for p in err.value.problems)

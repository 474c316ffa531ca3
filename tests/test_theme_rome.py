"""The modding kit on a theme unlike Star Wars (tests/themes/rome): classes of
its own with rule roles (RULINGS X1), control and battle bonuses by class, and
whole games that keep every invariant."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from tests.engine.builder import blank, put, tid, to_battle
from warp_empires.engine import Game, decider, legal_actions
from warp_empires.engine.battle import totals
from warp_empires.engine.economy import take_control
from warp_empires.engine.invariants import broken
from warp_empires.module import ModuleError, load_module

ROME_DIR = Path(__file__).parent / "themes" / "rome"
ROME = load_module(ROME_DIR)
QUIET = dataclasses.replace(ROME, rules=dataclasses.replace(ROME.rules, elimination=False))


def unit(side: str, uid: str):
    return ROME.unit_by_id(ROME.side_by_id(side).index, uid)


def test_classes_of_its_own_carry_the_core_roles():
    assert ROME.class_roles["general"] == "leader"
    assert ROME.class_roles["fort"] == "fortification"
    assert ROME.class_roles["elephant"] == "" and ROME.class_roles["legion"] == ""
    assert unit("rome", "scipio").is_leader and unit("carthage", "hannibal").is_leader
    assert unit("rome", "castra").is_fortification
    assert not unit("carthage", "elephants").is_leader


def test_a_general_counts_as_a_leader_in_battle():
    # RULINGS B5: the leader bonus goes to the side whose stack alone holds one
    s = blank(QUIET)
    put(s, 0, "sicily", "scipio", "legion")
    put(s, 1, "sicily", "mercenaries", "mercenaries")
    to_battle(s)
    t = totals(s)
    assert t[0]["leader"] == ROME.rules.leader_bonus == 3 and t[1]["leader"] == 0


def test_control_follows_the_class_filter():
    # RULINGS K2 with the module's filter: legions and generals take control, cavalry not
    s = blank(QUIET)
    put(s, 0, "sicily", "equites", "equites")
    put(s, 0, "campania", "legion")
    take_control(s)
    assert s.control[tid(s, "campania")] == 0
    assert s.control[tid(s, "sicily")] == -1


def test_the_majority_bonus_counts_a_class():
    # RULINGS B5: +3 to the side with more cavalry
    s = blank(QUIET)
    put(s, 0, "sicily", "legion", "equites")
    put(s, 1, "sicily", "numidians", "numidians", "elephants")
    to_battle(s)
    t = totals(s)
    assert t[1]["majority"] == 3 and t[0]["majority"] == 0


def test_a_fort_class_is_immobile_and_must_be():
    castra = unit("rome", "castra")
    assert castra.move == 0
    text = (ROME_DIR / "units.toml").read_text().replace('speed = "immobile"', 'speed = "slow"')
    folder = _copy_with(ROME_DIR, {"units.toml": text})
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    assert any("class 'fort' has the fortification role" in p for p in err.value.problems)


@pytest.mark.parametrize("seed", range(6))
def test_whole_random_games_keep_every_invariant(seed):
    game = Game.new(ROME, seed)
    rng = random.Random(seed)
    while not game.over and game.state.turn <= 60:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
        assert broken(game.state) == []


# Module checks that name the mistake and its fix.

def _copy_with(source: Path, changes: dict[str, str]) -> Path:
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp()) / source.name
    shutil.copytree(source, folder)
    for name, text in changes.items():
        (folder / name).write_text(text)
    return folder


def _problems(changes: dict[str, str]) -> list[str]:
    with pytest.raises(ModuleError) as err:
        load_module(_copy_with(ROME_DIR, changes))
    return err.value.problems


def test_a_class_named_where_a_trait_is_expected_says_so():
    text = (ROME_DIR / "cards.toml").read_text().replace(
        'filter = { class = "cavalry" }', 'filter = { traits = ["cavalry"] }')
    (line,) = [p for p in _problems({"cards.toml": text}) if "cavalry" in p]
    assert "'cavalry' is a class, not a trait: in a filter write class = \"cavalry\"" in line


def test_a_trait_named_where_a_class_is_expected_says_so():
    text = (ROME_DIR / "module.toml").read_text().replace(
        'control_units = [{ class = "legion" }', 'control_units = [{ class = "veteran" }')
    (line,) = [p for p in _problems({"module.toml": text}) if "veteran" in p]
    assert "'veteran' is a trait, not a class: in a filter write traits = [\"veteran\"]" in line


@pytest.mark.parametrize("role, says", [
    ('"captain"', "'captain' is not a role: choose leader, fortification or none"),
])
def test_an_unknown_role_is_refused(role, says):
    text = (ROME_DIR / "module.toml").read_text().replace('role = "leader"', f"role = {role}")
    assert any(says in p for p in _problems({"module.toml": text}))


def test_the_core_classes_keep_their_roles():
    text = (ROME_DIR / "module.toml").read_text().replace(
        "[classes]\n", '[classes]\nleader = { name = "Chief", role = "none" }\n')
    assert any("the class 'leader' always has the role 'leader'" in p
               for p in _problems({"module.toml": text}))


def test_control_traits_and_control_units_together_are_refused():
    text = (ROME_DIR / "module.toml").read_text().replace(
        "control_units =", 'control_traits = ["veteran"]\ncontrol_units =')
    assert any("give control_units or control_traits, not both" in p
               for p in _problems({"module.toml": text}))


# What players read: the module's words, and sentences that agree with its sides.

VERBS = ("draw", "play", "end", "gain", "buy", "place", "take", "lose", "win", "have", "move",
         "discard", "pass", "attack", "retreat", "disband", "start", "look", "hold", "control",
         "change", "resign", "roll")
STAR_WARS_WORDS = ("Rebel", "Empire", "Imperial", "planet", "Planet", "leader", "Leader",
                   "fortification", "Fortification", "squad", "capital ship", "galaxy")


def _everything_read(seeds: range, turns: int) -> set[str]:
    """Every prompt, every choice's wording and every log line of whole games."""
    from warp_empires.engine import describe_action, prompt

    texts: set[str] = set()
    for seed in seeds:
        game = Game.new(ROME, seed)
        rng = random.Random(seed)
        while not game.over and game.state.turn <= turns:
            s = game.state
            texts.add(prompt(s).text)
            acts = [a for a in legal_actions(s) if a[0] != "unpick"]
            texts.update(describe_action(ROME, s, a) for a in acts)
            game.apply(decider(s), rng.choice(acts))
        texts.update(e["text"] for e in game.state.log)
        texts.add(prompt(game.state).text)
    return texts


def test_every_text_of_whole_games_uses_the_themes_words_and_grammar():
    from warp_empires.module.defs import singular

    texts = _everything_read(range(12), 40)
    assert len(texts) > 200
    said = " | ".join(texts)
    assert "Rome draws" in said or "Rome plays" in said
    assert "Choose the province where your forces start." in said  # the module's kind word
    assert "the Carthaginians" in said or "The Carthaginians" in said
    for wrong in ("the Rome", "The Rome"):
        assert wrong not in said, wrong
    for verb in VERBS:  # Rome is one, the Carthaginians are many
        assert f"Rome {verb} " not in said and f"Rome {verb}." not in said, verb
        assert f"Carthaginians {singular(verb)} " not in said, verb
    for word in STAR_WARS_WORDS:
        assert word not in said, word


@pytest.mark.parametrize("old, new, says", [
    ('all = [{ holds_captive = ["hannibal"] }]', 'all = [{ holds_captive = ["elephants"] }]',
     "'elephants' can never be held captive: only units of a class with the leader role are "
     "captured (RULINGS B9); give class 'elephant' role = \"leader\", or name a leader"),
    ('{ captives_at_least = 1 }', '{ captives_at_least = 3 }',
     "3 captives can never be held: Rome has 2 leader chits"),
    ('all = [{ controls = "latium" }', 'all = [{ controls = "tyrrhenian" }',
     "'tyrrhenian' can never be controlled: control markers go only on territories with "
     "revenue (RULINGS K1)"),
])
def test_a_victory_that_can_never_be_met_is_refused_with_the_fix(old, new, says):
    text = (ROME_DIR / "module.toml").read_text()
    assert old in text
    assert any(says in p for p in _problems({"module.toml": text.replace(old, new)}))


def test_a_side_that_needs_captives_but_has_no_leader_is_refused():
    units = (ROME_DIR / "units.toml").read_text().replace(
        'name = "Hannibal"\nspeed = "medium"\ncount = 1\nforce = 4\nclass = "general"',
        'name = "Hannibal"\nspeed = "medium"\ncount = 1\nforce = 4\nclass = "legion"')
    module = (ROME_DIR / "module.toml").read_text().replace(
        'all = [{ holds_captive = ["hannibal"] }]', 'all = [{ controls = "africa" }]')
    problems = _problems({"units.toml": units, "module.toml": module})
    assert any("The Carthaginians can never take a captive: capture_needs_leader is true"
               in p for p in problems), problems


def test_the_battle_panel_and_help_name_the_leader_bonus_as_the_module_does():
    from warp_empires.engine import view
    from warp_empires.tui.screens.help import module_markdown
    from warp_empires.tui.widgets.battle_panel import battle_text

    s = blank(QUIET)
    put(s, 0, "sicily", "scipio", "legion")
    put(s, 1, "sicily", "mercenaries")
    to_battle(s)
    s.battle.totals = totals(s)
    panel = battle_text(ROME, view(s, 0)).plain
    assert "general 3" in panel and "leader" not in panel.lower()
    help_text = module_markdown(ROME)
    assert "General bonus +3" in help_text and "Leader" not in help_text


def test_the_rules_tab_states_the_modules_numbers_and_words():
    from warp_empires.tui.screens.help import rules_markdown

    rules = dataclasses.replace(ROME.rules, upkeep_per_revenue=3, capture_needs_leader=False,
                                tie_winner="attacker")
    text = rules_markdown(dataclasses.replace(ROME, rules=rules))
    assert "keep 3 units on the map per point of revenue" in text
    assert "plus the general bonus" in text and "A loser's lost general is taken captive." in text
    assert "a tie goes to the attacker" in text and "one of them is: Legion; or General" in text
    assert "all its forts" in text
    for word in ("leader", "Leader", "planet", "five", "fortification", "$"):
        assert word not in text, word
    generic = rules_markdown(None)
    assert "leader bonus" in generic and "$" not in generic

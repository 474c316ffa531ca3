"""Setups in several territories and scenarios (docs/rules.md G3): the Rome
theme's scenario "sicily" sets both sides up in two territories each with
garrisons and control markers, rolls for who plays first and has victories
of its own; chosen by `play --scenario`, `simulate --scenario`, `host
--scenario` and the New Game screen, and kept in saves."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.module_copy import problems_after
from warp_empires.engine import Game, decider, legal_actions
from warp_empires.engine.invariants import broken
from warp_empires.module import load_module
from warp_empires.saves import load_game, save_game

ROME_DIR = Path(__file__).parent / "themes" / "punic"
ROME = load_module(ROME_DIR)
STAR_WARS = load_module(Path(__file__).parents[1] / "modules" / "star_wars")


def _where(game: Game, side: int) -> dict[str, list[str]]:
    s = game.state
    return {s.module.map.territories[t].id: [s.module.units[s.chits[c]].id for c in st]
            for t, st in enumerate(s.stacks[side]) if st}


def test_a_scenario_places_garrisons_and_markers_in_several_territories():
    game = Game.new(ROME, 3, {"scenario": "sicily"})
    assert _where(game, 0) == {"latium": ["scipio", "legion", "legion", "hexeres"],
                               "campania": ["legion", "castra"]}
    assert _where(game, 1) == {"africa": ["hannibal", "mercenaries", "squadron", "squadron"],
                               "sicily": ["mercenaries", "elephants"]}
    ids = [t.id for t in ROME.map.territories]
    held = {ids[t]: side for t, side in enumerate(game.state.control) if side >= 0}
    assert held == {"latium": 0, "campania": 0, "africa": 1, "sicily": 1}
    assert game.state.step == "move" and game.state.turn == 1  # nobody chooses a start
    assert broken(game.state) == []


def test_placed_garrisons_are_shown_to_both_sides():
    # the scenario is public data: both views list every placed unit
    from warp_empires.engine import view

    game = Game.new(ROME, 3, {"scenario": "sicily"})
    seen = view(game.state, 1)
    latium = seen.stacks[0][ROME.map.by_id("latium").index]
    assert [ROME.units[u.unit].id for u in latium.units] == [
        "scipio", "legion", "legion", "hexeres"]


def test_a_die_says_who_plays_first():
    firsts = set()
    for seed in range(12):
        game = Game.new(ROME, seed, {"scenario": "sicily"})
        line = next(e["text"] for e in game.state.log if "who plays first" in e["text"])
        face = int(line.split("shows ")[1].split(":")[0])
        assert game.state.active == (0 if face <= 3 else 1)
        firsts.add(game.state.active)
    assert firsts == {0, 1}


def test_the_scenarios_victories_replace_the_modules():
    game = Game.new(ROME, 3, {"scenario": "sicily"})
    texts = [v.text for v in game.state.module.victory]
    assert texts == ["Rome holds Sicily and Africa.", "Carthage holds Latium and Campania.",
                     "The Roman flagship is lost."]
    assert "Hannibal is a captive in Rome." not in texts  # the module's own


def test_without_a_scenario_the_modules_own_setup_is_played():
    plain, named = Game.new(ROME, 3), Game.new(ROME, 3, {"scenario": "sicily"})
    assert plain.state.module is ROME and named.state.module is not ROME
    assert plain.state.step == "choose_start"


def test_an_unknown_scenario_is_one_line():
    with pytest.raises(ValueError, match="module punic has no scenario 'nile' "
                                         r"\(it offers: sicily\)"):
        Game.new(ROME, 3, {"scenario": "nile"})
    with pytest.raises(ValueError, match="module star_wars has no scenario 'x' "
                                         r"\(it offers: none\)"):
        Game.new(STAR_WARS, 3, {"scenario": "x"})


@pytest.mark.parametrize("seed", range(4))
def test_whole_random_games_of_the_scenario_keep_every_invariant(seed):
    game = Game.new(ROME, seed, {"scenario": "sicily"})
    rng = random.Random(seed)
    while not game.over and game.state.turn <= 40:
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
        assert broken(game.state) == []


def test_a_scenario_game_saves_and_loads_as_it_was(tmp_path, monkeypatch):
    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(ROME_DIR.parent))
    game = Game.new(ROME, 5, {"scenario": "sicily"})
    rng = random.Random(5)
    for _ in range(60):
        acts = [a for a in legal_actions(game.state) if a[0] != "unpick"]
        game.apply(decider(game.state), rng.choice(acts))
    again = load_game(save_game(game, tmp_path / "sicily.wes"))
    assert again.options["scenario"] == "sicily"
    assert again.state.to_data() == game.state.to_data()
    assert [v.text for v in again.state.module.victory][0] == "Rome holds Sicily and Africa."


@pytest.mark.parametrize("old", ["saves_v2", "saves_v3", "saves_v4"])
def test_real_old_saves_play_the_modules_own_setup(old):
    # saves from before scenarios carry no scenario key: the module's own
    # setup, as they were played (no migration needed, nothing to rewrite)
    folder = Path(__file__).parent / "fixtures" / old
    for path in sorted(folder.glob("*.wes")):
        game = load_game(path)
        assert "scenario" not in game.options
        assert game.state.module.setup == game.module.setup
        assert game.state.module.victory == game.module.victory


# validate: a place table, scenario tables

def _problems(tmp_path: Path, old: str, new: str) -> list[str]:
    return problems_after(tmp_path, ROME_DIR, "module.toml", old, new)


@pytest.mark.parametrize("old, new, says", [
    ('place = { latium = ["scipio"', 'place = { latum = ["scipio"',
     "scenario[1].setup.rome.place.latum: unknown territory 'latum'"),
    ('campania = ["legion", "castra"]', 'campania = ["legion", "hannibal"]',
     "scenario[1].setup.rome.place.campania[2]: unknown unit 'hannibal' of side 'rome' "
     "(that is a unit of 'carthage')"),
    ('campania = ["legion", "castra"]', 'campania = []',
     "scenario[1].setup.rome.place.campania: must be a list of at least one unit id"),
    ('campania = ["legion", "castra"]', 'tyrrhenian = ["legion"]',
     "scenario[1].setup.rome.place.tyrrhenian[1]: 'legion' may not stand at 'tyrrhenian'"),
    ('first_side = "roll"', 'first_side = "dice"',
     "scenario[1].first_side: unknown side 'dice'"),
    ('id = "sicily"', 'id = "Sicily"', "scenario[1].id:"),
    ('{ controls = "sicily" }, { controls = "africa" }', '{ controls = "tyrrhenian" }',
     "scenario[1].victory[1].all[1].controls: 'tyrrhenian' can never be controlled"),
    ("[scenario.setup.carthage]", "[scenario.setup.carthago]",
     "scenario[1].setup.carthago: unknown side 'carthago'"),
    ('place = { latium = ["scipio", "legion", "legion", "hexeres"]',
     'random_units = 2\nplace = { latium = ["scipio", "legion", "legion", "hexeres"]',
     "scenario[1].setup.rome: missing 'start' (a territory id) or 'start_choices' "
     "(units, random_units and control_start go there)"),
])
def test_a_scenario_mistake_is_one_line_with_its_key_and_line(tmp_path, old, new, says):
    problems = _problems(tmp_path, old, new)
    assert any(says in p for p in problems), problems
    assert all(p.startswith("module.toml:") and p.split(":")[1].isdigit() for p in problems)


def test_two_scenarios_of_one_id_are_refused(tmp_path):
    text = (ROME_DIR / "module.toml").read_text()
    block = text[text.index("[[scenario]]"):text.index("# Offered so that")]
    problems = _problems(tmp_path, "# Offered so that", block + "# Offered so that")
    assert any("duplicate scenario id 'sicily'" in p for p in problems), problems


def test_too_many_placed_units_are_refused(tmp_path):
    problems = _problems(tmp_path, 'campania = ["legion", "castra"]',
                         'campania = ["legion", "castra", "castra", "castra", "castra"]')
    assert any("places 4 'castra' but the side has only 3" in p for p in problems), problems


# the commands

def test_simulate_plays_the_scenario(capsys):
    from warp_empires import cli

    assert cli.main(["simulate", "--module", str(ROME_DIR), "--scenario", "sicily",
                     "--games", "2", "--players", "heuristic,random", "--max-turns", "20",
                     "--check"]) == 0
    out = capsys.readouterr().out
    assert "games of punic, scenario sicily" in out and "errors 0" in out


@pytest.mark.parametrize("command", [
    ["simulate", "--module", str(ROME_DIR), "--scenario", "nile", "--games", "1"],
    ["play", "--module", str(ROME_DIR), "--scenario", "nile", "--headless",
     "--players", "random,random"],
    ["host", "localhost:1", "--module", str(ROME_DIR), "--scenario", "nile"],
])
def test_an_unknown_scenario_on_the_command_line_is_one_line(command, capsys):
    from warp_empires import cli

    assert cli.main(command) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["warp-empires: --scenario: module punic has no scenario 'nile' "
                   "(it offers: sicily)"], err


def test_play_starts_the_scenario(tmp_path, monkeypatch):
    # the app is handed the scenario with the rest of the new game's settings
    from warp_empires import cli, tui

    launched = []
    monkeypatch.setattr(tui, "run_app", lambda launch, headless: launched.append(launch) or 0)
    assert cli.main(["play", "--module", str(ROME_DIR), "--scenario", "sicily", "--headless",
                     "--players", "random,random", "--saves-dir", str(tmp_path)]) == 0
    assert launched[0].settings.scenario == "sicily"


def test_a_server_creates_a_scenario_game(tmp_path, monkeypatch):
    from warp_empires.net.protocol import BadFrame, client_frame, encode
    from warp_empires.net.server import GameServer

    monkeypatch.setenv("WARP_EMPIRES_MODULES", str(ROME_DIR.parent))
    room, tokens = GameServer(tmp_path / "server").create(
        "punic", 3, [], ["human", "human"], scenario="sicily")
    assert room.game.options["scenario"] == "sicily" and set(tokens) == {"rome", "carthage"}
    assert room.game.state.step == "move"  # set up by the scenario: no start to choose
    with pytest.raises(ValueError, match="has no scenario 'nile'"):
        GameServer(tmp_path / "other").create("punic", 3, [], ["human", "human"], scenario="nile")
    frame = {"t": "create", "v": 1, "module": "punic", "scenario": "sicily"}
    assert client_frame(encode(frame))["scenario"] == "sicily"
    with pytest.raises(BadFrame, match="scenario"):
        client_frame(encode(frame | {"scenario": 3}))

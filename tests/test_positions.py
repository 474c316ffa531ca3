"""Position files (docs/positions.md): a game that starts where a card matters,
checked like a save, refused in one line, labelled with the file everywhere."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.engine.invariants import broken
from warp_empires.module import load_module
from warp_empires.saves import list_saves, open_game, save_game, verify_doc
from warp_empires.saves.position import PositionError, read_position
from warp_empires.saves.position_game import position_game
from warp_empires.saves.position_text import opening_state
from warp_empires.saves.proof import proof_of

HERE = Path(__file__).parent / "fixtures" / "positions"
STRIKE = HERE / "hoth_strike.toml"
BATTLE = HERE / "sullust_battle.toml"


@pytest.fixture(scope="module")
def module():
    return load_module("star_wars")


def test_a_battle_position_offers_the_card_at_once(module):
    game = position_game(module, read_position(BATTLE, module))
    s = game.state
    surprise = module.card_by_id("surprise_attack").index
    assert (s.turn, s.phase, s.step, game.prompt().side) == (7, "battle", "battle_card", 0)
    assert ("play", surprise) in game.legal_actions()
    assert game.seed == 11 and game.options["seeded"]  # the file's seed, since none was given
    assert "position sullust_battle (sha256" in s.log[0]["text"]


def test_a_move_position_plays_random_turns_with_every_invariant_holding(module):
    position = read_position(STRIKE, module)
    assert (position.name, position.setting.phase) == ("Hoth strike", "move")
    for seed in range(3):
        game = position_game(module, position, seed)
        assert broken(game.state) == []
        pick = random.Random(seed)
        while not game.over and game.state.turn < 10:
            side = game.prompt().side
            game.apply(side, pick.choice(game.legal_actions(side)))
            assert broken(game.state) == [], seed


def test_the_seed_shuffles_only_what_the_file_leaves_out(module):
    position = read_position(STRIKE, module)
    a, b, again = (position_game(module, position, seed).state for seed in (1, 2, 1))
    assert a.hands == b.hands and a.stacks == b.stacks and a.banks == b.banks == [12, 20]
    assert a.deck != b.deck and a.deck == again.deck
    assert sorted(a.deck) == sorted(b.deck) and len(a.deck) == 46 - 5


def test_a_save_of_a_position_game_replays_and_names_the_position(module, tmp_path):
    position = read_position(STRIKE, module)
    game = position_game(module, position, 4)
    pick = random.Random(4)
    while game.state.turn < 9:
        side = game.prompt().side
        game.apply(side, pick.choice(game.legal_actions(side)))
    path = save_game(game, tmp_path / "strike.wes")
    opened, doc = open_game(path)
    replayed = verify_doc(doc, opened.module, str(path))
    proof = proof_of(doc, replayed.state.turn, replayed.state.phase)
    label = f"position Hoth strike (sha256 {position.sha256[:16]})"
    assert proof.summary().startswith(f"START NOT CHECKED (started from {label})")
    [info] = list_saves(tmp_path)
    assert info.from_position and info.position == label


def test_replay_verify_and_saves_say_the_position(module, tmp_path, capsys):
    code = main(["simulate", "--position", str(BATTLE), "--games", "2", "--max-turns", "9",
                 "--players", "random,heuristic", "--saves-dir", str(tmp_path), "--json"])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert data["errors"] == 0 and data["games"] == 2
    assert data["position"]["name"] == "sullust_battle"
    assert [g["seed"] for g in data["per_game"]] == [11, 12]  # the file's seed comes first
    assert main(["replay", "--verify", str(tmp_path / "sim-star_wars-11.wes")]) == 0
    assert "(started from position sullust_battle (sha256" in capsys.readouterr().out
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.count("START NOT CHECKED (started from position") == 2


# (what is changed in hoth_strike.toml, into what, and the line's expected words)
BAD = [
    ('"surprise_attack"', '"surprise_atack"',
     ":12: rebels.hand[1]: unknown card surprise_atack (did you mean 'surprise_attack'?)"),
    ("hoth = [", "hothh = [", ":17: rebels.stacks.hothh: unknown territory"),
    ('"y_wing_squad"', '"tie_fighter_squad"',
     ":18: rebels.stacks.bespin[2]: tie_fighter_squad is not a unit of rebels"),
    ('"luke_skywalker"', '"luke_skywalker", "luke_skywalker"',
     ":17: rebels.stacks.hoth[2]: 2 units luke_skywalker, more than the module has (1)"),
    ('"x_wing_squad", "x_wing_squad"', ", ".join(['"x_wing_squad"'] * 5),
     ":17: rebels.stacks.hoth[6]: 5 units x_wing_squad, more than the module has (4)"),
    ('"princess_leia"', '"x_wing"', "rebels.stacks.bespin[1]: unknown unit x_wing"),
    ('phase = "move"', 'phase = "recruit"',
     ":7: position.phase: recruit is not known (choose draw, move, battle)"),
    ("sullust = [", "hoth = [", ":26: empire.stacks.hoth: both sides stand at hoth"),
    ('control = ["hoth"', 'control = ["rimma_trade_route"',
     ":13: rebels.control: rimma_trade_route has no revenue"),
    ('captives = []', 'captives = ["luke_skywalker"]',
     ":14: rebels.captives[1]: luke_skywalker is not a unit of empire"),
    ('module = "star_wars"', 'module = "other"', ":4: position.module: is for module other"),
    ("bank = 12", "bank = -1", ":11: rebels.bank: must be a whole number"),
    ("turn = 7", "turn = 7\nwhose = 1", ":9: position.whose: unknown key"),
    ('name = "Hoth strike"', 'name = "Hoth strike', ":5: TOML syntax error"),
    ('hand = ["ion_cannons", "laser_cannons"]', "hand = " + json.dumps(["tactical_move"] * 8),
     ":22: empire.hand[8]: 9 cards tactical_move, more than the module has (8)"),
    ('hand = ["ion_cannons", "laser_cannons"]',
     "hand = " + json.dumps(["strategic_move"] * 4 + ["weak_spot", "stand_off"] * 2),
     ": the position is not a possible position (side 1 holds 8 cards after drawing)"),
]


@pytest.mark.parametrize(("old", "new", "said"), BAD, ids=[b[2][:40] for b in BAD])
def test_bad_positions_are_refused_in_one_line(module, tmp_path, old, new, said):
    text = STRIKE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(PositionError) as caught:
        position_game(module, read_position(path, module), 1)
    line = str(caught.value)
    assert "\n" not in line and line.startswith(str(path)) and said in line, line


def test_the_commands_refuse_a_bad_position_in_one_line(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(STRIKE.read_text().replace('phase = "move"', 'phase = "upkeep"'))
    for command in (["play", "--headless", "--position", str(path)],
                    ["simulate", "--position", str(path)]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "position.phase: upkeep is not known" in err


def test_the_opening_template_reads_back_as_the_opening(module, tmp_path, capsys):
    assert main(["module", "position", "star_wars", "--seed", "3"]) == 0
    path = tmp_path / "opening.toml"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    game = position_game(module, read_position(path, module), 3)
    opening = opening_state(module, 3)
    def types(s):  # chits of one type are alike: which chit stands where is free
        return [[[s.chits[c] for c in st] for st in row] for row in s.stacks]

    assert types(game.state) == types(opening) and game.state.control == opening.control
    assert (game.state.turn, game.state.active) == (1, opening.active)


def test_a_games_length_from_a_position_counts_from_the_position(capsys):
    # modder test: a game from a position at turn 9 that ended in that turn was
    # reported as 9 player-turns long
    import json

    from warp_empires.cli import main

    sullust = Path(__file__).parent / "fixtures" / "positions" / "sullust_battle.toml"
    assert main(["simulate", "--position", str(sullust), "--games", "3", "--max-turns", "8",
                 "--json"]) == 0
    games = json.loads(capsys.readouterr().out)["per_game"]
    # it starts at turn 7: turns 7 and 8 at most
    assert all(1 <= g["turns"] <= 2 for g in games), games

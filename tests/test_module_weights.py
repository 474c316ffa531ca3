"""The computer player's weights as data (issue 40): a module's weights.json
beside its TOML files, generic defaults without one, a player's own trained
file first; not rules (no part of the fingerprint), checked on load in one
line naming the file and the key."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.engine.builder import star_wars
from warp_empires.bots import make_player
from warp_empires.bots.evaluate import V1_WEIGHTS, Evaluator
from warp_empires.bots.weights import GENERIC, as_vector, user_weights_path, weights_for
from warp_empires.cli import main
from warp_empires.engine import Game
from warp_empires.module import ModuleError, load_module
from warp_empires.module.new import new_module
from warp_empires.module.weights import FEATURES, read_weights, write_weights
from warp_empires.saves import load_game

SW = Path(__file__).parents[1] / "modules" / "star_wars"
OLD_SAVE = Path(__file__).parent / "fixtures" / "saves_v3" / "random_mid_move.wes"


@pytest.fixture(autouse=True)
def own_data(monkeypatch, tmp_path):
    """A user data folder of the test's own, empty unless a test writes to it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def _copy(tmp_path: Path, source: Path = SW) -> Path:
    folder = tmp_path / source.name
    shutil.copytree(source, folder)
    return folder


def _with_weights(tmp_path: Path, text: str) -> ModuleError:
    folder = _copy(tmp_path)
    (folder / "weights.json").write_text(text)
    with pytest.raises(ModuleError) as err:
        load_module(folder)
    return err.value


def test_star_wars_ships_the_weights_it_played_with_before():
    sw = star_wars()
    assert as_vector(weights_for(sw)) == V1_WEIGHTS + (0.0,) * 5  # the richer ones unweighed
    hard = make_player("bot:hard", sw)
    assert hard.evaluator.weights[:9] == V1_WEIGHTS and hard.evaluator.sight is None


def test_star_wars_makes_the_same_moves_on_fixed_seeds_as_before():
    # the named baseline keeps the weights in code; the level reads them from
    # weights.json: the same decisions, seed for seed
    sw = star_wars()
    assert make_player("bot:normal", sw).evaluator.weights == V1_WEIGHTS + (0.0,) * 5
    moves, searched = [], []
    for in_code in (False, True):  # each turn of the two is searched alike
        game = Game.new(sw, 3)
        game.state.undo = None
        players = [make_player("bot:normal", sw, 3), make_player("heuristic", sw, 3)]
        if in_code:
            players[0].evaluator = Evaluator(sw, players[0].base.dist, V1_WEIGHTS)
        while not game.over and game.state.turn <= 2:
            p = game.prompt()
            action = players[p.side].choose(game.view(p.side, log=False), game.legal_actions())
            game.apply(p.side, action)
        moves.append(list(game.actions))
        searched.append(players[0].deliberated)
    assert moves[0] == moves[1] and len(moves[0]) > 20 and searched[0] == searched[1] > 3


def test_a_module_without_weights_plays_with_the_generic_defaults(tmp_path):
    template = load_module(new_module("mine", tmp_path))
    assert template.bot_weights is None
    assert weights_for(template) == GENERIC and set(GENERIC) == set(FEATURES)


def test_the_players_own_trained_weights_come_first(tmp_path):
    sw = star_wars()
    own = user_weights_path(sw)
    assert str(own).startswith(str(tmp_path / "data"))
    write_weights(own, {"force": 0.5, "bank": 0.25}, "trained")
    chosen = weights_for(sw)
    # what the own file leaves out is the module's
    assert chosen["force"] == 0.5 and chosen["bank"] == 0.25
    assert chosen["leaders"] == sw.bot_weights["leaders"]
    assert make_player("bot:normal", sw).evaluator.weights[FEATURES.index("force")] == 0.5
    # the named baseline never changes
    assert make_player("bot:normal:v1", sw).evaluator.weights == V1_WEIGHTS


def test_weights_are_not_rules_the_fingerprint_and_old_saves_ignore_them(tmp_path):
    folder = _copy(tmp_path)
    before = load_module(folder).fingerprint
    (folder / "weights.json").write_text(json.dumps({"format": 1, "weights": {"force": 1}}))
    changed = load_module(folder)
    assert changed.fingerprint == before == load_module(SW).fingerprint
    assert changed.bot_weights == {"force": 1.0}
    (folder / "weights.json").unlink()
    assert load_module(folder).fingerprint == before
    # a real save made before weights were data loads, and the computer plays it on
    game = load_game(OLD_SAVE)
    assert game.module.fingerprint == before and game.module.bot_weights is not None
    p = game.prompt()
    legal = game.legal_actions()
    assert make_player("bot:normal", game.module, 1).choose(game.view(p.side), legal) in legal


@pytest.mark.parametrize(("text", "said"), [
    ('{"format": 1, "weights": {"force": "much"}}',
     "weights.json: weights.force: must be a number from -1000 to 1000, not \"much\""),
    ('{"format": 1, "weights": {"force": 1e9}}', "weights.json: weights.force: must be"),
    ('{"format": 1, "weights": {"forse": 1}}', "weights.json: weights.forse: not a feature"),
    ('{"format": 2, "weights": {}}', "weights.json: format: must be 1"),
    ('{"format": 1, "weights": [1, 2]}', "weights.json: weights: must be an object"),
    ('{"format": 1, "weights": {}, "colour": 1}', "weights.json: colour: unknown key"),
    ('{"format": 1,\n "weights": {,}}', "weights.json:2: not JSON"),
    ("[]", "weights.json: must be a JSON object"),
])
def test_a_bad_weights_file_is_one_line_naming_file_and_key(tmp_path, text, said):
    from warp_empires.module.codes import code_of

    err = _with_weights(tmp_path, text)
    assert len(err.problems) == 1 and err.problems[0].startswith(said), err.problems
    assert code_of(err.details[0].message) != "E999", err.problems


def test_validate_says_it_in_one_line_with_an_exit_status(tmp_path, capsys):
    folder = _copy(tmp_path)
    (folder / "weights.json").write_text('{"format": 1, "weights": {"bank": true}}')
    assert main(["validate", str(folder)]) == 1
    out, err = capsys.readouterr()
    assert "weights.json: E103 weights.bank: must be a number" in out
    assert "Traceback" not in out + err and out.count("\n") == 1


def test_a_bad_own_weights_file_is_one_line_naming_it(tmp_path):
    sw = star_wars()
    own = user_weights_path(sw)
    own.parent.mkdir(parents=True)
    own.write_text('{"format": 1, "weights": {"captives": null}}')
    with pytest.raises(ModuleError) as err:
        make_player("bot:hard", sw)
    (line,) = err.value.problems
    assert str(own) in line and "weights.captives: must be a number" in line
    assert read_weights(SW / "weights.json") == sw.bot_weights


def test_a_bad_own_weights_file_is_told_where_a_computer_player_is_chosen_or_loaded(tmp_path):
    # The New Game dialog had it; `play --players`, `simulate`, a server's create
    # (bots.unavailable) and opening a save with a computer side crashed instead.
    from warp_empires.bots import unavailable
    from warp_empires.saves import SaveError
    from warp_empires.tui import persistence
    from warp_empires.tui.session import Session

    sw = star_wars()
    path = persistence.save(Session(Game.new(sw, 5), ("human", "bot:hard")), "mine",
                            str(tmp_path))
    own = user_weights_path(sw)
    own.parent.mkdir(parents=True)
    own.write_text('{"format": 1, "weights": {"force": "x"}}')
    for kind in ("bot", "bot:easy", "bot:hard"):
        why = unavailable(kind, sw)
        assert why is not None and str(own) in why and "weights.force: must be a number" in why
    assert unavailable("heuristic", sw) is None
    with pytest.raises(SaveError) as err:
        persistence.open_save(path)
    assert "mine" in str(err.value) and "weights.force: must be a number" in str(err.value)
    assert "\n" not in str(err.value)


def test_a_module_copied_from_another_keeps_its_weights(tmp_path):
    # `module new NAME --from star_wars` left weights.json behind: the copy's
    # computer players fell back to the generic defaults
    copy = load_module(new_module("mine", tmp_path, source=str(SW)))
    assert copy.bot_weights == read_weights(SW / "weights.json")
    assert weights_for(copy) == weights_for(star_wars())

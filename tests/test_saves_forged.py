"""Forged saves: each field a save holds is changed and the checksum (a plain
sha256 anyone can recompute) made right again. Every forgery is refused, or
`replay --verify` says what it could not check (saves/proof.py); none passes
as "ok" alone (issue: a swapped hand card, a bank +30, a sorted deck and a
zeroed generator in a `base`, with the actions emptied, printed "ok")."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.test_saves_support import wrap_obj
from warp_empires.bots import make_player
from warp_empires.cli import main
from warp_empires.engine import Game, legal_actions, prompt
from warp_empires.module import load_module
from warp_empires.saves import load_game, read_save, save_game

Doc = dict[str, Any]

REFUSED = "refused"
LABEL = "read, not checked"  # a label or option: said to be read as written
START = "START NOT CHECKED"


def _going_on() -> Game:
    g = Game.new(load_module("star_wars"), 5)
    rnd = random.Random(5)
    for _ in range(80):
        g.apply(prompt(g.state).side, rnd.choice([a for a in legal_actions(g.state)
                                                   if a[0] != "resign"]))
    return g


def _finished() -> Game:
    module = load_module("star_wars")
    for seed in range(1, 40):
        g = Game.new(module, seed)
        bots = [make_player("heuristic", module, seed + s) for s in (0, 1)]
        while not g.over and len(g.actions) < 3000:
            side = g.prompt().side
            g.apply(side, bots[side].choose(g.view(side), g.legal_actions()))
        if g.over:
            return g
    raise AssertionError("no finished game")


def _set(path: str, value: Any) -> Callable[[Doc], None]:
    def forge(doc: Doc) -> None:
        *parents, last = path.split(".")
        node = doc
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return forge


def _swap_hand_card(doc: Doc) -> None:
    hand = doc["snapshot"]["hands"][0]
    hand[0] = (hand[0] + 1) % 40


def _base_forged(doc: Doc) -> None:
    # the forgery: a start position written in the file, the
    # decisions emptied, the bank +30 and the generator set to 0
    state = copy.deepcopy(doc["snapshot"])
    state["banks"][0] += 30
    state["rng"] = 0
    state["deck"] = sorted(state["deck"])
    doc["base"] = {"format": 3, "state": state}
    doc["verbs"], doc["actions"] = [], []
    doc["snapshot"] = copy.deepcopy(state)


def _options(change: Callable[[dict], None]) -> Callable[[Doc], None]:
    def forge(doc: Doc) -> None:
        for options in (doc["options"], doc["snapshot"]["options"]):
            change(options)
    return forge


FORGERIES: list[tuple[str, Callable[[Doc], None], str]] = [
    ("a hand card swapped", _swap_hand_card, REFUSED),
    ("a bank +30", lambda d: d["snapshot"]["banks"].__setitem__(0, d["snapshot"]["banks"][0] + 30),
     REFUSED),
    ("the deck sorted", lambda d: d["snapshot"].__setitem__("deck", sorted(d["snapshot"]["deck"])),
     REFUSED),
    ("the generator set to 0", _set("snapshot.rng", 0), REFUSED),
    ("the seed changed", lambda d: d.__setitem__("seed", d["seed"] + 1), REFUSED),
    ("the decisions emptied", lambda d: d.update(verbs=[], actions=[]), REFUSED),
    ("a decision dropped", lambda d: d.update(actions=d["actions"][:-2]), REFUSED),
    ("the turn in the metadata", lambda d: d["meta"].__setitem__("turn", d["meta"]["turn"] + 1),
     REFUSED),
    ("the module fingerprint", _set("meta.module.fingerprint", "0" * 64), REFUSED),
    ("a start position, the decisions emptied", _base_forged, START),
    ("open hands added to the options", _options(lambda o: o.__setitem__("open_hands", True)),
     LABEL),
    ("'seeded' taken out of the options", _options(lambda o: o.pop("seeded", None)), LABEL),
    ("an option the engine does not know", _options(lambda o: o.__setitem__("cheat", 1)),
     REFUSED),
    # replayed under it, the game reached the same position: an option as written
    ("an optional rule added", _options(lambda o: o.__setitem__("optional", ["attrition"])),
     LABEL),
    ("the rules edition changed", _options(lambda o: o.__setitem__("rules", 9)), REFUSED),
    ("the save's name", _set("meta.name", "Not my game"), LABEL),
    ("who played a side", _set("meta.sides.0.player", "bot:hard"), LABEL),
    ("the program that wrote it", _set("meta.program", "9.9.9"), LABEL),
]

FINISHED = [
    ("the win reason made a list", _set("snapshot.win_reason", [["nested"]]), REFUSED),
    ("the win reason made an int", _set("snapshot.win_reason", 7), REFUSED),
    ("the win reason holds an escape", _set("snapshot.win_reason", "\x1b[2J won"), REFUSED),
    ("the winner swapped", lambda d: d["snapshot"].__setitem__(
        "winner", 1 - d["snapshot"]["winner"]), REFUSED),
]


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("forged")
    return {"going_on": save_game(_going_on(), folder / "going_on.wes"),
            "finished": save_game(_finished(), folder / "finished.wes")}


def _forge(source: Path, forge: Callable[[Doc], None], to: Path) -> Path:
    doc = read_save(source).to_dict()
    doc = copy.deepcopy(doc)
    forge(doc)
    to.write_bytes(wrap_obj(doc))
    return to


def _outcome(path: Path, capsys) -> str:
    code = main(["replay", str(path), "--verify"])
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "Traceback" not in err
    if code != 0:
        assert out == "" and err.count("\n") == 1, err
        return REFUSED
    assert out.count("\n") == 1
    if START in out:
        assert not out.split(": ", 1)[1].startswith("ok")
        return START
    assert ": ok: " in out and LABEL in out  # what was only read is always said
    return LABEL


@pytest.mark.parametrize(("what", "forge", "expected"), FORGERIES + FINISHED,
                         ids=[f[0] for f in FORGERIES + FINISHED])
def test_a_forged_save_is_refused_or_says_what_it_could_not_check(
        saves, tmp_path, capsys, what, forge, expected):
    source = saves["finished" if (what, forge, expected) in FINISHED else "going_on"]
    assert _outcome(source, capsys) == LABEL  # the real one: ok, and what was only read
    assert _outcome(_forge(source, forge, tmp_path / "forged.wes"), capsys) == expected, what


def test_the_result_shown_is_the_replays(saves, tmp_path):
    forged = _forge(saves["finished"], _set("snapshot.win_reason", "Forged: the Hutts win."),
                    tmp_path / "words.wes")
    game = load_game(forged)  # the words are not compared (a version may reword them)...
    assert game.state.win_reason != "Forged: the Hutts win."  # ...but never taken from the file
    assert game.state.win_reason == load_game(saves["finished"]).state.win_reason


def test_the_listing_marks_a_save_whose_start_cannot_be_checked(saves, tmp_path, capsys):
    _forge(saves["going_on"], _base_forged, tmp_path / "based.wes")
    save_game(load_game(saves["going_on"]), tmp_path / "plain.wes")
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [("START NOT CHECKED" in line) for line in sorted(lines, key=lambda s: "based" in s)
            ] == [False, True]

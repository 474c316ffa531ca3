"""A save written before the units of a stack seen in battle stayed known when
others joined it (State.seen; docs/rules.md, Battles) keeps loading: its
snapshot has no `seen` field, the replay knows such a stack, and the game
opens from the snapshot as it was saved. A snapshot naming units known that
the replay does not would show the enemy a secret, and is refused. The old
save is a real file in tests/fixtures/saves_v5."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tests.test_saves_support import wrap_obj
from warp_empires.cli import main
from warp_empires.saves import load_game, open_game, read_save

OLD = Path(__file__).parent / "fixtures" / "saves_v5" / "seen_stack_joined.wes"


def test_an_old_save_without_units_known_in_part_loads_and_the_replay_knows_them():
    game, doc = open_game(OLD)
    assert OLD.read_bytes()[8:10] == b"\x00\x05"
    assert "seen" not in doc.snapshot  # written before the field
    replayed = load_game(OLD)  # verified: the log replayed to the snapshot
    assert replayed.state.seen  # the fixture is the case it is kept for
    assert game.state.seen == []  # opened from its snapshot: as it was saved


def test_replay_verify_says_ok_for_it(capsys):
    assert main(["replay", str(OLD), "--verify"]) == 0
    assert ": ok" in capsys.readouterr().out


@pytest.mark.parametrize("forgery", ["the stack's last unit", "a stack never seen"])
def test_a_snapshot_naming_units_known_the_replay_does_not_is_refused(
        tmp_path, capsys, forgery):
    doc = copy.deepcopy(read_save(OLD).to_dict())
    state = doc["snapshot"]
    side, t, known = load_game(OLD).state.seen[0]
    if forgery == "the stack's last unit":  # all of it: a stack known whole is `shown`
        secret = [c for c in state["stacks"][side][t] if c not in known]
        state["seen"] = [[side, t, [*known, *secret]]]
        why = "known in part are not some of the stack's"
    else:
        sd, w = next((sd, w) for sd in (0, 1) for w, st in enumerate(state["stacks"][sd])
                     if len(st) > 1 and (sd, w) != (side, t))
        state["seen"] = [[side, t, list(known)], [sd, w, state["stacks"][sd][w][:1]]]
        why = "differs in: seen"
    forged = tmp_path / "forged.wes"
    forged.write_bytes(wrap_obj(doc))
    assert main(["replay", str(forged), "--verify"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err

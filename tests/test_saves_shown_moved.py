"""A save written before a stack seen whole stayed known when it moved on
whole (docs/rules.md, Battles; RULINGS H2) keeps loading: its snapshot lists
fewer stacks seen than the replay, which hides nothing it should show. A
snapshot that lists a stack the replay does not would show the enemy a
secret, and is refused. The old save is a real file in tests/fixtures/saves_v5."""

from __future__ import annotations

import copy
from pathlib import Path

from tests.test_saves_support import wrap_obj
from warp_empires.cli import main
from warp_empires.saves import load_game, open_game, read_save

OLD = Path(__file__).parent / "fixtures" / "saves_v5" / "shown_stack_moved_whole.wes"


def _shown(pairs) -> set[tuple[int, int]]:
    return {(side, t) for side, t in pairs}


def test_an_old_save_that_knew_fewer_stacks_loads_and_the_replay_knows_them():
    game, doc = open_game(OLD)
    assert OLD.read_bytes()[8:10] == b"\x00\x05"
    saved = _shown(doc.snapshot["shown"])
    replayed = load_game(OLD)  # verified: the log replayed to the snapshot
    assert saved < _shown(replayed.state.shown)  # the fixture is the case it is kept for
    assert _shown(game.state.shown) == saved  # opened from its snapshot: as it was saved


def test_replay_verify_says_ok_for_it(capsys):
    assert main(["replay", str(OLD), "--verify"]) == 0
    assert ": ok" in capsys.readouterr().out


def test_a_snapshot_listing_a_stack_the_replay_does_not_is_refused(tmp_path, capsys):
    doc = copy.deepcopy(read_save(OLD).to_dict())
    state = doc["snapshot"]
    known = _shown(load_game(OLD).state.shown)
    secret = next((side, t) for side in (0, 1) for t, st in enumerate(state["stacks"][side])
                  if st and (side, t) not in known)
    state["shown"] = [*state["shown"], list(secret)]
    forged = tmp_path / "forged.wes"
    forged.write_bytes(wrap_obj(doc))
    assert main(["replay", str(forged), "--verify"]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "differs in: shown" in err

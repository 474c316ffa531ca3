"""The engine's API contract itself (docs/engine-api.md), not any one ruling:
illegal, malformed, wrong-side and after-the-end actions raise IllegalAction
with their reason and leave the state as it was (garbage fuzzed at every kind
of step); every listed action is accepted, lists hold no duplicates and clones
share nothing; the same seed and actions give the same game byte for byte,
and a save taken at any step plays on to the same end. Resigning (RULINGS W3)
and undo (Z1) are kept apart from the legal lists.
"""

from __future__ import annotations

import random

import msgpack
import pytest

from warp_empires.engine import (
    Game,
    IllegalAction,
    State,
    apply,
    describe_action,
    legal_actions,
    prompt,
    view,
)
from warp_empires.engine.actions import VERBS
from warp_empires.engine.api import can_undo

from .builder import blank, make_module, put, star_wars
from .playout import play


@pytest.fixture(scope="module")
def sw():
    return star_wars()


def garbage_actions(n_chits: int) -> list[tuple]:
    """Malformed and out-of-range actions of every verb, and things that are no action."""
    out: list[tuple] = []
    for verb in sorted(VERBS):
        for arg in (-1, -(10**20), n_chits, n_chits + 7, 10**20, True, False, 1.5, "1", None):
            out.append((verb, arg))
        out.append((verb, 0, 0))
        if verb != "resign":
            out.append((verb,))
    out.extend([(), ("fly", 1), ("END",), ("resign", 0), None, "end", 3, b"end"])
    return out


def _check_point(s: State) -> None:
    """Every listed action is accepted, twice alike from clones, and the
    position is left as it was."""
    acts = legal_actions(s)
    assert acts and len(acts) == len(set(acts)), f"duplicates at {s.step}: {acts}"
    assert ("resign",) not in acts  # always possible, kept apart from the list
    side = prompt(s).side
    assert legal_actions(s, 1 - side) == []
    before = msgpack.packb(s.to_data())
    for a in acts:
        describe_action(s.module, s, a)
        c = s.clone(log=False)
        apply(c, side, a)  # every listed action is accepted
        d = s.clone(log=False)
        apply(d, side, a)
        assert msgpack.packb(c.to_data()) == msgpack.packb(d.to_data())
    assert msgpack.packb(s.to_data()) == before  # clones share nothing mutable
    for who in (0, 1):
        view(s, who)


def test_illegal_actions_raise_typed_errors_and_change_nothing():
    s = blank()
    put(s, 0, "a", "cruiser")
    before = s.to_data()
    with pytest.raises(IllegalAction) as e1:
        apply(s, 0, ("to", 3))
    assert e1.value.reason == "not_legal"
    with pytest.raises(IllegalAction) as e2:
        apply(s, 0, ("play",))
    assert e2.value.reason == "malformed"
    with pytest.raises(IllegalAction) as e3:
        apply(s, 1, ("end",))
    assert e3.value.reason == "wrong_side"
    with pytest.raises(IllegalAction):
        apply(s, 0, ("fly", 1))
    assert s.to_data() == before


def test_api_unhashable_verb_is_malformed():
    s = blank()
    put(s, 0, "a", "cruiser")
    before = s.to_data()
    for bad in ((["play"], 1), ({},), ([],)):
        with pytest.raises(IllegalAction) as err:
            apply(s, 0, bad)
        assert err.value.reason == "malformed"
    assert s.to_data() == before


def test_api_float_side_resigning_is_malformed():
    s = blank()
    put(s, 0, "a", "cruiser")
    before = s.to_data()
    for side in (1.0, 0.0):
        with pytest.raises(IllegalAction):
            apply(s, side, ("resign",))
    assert s.to_data() == before


def test_api_side_must_be_a_plain_int():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    for side in (False, 0.0):
        c = s.clone()
        with pytest.raises(IllegalAction):
            apply(c, side, ("end",))
    c = s.clone()
    with pytest.raises(IllegalAction):
        apply(c, True, ("resign",))


def test_api_actions_after_the_game_ended_are_refused():
    s = blank()
    put(s, 0, "a", "cruiser")
    apply(s, 1, ("resign",))
    assert legal_actions(s) == [] and legal_actions(s, 0) == []
    before = s.to_data()
    for side, a in ((0, ("end",)), (0, ("resign",)), (1, ("resign",))):
        with pytest.raises(IllegalAction) as err:
            apply(s, side, a)
        assert err.value.reason == "game_over"
    assert s.to_data() == before


@pytest.mark.parametrize("theme", ["tiny", "sw"])
def test_api_garbage_is_illegal_and_changes_nothing_at_every_kind_of_step(sw, theme):
    # docs/engine-api.md: illegal, malformed or wrong-side actions raise
    # IllegalAction (never IndexError or anything else) and leave the state as it was.
    m = make_module() if theme == "tiny" else sw
    seen: set[str] = set()
    rnd = random.Random(3)

    def each(game: Game) -> None:
        s = game.state
        if s.winner >= 0 or (s.step in seen and rnd.random() > 0.05):
            return
        seen.add(s.step)
        legal = set(legal_actions(s))
        side = prompt(s).side
        before = msgpack.packb(s.to_data())
        for a in garbage_actions(len(s.chits)):
            for who in (0, 1):
                if who == side and (a in legal or (a == ("undo",) and can_undo(s, who))):
                    continue
                with pytest.raises(IllegalAction):
                    apply(s, who, a)
        for a in legal:
            with pytest.raises(IllegalAction) as err:
                apply(s, 1 - side, a)
            assert err.value.reason == "wrong_side"
        assert msgpack.packb(s.to_data()) == before

    wanted = {"move", "move_from", "move_units", "battle_card", "casualty",
              "recruit", "predraw_discard", "discard_down", "card_target",
              "upkeep" if theme == "tiny" else "retreat"}
    if theme == "tiny":
        wanted |= {"arrange", "retreat", "place"}
        for seed in range(700, 760):  # random games until every kind of step was met
            play(m, seed, max_turns=12, each=each)
            if wanted <= seen:
                break
    else:
        play(m, 79, kinds=("heuristic", "heuristic"), max_turns=8, each=each)
    assert wanted <= seen, wanted - seen


@pytest.mark.parametrize("theme,seed", [("tiny", 1), ("tiny", 2), ("tiny", 3), ("sw", 4),
                                        ("sw", 5)])
def test_fuzz_every_legal_action_is_accepted_and_lists_have_no_duplicates(sw, theme, seed):
    m = make_module() if theme == "tiny" else sw
    rnd = random.Random(seed)
    checked = 0

    def each(game: Game) -> None:
        nonlocal checked
        if game.state.winner < 0 and rnd.random() < 0.25:
            _check_point(game.state)
            checked += 1

    for game_seed in range(900 + 10 * seed, 905 + 10 * seed):
        if theme == "tiny":
            play(m, game_seed, max_turns=14, each=each)
        else:
            play(m, game_seed, kinds=("heuristic", "heuristic"), max_turns=5, each=each)
    assert checked > 20


def test_same_seed_and_actions_give_byte_identical_star_wars_states(sw):
    wanted = {"battle_card", "casualty", "retreat", "card_target", "place", "choose_battle"}
    for seed in range(79, 140):  # the first seeded game that passes every kind of step
        a = play(sw, seed, kinds=("heuristic", "heuristic"), max_turns=13)
        g = Game.new(sw, seed)
        snaps: dict[str, tuple[int, bytes]] = {}
        for i, (side, act) in enumerate(a.actions):
            snaps.setdefault(g.state.step, (i, msgpack.packb(g.state.to_data())))
            g.apply(side, tuple(act))
        if wanted <= set(snaps):
            break
    assert wanted <= set(snaps)
    final = msgpack.packb(a.state.to_data())
    b = Game.replay(sw, seed, a.options, a.actions)
    assert msgpack.packb(b.state.to_data()) == final
    # a save taken at any kind of step and continued gives the same game too
    for i, packed in snaps.values():
        s = State.from_data(sw, msgpack.unpackb(packed))
        for side, act in a.actions[i:]:
            apply(s, side, tuple(act))
        assert msgpack.packb(s.to_data()) == final


def test_a_state_that_keeps_no_log_plays_the_same_game(sw):
    """Random play and playouts read no words: a state set up with
    log_events=False (or copied with clone(log=False)) builds none, and plays
    exactly the game a logged state plays, action for action."""
    from warp_empires.engine import setup

    for seed in (1, 3, 5):
        loud = setup(sw, seed)
        quiet = setup(sw, seed, log_events=False)
        assert loud.log and quiet.log is None
        rng = random.Random(seed)
        for n in range(3000):
            if loud.winner >= 0:
                break
            acts = legal_actions(loud)
            assert legal_actions(quiet) == acts
            a = rng.choice(acts)
            side = prompt(loud).side
            assert apply(quiet, side, a) == []
            apply(loud, side, a)
            if n == 1500:  # a copy that keeps no log plays on alike too
                quiet = quiet.clone(log=False)
                assert loud.clone(log=False).log is None
        assert quiet.log is None and loud.log
        assert msgpack.packb(quiet.to_data(log=False)) == msgpack.packb(loud.to_data(log=False))
        assert view(quiet, 0).log == [] and view(loud, 0).log
        # the side that moves reads the same; the other reads what it was told
        # (RULINGS Z2), which only a state keeping its log keeps (State.told)
        mover = loud.active
        assert view(quiet, mover, log=False) == view(loud, mover, log=False)
        loud.told = None
        assert view(quiet, 1 - mover, log=False) == view(loud, 1 - mover, log=False)

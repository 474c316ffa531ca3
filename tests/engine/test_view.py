"""What each side may see, and the text forms: RULINGS H1 (hands), H2 (enemy
stacks and moving groups), H3 (the recruit draw), H4 (spy results: who reads
them and for how long) and H5 (public facts); then how actions, prompts and
positions read (docs/engine-api.md, "Text forms"). H7 and H9 are checked on
twin positions in test_secrets.py.
"""

from __future__ import annotations

import pytest

from warp_empires.engine import (
    apply,
    can_undo,
    describe_action,
    legal_actions,
    parse_action,
    position_text,
    prompt,
    setup,
    short_text,
    view,
)
from warp_empires.engine.viewtypes import StackEntry

from .builder import blank, card, end_battle_phase, give, pick_all, put, tid


def test_h1_hand_is_secret_its_size_public():
    s = blank()
    give(s, 0, "ambush", "step")
    v1 = view(s, 1)
    assert v1.hand == [] and v1.hand_sizes == [2, 0]
    assert view(s, 0).hand == sorted([card(s, "ambush"), card(s, "step")])


def test_h2_enemy_stack_shows_top_and_size_only():
    s = blank()
    put(s, 1, "e", "destroyer", "swarm", "tyrant")
    row = view(s, 0).stacks[1][tid(s, "e")]
    assert row == StackEntry(3, s.module.unit_by_id(1, "destroyer").index)  # no units


def test_h3_recruit_draw_is_seen_by_its_owner_only():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.banks[0] = 10
    end_battle_phase(s)
    assert prompt(s).kind == "recruit"
    assert len(view(s, 0).recruit) == 5 and view(s, 1).recruit == []
    drawn = [e for e in view(s, 0).log if e["kind"] == "recruit" and e["to"] == 0]
    assert drawn and not [e for e in view(s, 1).log if e["to"] == 0]


def test_h4_spy_results_last_until_the_end_of_the_spys_turn():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.control[tid(s, "e")] = 1
    give(s, 0, "spies")
    give(s, 1, "ambush")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("hand",))
    assert view(s, 0).intel
    apply(s, 0, ("end",))
    while s.active == 0 and s.winner < 0:
        apply(s, 0, legal_actions(s)[-1])  # finish each step: done, confirm, end
    assert s.active == 1 and s.turn == 2
    assert view(s, 0).intel == []


def test_h4_spy_log_tells_the_enemy_only_that_it_was_looked_at():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "tyrant")
    give(s, 0, "spies")
    apply(s, 0, ("play", card(s, "spies")))
    apply(s, 0, ("target", tid(s, "e")))
    mine = [e["text"] for e in view(s, 0).log]
    assert any("Tyrant" in t for t in mine)
    # RULINGS Z2: the enemy is told of the card when the Move phase ends
    assert not any("at the stack of" in e["text"] for e in view(s, 1).log)
    apply(s, 0, ("end",))
    theirs = [e["text"] for e in view(s, 1).log]
    assert not any("Tyrant" in t for t in theirs)
    assert any("at the stack of" in t and "at E" in t for t in theirs)
    assert view(s, 0).intel[0]["units"] == [s.chits[c] for c in s.stacks[1][tid(s, "e")]]
    assert view(s, 1).intel == []
    assert view(s, 0).stacks[1][tid(s, "e")].units is None  # the stack stays hidden


def test_h5_public_facts_are_in_both_views():
    s = blank()
    s.control[tid(s, "c")] = 1
    s.banks = [3, 8]
    s.discard.append(card(s, "jam"))
    v0, v1 = view(s, 0), view(s, 1)
    for key in ("control", "banks", "captives", "discard", "deck_size"):
        assert getattr(v0, key) == getattr(v1, key)


def test_action_text_forms():
    s = blank()
    put(s, 0, "a", "cruiser")
    give(s, 0, "step")
    act = ("play", card(s, "step"))
    assert act in legal_actions(s)
    assert describe_action(s.module, s, act) == "play Step"
    assert parse_action(s.module, "play step") == act
    assert parse_action(s.module, short_text(act)) == act
    apply(s, 0, act)
    assert describe_action(s.module, s, ("from", tid(s, "a"))) == "move a group from A"
    apply(s, 0, parse_action(s.module, "from a"))
    assert describe_action(s.module, s, ("pick", 0)) == "move Cruiser with the group"
    apply(s, 0, parse_action(s.module, "pick 0"))
    assert describe_action(s.module, s, ("unpick", 0)) == "unpick: move Cruiser with the group"
    for a in legal_actions(s):
        assert parse_action(s.module, short_text(a)) == a


def test_position_text_names_stacks_and_control():
    s = blank()
    put(s, 0, "a", "cruiser", "wing")
    s.control[tid(s, "a")] = 0
    text = position_text(s)
    assert text.startswith("T1 Red move/move")
    assert "a *R R[cruiser,wing]" in text


def test_the_other_side_reads_only_who_decides_not_the_group():
    # RULINGS H2: a group being chosen may hold units the enemy cannot see
    s = blank()
    hero, = put(s, 0, "a", "hero")
    put(s, 0, "a", "wing")
    give(s, 0, "step")
    apply(s, 0, ("play", card(s, "step")))
    apply(s, 0, ("from", tid(s, "a")))
    pick_all(s, 0, [hero])
    own = view(s, 0).prompt.text
    other = view(s, 1).prompt.text
    assert "Hero" in own and "moves up to 3" in own
    assert "Hero" not in other and other.startswith("Waiting for the Red")


def test_the_winner_picking_the_enemy_loss_reads_eliminate():
    s = blank()
    put(s, 0, "c", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", "hauler", "swarm", "destroyer")
    apply(s, 0, ("end",))
    apply(s, 0, ("pass",))
    apply(s, 1, ("pass",))
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    first = legal_actions(s)[0]
    assert describe_action(s.module, s, first).startswith("eliminate ")
    apply(s, 0, first)
    assert describe_action(s.module, s, ("confirm",)) == "eliminate the picked unit"
    apply(s, 0, ("confirm",))
    assert describe_action(s.module, s, legal_actions(s)[0]).startswith("lose ")


def _winner_picks_from(*enemy: str):
    """A battle won by side 0's hero and cruisers against `enemy`: the winner
    picks the loser's first loss (RULINGS B7)."""
    s = blank()
    put(s, 0, "c", "hero", "cruiser", "cruiser", "cruiser")
    put(s, 1, "c", *enemy)
    apply(s, 0, ("end",))
    apply(s, 0, ("pass",))
    apply(s, 1, ("pass",))
    assert prompt(s).kind == "casualty" and prompt(s).side == 0
    return s


def test_b9_the_winner_confirming_a_leader_it_takes_reads_capture():
    # play-test: the row ticked said "capture Luke Skywalker", the confirming
    # row "eliminate the picked unit"
    s = _winner_picks_from("enforcer", "swarm")
    rows = {describe_action(s.module, s, a): a for a in legal_actions(s) if a[0] == "pick"}
    apply(s, 0, rows["capture Enforcer"])
    assert describe_action(s.module, s, ("confirm",)) == "capture the picked unit"


def test_b9_before_a_pick_the_confirming_row_reads_capture_when_every_unit_would_be():
    # play-test: "eliminate the picked unit" under a list of leaders, all captures
    s = _winner_picks_from("enforcer", "tyrant")
    picks = [describe_action(s.module, s, a) for a in legal_actions(s) if a[0] == "pick"]
    assert picks and all(p.startswith("capture ") for p in picks)
    assert describe_action(s.module, s, ("confirm",)) == "capture the picked unit"


def test_b9_before_a_pick_among_captures_and_eliminations_the_confirming_row_says_both():
    # play-test 16: row 1 read "capture Jerjerrod", the confirming row "eliminate"
    s = _winner_picks_from("enforcer", "swarm")
    picks = {describe_action(s.module, s, a).split()[0] for a in legal_actions(s)
             if a[0] == "pick"}
    assert picks == {"capture", "eliminate"}
    assert describe_action(s.module, s, ("confirm",)) == "capture or eliminate the picked unit"


def test_h2_h3_a_bought_unit_is_named_to_its_owner_only():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "a")] = 0
    s.banks[0] = 50
    end_battle_phase(s)
    i = next(a[1] for a in legal_actions(s) if a[0] == "pick")
    chit = s.pend.offer.items[i]
    apply(s, 0, ("pick", i))
    apply(s, 0, ("done",))
    name = s.unit(chit).name
    mine = " ".join(e["text"] for e in view(s, 0).log if e["kind"] == "recruit")
    theirs = " ".join(e["text"] for e in view(s, 1).log if e["kind"] == "recruit")
    assert f"You buy {name}" in mine and f"You place {name}" in mine
    assert name not in theirs and f"1 unit for {s.unit(chit).force}" in theirs


def test_card_targets_are_asked_for_in_the_cards_own_words():
    s = blank()
    s.control[tid(s, "c")] = 1
    put(s, 1, "e", "swarm")
    give(s, 0, "riot", "spies")
    apply(s, 0, ("play", card(s, "riot")))
    assert prompt(s).text == "Riot: choose an enemy control marker to remove."
    apply(s, 0, ("target", tid(s, "c")))
    apply(s, 0, ("play", card(s, "spies")))
    assert prompt(s).text == ("Spies: choose an enemy stack to look at, or look at their "
                              "hand. What it shows stands, and so does all you did before it.")


@pytest.mark.parametrize("kind", ["spies", "sabotage"])
def test_z1_a_look_or_a_probe_says_before_its_target_that_undo_stops_there(kind):
    # play-test 17: a sabotage fixed the moves before it, and nothing had said so
    s = blank()
    s.undo = []
    put(s, 1, "e", "swarm")
    give(s, 0, "riot", kind)
    s.control[tid(s, "c")] = 1
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "c")))
    assert can_undo(s, 0)
    apply(s, 0, ("play", card(s, kind)))
    assert prompt(s).text.endswith("What it shows stands, and so does all you did before it.")
    apply(s, 0, ("target", tid(s, "e")))
    assert not can_undo(s, 0)


def test_position_text_parses_back_to_the_same_position():
    # like a FEN: every position of random games, written out and read back,
    # is the same position (the event log aside), and plays on alike
    import random

    from warp_empires.engine import decider, position_from_text

    from .builder import make_module

    m = make_module()
    for seed in range(4):
        s = setup(m, seed)
        rng = random.Random(seed)
        while s.winner < 0 and s.turn <= 12:
            back = position_from_text(m, position_text(s))
            want = s.to_data()
            want["log"] = []
            assert back.to_data() == want
            assert legal_actions(back) == legal_actions(s)
            apply(s, decider(s), rng.choice(legal_actions(s)))


def test_a_text_that_is_no_position_is_refused_in_one_line():
    from warp_empires.engine import IllegalAction, position_from_text

    s = blank()
    for bad in ("", "T1 Red move/move", position_text(s)[:-5], position_text(s) + "x"):
        with pytest.raises(IllegalAction) as e:
            position_from_text(s.module, bad)
        assert e.value.reason == "malformed" and "\n" not in str(e.value)


def test_z1_the_row_of_a_look_or_a_probe_says_it_stands_where_undo_has_moves():
    # play-test 18: a lone target was taken at once, and a move before it was
    # fixed without a word (the target's prompt never came)
    from warp_empires.engine import Game
    from warp_empires.present.rows import build_choices

    def rows(s) -> dict[str, str]:
        game = Game(s.module, 0, dict(s.options), s, [])
        return {c.label.split(" (")[0]: c.label for c in build_choices(game)}

    s = blank()
    s.undo = []
    put(s, 0, "a", "wing")
    put(s, 1, "e", "swarm")
    s.control[tid(s, "c")] = 1
    give(s, 0, "riot", "sabotage", "spies", "step")
    assert not any("stands" in r for r in rows(s).values())  # nothing to take back yet
    apply(s, 0, ("play", card(s, "riot")))
    apply(s, 0, ("target", tid(s, "c")))
    said = rows(s)
    for name in ("Sabotage", "Spies"):
        assert said[f"play {name}"].endswith("(it stands, with your moves before it)")
    assert "stands" not in said["play Step"]

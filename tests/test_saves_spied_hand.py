"""A save written before a spied hand was followed by what its owner played
and drew since (engine board.tell_spies) keeps loading: a real file, made by
that version mid-battle, after a spy's look and an enemy battle card."""

from __future__ import annotations

from pathlib import Path

from warp_empires.engine import Game, decider, legal_actions
from warp_empires.engine.invariants import broken
from warp_empires.saves import load_game, open_game, save_game

OLD = Path(__file__).parent / "fixtures" / "saves_v4" / "spied_hand_mid_battle.wes"


def test_an_old_save_with_a_spied_hand_replays_to_its_snapshot():
    opened, _doc = open_game(OLD)
    spy = opened.state.active
    # the old snapshot: its looks (a hand, stacks), nothing of what came after
    kinds = [i["kind"] for i in opened.state.intel[spy]]
    assert "hand" in kinds and not {"played", "drew"} & set(kinds)
    assert any(who != spy for who, _, _ in opened.state.battle.played)
    game = load_game(OLD)  # verified: replayed, compared with the snapshot
    kinds = [i["kind"] for i in game.state.intel[spy]]
    assert "played" in kinds[kinds.index("hand"):]  # the replay notes the enemy's card
    assert broken(game.state) == []


def test_a_save_with_the_notes_loads_to_the_same_position(tmp_path):
    game = load_game(OLD)
    while not game.over and game.state.battle is not None:
        forward = [a for a in legal_actions(game.state) if a[0] not in ("undo", "unpick")]
        game.apply(decider(game.state), forward[0])
    again = load_game(save_game(game, tmp_path / "again.wes"))
    assert again.state.to_data() == game.state.to_data()
    assert isinstance(again, Game)

"""RULINGS M8: a removal card (Incite Uprising) takes the enemy's control
marker only from a territory where no enemy unit stands (a garrison keeps
order), unless the module says any marker (`targets = "any"`); games of the
first edition of the rules keep the any-marker reading, so their saves replay
unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from warp_empires.engine import Game, apply, legal_actions
from warp_empires.engine.options import RULES_KEY, edition
from warp_empires.module.defs import Effect
from warp_empires.saves.game import load_game

from .builder import blank, card, give, make_module, put, star_wars, tid, with_card

FIXTURES = Path(__file__).parents[1] / "fixtures"


def marked() -> object:
    """Blue's markers at c (a blue stack stands there) and e (nobody there);
    Red holds the removal card."""
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "c", "destroyer")
    s.control[tid(s, "c")] = 1
    s.control[tid(s, "e")] = 1
    give(s, 0, "riot")
    return s


def targets(s) -> list[int]:  # noqa: ANN001 - a State
    apply(s, 0, ("play", card(s, "riot")))
    return sorted(a[1] for a in legal_actions(s) if a[0] == "target")


def test_m8_only_markers_where_no_enemy_unit_stands() -> None:
    s = marked()
    assert targets(s) == [tid(s, "e")]


def test_m8_a_removal_card_with_no_target_is_not_playable() -> None:
    s = marked()
    s.control[tid(s, "e")] = -1  # the only marker left is garrisoned
    assert ("play", card(s, "riot")) not in legal_actions(s)
    s.stacks[1][tid(s, "c")] = ()  # the garrison gone: playable again
    assert ("play", card(s, "riot")) in legal_actions(s)


def test_m8_the_module_may_let_it_take_any_marker() -> None:
    m = with_card(make_module(), "revolt", Effect("remove_control", targets="any"))
    s = blank(m)
    put(s, 1, "c", "destroyer")
    s.control[tid(s, "c")] = 1
    give(s, 0, "revolt")
    apply(s, 0, ("play", card(s, "revolt")))
    assert [a for a in legal_actions(s) if a[0] == "target"] == [("target", tid(s, "c"))]


def test_m8_a_first_edition_game_keeps_the_any_marker_reading() -> None:
    s = marked()
    s.options = {**s.options, RULES_KEY: 1}
    assert edition(s) == 1
    assert targets(s) == [tid(s, "c"), tid(s, "e")]


def test_m8_star_wars_says_unguarded_and_its_first_turn_cannot_take_the_capital() -> None:
    module = star_wars()
    uprising = next(c for c in module.cards if c.effect.kind == "remove_control")
    assert uprising.effect.targets == "unguarded"
    for seed in range(10):
        game = Game.new(module, seed)
        s = game.state
        while s.phase != "move":
            game.apply(s.active if s.step != "choose_start" else 0, legal_actions(s)[0])
        only = [t for t, c in enumerate(s.control) if c == 1 - s.active]
        assert len(only) == 1 and s.stacks[1 - s.active][only[0]]  # the Empire's capital
        if uprising.index not in s.hands[s.active]:  # the card in hand, from the deck
            s.deck.remove(uprising.index)
            s.hands[s.active].append(uprising.index)
        play = ("play", uprising.index)
        assert play not in legal_actions(s)  # garrisoned: nothing to take


@pytest.mark.parametrize("path", sorted((FIXTURES / "saves_v4").glob("*.wes"))
                         + sorted((FIXTURES / "saves_v3").glob("*.wes")), ids=lambda p: p.name)
def test_m8_old_saves_are_first_edition_and_replay_unchanged(path: Path) -> None:
    game = load_game(path)  # replays every decision and checks the snapshot
    if game.options.get("carried"):  # a first-edition option game (saves/carry.py)
        return
    assert edition(game.state) == 1

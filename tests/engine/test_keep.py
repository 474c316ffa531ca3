"""Down to the hand limit (RULINGS D1), the cards worth most now (issue 39):
bots.hand's one weighing, used by every computer player and by the app's `a`
key. Play-test: `a` let Bothan Spies and Ion Cannons go while it kept two
Incite Uprisings, or four move cards. Each position is staged with the engine
(tests/engine/builder.py) at the Rebels' discard down to the hand limit."""

from __future__ import annotations

import pytest

from tests.engine.builder import blank, card, give, hold_captive, put, star_wars, tid
from warp_empires.bots import PLAYER_KINDS, known_kind, make_player
from warp_empires.bots.hand import keep_order, to_discard, worth_now
from warp_empires.engine import State, apply, legal_actions, view
from warp_empires.engine.economy import after_draw
from warp_empires.present.suggest import best_discards

MOVES = ("tactical_move", "tactical_move", "operational_move", "operational_move",
         "strategic_move")


def _at_the_limit(s: State, *cards: str) -> State:
    give(s, 0, *cards)
    s.phase = "draw"
    after_draw(s)
    assert s.step == "discard_down" and len(s.hands[0]) == len(cards) > 7
    return s


def _board(second_marker: bool = False) -> State:
    """Two Rebel stacks that can move, Luke in one; the Empire's stack at
    Sullust shows a Star Destroyer on top and hides two more units; Empire
    markers at Coruscant and Sullust (guarded) and Kessel (not guarded), and
    with `second_marker` at Tatooine too."""
    s = blank(star_wars())
    put(s, 0, "hoth", "luke_skywalker", "x_wing_squad", "x_wing_squad", "corellian_corvette")
    put(s, 0, "bespin", "princess_leia", "y_wing_squad")
    s.control[tid(s, "hoth")] = s.control[tid(s, "bespin")] = 0
    put(s, 1, "sullust", "imperial_star_destroyer", "tie_fighter_squad", "victory_destroyer")
    put(s, 1, "coruscant", "darth_vader", "emperor_palpatine", "imperial_base")
    for where in ("coruscant", "sullust", "kessel") + (("tatooine",) if second_marker else ()):
        s.control[tid(s, where)] = 1
    return s


def _kept_by(kind: str, s: State) -> list[str]:
    """The cards a player of `kind` keeps, on a copy of the position."""
    s = s.clone(log=False)
    player = make_player(kind, s.module, 1)
    while s.step == "discard_down":
        apply(s, 0, player.choose(view(s, 0, log=False), legal_actions(s)))
    return sorted(s.module.cards[k].id for k in s.hands[0])


def _kept_by_the_key(s: State) -> list[str]:
    v = view(s, 0, log=False)
    drop = best_discards(s.module, v)
    assert drop is not None
    items = v.pend.selection.items
    return sorted(s.module.cards[items[i]].id for i in range(len(items)) if i not in drop)


PLAY_TEST = (*MOVES, "incite_uprising", "incite_uprising", "bothan_spies", "ion_cannons",
             "weak_spot", "surprise_attack", "laser_cannons")


def test_a_spy_and_ion_cannons_outlast_a_second_uprising_and_surplus_move_cards():
    # The play-test's hand: one Imperial marker for an Uprising to take, an
    # Imperial hand and a stack the Rebels do not see, a capital ship on top
    s = _at_the_limit(_board(), *PLAY_TEST)
    kept = _kept_by_the_key(s)
    assert "bothan_spies" in kept and "ion_cannons" in kept
    assert kept.count("incite_uprising") == 1
    assert sum(k.endswith("_move") for k in kept) == 2  # two stacks to move
    # the weighing of before: the heuristic kept five move cards and let the
    # spy, both Uprisings and Ion Cannons go; the search player kept four
    old = _kept_by("heuristic:oldkeep", s)
    assert "bothan_spies" not in old and "ion_cannons" not in old
    assert sum(k.endswith("_move") for k in old) == 5
    old = _kept_by("bot:normal:oldkeep", s)
    assert "bothan_spies" not in old and sum(k.endswith("_move") for k in old) == 4
    # every computer player now keeps what the key does
    for kind in ("heuristic", "bot:easy", "bot:normal", "bot:hard"):
        assert _kept_by(kind, s) == kept, kind


def test_a_second_uprising_is_kept_while_a_second_marker_is_open_to_it():
    # RULINGS M8: each takes one marker where no enemy unit stands
    kept = _kept_by_the_key(_at_the_limit(_board(second_marker=True), *PLAY_TEST))
    assert kept.count("incite_uprising") == 2


def test_battle_cards_that_help_its_stacks_outlast_a_fourth_move_card():
    # Luke for Use the Force, four X-wings for a Strafing Run; no capital ship
    # of the Rebels' own for Turbolasers, no Rebel leader captive to rescue
    s = blank(star_wars())
    put(s, 0, "hoth", "luke_skywalker", *["x_wing_squad"] * 4)
    put(s, 0, "bespin", "princess_leia", "y_wing_squad")
    put(s, 0, "dagobah", "han_solo")
    put(s, 1, "sullust", "imperial_star_destroyer", "tie_fighter_squad")
    s = _at_the_limit(s, *MOVES, "tactical_move", "tactical_move", "use_the_force",
                      "strafing_run", "bothan_spies", "turbolasers", "daring_rescue")
    kept = _kept_by_the_key(s)
    assert {"use_the_force", "strafing_run", "bothan_spies"} <= set(kept)
    assert sum(k.endswith("_move") for k in kept) == 3  # three stacks to move
    assert "turbolasers" not in kept  # nothing of the Rebels' for it to help
    old = _kept_by("heuristic:oldkeep", s)
    assert sum(k.endswith("_move") for k in old) == 7 and "strafing_run" not in old
    for kind in ("heuristic", "bot:normal"):
        assert _kept_by(kind, s) == kept, kind


def test_a_card_is_worth_what_the_board_lets_it_do():
    s = _board()
    v = view(s, 0, log=False)
    worth = worth_now(s.module, v)
    w = {c.id: worth[c.index] for c in s.module.cards}
    assert w["probe_droid"].first < 0  # the Empire's: never the Rebels' to play (M6)
    assert w["ion_cannons"].first == 5  # the Star Destroyer on top
    assert w["weak_spot"].first == 6  # destroyed outright
    assert w["use_the_force"].first == 7 and w["turbolasers"].first == 1
    assert w["strafing_run"].first == 4  # two X-wings in one stack
    assert w["incite_uprising"].uses == 1  # Kessel alone is open to it (M8)
    assert w["incite_uprising"].first > w["bothan_spies"].first > 0
    assert w["daring_rescue"].first < 1  # no Rebel leader held captive
    hold_captive(s, 1, "han_solo")
    assert worth_now(s.module, view(s, 0, log=False))[card(s, "daring_rescue")].first >= 6
    # a spy card with nothing to show: the enemy's only stack shown whole,
    # its hand empty
    s = blank(star_wars())
    put(s, 0, "hoth", "luke_skywalker")
    put(s, 1, "sullust", "tie_fighter_squad")
    v = view(s, 0, log=False)
    assert worth_now(s.module, v)[card(s, "bothan_spies")].first < 1


def test_the_order_keeps_a_card_that_wins_at_once_above_all():
    # RULINGS M8, U1, W3: Kessel the Empire's last marker, no unit on it
    s = blank(star_wars())
    put(s, 0, "hoth", "luke_skywalker")
    put(s, 1, "sullust", "imperial_star_destroyer")
    s.control[tid(s, "kessel")] = 1
    hand = [card(s, c) for c in ("weak_spot", "strategic_move", "incite_uprising")]
    assert keep_order(s.module, view(s, 0, log=False), hand)[0] == 2


def test_the_old_weighing_is_a_baseline_no_list_offers():
    module = star_wars()
    for kind in ("heuristic:oldkeep", "bot:normal:oldkeep"):
        assert not known_kind(kind) and kind not in PLAYER_KINDS
        assert make_player(kind, module).discard is not make_player(
            kind.removesuffix(":oldkeep"), module).discard
    with pytest.raises(ValueError):
        make_player("random:oldkeep", module)


def test_to_discard_is_none_away_from_the_hand_limit():
    s = _board()
    assert to_discard(s.module, view(s, 0, log=False)) is None


def test_what_the_enemy_holds_unseen_changes_nothing():
    # RULINGS H9: the weighing reads the side's own view, in which the
    # enemy's hand is a size
    drops = []
    for enemy_hand in (("weak_spot", "ion_cannons"), ("tactical_move", "imperial_agents")):
        s = _board()
        give(s, 1, *enemy_hand)
        s = _at_the_limit(s, *PLAY_TEST)
        drops.append(to_discard(s.module, view(s, 0, log=False)))
    assert drops[0] == drops[1]

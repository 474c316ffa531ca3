"""Cards the computer players no longer spend for nothing (issue 11's
play-test): Sabotage named where no fortification is seen (RULINGS M8), a
class bonus when every unit of the class is zeroed (B4; docs/rules.md: zeroed
units stay zero), a card thrown into a battle too far gone to turn (B3), and a
spy card weighed by a search that has nothing to learn in a dealt world; and
the battle card rows that tell a person what each card would add."""

from __future__ import annotations

from tests.engine.builder import blank, card, give, put, tid, to_battle
from warp_empires.bots.cardplay import sabotage_target
from warp_empires.bots.heuristic import HeuristicPlayer
from warp_empires.bots.search import SearchPlayer
from warp_empires.engine import apply, legal_actions, view
from warp_empires.engine.forecast import card_gain


def _choose(s, side: int = 0):
    return HeuristicPlayer(s.module).choose(view(s, side, log=False), legal_actions(s))


def test_m8_sabotage_is_kept_while_no_fortification_is_seen():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "base")  # a base below the top: not seen
    give(s, 0, "sabotage")
    assert sabotage_target(s.module, view(s, 0), card(s, "sabotage")) is None
    assert _choose(s) != ("play", card(s, "sabotage"))


def test_m8_sabotage_names_the_stack_whose_fortification_is_seen():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "destroyer")
    put(s, 1, "c", "base")  # a fortification on top is seen (RULINGS H2)
    give(s, 0, "sabotage")
    assert _choose(s) == ("play", card(s, "sabotage"))
    apply(s, 0, ("play", card(s, "sabotage")))
    assert _choose(s) == ("target", tid(s, "c"))


def test_m8_with_a_full_hand_sabotage_tries_the_largest_hidden_stack():
    s = blank()
    put(s, 0, "a", "cruiser")
    put(s, 1, "e", "destroyer", "base", "swarm")
    put(s, 1, "c", "swarm")
    give(s, 0, "sabotage", "riot", "spies", "guns", "siege", "strafe", "ambush")
    assert len(s.hands[0]) == s.module.rules.hand_limit
    assert sabotage_target(s.module, view(s, 0), card(s, "sabotage"), full_hand=True) \
        == tid(s, "e")


def _battle(s, own: tuple[str, ...], foe: tuple[str, ...], *cards: str):
    """Side 0 attacks at d with `own` against `foe`, holding `cards`; the
    battle's card play waits for side 0 (RULINGS B3)."""
    put(s, 0, "d", *own)
    put(s, 1, "d", *foe)
    give(s, 0, *cards)
    to_battle(s)
    assert s.step == "battle_card" and legal_actions(s)
    return view(s, 0, log=False)


def _margin(v) -> int:
    t = v.battle.totals
    return t[0]["total"] - t[1]["total"]


def test_b4_a_class_bonus_with_every_unit_of_the_class_zeroed_is_not_played():
    s = blank()
    v = _battle(s, ("cruiser",), ("destroyer",), "guns")
    assert _margin(v) == -1 and card_gain(s.module, v, card(s, "guns")) == 1
    assert _choose(s) == ("play", card(s, "guns"))  # it helps while the cruiser fights
    s.battle.zeroed.append(s.stacks[0][tid(s, "d")][0])
    s.battle.totals = None
    v = view(s, 0, log=False)
    assert card_gain(s.module, v, card(s, "guns")) == 0
    assert _choose(s) == ("pass",)


def test_b3_no_card_is_thrown_into_a_battle_it_cannot_turn():
    s = blank()
    v = _battle(s, ("wing",), ("destroyer", "destroyer", "destroyer"), "ambush")
    assert _margin(v) + card_gain(s.module, v, card(s, "ambush")) < 0
    assert _choose(s) == ("pass",)


def test_b3_the_least_valuable_card_that_puts_the_side_ahead_is_played():
    s = blank()
    v = _battle(s, ("cruiser", "cruiser"), ("destroyer", "destroyer"), "siege", "ambush")
    margin = _margin(v)
    gains = {c: card_gain(s.module, v, card(s, c)) for c in ("siege", "ambush")}
    assert margin + gains["siege"] > 0 and margin + gains["ambush"] > 0, (margin, gains)
    assert _choose(s) == ("play", card(s, "siege"))  # the ambush is kept for later


def test_a_search_never_weighs_a_spy_card():
    s = blank()
    put(s, 0, "a", "cruiser", "cruiser")
    put(s, 1, "e", "destroyer", "destroyer")
    give(s, 0, "spies")
    bot = SearchPlayer(s.module, 0, "normal")
    spy = ("play", card(s, "spies"))
    for more in ((), ("march",)):
        give(s, 0, *more)
        v, legal = view(s, 0, log=False), legal_actions(s)
        assert spy in legal
        plays = bot._move_phase_choices(v, legal, bot.base.choose(v, legal))
        assert plays and spy not in plays


def test_b4_the_battle_card_rows_say_what_each_card_would_add():
    # Play-test: Turbolasers were offered with every capital ship at Force 0
    # and nothing said so; each battle card's row now says what it would do.
    from warp_empires.engine import Game
    from warp_empires.present.rows import build_choices

    s = blank()
    _battle(s, ("cruiser", "cruiser"), ("destroyer",), "guns", "ambush", "torpedo")
    game = Game(s.module, 0, dict(s.options), s, [])
    rows = {c.action: c.label for c in build_choices(game)}
    # and what winning costs (B8: half the destroyer's 5, rounded up; a play-test
    # won with a card and lost its last leader, and the game, to that price)
    assert rows[("play", card(s, "guns"))].endswith(
        "(+2 in your favour: then you win 12 to 5; winning costs you Force 3)")
    assert rows[("play", card(s, "ambush"))].endswith(
        "(+5 in your favour: then you win 15 to 5; winning costs you Force 3)")
    assert rows[("play", card(s, "torpedo"))].endswith(
        "(+5 in your favour: then their stack is gone and you win)")
    s.battle.zeroed.extend(s.stacks[0][tid(s, "d")])
    s.battle.totals = None
    rows = {c.action: c.label for c in build_choices(game)}
    assert rows[("play", card(s, "guns"))].endswith("(does nothing now)")


def test_b4_b5_b6_a_card_row_counts_the_majority_it_swings_and_says_who_a_tie_goes_to():
    # Play-test: Weak Spot's row said "up to -3 for them" where the total fell
    # by 5 (a Bombardment majority went with the ship), and a tie said nothing.
    from warp_empires.engine import Game
    from warp_empires.present.rows import build_choices

    s = blank()
    # 4 + 1 + 1 against 5 + 1 + 1; Point Defense 2 to 2 and Bombardment 1 to 1: no bonus
    _battle(s, ("cruiser", "wing", "wing"), ("destroyer", "swarm", "swarm"), "flak", "guns")
    game = Game(s.module, 0, dict(s.options), s, [])
    rows = {c.action: c.label for c in build_choices(game)}
    # a swarm destroyed: 6 to 6 plus the Point Defense majority now ours, 8 to 6
    assert rows[("play", card(s, "flak"))].startswith(
        "play Flak (+3 in your favour: then you win 8 to 6; winning costs you Force ")
    # +1 for the cruiser: 7 to 7, and a tie goes to the defender (B6), the other side
    assert rows[("play", card(s, "guns"))].endswith(
        "(+1 in your favour: then 7 to 7, a tie: they win it as the defender)")


def test_b4_a_destroy_card_on_a_unit_at_force_0_is_not_said_to_do_nothing():
    # play-test: Weak Spot's row said "does nothing now" against a frigate
    # already at Force 0; played, it took the frigate away all the same
    from warp_empires.engine import Game
    from warp_empires.present.rows import build_choices

    s = blank()
    _battle(s, ("cruiser",), ("swarm", "swarm"), "flak")
    s.battle.zeroed.extend(s.stacks[1][tid(s, "d")])  # both swarms at Force 0
    # one swarm less: still their Defense majority, still 0 Force
    game = Game(s.module, 0, dict(s.options), s, [])
    rows = {c.action: c.label for c in build_choices(game)}
    assert rows[("play", card(s, "flak"))].endswith(
        "(destroys a unit; the totals stay as they are)")


def test_the_suggested_discards_weigh_the_cards_as_things_stand():
    # play-tests of the `a` key at the hand limit: it kept Use the Force with
    # no Force-aware unit on the map, two Daring Rescues with no leader
    # captive, and let Strafing Runs go beside eight fighter squads
    from tests.engine.builder import hold_captive
    from warp_empires.bots.hand import IDLE, keep_order, worth_now
    s = blank()
    put(s, 0, "c", "cruiser", "captain", *["wing"] * 4)  # no "aware" unit
    hand = [card(s, "focus"), card(s, "rescue"), card(s, "strafe"), card(s, "step"),
            card(s, "march")]
    worth = worth_now(s.module, view(s, 0, log=False))
    assert worth[card(s, "focus")].first == IDLE and worth[card(s, "rescue")].first == IDLE
    assert worth[card(s, "strafe")].first == 8  # +2 to each of the four wings in one battle
    order = [hand[i] for i in keep_order(s.module, view(s, 0, log=False), hand)]
    assert order[0] == card(s, "strafe") and set(order[-2:]) == {card(s, "focus"),
                                                                  card(s, "rescue")}
    s = blank()
    put(s, 0, "c", "cruiser", "hero")  # an aware unit, and a leader of ours held captive
    s.control[tid(s, "c")] = 0  # somewhere to return to (RULINGS R3)
    hold_captive(s, 1, "captain")
    worth = worth_now(s.module, view(s, 0, log=False))
    assert worth[card(s, "focus")].first == s.module.cards[card(s, "focus")].effect.amount
    assert worth[card(s, "rescue")].first > worth[card(s, "ambush")].first


def test_the_suggested_discards_keep_an_uprising_on_the_enemys_last_marker():
    # RULINGS M8, U1, W3: it ends the game; play-test: a hand at the limit let it go
    import math

    from warp_empires.bots.hand import keep_order, worth_now
    s = blank()
    put(s, 0, "a", "hero")
    put(s, 1, "e", "destroyer")
    s.control[tid(s, "c")] = 1  # no enemy unit there (RULINGS M8)
    hand = [card(s, "step"), card(s, "march"), card(s, "riot"), card(s, "ambush")]
    assert hand[keep_order(s.module, view(s, 0, log=False), hand)[0]] == card(s, "riot")
    s.control[tid(s, "e")] = 1  # a second marker: no longer the game
    assert not math.isinf(worth_now(s.module, view(s, 0, log=False))[card(s, "riot")].first)


def test_g7_a_defection_is_kept_while_no_unit_it_sways_is_seen():
    # issue 36's modder: the heuristic played defections on stacks holding no
    # unit the card sways ("sways nobody"), as sabotage before M8's fix
    from pathlib import Path

    from warp_empires.module import load_module

    rome = load_module(Path(__file__).parents[1] / "themes" / "punic")
    s = blank(rome)
    put(s, 0, "latium", "legion")
    put(s, 1, "sicily", "elephants", "mercenaries")  # mercenaries below the top: unseen
    give(s, 0, "bribe")
    assert _choose(s) != ("play", card(s, "bribe"))
    put(s, 1, "sardinia", "mercenaries")  # on top: seen (RULINGS H2)
    assert _choose(s) == ("play", card(s, "bribe"))
    apply(s, 0, ("play", card(s, "bribe")))
    assert _choose(s) == ("target", tid(s, "sardinia"))

"""What a card's row says beside the card's name: a battle card's effect and
how the battle would then stand, a target's Force, and what a card played in
the Move phase costs or shows nothing of (present/rows.py builds the rows)."""

from __future__ import annotations

from warp_empires.engine import Action, Game, View, undo_depth
from warp_empires.engine.forecast import CardOutcome, battle_forecast, card_outcome, last_marker
from warp_empires.engine.told import REVEALS
from warp_empires.module.defs import Module
from warp_empires.present.odds import winning_cost


def card_row_note(game: Game, a: Action, view: View, types: dict[int, int]) -> str:
    """The end of a "play" or "target" row (`types`: the unit type of each
    chit the viewer sees)."""
    module = game.module
    out = ""
    if a[0] == "target" and view.pend.targets == "chit" and a[1] in types:
        then = ""
        if view.battle is not None and view.pend.card >= 0:
            # play-test: a target's row said its Force, not how the battle would stand
            told = card_outcome(module, view, view.pend.card, a[1])
            then = f": then {_then(module, told)}" if told is not None and told.has_target \
                else ""
        out += f" (Force {module.units[types[a[1]]].force}{then})"
    if a[0] == "play" and view.step == "battle_card" and view.battle is not None:
        out += card_note(module, view, a[1])
    if a[0] == "play" and view.step == "move" and undo_depth(game.state, view.side) \
            and module.cards[a[1]].effect.kind in REVEALS:
        # what it shows stands, and undo stops there (RULINGS Z1; play-test 18:
        # its lone target was taken at once and a move before it was fixed,
        # unsaid; the target's prompt says so where there is a choice)
        out += " (it stands, with your moves before it)"
    if a[0] == "target" and view.pend.targets == "territory" \
            and module.cards[view.pend.card].effect.kind == "remove_control" \
            and last_marker(module, view, a[1]):
        # play-test: a first-turn remove_control card on the enemy's only marker,
        # its capital, ended the game at its upkeep without a word of warning
        out += " (their last marker: they lose at their upkeep)"
    if a[0] == "target" and view.pend.targets == "territory" \
            and module.cards[view.pend.card].effect.kind == "spy":
        foe = view.stacks[view.enemy][a[1]]
        if foe is not None and len(foe.known()) == foe.size:
            # play-test 18: a look offered at a stack listed whole, unsaid
            out += " (known already: nothing new to see)"
    return out


def card_note(module: Module, view: View, kind: int) -> str:
    """What a battle card would do now, and how the battle would then stand
    (forecast.card_outcome: majorities, leaders and ties counted as the
    battle counts them). Play-test: Turbolasers were offered with every
    capital ship at Force 0; a Weak Spot row said "up to -3" where the total
    fell by 5 (a majority went with the ship); a tie said nothing."""
    out = card_outcome(module, view, kind)
    if out is None:
        return ""
    if out.wiped and out.swing <= 0:
        return " (then their stack is gone and you win)"
    if out.swing <= 0:
        if module.cards[kind].effect.kind == "destroy" and out.has_target:
            # play-test: Weak Spot on a unit already at Force 0 still takes it away
            return " (destroys a unit; the totals stay as they are)"
        return " (does nothing now)"
    up_to = "up to " if out.targeted else ""
    # "in your favour", the gap between the totals: a card against an enemy
    # unit leaves this side's own total as it is (play-test: "+3 for you" read
    # as three added to it)
    cost = ""
    b = view.battle
    if out.wins and not out.wiped and b is not None:
        # play-test: "then you win 9 to 6", and the win's price was the last
        # leader, and the game (RULINGS B8)
        odds = battle_forecast(module, view, b.t)
        price = winning_cost(odds, won=True) if odds is not None else ""
        cost = f"; {price}" if price else ""
    return f" ({up_to}+{out.swing} in your favour: then {_then(module, out)}{cost})"


def _then(module: Module, out: CardOutcome) -> str:
    """How the battle would stand after a card: "you win 12 to 5"."""
    own, theirs = out.totals
    if out.wiped:
        return "their stack is gone and you win"
    if out.tie:  # RULINGS B6
        return (f"{own} to {theirs}, a tie: {'you win' if out.wins else 'they win'} it "
                f"as the {module.rules.tie_winner}")
    return f"you {'win' if out.wins else 'lose'} {own} to {theirs}"

"""The one door into the rules: prompt, legal_actions and apply.

Each pending step has a row in STEPS: who decides, what they may do, how an
action is carried out, and the words that tell the player what to decide.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import battle, cards, economy, move, setup, victory
from .actions import Action, check_shape
from .board import stack_move, unit_names
from .errors import IllegalAction
from .state import NO_SIDE, State


@dataclass(frozen=True, slots=True)
class Prompt:
    side: int  # who must decide; -1 when the game is over
    kind: str  # the step, e.g. "battle_card"
    text: str  # what to decide, in plain words
    owed: int = 0  # how many more of the same decision are owed

    def to_data(self) -> dict[str, Any]:
        return {"side": self.side, "kind": self.kind, "text": self.text, "owed": self.owed}

    def public(self, state: State) -> Prompt:
        """What the other side may read: who is deciding, not the details,
        which can name units of a hidden group (RULINGS H2)."""
        if self.side == NO_SIDE:
            return self
        who = state.side_name(self.side)
        return Prompt(self.side, self.kind, f"Waiting for the {who} to decide ({state.phase} "
                      f"phase).", 0)


def _active(s: State) -> int:
    return s.active


def _none(s: State) -> int:
    return 0


@dataclass(frozen=True, slots=True)
class Step:
    side: Callable[[State], int]
    legal: Callable[[State], list[Action]]
    do: Callable[[State, Action], None]
    text: Callable[[State], str]
    owed: Callable[[State], int] = _none
    # a faster `action in legal(state)`, for steps with long legal lists
    check: Callable[[State, Action], bool] | None = None


def _card(s: State) -> str:
    return s.module.cards[s.pend["card"]].name


def _battle_at(s: State) -> str:
    return s.territory_name(s.battle["t"])


def _casualty_text(s: State) -> str:
    b = s.battle
    if b["stage"] == "loser":
        if b["picker"] != b["loser"]:  # RULINGS B7: the winner picks only the first
            return f"Battle at {_battle_at(s)} won: choose the first of the {b['owed']} " \
                   f"units the {s.says(b['loser'], 'lose')}; they choose the rest."
        return f"Battle at {_battle_at(s)} lost: choose your lost units, {b['owed']} more."
    return f"Battle at {_battle_at(s)} won: choose your own losses, Force " \
           f"{battle.casualty_owed(s)} more."


def _group_text(s: State) -> str:
    where = s.territory_name(s.pend["from"])
    sel = s.pend["sel"]
    if not sel:
        return f"{_card(s)}: choose units for the group leaving {where}."
    spaces = stack_move(s, sel)
    return (f"{_card(s)}: the group leaving {where} is {unit_names(s, sel)} (moves up to "
            f"{spaces}). Add units, or choose its destination.")


TARGET_WORDS = {
    ("spy", 0): "choose an enemy stack to look at",
    ("remove_control", 0): "choose an enemy control marker to remove",
    ("rescue", 0): "choose the captive leader to free",
    ("rescue", 1): "choose where the freed leader returns",
    ("sabotage", 0): "choose an enemy stack to sabotage",
    ("sabotage", 1): "choose the fortification to destroy",
    ("target_bonus", 0): "choose your unit to get +{amount}",
    ("zero_force", 0): "choose the enemy unit that will count 0 Force",
    ("destroy", 0): "choose the enemy unit to destroy",
}


def _target_text(s: State) -> str:
    eff = s.module.cards[s.pend["card"]].effect
    words = TARGET_WORDS.get((eff.kind, s.pend.get("stage", 0)), "choose a target")
    if eff.kind == "spy" and eff.hand:
        words += ", or look at their hand"
    return f"{_card(s)}: {words.format(amount=eff.amount)}."


STEPS: dict[str, Step] = {
    "choose_start": Step(
        setup.start_side, setup.start_legal, setup.start_do,
        lambda s: "Choose the planet where your forces start."),
    "predraw_discard": Step(
        _active, economy.predraw_legal, economy.predraw_do,
        lambda s: "Draw phase: discard any cards you don't want, then draw."),
    "discard_down": Step(
        _active, economy.discard_down_legal, economy.discard_down_do,
        lambda s: f"Too many cards: discard down to {s.module.rules.hand_limit}.",
        economy.discard_down_owed),
    "move": Step(
        _active, move.move_legal, move.move_do,
        lambda s: "Move phase: play a move or other card, change a stack's top unit, "
                  "or end the phase.", check=move.move_check),
    "move_from": Step(
        _active, move.move_from_legal, move.move_from_do,
        lambda s: f"{_card(s)}: choose where the next group starts ({s.pend['left']} group"
                  f"{'s' if s.pend['left'] != 1 else ''} left), or stop.",
        lambda s: s.pend["left"]),
    "move_units": Step(
        _active, move.move_units_legal, move.move_units_do, _group_text),
    "card_target": Step(cards.target_side, cards.target_legal, cards.target_do, _target_text),
    "choose_battle": Step(
        _active, battle.choose_legal, battle.choose_do,
        lambda s: "Battle phase: choose the next battle."),
    "battle_card": Step(
        battle.battle_side, battle.card_legal, battle.card_do,
        lambda s: f"Battle at {_battle_at(s)}: play a battle card or pass."),
    "casualty": Step(
        battle.casualty_side, battle.casualty_legal, battle.casualty_do, _casualty_text,
        battle.casualty_owed),
    "retreat": Step(
        battle.retreat_side, battle.retreat_legal, battle.retreat_do,
        lambda s: f"Battle at {_battle_at(s)} lost: choose where your survivors retreat."),
    "recruit": Step(
        _active, economy.recruit_legal, economy.recruit_do,
        lambda s: f"Recruit phase: buy units from the chits drawn (bank "
                  f"{s.banks[s.active]}), or finish."),
    "place": Step(
        _active, economy.place_legal, economy.place_do,
        lambda s: f"Recruit phase: choose where {s.unit(s.pend['placing']).name} enters play."),
    "upkeep": Step(
        _active, economy.upkeep_legal, economy.upkeep_do,
        lambda s: f"Upkeep: you may keep {economy.upkeep_limit(s, s.active)} units; choose "
                  f"units to disband, {economy.upkeep_owed(s)} more.",
        economy.upkeep_owed),
}


def prompt(state: State) -> Prompt:
    """The decision pending now: who, what kind, in words, and how many owed."""
    if state.winner != NO_SIDE:
        return Prompt(NO_SIDE, "game_over",
                      f"Game over: the {state.says(state.winner, 'win')}. {state.win_reason}")
    step = STEPS[state.step]
    return Prompt(step.side(state), state.step, step.text(state), step.owed(state))


def legal_actions(state: State, side: int | None = None) -> list[Action]:
    """Exactly what the rules allow now. For the side not deciding (given as
    `side`), that is only resigning (RULINGS W3)."""
    if state.winner != NO_SIDE or (side is not None and side not in (0, 1)):
        return []
    step = STEPS[state.step]
    decider = step.side(state)
    if side is not None and side != decider:
        return [("resign",)]
    return step.legal(state) + [("resign",)]


def apply(state: State, side: int, action: Action) -> list[dict[str, Any]]:
    """Carries out one action of `side`; returns the events it logged. The state
    is unchanged when IllegalAction is raised."""
    action = check_shape(action)
    if state.winner != NO_SIDE:
        raise IllegalAction("the game is over", "game_over")
    if type(side) is not int or side not in (0, 1):
        raise IllegalAction(f"no side {side!r}", "malformed")
    start = len(state.log)
    if action[0] == "resign":
        victory.resign(state, side)
        return state.log[start:]
    step = STEPS[state.step]
    decider = step.side(state)
    if side != decider:
        raise IllegalAction(f"the {state.side_name(decider)} must decide now, not the "
                            f"{state.side_name(side)}", "wrong_side")
    legal = step.check(state, action) if step.check else action in step.legal(state)
    if not legal:
        raise IllegalAction(f"{' '.join(map(str, action))} is not legal now "
                            f"({state.step})", "not_legal")
    step.do(state, action)
    return state.log[start:]

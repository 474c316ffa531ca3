"""The seven-phase player-turn, step by step (RULINGS T1). Each function ends
one phase and starts the next, stopping wherever a player must decide."""

from __future__ import annotations

from . import battle, economy, victory
from .board import draw_cards, log, other, units_on_map
from .state import State


def start_turn(s: State) -> None:
    s.turn += 1
    s.phase = "draw"
    s.pend = {}
    log(s, f"Turn {s.turn}: the {s.says(s.active, 'play')}.", kind="turn")
    if s.hands[s.active]:
        s.step = "predraw_discard"  # RULINGS D1: discard unwanted cards first
    else:
        draw_cards(s, s.active, s.module.rules.draw)
        economy.after_draw(s)


def begin_move(s: State) -> None:
    if victory.check(s):
        return
    s.phase = "move"
    s.step = "move"
    s.pend = {}


def end_move(s: State) -> None:
    if victory.check(s):
        return
    s.phase = "battle"
    s.pend = {}
    battle.begin_phase(s)


def end_battle_phase(s: State) -> None:
    if victory.check(s):
        return
    s.phase = "revenue"
    economy.collect_revenue(s)
    if victory.check(s):
        return
    s.phase = "recruit"
    if economy.begin_recruit(s):
        s.step = "recruit"
    else:
        end_recruit(s)


def end_recruit(s: State) -> None:
    s.pend = {}
    if victory.check(s):
        return
    s.phase = "upkeep"
    if economy.upkeep_owed(s) > 0:
        s.step = "upkeep"
    else:
        end_upkeep(s)


def end_upkeep(s: State) -> None:
    if victory.check(s):
        return
    s.phase = "control"
    economy.take_control(s)
    if victory.check(s):
        return
    end_turn(s)


def end_turn(s: State) -> None:
    s.history.append([s.turn, s.active, s.banks[s.active], s.revenue[s.active],
                      units_on_map(s, 0), units_on_map(s, 1)])
    s.intel[s.active] = []  # what the spies showed lasts until the end of the turn
    s.active = other(s.active)
    start_turn(s)

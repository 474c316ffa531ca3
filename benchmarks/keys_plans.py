"""What the player of bench_keys.py means to do, found by letting copies of
the computer players choose on copies of the game: the picks of a
selection, the places of its recruits, a run of picks, whether it passes to
the end of a battle or stops a move card and ends the Move phase, and the
group it forms. Kept apart so bench_keys.py reads as the key counting."""

from __future__ import annotations

import copy
from typing import Any

from warp_empires.engine import Game, apply, decider, legal_actions, view
from warp_empires.engine.forecast import wins_as_it_stands
from warp_empires.present.suggest import pick_all_order


def planned_picks(game: Game, player: Any, s: Any = None) -> set[int] | None:
    """The items the player will tick in the selection open now (a group's
    units, the cards down to the hand limit), found by letting a copy of it
    choose on a copy of the game (or on the state `s`); None if it unticks one."""
    s = game.state.clone(log=False) if s is None else s
    p = copy.deepcopy(player)
    side, step = decider(s), s.step
    picked: set[int] = set()
    while s.step == step and decider(s) == side:
        a = p.choose(view(s, side, log=False), legal_actions(s))
        if a[0] == "unpick":
            return None
        if a[0] != "pick":
            return picked
        picked.add(a[1])
        apply(s, side, a)
    return picked


def planned_places(game: Game, player: Any) -> list[int]:
    """Where the player will put each recruit still to place, found on copies."""
    s = game.state.clone(log=False)
    p = copy.deepcopy(player)
    side = decider(s)
    places: list[int] = []
    while s.step == "place" and decider(s) == side:
        a = p.choose(view(s, side, log=False), legal_actions(s))
        places.append(a[1])
        apply(s, side, a)
    return places


def planned_run(game: Game, player: Any) -> list[tuple]:
    """The picks or places the player will make in the step open now, before
    it would confirm, found by letting a copy of it choose on a copy."""
    s = game.state.clone(log=False)
    p = copy.deepcopy(player)
    side, step = decider(s), s.step
    run: list[tuple] = []
    while s.step == step and decider(s) == side:
        a = p.choose(view(s, side, log=False), legal_actions(s))
        if a[0] not in ("pick", "place"):
            break
        run.append(tuple(a))
        apply(s, side, a)
    return run


def passes_to_the_end(game: Game, players: list[Any]) -> bool:
    """Whether the side choosing a battle card passes now and at each of its
    later turns of this battle's card play, found by letting copies of both
    players play it out on a copy of the game (then `P` says so at once)."""
    s = game.state.clone(log=False)
    ps = [copy.deepcopy(p) for p in players]
    side, battle = decider(s), (s.turn, s.battle.t)
    winning = wins_as_it_stands(game.module, view(s, side, log=False))
    while s.step in ("battle_card", "card_target") and s.battle is not None \
            and (s.turn, s.battle.t) == battle:
        who = decider(s)
        seen = view(s, who, log=False)
        if who == side and s.step == "battle_card" and winning \
                and not wins_as_it_stands(game.module, seen):
            return True  # `P` lapses here: the app asks again (tui/standing_pass.py)
        a = ps[who].choose(seen, legal_actions(s))
        if who == side and a[0] != "pass":
            return False
        apply(s, who, a)
    return True


def stops_then_ends(game: Game, player: Any) -> bool:
    """Whether the player, stopping with a move card, then ends the Move phase
    (then `e` says both at once), found on copies."""
    s = game.state.clone(log=False)
    side = decider(s)
    apply(s, side, ("stop",))
    if s.step != "move" or decider(s) != side:
        return False
    return tuple(copy.deepcopy(player).choose(view(s, side, log=False), legal_actions(s))) \
        == ("end",)


def intended_group(game: Game, player: Any) -> set[int]:
    """The items the player would pick for the group open now, were none
    picked: the app picks a chosen stack whole (present.suggest.evident_move),
    and the player's split, if any, is found on copies."""
    s = game.state.clone(log=False)
    side = decider(s)
    for i in list(s.pend.group.picked):
        apply(s, side, ("unpick", i))
    return planned_picks(game, player, s) or set()


def pick_all_group(game: Game) -> set[int]:
    """What `a` (pick every unit that may join) picks now (GameScreen.action_pick_all)."""
    s = game.state.clone(log=False)
    side = decider(s)
    picked: set[int] = set()
    for i in pick_all_order(view(s, side, log=False)):
        if ("pick", i) in legal_actions(s):
            apply(s, side, ("pick", i))
            picked.add(i)
    return picked

"""One game being played in the TUI: who plays each side, whose view is shown,
when the keyboard changes hands, and the computer players' moves.

No rule is decided here: every question goes to the engine, and every
picture is drawn from view(state, side) for the side allowed to see it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from warp_empires.engine import Action, Game, Prompt, describe_action
from warp_empires.engine.actions import TERRITORY_VERBS
from warp_empires.module.defs import Module
from warp_empires.tui.players import HUMAN, Player, make_player

NO_SIDE = -1
# Chit verbs whose unit may stand anywhere on the map.
WHERE_VERBS = frozenset({"top", "disband"})
FORCE_VERBS = frozenset({"lose", "disband", "add"})


@dataclass(frozen=True)
class Choice:
    """One legal action as the player reads it."""

    action: Action
    label: str
    territory: int | None  # set when the action picks a territory on the map


class Session:
    def __init__(
        self, game: Game, players: tuple[str, str], *, max_turns: int | None = None
    ) -> None:
        self.game = game
        self.players = players
        # A game option, so that view() itself shows both hands (RULINGS H1).
        self.open_hands = bool(game.options.get("open_hands"))
        self.max_turns = max_turns
        self._bots: dict[int, Player] = {
            side: make_player(kind, game.module, game.seed + 7919 * (side + 1))
            for side, kind in enumerate(players)
            if kind != HUMAN
        }

    @property
    def module(self) -> Module:
        return self.game.module

    # -- who sees what ----------------------------------------------------

    def is_human(self, side: int) -> bool:
        return 0 <= side < 2 and self.players[side] == HUMAN

    @property
    def human_sides(self) -> list[int]:
        return [s for s in (0, 1) if self.is_human(s)]

    @property
    def hot_seat(self) -> bool:
        """Two people share the screen and must not see each other's secrets."""
        return len(self.human_sides) == 2 and not self.open_hands

    def viewer(self, current: int | None) -> int:
        """Whose view to draw now. Two people: whoever must decide (else the
        current one stays). One person: always theirs. Nobody: the active side."""
        p = self.prompt()
        humans = self.human_sides
        if len(humans) == 2:
            if self.is_human(p.side):
                return p.side
            return current if current is not None else self.game.state.active
        if len(humans) == 1:
            return humans[0]
        return self.game.state.active

    def view(self, side: int) -> dict[str, Any]:
        return self.game.view(side)

    # -- decisions --------------------------------------------------------

    def prompt(self) -> Prompt:
        return self.game.prompt()

    @property
    def over(self) -> bool:
        return self.game.over or self.turn_cap_reached

    @property
    def turn_cap_reached(self) -> bool:
        return self.max_turns is not None and self.game.state.turn > self.max_turns

    def choices(self) -> list[Choice]:
        """The deciding side's legal actions, resigning left to the palette."""
        p = self.prompt()
        if p.side == NO_SIDE:
            return []
        view = self.game.view(p.side)
        places, types = _visible_chits(view)
        names = self.module.map.territories
        out = []
        battles: set[Action] = set()
        for a in self.game.legal_actions():
            if a[0] == "resign":
                continue
            label = describe_action(self.module, self.game.state, a)
            chit_target = a[0] == "target" and view["pend"].get("targets") == "chit"
            if (a[0] in FORCE_VERBS or chit_target) and a[1] in types:
                # Losses are counted in Force (RULINGS B8): show it; a group
                # moves at its slowest unit's speed (RULINGS M1): show that too.
                unit = self.module.units[types[a[1]]]
                speed = f", {unit.speed}" if a[0] == "add" else ""
                label += f" (Force {unit.force}{speed})"
            if a[0] == "to" and view["stacks"][1 - p.side][a[1]]:
                # Entering an enemy stack ends the move and means a battle (RULINGS M2).
                label += " (enemy: battle)"
                battles.add(a)
            if a[0] in WHERE_VERBS and a[1] in places:
                # Same unit type may stand in several places: say which one.
                label += f" at {names[places[a[1]]].name}"
            out.append(Choice(a, label, _territory_of(a, view)))
        if battles:
            # Attacks first among the destinations, so the number keys reach them.
            first = {c.action[0]: i for i, c in reversed(list(enumerate(out)))}
            out.sort(key=lambda c: (first[c.action[0]], c.action not in battles))
        return out

    def apply(self, side: int, action: Action) -> list[dict[str, Any]]:
        """Carry out a person's or a computer's action; IllegalAction passes up."""
        return self.game.apply(side, action)

    def resign(self, side: int) -> None:
        self.game.apply(side, ("resign",))

    def bot_to_move(self) -> int | None:
        """The computer side that must decide now, if any."""
        if self.over:
            return None
        side = self.prompt().side
        return side if side in self._bots else None

    def bot_step(self) -> Action | None:
        """Let the deciding computer player make one move."""
        side = self.bot_to_move()
        if side is None:
            return None
        legal = self.game.legal_actions()
        try:
            action = self._bots[side].choose(self.game.view(side), legal)
            self.game.apply(side, action)
        except Exception:  # noqa: BLE001 - a player's bug must not stall the game
            action = next(a for a in legal if a[0] != "resign")
            self.game.apply(side, action)
        return action

    # -- results ----------------------------------------------------------

    def result_line(self) -> str:
        """One line saying how the game ended, for the end screen and the CLI."""
        s = self.game.state
        m = self.module
        if s.winner >= 0:
            reason = f" {s.win_reason}" if s.win_reason else ""
            # Turn 0 is the setup before the first turn: the screen calls it turn 1.
            return f"The {s.says(s.winner, 'win')} on turn {max(s.turn, 1)}.{reason}"
        public = self.game.view(0)  # control and stack sizes are public (RULINGS H5)
        parts = []
        for side in (0, 1):
            held = sum(1 for c in public["control"] if c == side)
            units = sum(e["size"] for e in public["stacks"][side] if e)
            parts.append(f"{m.sides[side].short} {held} territories, {units} units")
        return f"No winner after {s.turn - 1} turns (turn cap); {'; '.join(parts)}."


def _visible_chits(view: dict[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    """Chits the view lists unit by unit: where each of the viewer's own stands
    (chit -> territory), and every listed chit's unit type (chit -> type)."""
    places: dict[int, int] = {}
    types: dict[int, int] = {}
    for side, stacks in enumerate(view["stacks"]):
        for t, entry in enumerate(stacks):
            for unit in (entry or {}).get("units", []):
                types[unit["chit"]] = unit["unit"]
                if side == view["side"]:
                    places[unit["chit"]] = t
    return places, types


def _territory_of(action: Action, view: dict[str, Any]) -> int | None:
    """The territory an action names, for highlighting it on the map."""
    verb = action[0]
    if verb in TERRITORY_VERBS:
        return action[1]
    if verb == "target" and view["pend"].get("targets") == "territory":
        return action[1]
    return None

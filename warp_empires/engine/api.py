"""The one door into the rules: prompt, legal_actions, apply, undo.

Each pending step is one object (steps.py) beside the rules it belongs to:
who decides, the legal list, a fast legality check, the effect and the
prompt's words. This module only finds the step and keeps the door.
"""

from __future__ import annotations

from typing import Any

from . import (
    advance,
    attrition,
    battle,
    cards,
    economy,
    flow,
    hangar,
    interception,
    move,
    start,
    told,
    victory,
    withdrawal,
)
from .actions import Action, check_shape
from .decks import cards_discarded, cards_left
from .errors import IllegalAction
from .state import NO_SIDE, State
from .steps import Step

STEPS: dict[str, Step] = {
    step.kind: step
    for step in (*start.STEPS, *economy.STEPS, *move.STEPS, *cards.STEPS, *battle.STEPS,
                 *attrition.STEPS, *withdrawal.STEPS, *interception.STEPS,
                 *hangar.STEPS, *advance.STEPS)
}


class Prompt:
    """The decision pending: who decides and what kind of decision, with its
    words, how many more of the same are owed, whether it is forced (exactly
    one legal action, and everyone can see that: RULINGS H9) and whether the
    side may undo (Z1). The words, `owed` and `forced` are worked out when first
    read, from the state as it was when the prompt was made: read them before
    applying another action."""

    __slots__ = ("side", "kind", "undo", "_state", "_text", "_owed", "_forced")

    def __init__(self, side: int, kind: str, text: str | None = None, owed: int = 0,
                 forced: bool = False, undo: bool = False, state: State | None = None) -> None:
        self.side = side
        self.kind = kind
        self.undo = undo
        self._state = state
        self._text = text
        self._owed = None if state is not None else owed
        self._forced = None if state is not None else forced

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = STEPS[self.kind].text(self._made_from())
        return self._text

    @property
    def owed(self) -> int:
        if self._owed is None:
            self._owed = STEPS[self.kind].owed(self._made_from())
        return self._owed

    @property
    def forced(self) -> bool:
        if self._forced is None:
            step = STEPS[self.kind]
            s = self._made_from()
            self._forced = step.forced(s, step.legal(s))
        return self._forced

    def _made_from(self) -> State:
        """The state the prompt was made from: what is not worked out yet is
        worked out from it (a prompt made without one was given everything)."""
        assert self._state is not None, "a prompt made without a state is given its words"
        return self._state

    @property
    def all_public(self) -> bool:
        """Everything this decision shows its side (words, legal list, picks so
        far) is public, so both players may watch it being taken (Step.all_public)."""
        step = STEPS.get(self.kind)
        return step is not None and step.all_public

    def to_data(self) -> dict[str, Any]:
        return {"side": self.side, "kind": self.kind, "text": self.text, "owed": self.owed,
                "forced": self.forced, "undo": self.undo, "all_public": self.all_public}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Prompt:
        """The prompt from `to_data`'s form (`all_public` follows from the kind)."""
        return cls(data["side"], data["kind"], data["text"], data["owed"], data["forced"],
                   data["undo"])

    def settled(self, forced: bool | None = None) -> Prompt:
        """A copy with its words, `owed` and `forced` worked out now, that no
        longer reads the state (a view keeps it after the state has moved on);
        `forced` when the caller has worked it out already."""
        return Prompt(self.side, self.kind, self.text, self.owed,
                      self.forced if forced is None else forced, self.undo)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Prompt) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"Prompt({self.to_data()!r})"

    def public(self, state: State) -> Prompt:
        """What the other side may read: who is deciding, not the details,
        which can name units of a hidden group (RULINGS H2)."""
        if self.side == NO_SIDE:
            return self
        who = state.the(self.side)
        return Prompt(self.side, self.kind, f"Waiting for {who} to decide ({state.phase} "
                      f"phase).")


def decider(state: State) -> int:
    """The side that must decide now; -1 when the game is over."""
    if state.winner != NO_SIDE:
        return NO_SIDE
    return STEPS[state.step].side(state)


def prompt(state: State) -> Prompt:
    """The decision pending now."""
    if state.winner != NO_SIDE:
        return Prompt(NO_SIDE, "game_over",
                      f"Game over: {state.says(state.winner, 'win', start=False)}. "
                      f"{state.win_reason}")
    step = STEPS[state.step]
    side = step.side(state)
    return Prompt(side, state.step, undo=bool(state.undo), state=state)


def seen_prompt(state: State, side: int) -> Prompt:
    """The pending decision as `side` reads it: in full when it decides, else
    who decides (Prompt.public) in the position it was told (RULINGS Z2)."""
    pr = prompt(state)
    if pr.side == side:
        return pr
    t = told.as_told(state, side)
    return (pr if t is state else prompt(t)).public(t)


def legal_actions(state: State, side: int | None = None) -> list[Action]:
    """Exactly what the rules allow now, for the deciding side; empty for the
    other side. Resigning (any time, either side) and undo (`can_undo`) are
    kept apart from the list."""
    if state.winner != NO_SIDE or (side is not None and side not in (0, 1)):
        return []
    step = STEPS[state.step]
    if side is not None and side != step.side(state):
        return []
    acts = step.legal(state)
    state.listed = acts  # apply checks an action against it (State.listed)
    return acts


def can_undo(state: State, side: int) -> bool:
    """Whether `side` may take back its latest decision now (RULINGS Z1)."""
    return bool(state.undo) and state.winner == NO_SIDE and decider(state) == side


def undo_depth(state: State, side: int) -> int:
    """How many of its latest decisions `side` may take back now, one at a
    time (RULINGS Z1, Z2): what a front end tells a person ("3 back")."""
    return len(state.undo or ()) if can_undo(state, side) else 0


def where(state: State) -> str:
    """A short public name of the position, for error messages: nothing in it
    is secret (RULINGS H9)."""
    return f"turn {state.turn}, {state.side_name(state.active)} {state.phase}/{state.step}"


def apply(state: State, side: int, action: Action) -> list[dict[str, Any]]:
    """Carries out one action of `side`; returns the events it logged. The state
    is unchanged when IllegalAction is raised."""
    listed = state.listed
    state.listed = None  # whatever happens next, the list may be out of date
    # An action taken from the list legal_actions gave for this very position
    # (that very object, not an equal one) is well formed and legal: neither
    # needs a second look. Any other goes through check_shape and step.check.
    known = False
    if listed is not None:
        try:  # inline: this runs for every action of every playout
            known = listed[listed.index(action)] is action
        except Exception:  # not in the list, or something that cannot even be compared
            known = False
        if known and state.undo is None:
            # The fast path of playouts: a listed action is never resign or undo,
            # and the game was not over when it was listed (nothing has been
            # applied since). Only who may take it is left to see.
            step = STEPS[state.step]
            if type(side) is int and side == step.side(state):
                return _carry_out(state, step, action)
    if not known:
        action = check_shape(action)
    if state.winner != NO_SIDE:
        raise IllegalAction(f"the game is over ({where(state)})", "game_over")
    if type(side) is not int or side not in (0, 1):
        raise IllegalAction(f"no side {side!r}", "malformed")
    s = state
    start = 0 if s.log is None else len(s.log)
    verb = action[0]
    if verb == "resign":
        victory.resign(s, side)
        s.told = None  # the game is over: everything is told
        return _since(s, start)
    step = STEPS[s.step]
    deciding = step.side(s)
    if side != deciding:
        raise IllegalAction(f"{s.the(deciding)} must decide now, not "
                            f"{s.the(side)} ({where(s)})", "wrong_side")
    if verb == "undo":
        if not s.undo:
            raise IllegalAction(f"nothing to undo ({where(s)})", "not_legal")
        checkpoints = s.undo
        s.restore(checkpoints.pop())
        s.undo = checkpoints
        return []
    if not known and not step.check(s, action):
        raise IllegalAction(f"'{' '.join(map(str, action))}' is not legal now ({where(s)})",
                            "not_legal")
    if s.undo is None:
        return _carry_out(s, step, action)
    # undo is only kept (Game) by states that keep their log: the log lines tell
    # what the other side saw
    told.begin(s, side)  # a stretch opened from a save starts here, not at this decision
    before = s.clone()
    seen, shown = _exposed(s), told.revealed(s)
    was_told = s.told
    events = _carry_out(s, step, action)
    checkpoints = s.undo
    if s.told is not None and s.told is was_told:
        # RULINGS Z2: the mover's own Move phase, not told yet: its public doings
        # can be taken back, but not past a spy's reveal to the mover (Z1)
        barrier = told.revealed(s) != shown or told.probed(before, action)
    elif s.told is not was_told:
        barrier = True  # told just now (told.after): a draw or roll, the phase's end
    else:
        # RULINGS Z1: nothing before a draw or roll, a reveal, anything the other
        # side could see (every public change is logged), or its decision
        other = 1 - side
        barrier = (_exposed(s) != seen or decider(s) != side
                   or any(e["to"] is None or e["to"] == other for e in events))
    if barrier:
        checkpoints.clear()
    else:
        checkpoints.append(before)
    return events


def _carry_out(s: State, step: Step, action: Action) -> list[dict[str, Any]]:
    """The action's effect and whatever follows until someone must decide;
    the events it logged. A state that keeps its log keeps what the other side
    was told as well (told.after, RULINGS Z2)."""
    if s.log is None:  # a playout: nobody reads what was told
        nxt = step.do(s, action)
        if nxt is not None:
            flow.run(s, nxt)
        return []
    start = len(s.log)
    chance = told.chance(s)
    told.begin(s, step.side(s))
    nxt = step.do(s, action)
    if nxt is not None:
        flow.run(s, nxt)
    told.after(s, decider(s), told.chance(s) != chance)
    return s.log[start:]


def _since(s: State, start: int) -> list[dict[str, Any]]:
    """The events logged from `start` on; none where the state keeps no log."""
    return [] if s.log is None else s.log[start:]


def _exposed(s: State) -> tuple[Any, ...]:
    """What a decision that can be taken back leaves as it was: the generator
    (nothing drawn or rolled), the deck, hands, banks, phase and spy results
    (RULINGS Z1). Public changes are caught by their log lines as well."""
    return (s.rng, cards_left(s), len(s.hands[0]), len(s.hands[1]), s.banks[0], s.banks[1],
            s.phase, s.winner, len(s.intel[0]), len(s.intel[1]), cards_discarded(s))

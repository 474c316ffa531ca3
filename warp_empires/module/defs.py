"""Frozen definitions of a theme module, as the engine and the TUI use them.

The loader (`warp_empires.module.load`) turns a folder of TOML files into one
`Module`; after that nothing changes. Everything the engine needs to know about
a theme is here, referred to by small integer indices so that game states can
hold plain ints.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from .english import singular
from .filters import Carry, UnitFilter
from .powers import Blockade, Power

T = TypeVar("T")

# The roles a unit class can have in the core rules: a leader (battle bonus B5,
# capture B8-B9, victory conditions) or a fortification (immobile, M5). A module
# names its own classes and gives each a role or none (RULINGS X1); the classes
# `leader` and `fortification` always exist with the role of the same name.
LEADER = "leader"
FORTIFICATION = "fortification"
ROLES = (LEADER, FORTIFICATION)
NO_ROLE = ""
CORE_CLASSES = ROLES

SPEED_NAMES = ("immobile", "slow", "medium", "fast")

# Effect kinds of the card vocabulary, grouped by when the card is played.
MOVE_EFFECTS = frozenset({"move"})
BATTLE_EFFECTS = frozenset({"unit_bonus", "side_bonus", "target_bonus", "zero_force", "destroy"})
ACTION_EFFECTS = frozenset({"spy", "rescue", "sabotage", "remove_control",
                            # docs/rules.md G6-G8
                            "revenue", "defect", "random_loss"})
# Which enemy control markers a remove_control card may take (RULINGS M8): only
# where no enemy unit stands (a garrison keeps order), or any.
MARKER_TARGETS = ("unguarded", "any")
EFFECT_KINDS = MOVE_EFFECTS | BATTLE_EFFECTS | ACTION_EFFECTS


@dataclass(frozen=True, slots=True)
class SideDef:
    index: int
    id: str
    name: str
    short: str  # how sentences name it: "Raiders", "League", "Guild"
    colour: str
    article: str = "the"  # said before `short` in a sentence: "the" or "" ("Guild")
    # takes plural verbs ("the Raiders draw"); None: when `short` ends in "s"
    plural: bool | None = None

    def __post_init__(self) -> None:
        if self.plural is None:
            object.__setattr__(self, "plural", self.short.endswith("s"))

    def the(self, start: bool = False) -> str:
        """The side as a sentence names it: "the Raiders", "Guild"; capitalised
        at the start of a sentence ("The Raiders")."""
        if not self.article:
            return self.short
        article = self.article[:1].upper() + self.article[1:] if start else self.article
        return f"{article} {self.short}"

    def says(self, verb: str, start: bool = True) -> str:
        """The side and a present-tense verb agreeing with it: "The Raiders draw",
        "Guild draws", "the League has" (`start=False`, mid-sentence)."""
        return f"{self.the(start)} {self.verb(verb)}"

    def verb(self, verb: str) -> str:
        """A present-tense verb agreeing with the side: "draw" or "draws"."""
        return verb if self.plural else singular(verb)


@dataclass(frozen=True, slots=True)
class TerritoryDef:
    index: int
    id: str
    name: str
    kind: str
    revenue: int
    edge: bool
    key: str  # the character that draws this territory in the map picture
    neighbours: tuple[int, ...]
    label: str = ""  # a short name for the map when the name does not fit; optional

    @property
    def is_revenue(self) -> bool:
        return self.revenue > 0


@dataclass(frozen=True, slots=True)
class KindLook:
    """How the map draws the territories of one kind ([map.looks.KIND]); the
    core's default for what is left out (docs/module-format.md)."""

    fill: str | None = None  # one character scattered over the region; " ": none
    colour: str = ""  # a colour that tints the region and draws its fill; "": none


@dataclass(frozen=True, slots=True)
class MapDef:
    territories: tuple[TerritoryDef, ...]
    picture: tuple[str, ...]  # rows of the text picture; may be empty
    kinds: dict[str, str]  # kind id -> display name
    void: str  # characters of the picture that belong to no territory
    looks: dict[str, KindLook] = field(default_factory=dict)  # kind id -> its look
    # kind id -> the units that may enter its territories (docs/rules.md G1):
    # a unit matching any filter; a kind left out admits every unit
    enter: dict[str, tuple[UnitFilter, ...]] = field(default_factory=dict)
    # kind id -> "adjacent": units arriving from off the map may enter its
    # territories next to a revenue territory their side controls (G18)
    arrive: dict[str, str] = field(default_factory=dict)

    def by_id(self, territory_id: str) -> TerritoryDef:
        return _first((t for t in self.territories if t.id == territory_id), territory_id)


@dataclass(frozen=True, slots=True)
class UnitDef:
    index: int  # index into Module.units (both sides)
    side: int
    id: str  # unique within its side (RULINGS X3)
    name: str
    speed: str  # one of SPEED_NAMES
    move: int  # spaces per move, from rules.speeds
    count: int
    force: int
    cls: str
    traits: frozenset[str]
    # the class's role (LEADER, FORTIFICATION or NO_ROLE); None: the core role of
    # a class named like one, for definitions built by hand in tests
    role: str | None = None
    power: Power | None = None  # its class's and traits' rule effects (G11-G13)

    def __post_init__(self) -> None:
        if self.role is None:
            object.__setattr__(self, "role", self.cls if self.cls in ROLES else NO_ROLE)

    @property
    def is_leader(self) -> bool:
        return self.role == LEADER

    @property
    def is_fortification(self) -> bool:
        return self.role == FORTIFICATION


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str  # one of EFFECT_KINDS
    amount: int = 0  # force bonus, or groups for "move"
    filter: UnitFilter = field(default_factory=UnitFilter)
    hand: bool = False  # spy: may look at the enemy hand
    stack: bool = False  # spy: may look at one enemy stack
    # remove_control: the enemy markers it may take (RULINGS M8), one of
    # MARKER_TARGETS: "unguarded" where no enemy unit stands, or "any"
    targets: str = "unguarded"
    # defect: the unit type of the card's side the defector becomes (G7)
    unit: int = -1
    # random_loss: only stacks in territories of these kinds (none: any), and
    # only the enemy's (G19)
    kinds: frozenset[str] = frozenset()
    enemy: bool = False


@dataclass(frozen=True, slots=True)
class CardDef:
    index: int
    id: str
    name: str
    count: int
    side: int | None  # None: either side may play it (RULINGS M6)
    effect: Effect
    text: str
    # copies in each side's own deck (docs/rules.md G10), `count` their sum;
    # None: the one deck both sides draw from
    decks: tuple[int, int] | None = None

    @property
    def timing(self) -> str:
        """'move', 'battle' or 'action' (a non-battle card played in Move)."""
        if self.effect.kind in MOVE_EFFECTS:
            return "move"
        if self.effect.kind in BATTLE_EFFECTS:
            return "battle"
        return "action"


@dataclass(frozen=True, slots=True)
class MajorityBonus:
    """+bonus to the side with more units matching `filter` in a battle (B5)."""

    filter: UnitFilter
    bonus: int


@dataclass(frozen=True, slots=True)
class Rules:
    first_side: int
    draw: int  # cards drawn in the Draw phase (RULINGS D1)
    hand_limit: int
    leader_bonus: int  # RULINGS B5
    tie_winner: str  # "defender" or "attacker" (RULINGS B6)
    upkeep_per_revenue: int  # RULINGS U1
    recruit_draw: int  # RULINGS R1
    recruit_bonus_die: int  # sides of the bonus die; 0 = no bonus draw (R2)
    recruit_bonus_times: int
    speeds: dict[str, int]
    # K2: a marker is placed only where an occupier matches one of these
    # filters; empty: any unit may take control
    control_filters: tuple[UnitFilter, ...]
    capture_needs_leader: bool  # RULINGS B9
    winner_lost_leaders: str  # "pile" or "captured" (RULINGS B9)
    majority_bonuses: tuple[MajorityBonus, ...]
    elimination: bool  # RULINGS W3
    first_roll: bool = False  # a die says who plays first (docs/rules.md G3)
    turn_limit: int = 0  # rounds after which the game ends by score; 0: none (G4)
    limit_score: str = "revenue"  # one of LIMIT_SCORES
    limit_tie: int = 0  # the side that wins a tied score
    # docs/rules.md G9: each side's starting pool of points spent in battles
    # (+1 a point), what players call them, and most spent by a side in one
    # battle (0: no limit)
    points_start: tuple[int, int] = (0, 0)
    points_name: str = "battle points"
    points_most: int = 0
    move_needs: tuple[UnitFilter, ...] = ()  # G14: a group moves with one such unit
    move_alone: tuple[UnitFilter, ...] = ()  # G21: a group of only such units needs none
    blockade: Blockade | None = None  # G15

    def can_control(self, unit: UnitDef) -> bool:
        """Whether this unit can take control of a territory (RULINGS K2)."""
        return not self.control_filters or any(f.matches(unit) for f in self.control_filters)


# Optional rules from the genre (RULINGS O1-O5): each is offered by a module
# that has its table under [options], and is played in a game that turns it on.
OPTION_IDS = ("interception", "withdrawal", "attrition", "initiative", "repair_hangar",
              "advance")  # docs/rules.md G16
QUALITY_DICE = {"green": 6, "veteran": 8, "elite": 10}  # RULINGS O4
# What each option does, in one line, when the module does not say it its own way.
OPTION_TEXT = {
    "interception": "Stacks next to a territory an enemy group enters may roll to catch it "
                    "there.",
    "withdrawal": "A defender may roll to slip away before a battle, leaving its "
                  "fortifications to fight.",
    "attrition": "Big stacks lose units at the end of their owner's turn.",
    "initiative": "Each round both sides roll for who plays first; a side may play twice "
                  "in a row.",
    "repair_hangar": "Ships lost in battle may come back after repairs; flagships have two lives.",
    "advance": "An attacker that wins a battle may move on with the movement it had left.",
}


@dataclass(frozen=True, slots=True)
class OptionDef:
    """One optional rule as a module sets it up. Only the numbers of its own
    rule are used: `roll` for interception and withdrawal (O1, O2),
    `further_try` for interception, `pursuit` for withdrawal, `stack`, the
    divisors and `first` for attrition (O3), `dice` for
    initiative (O4), `repairs`, `fate`, `two_lives` and `two_lives_turns` for
    the repair hangar (O5)."""

    id: str
    text: str  # one line for the New Game screen
    roll: int = 4  # the d6 roll that succeeds
    further_try: int = -1  # added to a stack's roll for each try it made before this turn
    pursuit: UnitFilter = field(default_factory=UnitFilter)
    stack: int = 10
    divide_controlled: int = 3
    divide_elsewhere: int = 2
    first: UnitFilter = field(default_factory=UnitFilter)  # attrition takes these first
    dice: tuple[int, int] = (8, 8)  # each side's initiative die
    fate: tuple[int, ...] = (2, 2, 3, 3, 0, 0)  # turns in the hangar per face; 0 destroyed
    two_lives: frozenset[int] = frozenset()  # unit type indices
    two_lives_turns: int = 3
    repairs: UnitFilter = field(default_factory=UnitFilter)  # who rolls the fate die


# The solo opponent's orders and battle postures (RULINGS O6).
SOLO_ORDERS = ("attack", "advance", "move", "stand", "retreat", "rout")
SOLO_MODIFIERS = ("outnumbered", "fortified", "leader", "enemy_in_reach",
                  "friends_falling_back", "losses_taken")


@dataclass(frozen=True, slots=True)
class SoloDef:
    """The table-driven solo opponent's tables (RULINGS O6): each turn every
    stack rolls a d6 plus the modifiers that apply, and the first row of
    `orders` whose `up_to` the total does not pass gives its order. In a battle
    the first row of `postures` whose `below` (its total against the enemy's,
    in percent) is above the ratio gives a d6's reading: up to `charge`, charge
    (play every battle card); up to `stand`, stand (play only what tips the
    balance); above, withdraw."""

    orders: tuple[tuple[int, str], ...]  # (up_to, order)
    modifiers: dict[str, int]  # SOLO_MODIFIERS -> added to the d6
    postures: tuple[tuple[int, int, int], ...]  # (below percent, charge up to, stand up to)


@dataclass(frozen=True, slots=True)
class SideSetup:
    side: int
    control: tuple[int, ...]  # territories controlled from the start
    start: int | None  # fixed starting territory, or None to choose
    start_choices: tuple[int, ...]  # where the side may choose to start
    control_start: bool  # also control the chosen start (RULINGS S3)
    units: tuple[int, ...]  # unit type indices placed at the start
    random_units: int  # non-leader chits drawn at random from the pile
    # units placed by the setup in territories of their own: (territory, unit
    # type indices, top first), docs/rules.md G3
    placed: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Condition:
    """One clause of a victory condition.

    kind: "controls" (territory), "holds_captive" (units: enemy unit types),
    "no_enemy_leaders_on_map", "captives_at_least" (amount), "enemy_lost"
    (units: enemy unit types no longer on the map, docs/rules.md G5).
    """

    kind: str
    territory: int = -1
    units: tuple[int, ...] = ()
    amount: int = 0


# docs/rules.md G4: when a victory is checked, and what scores a game that
# reaches its turn limit
VICTORY_WHEN = ("phase", "round")
LIMIT_SCORES = ("revenue", "territories", "units", "force")


@dataclass(frozen=True, slots=True)
class VictoryDef:
    side: int
    text: str
    all: tuple[Condition, ...]
    when: str = "phase"  # one of VICTORY_WHEN
    hold: int = 0  # > 0: won when it held at the end of this many own turns in a row


@dataclass(frozen=True, slots=True)
class ScenarioDef:
    """One of a module's scenarios (docs/rules.md G3): its own setup, who plays
    first (or a die for it) and, when given, its own victories."""

    id: str
    name: str
    text: str
    first_side: int
    first_roll: bool
    setup: tuple[SideSetup, SideSetup]
    victory: tuple[VictoryDef, ...]  # empty: the module's own
    # (turn_limit, limit_score, limit_tie), or None: the module's (G4)
    limit: tuple[int, str, int] | None = None


@dataclass(frozen=True, slots=True, weakref_slot=True)  # engine/tables.py's cache
class Module:
    id: str
    name: str
    version: str
    format: int
    description: str
    path: str
    fingerprint: str  # sha256 over the module's files, for saves
    sides: tuple[SideDef, SideDef]
    classes: dict[str, str]  # class id -> display name, core classes included
    class_roles: dict[str, str]  # class id -> LEADER, FORTIFICATION or NO_ROLE
    traits: dict[str, tuple[str, str]]  # trait id -> (name, abbreviation)
    map: MapDef
    units: tuple[UnitDef, ...]
    cards: tuple[CardDef, ...]
    rules: Rules
    setup: tuple[SideSetup, SideSetup]
    victory: tuple[VictoryDef, ...]
    # fingerprints of earlier versions that play the same: their saves load
    same_rules_as: tuple[str, ...] = ()
    options: dict[str, OptionDef] = field(default_factory=dict)  # RULINGS O1-O5
    solo: SoloDef | None = None  # RULINGS O6: the solo opponent's tables, if any
    carriers: dict[str, Carry] = field(default_factory=dict)  # class id -> G2 carrying
    scenarios: tuple[ScenarioDef, ...] = ()  # docs/rules.md G3
    powered: bool = False  # some unit has a power (G11-G13): the engine asks it first
    fighting: bool = False  # some unit fights only some units (G23)
    bot_weights: dict[str, float] | None = None  # weights.json (weights.py): not fingerprinted

    def scenario_by_id(self, scenario_id: str) -> ScenarioDef:
        return _first((sc for sc in self.scenarios if sc.id == scenario_id), scenario_id)

    def may_enter(self, unit: UnitDef, kind: str) -> bool:
        """Whether `unit` may enter a territory of `kind` (docs/rules.md G1)."""
        filters = self.map.enter.get(kind)
        return filters is None or any(f.matches(unit) for f in filters)

    def role_name(self, role: str) -> str:
        """What this module calls units of a rule role ("Leader", "General"): the
        name of a class with that role that its units use."""
        used = sorted({u.cls for u in self.units if u.role == role})
        return self.classes.get(used[0], used[0]) if used else self.classes.get(role, role)

    def side_by_id(self, side_id: str) -> SideDef:
        return _first((s for s in self.sides if s.id == side_id), side_id)

    def unit_by_id(self, side: int, unit_id: str) -> UnitDef:
        return _first((u for u in self.units if u.side == side and u.id == unit_id), unit_id)

    def card_by_id(self, card_id: str) -> CardDef:
        return _first((c for c in self.cards if c.id == card_id), card_id)

    @property
    def side_decks(self) -> bool:
        """Whether each side draws from a deck of its own (docs/rules.md G10)."""
        return bool(self.cards) and self.cards[0].decks is not None


def _first(found: Iterator[T], key: str) -> T:
    for item in found:
        return item
    raise KeyError(key)

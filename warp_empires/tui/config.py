"""What a game is started with, whichever way it is started (title screen or CLI)."""

from __future__ import annotations

from dataclasses import dataclass, field

from warp_empires.tui.players import HUMAN


@dataclass(frozen=True)
class GameSettings:
    """A new game as the player chose it."""

    module: str  # module id or folder path, as load_module takes it
    players: tuple[str, str] = (HUMAN, HUMAN)  # HUMAN or a computer player kind
    seed: int | None = None  # None: the engine draws a secret one (RULINGS H7)
    open_hands: bool = False  # teaching games: both hands shown, no hand-over
    optional: tuple[str, ...] = ()  # the module's optional rules in play (RULINGS O1-O5)
    host: str | None = None  # a game server to host the game on (docs/hosting.md)
    position: str | None = None  # a position file to start from (docs/positions.md)
    scenario: str | None = None  # one of the module's scenarios (docs/rules.md G3)


@dataclass
class LaunchOptions:
    """Command-line wishes that shape a session beyond the game itself."""

    settings: GameSettings | None = None  # start this game at once, skipping the title
    pace: float | None = None  # seconds between computer moves; None: as remembered
    max_turns: int | None = None  # stop after this many player-turns
    exit_on_end: bool = False  # leave the app when the game ends (headless runs)
    saves_dir: str | None = None
    open_save: str | None = None  # a save file to open at once (`play SAVE`)
    result: list[str] = field(default_factory=list)  # the result line, for the CLI

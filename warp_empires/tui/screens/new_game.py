"""New game: the module, who plays each side, a seed, teaching options and the
module's optional rules (RULINGS O1-O5), each with its one-line explanation."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from warp_empires.engine.game import SEED_MAX
from warp_empires.engine.options import offered
from warp_empires.module import ModuleError, list_modules, load_module
from warp_empires.module.defs import Module
from warp_empires.net.links import BadLink, server_url
from warp_empires.tui.config import GameSettings
from warp_empires.tui.dismiss import DismissOnce
from warp_empires.tui.players import HUMAN, canonical, player_kinds, unavailable
from warp_empires.tui.widgets.fitted_footer import TidyFooter

LABELS = {
    HUMAN: "a person at this keyboard",
    "bot:easy": "computer: easy (makes mistakes, buys less)",
    "bot:normal": "computer: normal (1 s a move)",
    "bot:hard": "computer: hard (up to 3 s a move)",
    "heuristic": "computer: rules of thumb, fast",
    "random": "computer: random moves",
}


def player_label(kind: str) -> str:
    return LABELS.get(kind, f"computer: {kind}")


class NewGameScreen(DismissOnce, Screen[GameSettings | None]):
    """Dismisses with the chosen settings, or None on Escape."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+g", "start", "Start game"),
    ]

    DEFAULT_CSS = """
    NewGameScreen { align: center middle; overflow-y: auto; }
    NewGameScreen #form {
        width: 72; height: auto; border: round $primary; padding: 1 2;
        border-title-style: bold;
    }
    NewGameScreen .row { height: auto; margin-bottom: 1; }
    NewGameScreen .row Label { width: 18; padding-top: 1; }
    NewGameScreen .row Select, NewGameScreen .row Input { width: 1fr; }
    NewGameScreen #about { color: $text-muted; height: auto; margin-bottom: 1; }
    NewGameScreen #scenario-about { color: $text-muted; height: auto; }
    NewGameScreen #error { color: $error; height: auto; }
    NewGameScreen #optional { height: auto; }
    NewGameScreen #optional .title { color: $text-muted; margin-top: 1; }
    NewGameScreen #optional Checkbox { border: none; height: 1; padding: 0; margin-top: 1; }
    NewGameScreen #optional Checkbox:focus { background: $boost; }
    NewGameScreen #optional .explain { color: $text-muted; padding-left: 4; height: auto; }
    NewGameScreen #buttons { height: auto; align-horizontal: right; }
    NewGameScreen #buttons Button { margin-left: 2; }
    """

    def __init__(self, defaults: GameSettings | None = None) -> None:
        super().__init__()
        self.defaults = defaults
        self._modules: dict[str, Module] = {}
        self._problems: list[str] = []
        self._listed = ""  # the module whose optional rules are listed
        for folder in list_modules():
            try:
                self._modules[str(folder)] = load_module(Path(folder))
            except ModuleError as error:
                self._problems.append(f"{Path(folder).name}: {error.problems[0]}")

    def compose(self) -> ComposeResult:
        kinds = [(player_label(k), k) for k in player_kinds()]
        modules = [(Text(m.name), key) for key, m in self._modules.items()]
        with Vertical(id="form") as form:
            form.border_title = "New game"
            with Horizontal(classes="row"):
                yield Label("Theme module")
                yield Select(modules, id="module", allow_blank=False) if modules else Static(
                    "No theme module found.", id="module-missing")
            yield Static("", id="about")
            # docs/rules.md G3: the module's own setup or one of its scenarios
            first = self._first_module()
            with Horizontal(classes="row", id="scenario-row"):
                yield Label("Scenario")
                yield Select(_scenario_choices(first), id="scenario", allow_blank=False,
                             value=OWN_SETUP)
            yield Static("", id="scenario-about")
            for side in (0, 1):
                with Horizontal(classes="row"):
                    yield Label("", id=f"side{side}-label")
                    yield Select(kinds, id=f"side{side}", allow_blank=False, value=HUMAN)
            with Horizontal(classes="row"):
                yield Label("Seed (optional)")
                yield Input(placeholder="random", id="seed", type="integer")
            yield Checkbox("Open hands: both hands shown, no hand-over (teaching games)",
                           id="open")
            with Horizontal(classes="row"):
                yield Label("Host on a server")
                yield Input(placeholder="empty: play here; or host:port of a server",
                            id="server")
            # the first module's rules are there from the first frame; another
            # module chosen later lists its own (_list_optional)
            if first is not None:
                self._listed = first.path
            chosen = set(self.defaults.optional) if self.defaults is not None else set()
            yield Vertical(*_optional_rows(first, chosen) if first else (), id="optional")
            yield Static("\n".join(self._problems), id="error")
            with Horizontal(id="buttons"):
                yield Button("Back", id="back")
                yield Button("Start game", id="start", variant="primary",
                             disabled=not modules)
        yield TidyFooter()

    def on_mount(self) -> None:
        d = self.defaults
        if d is not None:
            for key, module in self._modules.items():
                if d.module in (key, module.id):
                    self.query_one("#module", Select).value = key
            for side in (0, 1):
                self.query_one(f"#side{side}", Select).value = canonical(d.players[side])
            if d.seed is not None:
                self.query_one("#seed", Input).value = str(d.seed)
            self.query_one("#open", Checkbox).value = d.open_hands
        self._describe(set(d.optional) if d is not None else set(),
                       d.scenario if d is not None else None)
        # Enter starts the game as remembered, but the form opens at its top:
        # focusing the button scrolled the players out of sight at 80x24.
        self.query_one("#start", Button).focus(scroll_visible=False)

    def _module(self) -> tuple[str, Module] | None:
        if not self._modules:
            return None
        key = str(self.query_one("#module", Select).value)
        return key, self._modules[key]

    def _describe(self, optional: set[str] | None = None, scenario: str | None = None) -> None:
        chosen = self._module()
        if chosen is None:
            return
        module = chosen[1]
        # a module's words are plain text, never markup
        self.query_one("#about", Static).update(Text(module.description))
        pick = self.query_one("#scenario", Select)
        pick.set_options(_scenario_choices(module))
        ids = [sc.id for sc in module.scenarios]
        pick.value = scenario if scenario in ids else OWN_SETUP
        self.query_one("#scenario-row").display = bool(module.scenarios)
        self.query_one("#scenario-about").display = bool(module.scenarios)
        self._describe_scenario(module)
        for side in (0, 1):
            self.query_one(f"#side{side}-label", Label).update(Text(module.sides[side].name))
        # in turn on the message queue: the old boxes go before the new come
        self.call_later(self._list_optional, module, optional or set())

    async def _list_optional(self, module: Module, chosen: set[str]) -> None:
        """One checkbox per optional rule of the module, with its own line."""
        if self._listed == module.path:
            return
        self._listed = module.path
        box = self.query_one("#optional", Vertical)
        await box.remove_children()
        await box.mount_all(_optional_rows(module, chosen))

    def _first_module(self) -> Module | None:
        """The module the screen opens with: the remembered one, else the first."""
        d = self.defaults
        for key, module in self._modules.items():
            if d is not None and d.module in (key, module.id):
                return module
        return next(iter(self._modules.values()), None)

    def _describe_scenario(self, module: Module) -> None:
        value = self.query_one("#scenario", Select).value
        text = next((sc.text for sc in module.scenarios if sc.id == value), "")
        self.query_one("#scenario-about", Static).update(Text(text))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "module":
            self._describe()
        elif event.select.id == "scenario" and (chosen := self._module()) is not None:
            self._describe_scenario(chosen[1])

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_start(self) -> None:
        chosen = self._module()
        if chosen is None:
            return
        raw = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(raw) if raw and len(raw) <= 20 else (None if not raw else -1)
        except ValueError:
            seed = -1
        if seed is not None and not 0 <= seed <= SEED_MAX:
            self.query_one("#error", Static).update(
                f"The seed must be a whole number from 0 to {SEED_MAX}.")
            return
        players = tuple(str(self.query_one(f"#side{s}", Select).value) for s in (0, 1))
        for kind in players:
            if (why := unavailable(kind, chosen[1])) is not None:
                self.query_one("#error", Static).update(Text(why.capitalize() + "."))
                return
        host = self.query_one("#server", Input).value.strip() or None
        if host is not None:
            try:
                server_url(host)
            except BadLink as e:
                self.query_one("#error", Static).update(Text(str(e)))
                return
            if HUMAN not in players:
                self.query_one("#error", Static).update(
                    "A hosted game needs a person on at least one side.")
                return
        self.dismiss(GameSettings(
            module=chosen[0], players=(players[0], players[1]), seed=seed,
            open_hands=self.query_one("#open", Checkbox).value,
            optional=tuple(name for name in offered(chosen[1])
                           if self.query_one(f"#opt-{name}", Checkbox).value),
            host=host,
            scenario=str(self.query_one("#scenario", Select).value) or None,
        ))

    def action_cancel(self) -> None:
        self.dismiss(None)


OWN_SETUP = ""  # the Select's value for the module's own setup


def _scenario_choices(module: Module | None) -> list[tuple[Text, str]]:
    """The module's own setup, then its scenarios by name (plain text)."""
    choices = [(Text("The module's own setup"), OWN_SETUP)]
    if module is not None:
        choices += [(Text(sc.name), sc.id) for sc in module.scenarios]
    return choices


def _optional_rows(module: Module, chosen: set[str]) -> list[Static | Checkbox]:
    """A checkbox per optional rule the module offers, each with its own line."""
    if not offered(module):
        return []
    rows: list[Static | Checkbox] = [Static("Optional rules (off in the standard game):",
                                            classes="title")]
    for name in offered(module):
        rows.append(Checkbox(name.replace("_", " ").capitalize(), name in chosen,
                             id=f"opt-{name}"))
        # the module's words: plain text, never markup
        rows.append(Static(Text(module.options[name].text), classes="explain"))
    return rows

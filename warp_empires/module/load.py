"""Turning a module folder into a validated, frozen `Module`.

Every check runs even after others failed, so that one run lists every
problem. A reference into a file that could not be read is not checked at all:
one syntax error must not turn into a hundred "unknown unit" lines.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .assemble import assemble
from .check_decks import DeckChecks
from .check_map import MapChecks
from .check_module import ModuleChecks
from .check_options import OptionChecks
from .check_pieces import PieceChecks
from .check_powers import PowerChecks
from .check_scenario import ScenarioChecks
from .check_setup import SetupChecks
from .defs import Module
from .errors import ModuleError, shown_path
from .fields import FORMAT, MODULE_FILES
from .files import Refused, read_bounded
from .text_check import check_text
from .toml_read import Report, TomlFile, read_toml
from .weights import FILE as WEIGHTS_FILE
from .weights import MAX_BYTES as MAX_WEIGHTS_BYTES
from .weights import BadWeights, parse_weights


def load_folder(folder: Path) -> Module:
    """Load and validate the module in `folder`; raise ModuleError listing every problem."""
    try:
        if folder.is_file() and folder.suffix == ".toml":
            folder = folder.parent
        if not folder.is_dir():
            raise ModuleError([f"{shown_path(folder)}: no such module folder"])
        report = Report()
        files = {name: read_toml(folder / name, report) for name in MODULE_FILES}
        _refuse_newer_format(files["module.toml"])
        extras = sorted(p.name for p in folder.glob("*.toml") if p.name not in MODULE_FILES)
        has_module_toml = (folder / "module.toml").exists()
    except OSError as err:
        # A name too long, a folder we may not list: one line, like any other problem.
        problem = f"cannot read the module folder: {err.strerror or err}"
        raise ModuleError([f"{shown_path(folder)}: {problem}"]) from None
    for extra in extras:
        hint = report.hint(extra, MODULE_FILES)
        report.add(extra, "", f"is not a module file{hint}; a module has {', '.join(MODULE_FILES)}")
    if all(f.data is None for f in files.values()) and not has_module_toml:
        raise ModuleError([f"{shown_path(folder)}: not a module folder (it has no module.toml)"])
    for name, file in files.items():
        if file.data is not None:
            check_text(report, name, file.data)
    module = _Loader(folder, report, files).load()
    weights = _weights(folder, report)
    if len(report) or module is None:
        raise ModuleError(report.lines(), len(report), report.kept())
    return replace(module, bot_weights=weights) if weights is not None else module


def _weights(folder: Path, report: Report) -> dict[str, float] | None:
    """The computer player's weights beside the TOML files (module/weights.py),
    checked like any module file; None when the module has none."""
    path = folder / WEIGHTS_FILE
    if not path.exists() and not path.is_symlink():
        return None
    try:
        return parse_weights(read_bounded(path, MAX_WEIGHTS_BYTES))
    except Refused as err:
        report.add(WEIGHTS_FILE, "", str(err))
    except BadWeights as err:
        report.add(WEIGHTS_FILE, err.key, err.message, err.line)
    return None


def _refuse_newer_format(file: TomlFile) -> None:
    # A newer format may use keys this version has never heard of; listing them
    # all as unknown would bury the one thing the modder needs to know.
    head = (file.data or {}).get("module")
    version = head.get("format") if isinstance(head, dict) else None
    if type(version) is int and version > FORMAT:
        line = file.locator.locate("module.format") if file.locator else None
        where = f"module.toml:{line}" if line else "module.toml"
        raise ModuleError(
            [
                f"{where}: module.format: this module uses format {version}, newer than"
                f" format {FORMAT} that this version of Warp Empires reads;"
                " upgrade Warp Empires to load it"
            ]
        )


class _Loader(DeckChecks, PowerChecks, ModuleChecks, MapChecks, PieceChecks, SetupChecks,
              ScenarioChecks, OptionChecks):
    """One pass over the four files; `load` returns None when anything was wrong."""

    def load(self) -> Module | None:
        self._module_head()
        self._map()
        self._units()
        self._cards()
        self._rules()
        self._decks()
        self._powers()
        self._movers()
        self._options()
        self._solo()
        self._setup()
        self._victory()
        self._scenarios()
        self._filters_units()
        if not len(self.report):  # only a module that reads right can be judged
            self._victory_meaning()
        if len(self.report):
            return None
        return assemble(self)

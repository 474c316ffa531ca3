"""The packages' layers (DESIGN.md, "Front ends"): the server does not import
the app, the presentation imports neither, and the app reaches the computer
players only through its player factory (tui/players.py)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "warp_empires"


def _imports(folder: str) -> dict[str, set[str]]:
    """Each file of `folder` (relative to the package): the modules it imports."""
    out: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / folder).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
        out[str(path.relative_to(PACKAGE))] = names
    return out


def test_the_server_and_the_presentation_do_not_import_the_app():
    for folder in ("net", "present"):
        for path, names in _imports(folder).items():
            assert not any(n.startswith("warp_empires.tui") for n in names), path


def test_the_app_builds_computer_players_only_through_its_player_factory():
    for path, names in _imports("tui").items():
        if path == "tui/players.py":
            continue
        bots = {n for n in names if n.startswith("warp_empires.bots")}
        # a type, for annotations only, is all the session may name
        assert bots <= ({"warp_empires.bots.base"} if path == "tui/session.py" else set()), \
            (path, bots)

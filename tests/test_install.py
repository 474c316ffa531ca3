"""A plain (non-editable) `pip install .` into a fresh venv finds the Star Wars module
from any directory: the wheel carries modules/ as the package data of
warp_empires.builtin_modules (pyproject.toml)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def copy_source(target: Path) -> None:
    """The checkout's files as a fresh clone would have them (plus uncommitted work)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if listed.returncode != 0:  # not a git checkout: copy all but the usual clutter
        ignore = shutil.ignore_patterns(
            ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__"
        )
        shutil.copytree(ROOT, target, ignore=ignore)
        return
    for name in filter(None, listed.stdout.decode().split("\0")):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """bin/ of a fresh venv with the package installed from a copy of the checkout."""
    base = tmp_path_factory.mktemp("install")
    source = base / "source"
    copy_source(source)
    env_dir = base / "venv"
    # The venv gets no pip of its own (that takes seconds): the pip running
    # the tests installs into it (`--python`, pip 22.3 and later), when there is one.
    own_pip = importlib.util.find_spec("pip") is not None
    venv.EnvBuilder(with_pip=not own_pip, clear=True).create(env_dir)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    pip = [sys.executable, "-m", "pip", "--python", str(env_dir)] if own_pip \
        else [str(bindir / "python"), "-m", "pip"]
    done = subprocess.run(
        # no bytecode written at install (seconds, for Textual and Pygments)
        [*pip, "install", "--quiet", "--no-compile", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    shutil.rmtree(source)  # the installed package must not lean on the copy
    return bindir


def run_outside(bindir: Path, tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "WARP_EMPIRES_MODULES")}
    env["XDG_DATA_HOME"] = str(tmp_path / "empty-data-home")
    return subprocess.run(
        argv,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.xdist_group("install")  # one install for both tests
def test_installed_command_validates_star_wars_from_anywhere(
    installed: Path, tmp_path: Path
) -> None:
    done = run_outside(
        installed, tmp_path, str(installed / "warp-empires"), "validate", "star_wars", "--json"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["module"] == "star_wars" and data["valid"] is True
    assert set(data["sides"]) == {"rebels", "empire"}
    assert data["territories"] > 20 and data["cards"] > 20
    # Found in the installed package, not in a checkout.
    assert "site-packages" in data["path"] and "builtin_modules" in data["path"]
    # the computer player's weights ship with it (issue 40)
    assert (Path(data["path"]) / "weights.json").is_file()


@pytest.mark.xdist_group("install")
def test_installed_python_dash_m_and_module_list(installed: Path, tmp_path: Path) -> None:
    done = run_outside(
        installed,
        tmp_path,
        str(installed / "python"),
        "-m",
        "warp_empires",
        "module",
        "list",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    names = [m["name"] for m in json.loads(done.stdout)["modules"]]
    assert "star_wars" in names


def test_ci_runs_the_readme_quick_start_test_command() -> None:
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = [line for line in quick.splitlines() if line.startswith("python3 -m venv")]
    assert len(commands) == 2, commands  # one to play, one to test: no more
    assert commands[0].endswith(".venv/bin/warp-empires") and "pip install . " in commands[0]
    ci = (ROOT / ".ci" / "run").read_text()
    assert commands[1] in ci and commands[1].endswith(".venv/bin/pytest")
    assert os.access(ROOT / ".ci" / "run", os.X_OK)


def test_every_source_package_is_listed_for_the_wheel() -> None:
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(p.relative_to(ROOT).parts) for p in [ROOT / "warp_empires",
                                                          *(ROOT / "warp_empires").rglob("*")]
             if p.is_dir() and p.name != "__pycache__"
             and any(f.suffix in (".py", ".md", ".tcss", ".toml") for f in p.iterdir())}
    assert found | {"warp_empires.builtin_modules"} == listed

"""Packaging hook: a built wheel carries the checkout's modules/ folder.

Everything else about the package is in pyproject.toml. The theme modules live
outside the Python package, at the top of the repository, so that modders find
them; this copies each one into warp_empires/builtin_modules/ when a wheel is
built, which is where warp_empires.paths looks after a plain `pip install .`.
An editable install skips the copy: it finds modules/ in the checkout instead.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

MODULE_FILE_SUFFIXES = {".toml", ".md"}


class BuildPyWithModules(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        source = Path(__file__).resolve().parent / "modules"
        target = Path(self.build_lib) / "warp_empires" / "builtin_modules"
        if target.exists():
            shutil.rmtree(target)
        for folder in sorted(source.iterdir()) if source.is_dir() else ():
            if not (folder / "module.toml").is_file():
                continue
            for file in sorted(folder.iterdir()):
                if file.is_file() and file.suffix in MODULE_FILE_SUFFIXES:
                    (target / folder.name).mkdir(parents=True, exist_ok=True)
                    shutil.copy2(file, target / folder.name / file.name)


setup(cmdclass={"build_py": BuildPyWithModules})

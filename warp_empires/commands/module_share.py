"""`warp-empires module pack` and `module install`: one file to share a
module, checked against its manifest when installed (module/pack.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

from . import CommandError


def register_share(actions: argparse._SubParsersAction) -> None:
    pack = actions.add_parser(
        "pack", help="write a module as one file to share (with its fingerprint)",
        description="Check the module, then write ID-VERSION.wem: its files and a manifest"
        " of their sizes, sha256 and the module's fingerprint. `warp-empires module install"
        " FILE` installs it elsewhere.")
    pack.add_argument("module", metavar="PATH_OR_NAME", help="a module folder or name")
    pack.add_argument("--out", metavar="PATH", default=".",
                      help="a folder to write ID-VERSION.wem in, or the file's path"
                      " (default: this folder)")
    pack.set_defaults(run=run_pack, prints_files=True)
    install = actions.add_parser(
        "install", help="install a module pack (.wem) into your modules folder",
        description="Install a file written by `warp-empires module pack`: every file is"
        " checked against the pack's manifest and the module must load, before it is put"
        " in your modules folder as ID/. A module of that id already there is replaced"
        " only with --force.")
    install.add_argument("file", metavar="FILE", help="a .wem file")
    install.add_argument("--force", action="store_true", help="replace an installed module")
    install.add_argument("--path", metavar="DIR",
                         help="the modules folder to install into (default: yours)")
    install.set_defaults(run=run_install, prints_files=True)


def run_pack(args: argparse.Namespace) -> int:
    from ..module import load_module
    from ..module.pack import PackError, pack

    module = load_module(args.module)  # ModuleError: every problem, as validate prints
    try:
        path = pack(module, Path(args.out).expanduser())
    except (PackError, OSError) as e:
        raise CommandError(str(e)) from None
    print(f"{path}: {module.id} {module.version}, fingerprint {module.fingerprint[:16]}…")
    return 0


def run_install(args: argparse.Namespace) -> int:
    from ..module.pack import PackError, install
    from ..paths import user_modules_dir

    folder = Path(args.path).expanduser() if args.path else user_modules_dir()
    try:
        module, target = install(Path(args.file).expanduser(), folder, args.force)
    except PackError as e:
        raise CommandError(str(e)) from None
    print(f"installed {module.id} {module.version} (fingerprint {module.fingerprint[:16]}…)"
          f" in {target}")
    return 0

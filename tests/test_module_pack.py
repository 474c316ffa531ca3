"""`module pack` and `module install` (module/pack.py): one file to share a
module; installing refuses a file whose content does not match its manifest."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

import pytest

from warp_empires.cli import main
from warp_empires.module import load_module
from warp_empires.module.assemble import fingerprint_of


@pytest.fixture
def packed(tmp_path, capsys) -> Path:
    assert main(["module", "pack", "star_wars", "--out", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("star_wars-*.wem")
    assert str(path) in capsys.readouterr().out
    return path


def _rewrite(path: Path, change) -> Path:
    with zipfile.ZipFile(path) as z:
        files = {n: z.read(n) for n in z.namelist()}
    change(files)
    out = path.with_name("forged.wem")
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out


def _install(capsys, path: Path, modules: Path, *more: str) -> tuple[int, str]:
    code = main(["module", "install", str(path), "--path", str(modules), *more])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and err.count("\n") <= 1
    return code, out + err


def test_a_pack_installs_as_the_same_module_and_only_once(packed, tmp_path, capsys):
    modules = tmp_path / "modules"
    code, said = _install(capsys, packed, modules)
    assert code == 0 and "installed star_wars" in said
    installed = load_module(modules / "star_wars")
    assert installed.fingerprint == load_module("star_wars").fingerprint
    # the computer player's weights travel with it (issue 40)
    assert installed.bot_weights == load_module("star_wars").bot_weights is not None
    code, said = _install(capsys, packed, modules)
    assert code == 1 and "exists already (--force replaces it)" in said
    assert _install(capsys, packed, modules, "--force")[0] == 0
    assert [p.name for p in modules.iterdir()] == ["star_wars"]  # nothing staged is left


def _manifest(files: dict[str, bytes]) -> dict:
    return json.loads(files["manifest.json"])


def _tamper_and_relist(files: dict[str, bytes]) -> None:
    files["cards.toml"] += b"\n# changed\n"
    manifest = _manifest(files)
    manifest["files"]["cards.toml"] = {"size": len(files["cards.toml"]),
                                       "sha256": hashlib.sha256(files["cards.toml"]).hexdigest()}
    files["manifest.json"] = json.dumps(manifest).encode()


FORGED = [
    ("a file changed", lambda f: f.__setitem__("cards.toml", f["cards.toml"] + b"\n"),
     "cards.toml does not match the manifest"),
    ("a file changed and listed again", _tamper_and_relist,
     "do not give the manifest's fingerprint"),
    ("a file more", lambda f: f.__setitem__("../evil.sh", b"rm -rf ~"), "holds '../evil.sh'"),
    ("a file missing", lambda f: f.pop("map.toml"), "disagree on 'map.toml'"),
    ("no manifest", lambda f: f.pop("manifest.json"), "has no manifest.json"),
    ("a manifest of another kind", lambda f: f.__setitem__("manifest.json", b"[1, 2]"),
     "is not one this version reads"),
]


@pytest.mark.parametrize(("what", "change", "said"), FORGED, ids=[f[0] for f in FORGED])
def test_a_pack_that_does_not_match_its_manifest_is_refused(packed, tmp_path, capsys,
                                                            what, change, said):
    modules = tmp_path / "modules"
    code, out = _install(capsys, _rewrite(packed, change), modules)
    assert code == 1 and said in out, out
    assert not (modules / "star_wars").exists()


def test_a_consistent_pack_of_a_module_that_does_not_load_installs_nothing(
        packed, tmp_path, capsys):
    # everything re-listed and re-fingerprinted: whole, but the module must load too
    def broken(files: dict[str, bytes]) -> None:
        files["units.toml"] += b"\n[[unit]]\nid = 3\n"
        _tamper_everything_for(files, "units.toml")

    modules = tmp_path / "modules"
    code, out = _install(capsys, _rewrite(packed, broken), modules)
    assert code == 1 and "the module does not load" in out
    assert not modules.exists() or list(modules.iterdir()) == []


def _tamper_everything_for(files: dict[str, bytes], name: str) -> None:
    manifest = _manifest(files)
    manifest["files"][name] = {"size": len(files[name]),
                               "sha256": hashlib.sha256(files[name]).hexdigest()}
    manifest["fingerprint"] = fingerprint_of({n: d for n, d in files.items()
                                              if n.endswith(".toml")})
    files["manifest.json"] = json.dumps(manifest).encode()


def test_what_is_not_a_pack_is_said_in_one_line(tmp_path, capsys):
    junk = tmp_path / "junk.wem"
    junk.write_bytes(b"not a zip at all")
    code, out = _install(capsys, junk, tmp_path / "modules")
    assert code == 1 and "not a module pack" in out

"""`warp-empires completion SHELL` prints a completion script made from the real parsers."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from warp_empires.cli import main

COMMANDS = ("play", "saves", "replay", "simulate", "validate", "module", "completion")


@pytest.mark.parametrize("shell", ["bash", "zsh", "tcsh"])
def test_the_script_names_every_command_and_the_saves_folder_option(shell, capsys):
    assert main(["completion", shell]) == 0
    script = capsys.readouterr().out
    for name in (*COMMANDS, "--saves-dir", "--reveal-all"):
        assert (name if shell != "tcsh" else name.lstrip("-")) in script, name


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_commands_and_options(capsys):
    main(["completion", "bash"])
    script = capsys.readouterr().out
    probe = script + '''
COMP_WORDS=(warp-empires rep); COMP_CWORD=1; COMP_LINE="warp-empires rep"; COMP_POINT=16
_shtab_warp_empires; echo "${COMPREPLY[@]}"
COMP_WORDS=(warp-empires replay x --rev); COMP_CWORD=3
COMP_LINE="warp-empires replay x --rev"; COMP_POINT=27
_shtab_warp_empires; echo "${COMPREPLY[@]}"
'''
    done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, check=False)
    lines = done.stdout.split("\n")
    assert lines[0].split() == ["replay"], done.stderr
    assert lines[1].split() == ["--reveal-all"], done.stderr

"""Every test keeps its remembered settings in a folder of its own, never in
the user's config folder (warp_empires.settings)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_config(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
                   ) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))

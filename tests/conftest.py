"""Every test keeps its remembered settings in a folder of its own, never in
the user's config folder (warp_empires.settings), and sees no computer
player weights the person running the tests trained (bots/weights.py reads
them from the data folder): the seeded games of the tests play alike on
every machine."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def private_config(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
                   ) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


# The suite's longest tests, started first: on two workers a long test that
# starts last holds the whole run up alone (CI's budget is 4 minutes for the
# whole of .ci/run). Fragments of their node ids; the rest keep their order.
LONG_FIRST = ("test_joined_game.py", "test_resilience.py", "test_server.py::test_hostile",
              "test_z2_untold.py", "test_secrets.py::test_h9", "test_appfuzz.py",
              "test_full_game.py", "test_burst.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: not any(part in item.nodeid for part in LONG_FIRST))



def pytest_sessionstart(session: pytest.Session) -> None:
    """Fewer collections of the cyclic garbage collector. Each Pilot test builds
    and drops a whole app (hundreds of thousands of objects in cycles), and the
    default thresholds re-scan the long-lived fixtures and modules over and
    over: freezing what exists at the start and collecting less often made the
    app tests 10-20% faster (tests/tui/test_selection.py and test_decisions.py,
    one process, A/B interleaved), for about 50 MB more per worker."""
    import gc

    gc.freeze()
    gc.set_threshold(20_000, 10, 10)

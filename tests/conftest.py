"""Every test keeps its remembered settings in a folder of its own, never in
the user's config folder (warp_empires.settings), and sees no computer
player weights the person running the tests trained (bots/weights.py reads
them from the data folder): the seeded games of the tests play alike on
every machine."""

from __future__ import annotations

import asyncio
import time

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
    one process, A/B interleaved), for about 50 MB more per worker. And
    Pilot's waits shorter (quicker_pilot)."""
    import gc

    gc.freeze()
    gc.set_threshold(20_000, 10, 10)
    quicker_pilot()


def quicker_pilot() -> None:
    """Pilot waits for the app to settle with `settled`, not Textual's
    wait_for_idle (textual/_wait.py; Textual is pinned in pyproject), and a
    screen redraws 500 times a second, not 60. Textual's wait (each key
    pressed, each `pilot.pause()`) ends at the first 20 ms in which the
    process used almost no CPU: most of an app test's time was that wait,
    much of it for the screen's next redraw, on a core no other test could
    use. Textual's wait with 5 ms steps was quicker (163 s, 177 s against
    190 s, 209 s) but failed two footer tests under load in 2 of 4 whole
    runs: a loaded machine may run the process too little in 5 ms to tell
    idle from unscheduled, and a redraw due after the step was missed.
    `settled` also asks that nothing be ready or due in the event loop.
    The whole suite on two workers, alternating in one hour (session 21):
    188 s, 191 s with Textual's wait against 174 s, 183 s."""
    import textual.app
    import textual.pilot
    import textual.screen

    assert hasattr(textual.screen, "UPDATE_PERIOD")
    textual.screen.UPDATE_PERIOD = 0.002
    for module in (textual.app, textual.pilot):
        assert hasattr(module, "wait_for_idle")  # a Textual without it fails here
        module.wait_for_idle = settled


STEP = 0.005  # seconds a step of `settled` sleeps
SOON = 0.02  # a timer due this soon is work to come (a redraw, a computer's move)


async def settled(min_sleep: float = STEP, max_sleep: float = 1.0) -> None:
    """Waits until the app has nothing to do: a step of STEP in which the
    process used almost no CPU (as Textual's own wait) and, at its end,
    nothing ready to run in the event loop and no timer due within SOON."""
    loop = asyncio.get_running_loop()
    start = time.monotonic()
    while True:
        cpu = time.process_time()
        await asyncio.sleep(STEP)
        elapsed = time.monotonic() - start
        if elapsed >= max_sleep:
            return
        if (elapsed > min_sleep and time.process_time() - cpu < STEP / 20
                and nothing_due(loop)):
            return


def nothing_due(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether `loop` has no callback ready and no timer due within SOON
    (asyncio's own lists: BaseEventLoop `_ready` and `_scheduled`)."""
    if loop._ready:  # type: ignore[attr-defined]
        return False
    soon = loop.time() + SOON
    return all(h.cancelled() or h.when() > soon
               for h in loop._scheduled)  # type: ignore[attr-defined]

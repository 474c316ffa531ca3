"""A browser tab's process (net/web_process.SeatProcess) ends without a word
in the server's log."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual_serve", reason="the [web] extra is not installed")

from textual_serve.download_manager import DownloadManager  # noqa: E402

from warp_empires.net.web_process import SeatProcess  # noqa: E402


async def _ignore(*_: object, **__: object) -> None:
    return None


def test_a_tab_process_is_killed_without_reaping_it_behind_asyncios_back():
    asyncio.run(_killed_unpolled())


async def _killed_unpolled() -> None:
    # Issue 38's attackers and the web benchmark saw asyncio's "Unknown child
    # process pid N, will report returncode 255" in the server's log: a tab's
    # process that had just quit was killed with Process.kill(), whose
    # subprocess.Popen polls first and so reaps the child before asyncio's
    # child watcher does. The kill must not poll.
    service = SeatProcess("exec sleep 30", b"", {}, write_bytes=_ignore, write_str=_ignore,
                          close=_ignore, download_manager=DownloadManager())
    process = await service._open_app_process()
    popen = process._transport._proc  # type: ignore[attr-defined]

    def polled() -> None:
        raise AssertionError("the tab's process was polled (reaped) outside asyncio's watcher")

    popen.poll = polled
    await service.stop(at_once=True)
    assert process.returncode is not None and process.returncode < 0  # killed, and waited for

"""`warp-empires train --cluster ADDRESS`: the same per-game task
(bots/train.py's play_task) on a Dask distributed cluster, for runs that
outgrow one machine. Needs the optional extra: pip install 'warp-empires[cluster]'.
The workers must have warp-empires installed and see the module's folder at
the same path."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .train import Runner, Task, play_task


def available() -> bool:
    """Whether Dask distributed is installed."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def dask_runner(address: Any) -> Runner:
    """The tasks on the Dask cluster at `address` (a scheduler address, or a
    Client or cluster object), yielded as they end."""
    from distributed import Client, as_completed

    def run(tasks: list[Task]) -> Iterator[tuple[Task, dict[str, Any]]]:
        client = address if isinstance(address, Client) else Client(address)
        futures = client.map(play_task, tasks, pure=False)
        task_of = {f.key: t for f, t in zip(futures, tasks, strict=True)}
        try:
            for future in as_completed(futures):
                yield task_of[future.key], future.result()
        finally:
            client.cancel(futures)
            if client is not address:
                client.close()
    return run

"""Group commit (app/core/batching.py): calls that arrive while a batch runs go together in the
next one, each caller gets its own result or error, and a quiet caller waits for nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from app.core.batching import Batcher


class Recorder:
    """A batch runner that records each batch and holds it until released."""

    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.release = asyncio.Event()

    async def run(self, items: Sequence[int]) -> list[int | Exception]:
        self.batches.append(list(items))
        await self.release.wait()
        return [ValueError(f"odd {item}") if item % 2 else item * 10 for item in items]


async def test_a_lone_call_runs_at_once_and_those_arriving_meanwhile_go_together() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.run, most=3)
    first = asyncio.ensure_future(batcher.submit(2))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    assert recorder.batches == [[2]]  # started alone, without waiting for company
    later = [asyncio.ensure_future(batcher.submit(item)) for item in (4, 5, 6, 8)]
    await asyncio.sleep(0)
    recorder.release.set()
    assert await first == 20
    assert await later[0] == 40
    with pytest.raises(ValueError, match="odd 5"):  # its own error, to its own caller
        await later[1]
    assert [await later[2], await later[3]] == [60, 80]
    assert recorder.batches == [[2], [4, 5, 6], [8]]  # at most three a batch


async def test_a_batch_that_fails_as_a_whole_fails_each_of_its_callers() -> None:
    async def broken(items: Sequence[int]) -> list[int | Exception]:
        raise ConnectionError("database gone")

    batcher = Batcher(broken, most=10)
    results = await asyncio.gather(
        *(batcher.submit(item) for item in range(3)), return_exceptions=True
    )
    assert [type(result) for result in results] == [ConnectionError] * 3
    # and the next call starts a batch again
    with pytest.raises(ConnectionError):
        await batcher.submit(7)


async def test_a_caller_that_stops_waiting_leaves_the_others_answered() -> None:
    recorder = Recorder()
    batcher = Batcher(recorder.run, most=10)
    leaving = asyncio.ensure_future(batcher.submit(2))
    staying = asyncio.ensure_future(batcher.submit(4))
    await asyncio.sleep(0)
    leaving.cancel()
    recorder.release.set()
    assert await staying == 40
    assert leaving.cancelled()
    assert recorder.batches == [[2, 4]]

"""Group commit: calls that arrive together are sent to the database together.

A `Batcher` takes one item per caller. When none of its batches runs, the first item starts
one at the event loop's next turn, with whatever arrived before it (no timer: a quiet process
pays no delay); items that arrive while a batch runs wait for it and go together in the next,
up to `most` at a time. Each caller gets
its own result, or its own error, back; a batch that fails as a whole fails each of its
callers with that error. A caller that stops waiting (its socket closed) leaves its item in
the batch: the batch's work is the database's, not the caller's.

Where many players act in the same second (a Crash round's cash-outs), the process sends one
statement and one commit for each batch instead of one for each call, and a caller waits for
at most the batch before its own instead of for every call queued ahead of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


class Batcher(Generic[Item, Result]):
    """Runs `run` on the items waiting, one batch at a time, in the running event loop."""

    def __init__(
        self,
        run: Callable[[Sequence[Item]], Awaitable[Sequence[Result | Exception]]],
        most: int,
    ) -> None:
        self._run = run
        self._most = most
        self._waiting: list[tuple[Item, asyncio.Future[Result]]] = []
        self._draining: asyncio.Task[None] | None = None

    async def submit(self, item: Item) -> Result:
        """The item's result, once the batch it went in has run (its error raised)."""
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, future))
        if self._draining is None:
            self._draining = asyncio.ensure_future(self._drain())
        return await future

    async def _drain(self) -> None:
        try:
            while self._waiting:
                batch = self._waiting[: self._most]
                del self._waiting[: self._most]
                await self._answer(batch)
        finally:
            self._draining = None

    async def _answer(self, batch: list[tuple[Item, asyncio.Future[Result]]]) -> None:
        try:
            results: Sequence[Result | Exception] = await self._run([item for item, _ in batch])
        except Exception as failed:
            results = [failed] * len(batch)
        if len(results) != len(batch):
            results = [RuntimeError("a batch answered a different number of items")] * len(batch)
        for (_, future), result in zip(batch, results, strict=True):
            if future.done():  # its caller stopped waiting
                continue
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)

"""The job worker's own /health and /metrics port: uvicorn in the worker's event loop, a module
of its own so that only `app.cli worker --ops-port` pays for importing it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from app.api.ops import ops_app


class OpsDoors(uvicorn.Server):
    """uvicorn without signal handlers of its own: the job engine owns SIGTERM and closes the
    doors after it. (Granian's embedded server, used before, leaves a native thread that can
    wake during the interpreter's shutdown and abort the process: granian issue #693.)"""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(
            uvicorn.Config(ops_app(), host, port, lifespan="off", log_config=None, access_log=False)
        )
        self.serving: asyncio.Task[None] | None = None

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield

    def open(self) -> None:
        self.serving = asyncio.create_task(self.serve())

    async def close(self) -> None:
        self.should_exit = True
        if self.serving is not None:
            await self.serving

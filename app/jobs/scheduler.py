"""Where the jobs run: the engine of the mode (procrastinate on PostgreSQL, the in-process
runner on SQLite), inside every app process (a Reflex lifespan task) unless JOBS_IN_APP is
false, when `python -m app.cli worker` processes run them instead."""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager

from app.core.config import get_settings
from app.jobs import all_jobs
from app.jobs.embedded import EmbeddedRunner
from app.services.job_runs import Job

logger = logging.getLogger(__name__)
RESTART_SECONDS = 5.0


async def _until_signalled(runner: EmbeddedRunner) -> None:
    """The runner until SIGINT or SIGTERM, between two runs or in one (which then commits
    nothing and is redone at the next start)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    running = asyncio.create_task(runner.run_forever())
    stopping = asyncio.create_task(stop.wait())
    try:
        done, _ = await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (running, stopping):
            task.cancel()
        await asyncio.gather(running, stopping, return_exceptions=True)
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(signum)
    if running in done:
        running.result()  # the runner's error


async def run_engine(jobs: Sequence[Job], *, signal_handlers: bool = False) -> None:
    """Run the jobs until cancelled (or, with signal handlers, until SIGINT/SIGTERM)."""
    if get_settings().is_sqlite:
        runner = EmbeddedRunner(jobs)
        await (_until_signalled(runner) if signal_handlers else runner.run_forever())
    else:
        from app.jobs.queue import run_worker

        await run_worker(jobs, signal_handlers=signal_handlers)


async def _keep_running(jobs: Sequence[Job]) -> None:
    """The engine, started again after an error (the database out of reach, say)."""
    while True:
        try:
            await run_engine(jobs)
        except Exception:
            logger.exception("the job engine stopped; starting it again")
        await asyncio.sleep(RESTART_SECONDS)


@asynccontextmanager
async def scheduler() -> AsyncIterator[None]:
    if not get_settings().jobs_in_app:
        yield
        return
    task = asyncio.create_task(_keep_running(all_jobs()))
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

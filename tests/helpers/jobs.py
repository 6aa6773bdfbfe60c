"""A scheduled job for tests whose effect is a row per run in a table of its own, written
through the job's exactly-once transaction. The table has no unique key: a period done
twice would show as two rows."""

from __future__ import annotations

import os
from datetime import datetime, timedelta

from sqlalchemy import Column, Integer, MetaData, String, Table, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from app.core.db import get_engine, session_scope
from app.core.periods import every
from app.services.job_runs import Job, JobContext

# Not in the app's metadata: the tests make it (no migration, no model).
EFFECTS = Table(
    "job_test_effect",
    MetaData(),
    Column("job", String(64), nullable=False),
    Column("period", String(32), nullable=False),
    Column("pid", Integer, nullable=False),
)
# While a test holds this advisory lock (PostgreSQL), every run waits inside its
# transaction, after writing its effect and before committing: a moment to kill it.
HOLD_LOCK_KEY = 4_242_001


async def create_effect_table() -> None:
    async with get_engine().begin() as connection:
        await connection.run_sync(EFFECTS.create, checkfirst=True)


def period_text(period: datetime) -> str:
    return f"{period:%Y-%m-%dT%H:%M:%SZ}"


async def _wait_if_held(connection: AsyncConnection) -> None:
    if connection.dialect.name == "postgresql":
        await connection.execute(select(func.pg_advisory_xact_lock_shared(HOLD_LOCK_KEY)))


def effect_job(
    name: str,
    seconds: float = 60,
    fail_times: int = 0,
    fail_period: datetime | None = None,
    catch_up_minutes: int = 10,
    **options: int,
) -> Job:
    """A job writing one effect row per run; its first `fail_times` runs (of `fail_period`
    only, when given) fail after writing (the row goes back with their transaction)."""
    failures = {"left": fail_times}

    async def write_effect(context: JobContext) -> int:
        async with context.transaction() as session:
            connection = await session.connection()
            await connection.execute(
                EFFECTS.insert().values(
                    job=name, period=period_text(context.period), pid=os.getpid()
                )
            )
            await _wait_if_held(connection)
            if failures["left"] > 0 and fail_period in (None, context.period):
                failures["left"] -= 1
                raise RuntimeError("the effect failed")
        return 1

    catch_up = timedelta(minutes=catch_up_minutes)
    return Job(name=name, cron=every(seconds), run=write_effect, catch_up=catch_up, **options)


async def effects(name: str) -> list[tuple[str, int]]:
    """(period, pid) of every effect row of the job, in period order."""
    async with session_scope() as session:
        connection = await session.connection()
        rows = await connection.execute(
            select(EFFECTS.c.period, EFFECTS.c.pid)
            .where(EFFECTS.c.job == name)
            .order_by(EFFECTS.c.period)
        )
        return [(period, pid) for period, pid in rows.all()]

"""Waiting for wager facts to be readable: on PostgreSQL the consumers read only facts of
transactions older than the oldest one still running anywhere on the server (the other test
worker's too, app/services/wager_facts.py), so a test that writes a fact and runs a consumer at
once may find it not yet readable. SQLite has nothing to wait for."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import func, select

from app.core.db import session_scope
from app.services import wager_facts
from models.facts import WagerFact

READABLE_TIMEOUT_SECONDS = 30.0


async def facts_readable() -> None:
    """Return once every fact written so far is readable by the consumers (or time is up)."""
    deadline = time.monotonic() + READABLE_TIMEOUT_SECONDS
    async with session_scope() as session:
        connection = await session.connection()
        if connection.dialect.name != "postgresql":
            return
        newest = (await connection.execute(select(func.max(WagerFact.txid)))).scalar()
    if newest is None:
        return
    while time.monotonic() < deadline:
        async with session_scope() as session:
            connection = await session.connection()
            horizon = (await connection.execute(select(wager_facts._horizon()))).scalar_one()
        if horizon > newest:
            return
        await asyncio.sleep(0.05)

"""The `loyalty` wager-fact consumer: each batch of facts adds to the members' local days
(VIP) and open rebate lines, and raises the members it lifts to a higher level, all in the
transaction that stores the consumer's position — so a fact counts once, and a consumer
that was down catches up from where it stopped."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import wager_facts
from app.services.brands import Brand, brands
from app.services.loyalty import rebate, vip
from app.services.wager_facts import StoredFact

CONSUMER = rebate.CONSUMER


class Handler:
    """The consumer's handler: one batch's days, rebate lines and upgrades."""

    def __init__(self, all_brands: Sequence[Brand], now: datetime) -> None:
        self.by_id = {brand.id: brand for brand in all_brands}
        self.now = now
        self.upgrades = 0

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        touched = await vip.record_days(session, facts, self.by_id)
        await rebate.accrue(session, facts, self.by_id, self.now)
        for brand_id, members in sorted(touched.items()):
            upgraded = await vip.evaluate_in(session, self.by_id[brand_id], members, self.now)
            self.upgrades += len(upgraded)


async def register() -> None:
    """Make the consumer known (the migration registers it; facts before it count nowhere)."""
    await wager_facts.register_consumer(CONSUMER, from_now=True)


async def process(now: datetime, *, batch_size: int = 500) -> int:
    """Count the next batch of facts; returns how many were read (0: caught up)."""
    await register()
    handler = Handler(await brands.all(), now)
    return await wager_facts.process(CONSUMER, handler, batch_size=batch_size)


async def catch_up(now: datetime, *, batch_size: int = 500) -> int:
    await register()
    handler = Handler(await brands.all(), now)
    return await wager_facts.catch_up(CONSUMER, handler, batch_size=batch_size)

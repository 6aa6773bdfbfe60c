"""Missions and races in the console: the brand's list (`promotions.view`), a new one, its
schedule and its stop (`promotions.manage`), each audited in the change's transaction. The
rules are app/services/loyalty/campaigns.py, which the CLI calls too."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.loyalty import campaigns
from app.services.loyalty.campaigns import Campaign, Draft


def _recorder(staff: Staff, brand_id: int, now: datetime) -> campaigns.Record:
    async def record(session: AsyncSession, action: str, code: str, detail: dict[str, Any]) -> None:
        await audit.append(
            session, staff.actor, action, now=now, merchant_id=brand_id, target=code, detail=detail
        )

    return record


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def campaign_list(staff: Staff, brand: str, now: datetime) -> list[Campaign]:
    brand_id = await _brand_id(brand)
    await require(staff, "promotions.view", brand_id, now)
    return await campaigns.listing(brand_id, now)


async def create(staff: Staff, brand: str, draft: Draft, now: datetime) -> Campaign:
    brand_id = await _brand_id(brand)
    await require(staff, "promotions.manage", brand_id, now)
    return await campaigns.create(brand_id, draft, now, _recorder(staff, brand_id, now))


async def schedule(
    staff: Staff, brand: str, kind: str, code: str, starts: str, ends: str, now: datetime
) -> Campaign:
    brand_id = await _brand_id(brand)
    await require(staff, "promotions.manage", brand_id, now)
    return await campaigns.schedule(
        brand_id, kind, code, starts, ends, now, _recorder(staff, brand_id, now)
    )


async def stop(staff: Staff, brand: str, kind: str, code: str, now: datetime) -> Campaign:
    brand_id = await _brand_id(brand)
    await require(staff, "promotions.manage", brand_id, now)
    return await campaigns.stop(brand_id, kind, code, now, _recorder(staff, brand_id, now))

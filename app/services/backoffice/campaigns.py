"""Missions and races in the console: the brand's list (`promotions.view`), a new one, its
schedule and its stop (`promotions.manage`), each audited in the change's transaction. The
rules are app/services/loyalty/campaigns.py, which the CLI calls too."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.loyalty import campaigns
from app.services.loyalty.campaigns import Campaign, Draft


def _text(form: Mapping[str, object], name: str, limit: int = 256) -> str:
    value = form.get(name)
    return value.strip()[:limit] if isinstance(value, str) else ""


def draft_from_form(form: Mapping[str, object]) -> Draft:
    """The console's new-mission-or-race form as typed (the prizes comma-separated)."""
    return Draft(
        kind=_text(form, "kind"),
        code=_text(form, "code", 32),
        title_en=_text(form, "title_en", campaigns.MAX_TITLE + 1),
        title_pt=_text(form, "title_pt", campaigns.MAX_TITLE + 1),
        period=_text(form, "period"),
        measure=_text(form, "measure"),
        reward_kind=_text(form, "reward_kind") or "CASH",
        target=_text(form, "target"),
        reward=_text(form, "reward"),
        category=_text(form, "category"),
        game_code=_text(form, "game_code", 65),
        min_multiplier=_text(form, "min_multiplier"),
        min_bet=_text(form, "min_bet"),
        prizes=tuple(p.strip() for p in _text(form, "prizes", 400).split(";") if p.strip()),
        starts=_text(form, "starts"),
        ends=_text(form, "ends"),
    )


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

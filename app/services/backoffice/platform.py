"""Platform in the console: maintenance, region blocks and module switches through the same
service as the CLI (app/services/site_status.py), the registration fields, their patterns and
hints (app/services/register_settings.py), each change audited with before and after;
scheduled jobs and their runs."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from datetime import datetime

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from app.services import job_runs, register_settings, site_status
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from models import Merchant


async def _brand_id(code: str) -> int:
    return (await brands.by_code(code)).id


async def switches(staff: Staff, code: str, now: datetime) -> site_status.SiteSwitches:
    await require(staff, "platform.view", await _brand_id(code), now)
    return await site_status.switches(code)


def _recorder(staff: Staff, code: str, action: str, now: datetime) -> site_status.Record:
    """The change's audit entry (before and after), written in the change's transaction."""

    async def record(
        session: AsyncSession, before: site_status.SiteSwitches, after: site_status.SiteSwitches
    ) -> None:
        await audit.append(
            session,
            staff.actor,
            action,
            now=now,
            merchant_id=await _brand_id(code),
            target=code,
            detail={"before": _plain(before), "after": _plain(after)},
        )

    return record


def _plain(switches: site_status.SiteSwitches) -> dict[str, object]:
    return {
        "maintenance": switches.maintenance,
        "until": switches.maintenance_end_at.isoformat() if switches.maintenance_end_at else None,
        "message": switches.maintenance_message,
        "networks": list(switches.blocked_networks),
        "countries": list(switches.blocked_countries),
    }


async def start_maintenance(
    staff: Staff, code: str, message: str | None, until: datetime | None, now: datetime
) -> site_status.SiteSwitches:
    await require(staff, "platform.site_status", await _brand_id(code), now)
    return await site_status.start_maintenance(
        code,
        until=until,
        message=message,
        now=now,
        record=_recorder(staff, code, "settings.maintenance", now),
    )


async def back_to_normal(staff: Staff, code: str, now: datetime) -> site_status.SiteSwitches:
    await require(staff, "platform.site_status", await _brand_id(code), now)
    return await site_status.back_to_normal(
        code, now=now, record=_recorder(staff, code, "settings.normal", now)
    )


async def block(
    staff: Staff, code: str, networks: list[str], countries: list[str], now: datetime
) -> site_status.SiteSwitches:
    await require(staff, "platform.site_status", await _brand_id(code), now)
    return await site_status.block(
        code,
        networks=networks,
        countries=countries,
        now=now,
        record=_recorder(staff, code, "settings.block", now),
    )


async def unblock(
    staff: Staff, code: str, networks: list[str], countries: list[str], now: datetime
) -> site_status.SiteSwitches:
    await require(staff, "platform.site_status", await _brand_id(code), now)
    return await site_status.unblock(
        code,
        networks=networks,
        countries=countries,
        now=now,
        record=_recorder(staff, code, "settings.unblock", now),
    )


async def modules(staff: Staff, code: str, now: datetime) -> list[register_settings.ModuleSetting]:
    await require(staff, "platform.view", await _brand_id(code), now)
    return await register_settings.modules(code)


async def set_module(
    staff: Staff, code: str, mod_id: str, enabled: bool, now: datetime
) -> list[register_settings.ModuleSetting]:
    """Switch a module on or off; the brand's modules after the change."""
    brand_id = await _brand_id(code)
    await require(staff, "platform.site_status", brand_id, now)

    async def record(
        session: AsyncSession, before: site_status.SiteSwitches, after: site_status.SiteSwitches
    ) -> None:
        await audit.append(
            session, staff.actor, "settings.module", now=now, merchant_id=brand_id,
            target=code, detail={"module": mod_id.strip().upper()[:64], "enabled": enabled},
        )  # fmt: skip

    await site_status.set_module(code, mod_id, enabled=enabled, now=now, record=record)
    return await register_settings.modules(code)


async def register_fields(
    staff: Staff, code: str, now: datetime
) -> list[register_settings.FieldSetting]:
    await require(staff, "platform.view", await _brand_id(code), now)
    return await register_settings.fields(code)


async def set_register_field(
    staff: Staff, code: str, setting: register_settings.FieldSetting, now: datetime
) -> list[register_settings.FieldSetting]:
    """Store one registration field's setting; the brand's fields after the change."""
    brand_id = await _brand_id(code)
    await require(staff, "platform.site_status", brand_id, now)

    async def record(
        session: AsyncSession,
        before: register_settings.FieldSetting | None,
        after: register_settings.FieldSetting,
    ) -> None:
        await audit.append(
            session, staff.actor, "settings.register_field", now=now, merchant_id=brand_id,
            target=code, detail={"before": before and asdict(before), "after": asdict(after)},
        )  # fmt: skip

    await register_settings.set_field(code, setting, now=now, record=record)
    return await register_settings.fields(code)


async def job_history(
    staff: Staff, names: Sequence[str], now: datetime
) -> list[job_runs.JobHistory]:
    """Recent runs of the named jobs (the caller passes app.jobs.JOBS' names)."""
    await require(staff, "jobs.view", staff.merchant_id, now)
    return await job_runs.recent_runs(names)


async def brand_codes(merchant_id: int | None) -> list[str]:
    """The codes of the brands a staff member of `merchant_id` works for (None: all)."""
    async with session_scope() as session:
        statement = select(Merchant.code).order_by(col(Merchant.code))
        if merchant_id is not None:
            statement = statement.where(Merchant.id == merchant_id)
        return list((await session.exec(statement)).all())

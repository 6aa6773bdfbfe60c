"""What missions and races share: their periods in the brand's time zone, their titles, and
their rewards: cash (cash_rewards.py), points (points_ledger.py)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import points_ledger
from app.services.cash_rewards import pay_cash
from models.base import saved_id
from models.loyalty_missions import Mission, MissionPeriod, MissionReward, Race
from models.member import Member


def period_bounds(
    timezone: str, period: MissionPeriod | str, at: datetime
) -> tuple[datetime, datetime]:
    """The start and end (UTC) of the day or week (Monday first) holding `at`, in the zone."""
    zone = ZoneInfo(timezone)
    today = at.astimezone(zone).date()
    if MissionPeriod(period) is MissionPeriod.WEEKLY:
        first = today - timedelta(days=today.weekday())
        last = first + timedelta(days=7)
    else:
        first, last = today, today + timedelta(days=1)

    def start(day: date) -> datetime:
        return datetime.combine(day, time(0), zone).astimezone(at.tzinfo)

    return start(first), start(last)


def period_key(start: datetime) -> str:
    """A period's name in keys: its start, UTC, to the minute."""
    return f"{start:%Y%m%d%H%M}"


def scheduled_at(row: Mission | Race, at: datetime) -> bool:
    """A mission or race counts at `at`: enabled and within the operator's schedule."""
    return (
        row.enabled
        and (row.starts_at is None or row.starts_at <= at)
        and (row.ends_at is None or at < row.ends_at)
    )


def title_of(titles: dict[str, object], language: str, fallback: str) -> str:
    """The title in the language ("pt", "PT-BR" → "PT"), else in English, else the code."""
    text = titles.get(language.split("-")[0].upper()) or titles.get("EN") or fallback
    return str(text)


async def pay_reward(
    session: AsyncSession,
    *,
    kind: MissionReward | str,
    member: Member,
    currency: str,
    amount: Decimal,
    key: str,
    reference: str,
    metadata: dict[str, object],
    now: datetime,
) -> int | None:
    """Pay a mission's or race's reward of its kind; the cash ledger transaction's id."""
    if MissionReward(kind) is MissionReward.CASH:
        return await pay_cash(
            session,
            member=member,
            currency=currency,
            amount=amount,
            key=key,
            reference=reference,
            metadata=metadata,
        )
    await points_ledger.credit(
        session, saved_id(member.id), amount, key=key, reason="mission", now=now
    )
    return None

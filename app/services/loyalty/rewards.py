"""What missions and races share: their periods in the brand's time zone, their titles, and
their rewards: cash through the ledger, points through the points capability."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlmodel.ext.asyncio.session import AsyncSession

from app.services import ledger, points_ledger
from models.base import saved_id
from models.ledger import AccountKind, TransactionKind
from models.loyalty_missions import MissionPeriod, MissionReward
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


def title_of(titles: dict[str, object], language: str, fallback: str) -> str:
    """The title in the language ("pt", "PT-BR" → "PT"), else in English, else the code."""
    text = titles.get(language.split("-")[0].upper()) or titles.get("EN") or fallback
    return str(text)


async def pay_cash(
    session: AsyncSession,
    *,
    member: Member,
    currency: str,
    amount: Decimal,
    key: str,
    reference: str,
    metadata: dict[str, object],
    kind: TransactionKind = TransactionKind.BONUS,
) -> int:
    """A cash reward in the caller's transaction: promotion expense → member cash, once per
    key (`kind` names the movement: a reward, or points converted); returns the ledger
    transaction's id."""
    member_id = saved_id(member.id)
    cash = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.MEMBER_CASH,
        currency=currency,
        member_id=member_id,
    )
    expense = await ledger.account(
        session,
        merchant_id=member.merchant_id,
        kind=AccountKind.PROMOTION_EXPENSE,
        currency=currency,
        spread=member_id,
    )
    posted = await ledger.move(
        session,
        merchant_id=member.merchant_id,
        kind=kind,
        idempotency_key=key,
        debit_account_id=saved_id(expense.id),
        credit_account_id=saved_id(cash.id),
        amount=amount,
        reference=reference[:128],
        member_id=member_id,
        metadata=metadata,
    )
    return posted.transaction_id


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

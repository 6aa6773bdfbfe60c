"""The brand's rebate base rates per game category (issue 17; spec 9's displayed rates as the
default): what the lobby shows and what the rebate of app/services/loyalty/rebate.py starts
from (plus the member's level boost). Kept apart from the loyalty package so that the lobby
can show them without depending on loyalty."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import select as sm_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from models.loyalty_vip import RebateRate

DEFAULT_RATES: dict[str, Decimal | None] = {
    "LOTT": Decimal("1"),
    "ELOTT": Decimal("1"),
    "PVP": None,
    "FISH": Decimal("1"),
    "RNG": Decimal("1.2"),
    "LIVE": Decimal("0.8"),
    "SPORTS": Decimal("1"),
    "ESPORTS": Decimal("1"),
}


def plain_rate(value: object) -> Decimal:
    """A stored rate without trailing zeros ("1.200" → 1.2, "10.000" → 10)."""
    rate = Decimal(str(value)).normalize()
    return rate.quantize(Decimal(1)) if rate == rate.to_integral_value() else rate


async def rates_of(session: AsyncSession, merchant_id: int) -> dict[str, Decimal]:
    """The brand's base rate per category (a brand that configured none: the spec's)."""
    rows = (
        await session.exec(sm_select(RebateRate).where(RebateRate.merchant_id == merchant_id))
    ).all()
    if not rows:
        return {k: v for k, v in DEFAULT_RATES.items() if v is not None}
    return {row.category: plain_rate(row.rate) for row in rows if row.rate > 0}


async def displayed_rates(merchant_id: int) -> dict[str, Decimal | None]:
    """The rates the lobby shows per category of the spec's list (None: "-")."""
    async with session_scope() as session:
        rates = await rates_of(session, merchant_id)
    return {category: rates.get(category) for category in DEFAULT_RATES}

"""Demo VIP ladder and rebate rates of the demo brands (BRL, a 30-day rolling window).

Made once per brand by code (`app.cli seed`): a brand that already has a ladder or rates
keeps its own. The rebate rates are the spec's displayed ones (spec 9)."""

from __future__ import annotations

from decimal import Decimal

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.services.loyalty import vip
from app.services.rebate_rates import DEFAULT_RATES
from models.brand import Merchant
from models.loyalty_vip import RebateRate, VipLevel


def _d(text: str) -> Decimal:
    return Decimal(text)


# level, valid bet, deposits, keep, boost, withdraw max, per day, level-up, member day,
# Sunday best, slots %, slots cap
LADDER: tuple[tuple[str, ...], ...] = (
    ("0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0"),
    ("1", "1000", "200", "500", "0.05", "50000", "3", "10", "5", "5", "0.1", "20"),
    ("2", "5000", "1000", "2500", "0.1", "50000", "4", "30", "15", "10", "0.15", "50"),
    ("3", "20000", "5000", "10000", "0.2", "80000", "5", "100", "40", "25", "0.2", "150"),
    ("4", "100000", "20000", "50000", "0.3", "120000", "6", "400", "120", "60", "0.25", "400"),
    ("5", "500000", "100000", "250000", "0.4", "200000", "8", "1500", "400", "200", "0.3", "1000"),
    (
        "6", "2000000", "400000", "1000000", "0.5", "300000", "10", "5000", "1200", "600",
        "0.35", "3000",
    ),
)  # fmt: skip


def demo_ladder() -> list[vip.Level]:
    return [
        vip.Level(
            level=int(row[0]),
            name=f"VIP{row[0]}",
            bet_threshold=_d(row[1]),
            deposit_threshold=_d(row[2]),
            retain_bet=_d(row[3]),
            rebate_boost=_d(row[4]),
            withdraw_max=_d(row[5]),
            withdraw_daily_count=int(row[6]),
            level_up_bonus=_d(row[7]),
            member_day_bonus=_d(row[8]),
            sunday_best_bonus=_d(row[9]),
            slots_rate=_d(row[10]),
            slots_cap=_d(row[11]),
        )
        for row in LADDER
    ]


async def seed_loyalty(session: AsyncSession) -> None:
    """Give every brand without a ladder the demo one, and without rates the spec's."""
    merchants = (await session.exec(select(Merchant))).all()
    for merchant in merchants:
        assert merchant.id is not None
        has_ladder = (
            await session.exec(select(VipLevel.id).where(VipLevel.merchant_id == merchant.id))
        ).first()
        if has_ladder is None:
            await vip.configure_in(session, merchant.id, demo_ladder(), vip.Settings())
        has_rates = (
            await session.exec(select(RebateRate.id).where(RebateRate.merchant_id == merchant.id))
        ).first()
        if has_rates is None:
            for category, rate in DEFAULT_RATES.items():
                session.add(
                    RebateRate(
                        merchant_id=merchant.id, category=category, rate=rate or Decimal("0")
                    )
                )

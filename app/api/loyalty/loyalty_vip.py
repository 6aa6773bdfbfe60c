"""VIP and rebate ("my income") calls of a real member. The spec names no call for them, so
they live under /wps/loyalty. Thin: the rules are in app/services/loyalty."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageSize, PageValue
from app.core import clock
from app.services import rebate_rates
from app.services.loyalty import rebate, vip

router = APIRouter(tags=["loyalty"])


class LevelValue(ApiModel):
    level: int
    name: str
    betThreshold: Decimal
    depositThreshold: Decimal
    retainBet: Decimal
    rebateBoost: Decimal = Field(description="percentage points added to every base rate")
    withdrawMax: Decimal
    withdrawDailyCount: int
    levelUpBonus: Decimal
    memberDayBonus: Decimal
    sundayBestBonus: Decimal
    slotsRate: Decimal
    slotsCap: Decimal


class VipEventValue(ApiModel):
    kind: str = Field(description="UPGRADE, DOWNGRADE, LEVEL_UP_BONUS, SUNDAY_BEST, ...")
    fromLevel: int
    toLevel: int
    amount: Decimal
    createdAt: datetime


class VipValue(ApiModel):
    level: int
    name: str
    since: datetime | None
    windowDays: int
    validBet: Decimal = Field(description="valid bet over the rolling window")
    deposits: Decimal = Field(description="paid deposits over the rolling window")
    nextLevel: LevelValue | None
    levels: list[LevelValue]
    history: list[VipEventValue]


class RebateLineValue(ApiModel):
    id: int
    category: str
    periodStart: datetime
    periodEnd: datetime
    base: Decimal = Field(description="the period's valid bet of own money")
    rate: Decimal = Field(description="percent: base rate + level boost (set at the close)")
    amount: Decimal
    status: str = Field(description="OPEN, CLAIMABLE, PAID, NONE or WITHHELD")


class IncomeValue(PageValue):
    items: list[RebateLineValue]
    claimable: Decimal
    paid: Decimal
    accruing: Decimal
    claimMode: str = Field(description="CLAIM or AUTO")
    rates: dict[str, Decimal | None] = Field(description='base rates; null is shown as "-"')


class ClaimBody(ApiModel):
    lineId: int | None = Field(default=None, ge=1, le=2**31 - 1, description="none: all")


class ClaimValue(ApiModel):
    lines: int
    amount: Decimal


def _level(level: vip.Level) -> LevelValue:
    return LevelValue(
        level=level.level,
        name=level.name,
        betThreshold=level.bet_threshold,
        depositThreshold=level.deposit_threshold,
        retainBet=level.retain_bet,
        rebateBoost=level.rebate_boost,
        withdrawMax=level.withdraw_max,
        withdrawDailyCount=level.withdraw_daily_count,
        levelUpBonus=level.level_up_bonus,
        memberDayBonus=level.member_day_bonus,
        sundayBestBonus=level.sunday_best_bonus,
        slotsRate=level.slots_rate,
        slotsCap=level.slots_cap,
    )


@router.get("/wps/loyalty/vip", response_model=Envelope[VipValue])
async def vip_status(ctx: Context, auth: RealMember) -> Envelope[VipValue]:
    """The member's level, the progress over the rolling window, the ladder, the history."""
    assert auth.member.id is not None
    found = await vip.page(ctx.brand, auth.member.id, clock.now())
    return ok(
        VipValue(
            level=found.current.level,
            name=found.current.name,
            since=found.current.since,
            windowDays=found.window_days,
            validBet=found.progress.valid_bet,
            deposits=found.progress.deposits,
            nextLevel=_level(found.next_level) if found.next_level else None,
            levels=[_level(level) for level in found.levels],
            history=[
                VipEventValue(
                    kind=event.kind.value,
                    fromLevel=event.from_level,
                    toLevel=event.to_level,
                    amount=event.amount,
                    createdAt=event.created_at,
                )
                for event in found.history
            ],
        )
    )


@router.get("/wps/loyalty/rebate", response_model=Envelope[IncomeValue])
async def rebate_income(
    ctx: Context,
    auth: RealMember,
    range: str = Query(default="7d", max_length=8, description="today, 7d or 30d"),
    page: PageNumber = 1,
    page_size: PageSize = rebate.PAGE_SIZE,
) -> Envelope[IncomeValue]:
    """My income: the member's rebate lines with base, rate, amount, period and status."""
    assert auth.member.id is not None
    now = clock.now()
    since, until = rebate.range_bounds(ctx.brand, range, now)
    found = await rebate.income(ctx.brand, auth.member.id, since, until, page, page_size)
    return ok(
        IncomeValue(
            items=[
                RebateLineValue(
                    id=line.id,
                    category=line.category,
                    periodStart=line.period_start,
                    periodEnd=line.period_end,
                    base=line.base,
                    rate=line.rate,
                    amount=line.amount,
                    status=line.status.value,
                )
                for line in found.lines
            ],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
            claimable=found.claimable,
            paid=found.paid,
            accruing=found.accruing,
            claimMode=found.claim_mode.value,
            rates=await rebate_rates.displayed_rates(ctx.brand.id),
        )
    )


@router.post("/wps/loyalty/rebate/claim", response_model=Envelope[ClaimValue])
async def rebate_claim(ctx: Context, auth: RealMember, body: ClaimBody) -> Envelope[ClaimValue]:
    """Claim one claimable line, or all of them: each paid once."""
    assert auth.member.id is not None
    done = await rebate.claim(ctx.brand, auth.member.id, body.lineId, clock.now())
    return ok(ClaimValue(lines=done.lines, amount=done.amount))


ROUTERS = (router,)

"""The betting record (personalHistoryCopy) and profit and loss (personalProfit) calls.

The spec names no paths for them; they sit with the other order-data relay calls
(`ODSFE2_...`, like ODSFE2_MemTransDet). A member only ever sees their own rounds.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from fastapi import APIRouter, Query

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageSize, PageValue
from app.services.seamless import betting

router = APIRouter(prefix="/wps/relay", tags=["records"])


class RoundValue(ApiModel):
    roundId: str
    vendor: str
    vendorName: str
    gameCode: str
    gameName: str
    gameType: str
    bet: Decimal
    win: Decimal
    profit: Decimal
    status: str
    openedAt: datetime
    settledAt: datetime | None
    verifyUrl: str | None

    @classmethod
    def fields_of(cls, item: betting.BetRound) -> dict[str, Any]:
        return {
            "roundId": item.round_id,
            "vendor": item.vendor,
            "vendorName": item.vendor_name,
            "gameCode": item.game_code,
            "gameName": item.game_name,
            "gameType": item.game_type,
            "bet": item.bet,
            "win": item.win,
            "profit": item.profit,
            "status": item.status,
            "openedAt": item.opened_at,
            "settledAt": item.settled_at,
            "verifyUrl": item.verify_url,
        }


class TotalsValue(ApiModel):
    rounds: int
    bet: Decimal
    win: Decimal
    profit: Decimal

    @classmethod
    def fields_of(cls, totals: betting.Totals) -> dict[str, Any]:
        return {
            "rounds": totals.rounds,
            "bet": totals.bet,
            "win": totals.win,
            "profit": totals.profit,
        }


class BettingPageValue(PageValue):
    items: list[RoundValue]
    totals: TotalsValue


class CallValue(ApiModel):
    transactionId: str
    kind: str
    amount: Decimal
    status: str
    time: datetime


class RoundDetailValue(RoundValue):
    calls: list[CallValue]


class DayValue(TotalsValue):
    day: str


class CategoryValue(TotalsValue):
    category: str


class ProfitValue(ApiModel):
    days: list[DayValue]
    categories: list[CategoryValue]
    totals: TotalsValue


@router.get("/ODSFE2_bettingRecord", response_model=Envelope[BettingPageValue])
async def betting_record(
    ctx: Context,
    auth: RealMember,
    category: str = Query(default=betting.ALL, max_length=16),
    range: str = Query(default="7d", max_length=8),
    page: PageNumber = 1,
    page_size: PageSize = betting.PAGE_SIZE,
) -> Envelope[BettingPageValue]:
    assert auth.member.id is not None
    found = await betting.betting_record(
        member_id=auth.member.id,
        timezone=ctx.brand.timezone,
        category=category,
        range_name=range,
        page=page,
        page_size=page_size,
    )
    return ok(
        BettingPageValue(
            items=[RoundValue(**RoundValue.fields_of(item)) for item in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
            totals=TotalsValue(**TotalsValue.fields_of(found.totals)),
        )
    )


@router.get("/ODSFE2_bettingRecordDetail", response_model=Envelope[RoundDetailValue])
async def betting_record_detail(
    auth: RealMember,
    vendor: str = Query(max_length=32),
    roundId: str = Query(max_length=64),
) -> Envelope[RoundDetailValue]:
    assert auth.member.id is not None
    detail = await betting.round_detail(member_id=auth.member.id, vendor=vendor, round_id=roundId)
    calls = [
        CallValue(
            transactionId=c.transaction_id,
            kind=c.kind,
            amount=c.amount,
            status=c.status,
            time=c.time,
        )
        for c in detail.calls
    ]
    return ok(RoundDetailValue(**RoundValue.fields_of(detail.round), calls=calls))


@router.get("/ODSFE2_profitAndLoss", response_model=Envelope[ProfitValue])
async def profit_and_loss(
    ctx: Context, auth: RealMember, range: str = Query(default="7d", max_length=8)
) -> Envelope[ProfitValue]:
    assert auth.member.id is not None
    report = await betting.profit_and_loss(
        member_id=auth.member.id, timezone=ctx.brand.timezone, range_name=range
    )
    return ok(
        ProfitValue(
            days=[
                DayValue(day=d.day.isoformat(), **TotalsValue.fields_of(d.totals))
                for d in report.days
            ],
            categories=[
                CategoryValue(category=c.category, **TotalsValue.fields_of(c.totals))
                for c in report.categories
            ],
            totals=TotalsValue(**TotalsValue.fields_of(report.totals)),
        )
    )


ROUTERS = (router,)

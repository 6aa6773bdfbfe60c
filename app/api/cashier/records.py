"""The account record (transactionHistory) and bonus details: the member's own movements only."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageSize, PageValue
from app.services import records

router = APIRouter(tags=["records"])


class RecordWallet(ApiModel):
    wallet: str
    amount: Decimal


class RecordItem(ApiModel):
    id: int
    kind: str
    reference: str
    time: datetime
    amount: Decimal
    balance: Decimal | None
    otherWallets: list[RecordWallet]

    @classmethod
    def of(cls, movement: records.AccountMovement) -> RecordItem:
        return cls(
            id=movement.id,
            kind=movement.kind,
            reference=movement.reference,
            time=movement.time,
            amount=movement.amount,
            balance=movement.balance,
            otherWallets=[
                RecordWallet(wallet=c.wallet, amount=c.amount) for c in movement.other_wallets
            ],
        )


class RecordPageValue(PageValue):
    items: list[RecordItem]


@router.get("/wps/member/transactions", response_model=Envelope[RecordPageValue])
async def transactions(
    ctx: Context,
    auth: RealMember,
    type: str = Query(default="all", max_length=16),
    range: str = Query(default="7d", max_length=8),
    page: PageNumber = 1,
    page_size: PageSize = records.PAGE_SIZE,
) -> Envelope[RecordPageValue]:
    assert auth.member.id is not None
    found = await records.account_record(
        member_id=auth.member.id,
        timezone=ctx.brand.timezone,
        type_filter=type,
        range_name=range,
        page=page,
        page_size=page_size,
    )
    return ok(
        RecordPageValue(
            items=[RecordItem.of(item) for item in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


class BonusItem(ApiModel):
    id: int
    kind: str = Field(description="BONUS or REBATE")
    reference: str
    time: datetime
    amount: Decimal
    wallet: str | None = Field(description="MEMBER_CASH or MEMBER_BONUS: where it landed")
    balance: Decimal | None = Field(description="that wallet's balance right after")


class BonusPageValue(PageValue):
    items: list[BonusItem]


@router.get("/wps/member/bonusDetails", response_model=Envelope[BonusPageValue])
async def bonus_details(
    ctx: Context,
    auth: RealMember,
    range: str = Query(default="7d", max_length=8),
    page: PageNumber = 1,
    page_size: PageSize = records.PAGE_SIZE,
) -> Envelope[BonusPageValue]:
    assert auth.member.id is not None
    found = await records.bonus_details(
        member_id=auth.member.id,
        timezone=ctx.brand.timezone,
        range_name=range,
        page=page,
        page_size=page_size,
    )
    return ok(
        BonusPageValue(
            items=[BonusItem.model_validate(item, from_attributes=True) for item in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )


ROUTERS = (router,)

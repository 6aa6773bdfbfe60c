"""The account record (transactionHistory): the member's own movements only."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fastapi import APIRouter, Query

from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
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


class RecordPageValue(ApiModel):
    items: list[RecordItem]
    total: int
    page: int
    pageSize: int


@router.get("/wps/member/transactions", response_model=Envelope[RecordPageValue])
async def transactions(
    ctx: Context,
    auth: RealMember,
    type: str = Query(default="all", max_length=16),
    range: str = Query(default="7d", max_length=8),
    page: int = Query(default=1, ge=1, le=10_000),
    pageSize: int = Query(default=records.PAGE_SIZE, ge=1, le=100),
) -> Envelope[RecordPageValue]:
    assert auth.member.id is not None
    found = await records.account_record(
        member_id=auth.member.id,
        timezone=ctx.brand.timezone,
        type_filter=type,
        range_name=range,
        page=page,
        page_size=pageSize,
    )
    return ok(
        RecordPageValue(
            items=[RecordItem.model_validate(item) for item in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
        )
    )

"""Points (spec 7 "Points", all T): balance, rewards, redeem and convert (password check, E),
redeem history, configuration and the points details. Thin: the rules are in
app/services/loyalty/points.py."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import Context, RealMember, module_call, sealed_model
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageValue
from app.core import clock
from app.core.i18n import has_key, translate
from app.services import site
from app.services.loyalty import points
from models.base import MAX_ID

router = APIRouter(
    prefix="/wps/relay", tags=["points"], dependencies=[module_call(site.POINTS_MODULE)]
)
RangeName = Annotated[str, Query(alias="range", max_length=8, description="7d or 30d")]
WindowOffset = Annotated[
    int,
    Query(
        ge=0,
        le=points.MAX_WINDOWS_BACK,
        description="0: the window up to today; 1: the previous window … (next: one less)",
    ),
]


class PointBalanceValue(ApiModel):
    balance: Decimal
    cashValue: Decimal = Field(description="what the balance converts to")
    currency: str
    neverExpire: bool = True


class PointConfigValue(ApiModel):
    enabled: bool
    earnRatios: dict[str, Decimal] = Field(description="points per 1 of valid bet, by category")
    convertRatio: Decimal = Field(description="points for 1 of cash")
    minConvert: Decimal
    currency: str
    neverExpire: bool = True


class PointRewardValue(ApiModel):
    id: int
    code: str
    kind: str = Field(description="CASH, BONUS, PHYSICAL or FREE_ROUNDS")
    name: str
    description: str
    model: str
    image: str
    points: Decimal = Field(description="the price of one")
    value: Decimal = Field(description="cash or bonus amount of one; free rounds: the stake")
    currency: str
    stock: int | None = Field(description="None: unlimited")
    maxQuantity: int
    wageringMultiplier: int
    bonusDays: int
    freeGame: str = Field(description="free rounds: the in-house game's code")
    freeRounds: int = Field(description="free rounds: how many rounds one gives")


class AddressPayload(ApiModel):
    name: str = Field(default="", max_length=80)
    phone: str = Field(default="", max_length=24)
    line: str = Field(default="", max_length=160)
    city: str = Field(default="", max_length=60)
    region: str = Field(default="", max_length=40)
    postcode: str = Field(default="", max_length=16)


class RedeemPayload(ApiModel):
    rewardId: int = Field(ge=1, le=MAX_ID)
    quantity: int = Field(default=1, ge=1, le=1000)
    paymentPassword: str = Field(default="", max_length=64)
    address: AddressPayload | None = Field(default=None, description="physical items only")


class ConvertPayload(ApiModel):
    points: str = Field(max_length=24, description="e.g. 500 or 250.50")
    paymentPassword: str = Field(default="", max_length=64)


class RedeemValue(ApiModel):
    reference: str
    applyTime: datetime
    kind: str
    model: str
    name: str
    quantity: int
    points: Decimal = Field(description="points required, all of them")
    status: str = Field(description="PROCESS, APPROVED or REJECTED")
    statusText: str
    address: dict[str, str]
    decidedAt: datetime | None
    note: str


class ConvertValue(ApiModel):
    reference: str
    points: Decimal
    cash: Decimal
    balance: Decimal = Field(description="points left")


class RedeemPage(PageValue):
    since: datetime
    until: datetime
    items: list[RedeemValue]


class PointRecordValue(ApiModel):
    id: int
    type: str = Field(description="EARN, CREDIT, REDEEM, REFUND or CONVERT")
    typeText: str
    amount: Decimal
    balance: Decimal
    ratio: str
    status: str
    statusText: str
    time: datetime
    remark: str
    reason: str


class PointRecordPage(PageValue):
    since: datetime
    until: datetime
    items: list[PointRecordValue]


def reason_text(reason: str, language: str) -> str:
    key = f"points.reason.{reason}"
    return translate(key, language) if reason and has_key(key) else reason


def redeem_value(view: points.RedeemView, language: str) -> RedeemValue:
    return RedeemValue(
        reference=view.reference,
        applyTime=view.applied_at,
        kind=view.kind.value,
        model=view.model,
        name=view.name,
        quantity=view.quantity,
        points=view.points,
        status=view.status.value,
        statusText=translate(f"points.status.{view.status.value}", language),
        address=view.address,
        decidedAt=view.decided_at,
        note=view.note,
    )


@router.get("/MCS2_getPointBalance", response_model=Envelope[PointBalanceValue])
async def point_balance(auth: RealMember) -> Envelope[PointBalanceValue]:
    found = await points.overview(auth.member)
    return ok(
        PointBalanceValue(
            balance=found.balance, cashValue=found.cash_value, currency=found.currency
        )
    )


@router.get("/MCS2_getPointConfig", response_model=Envelope[PointConfigValue])
async def point_config(auth: RealMember) -> Envelope[PointConfigValue]:
    found = await points.overview(auth.member)
    config = found.config
    return ok(
        PointConfigValue(
            enabled=config.enabled,
            earnRatios=dict(config.earn_ratios),
            convertRatio=config.convert_ratio,
            minConvert=config.min_convert,
            currency=found.currency,
        )
    )


@router.get("/MCS2_getPointReward", response_model=Envelope[list[PointRewardValue]])
async def point_rewards(ctx: Context, auth: RealMember) -> Envelope[list[PointRewardValue]]:
    """The rewards on offer (bonus rewards are not offered where pre-bet bonuses are banned)."""
    found = await points.rewards(auth.member.merchant_id, ctx.language)
    return ok(
        [
            PointRewardValue(
                id=r.id,
                code=r.code,
                kind=r.kind.value,
                name=r.name,
                description=r.description,
                model=r.model,
                image=r.image,
                points=r.points,
                value=r.value,
                currency=r.currency,
                stock=r.stock,
                maxQuantity=r.max_quantity,
                wageringMultiplier=r.wagering_multiplier,
                bonusDays=r.bonus_days,
                freeGame=r.free_game,
                freeRounds=r.free_rounds,
            )
            for r in found
        ]
    )


@router.post(
    "/passwordCheck/MCS2_redeemPointReward",
    response_model=Envelope[RedeemValue],
)
async def redeem_point_reward(
    ctx: Context,
    auth: RealMember,
    payload: Annotated[RedeemPayload, sealed_model(RedeemPayload)],
) -> Envelope[RedeemValue]:
    """Redeem a reward (E), proven by the payment password: cash and bonus rewards are paid
    at once (APPROVED), physical items wait for an operator (PROCESS)."""
    view = await points.redeem(
        auth.member,
        payload.rewardId,
        payload.quantity,
        payload.paymentPassword,
        payload.address.model_dump() if payload.address else None,
        ctx.language,
        clock.now(),
    )
    return ok(redeem_value(view, ctx.language))


@router.post(
    "/passwordCheck/MCS2_convertPoint",
    response_model=Envelope[ConvertValue],
)
async def convert_points(
    auth: RealMember, payload: Annotated[ConvertPayload, sealed_model(ConvertPayload)]
) -> Envelope[ConvertValue]:
    """Convert points to cash at the brand's ratio (E), proven by the payment password."""
    view = await points.convert(auth.member, payload.points, payload.paymentPassword, clock.now())
    return ok(
        ConvertValue(
            reference=view.reference, points=view.points, cash=view.cash, balance=view.balance
        )
    )


@router.get("/MCS2_getRedeemPointList", response_model=Envelope[RedeemPage])
async def redeem_point_list(
    ctx: Context,
    auth: RealMember,
    range_name: RangeName = "7d",
    offset: WindowOffset = 0,
    page: PageNumber = 1,
) -> Envelope[RedeemPage]:
    """Redeem history: the member's redeems applied in the window, newest first."""
    found = await points.redeem_list(auth.member, ctx.brand, range_name, offset, page, clock.now())
    return ok(
        RedeemPage(
            items=[redeem_value(view, ctx.language) for view in found.items],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
            since=found.since,
            until=found.until,
        )
    )


@router.get("/ODSFE2_MemTransDet", response_model=Envelope[PointRecordPage])
async def member_points_details(
    ctx: Context,
    auth: RealMember,
    range_name: RangeName = "7d",
    offset: WindowOffset = 0,
    page: PageNumber = 1,
) -> Envelope[PointRecordPage]:
    """Points details: every points movement in the window, newest first."""
    found = await points.details(auth.member, ctx.brand, range_name, offset, page, clock.now())
    return ok(
        PointRecordPage(
            items=[
                PointRecordValue(
                    id=r.id,
                    type=r.type,
                    typeText=translate(f"points.type.{r.type}", ctx.language),
                    amount=r.amount,
                    balance=r.balance,
                    ratio=r.ratio,
                    status=r.status.value,
                    statusText=translate(f"points.status.{r.status.value}", ctx.language),
                    time=r.time,
                    remark=r.remark,
                    reason=reason_text(r.reason, ctx.language),
                )
                for r in found.items
            ],
            total=found.total,
            page=found.page,
            pageSize=found.page_size,
            since=found.since,
            until=found.until,
        )
    )


ROUTERS = (router,)

"""Promotions, the reward centre, activity applications and bonuses (spec 7: home and
promotions). Thin: the rules are in app/services/promotions."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Annotated

from fastapi import APIRouter, File, Form, Path, Query, Request, UploadFile
from pydantic import Field

from app.api.cashier.withdraw import Operator
from app.api.deps import Context, RealMember, RequestContext, optional_member
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel, PageNumber, PageValue
from app.core import clock
from app.core.errors import AppError
from app.services.images import read_uploads
from app.services.promotions import applications, bonus, offers, raffles

router = APIRouter(tags=["promotions"])
PromotionId = Annotated[int, Path(ge=1, le=2**31 - 1)]


class PromotionValue(ApiModel):
    id: int
    code: str
    kind: str
    title: str
    summary: str
    terms: str
    startsAt: datetime
    endsAt: datetime
    rewardKind: str = Field(description="CASH, BONUS, FREE_ROUNDS or POINTS")
    rewardAmount: Decimal = Field(description="money; points when rewardKind is POINTS")
    wageringMultiplier: int
    weights: dict[str, int]
    maxBet: Decimal | None
    bonusDays: int
    maxConversion: Decimal | None
    minDeposit: Decimal
    minTurnover: Decimal
    status: str = Field(description="join, joined, claim, applying, process, rejected, ...")
    reviewNote: str
    rewardMax: Decimal | None = None
    seedHash: str | None = Field(default=None, description="red envelopes: before any draw")
    serverSeed: str | None = Field(default=None, description="red envelopes: once ended")
    drawnAmount: Decimal | None = None
    ticketTurnover: Decimal | None = Field(default=None, description="raffles: per ticket")
    winners: int = 0
    drawAt: datetime | None = None
    drawnAt: datetime | None = None
    totalTickets: int = 0
    tickets: int = Field(default=0, description="raffles: the member's (frozen at the draw)")
    firstTicket: int | None = None
    winningTicket: int | None = None
    authorisation: str = ""
    image: str = Field(
        default="", description="the card's image: a path of the site or an https address"
    )


class TicketRangeValue(ApiModel):
    """One holder's tickets (holders are not named: each range is one member's)."""

    first: int
    count: int


class RaffleDrawValue(ApiModel):
    promotionId: int
    seedHash: str
    serverSeed: str | None = Field(description="revealed once drawn")
    totalTickets: int
    ranges: list[TicketRangeValue]
    winningTickets: list[int]
    drawnAt: datetime | None


class PromotionPageValue(PageValue):
    items: list[PromotionValue]


class PromotionAction(ApiModel):
    promotionId: int = Field(ge=1, le=2**31 - 1)


class GrantValue(ApiModel):
    id: int
    promotionId: int | None
    currency: str
    amount: Decimal
    wageringRequired: Decimal
    wagered: Decimal
    remaining: Decimal
    percent: int
    weights: dict[str, int]
    maxBet: Decimal | None
    maxConversion: Decimal | None
    status: str
    grantedAt: datetime
    expiresAt: datetime
    closedAt: datetime | None
    closeReason: str | None
    convertedAmount: Decimal


class BonusesValue(ApiModel):
    locked: Decimal
    active: int
    percent: int
    remaining: Decimal
    grants: list[GrantValue]


class ApplicationValue(ApiModel):
    entryId: int
    promotionId: int
    promotionCode: str
    username: str
    status: str
    comment: str
    images: list[str]
    reviewNote: str
    createdAt: datetime


class ReviewPayload(ApiModel):
    decision: str = Field(pattern="^(process|approve|reject)$")
    note: str = Field(default="", max_length=500)


def promotion_value(view: offers.PromotionView) -> PromotionValue:
    return PromotionValue(
        id=view.id,
        code=view.code,
        kind=view.kind.value,
        title=view.title,
        summary=view.summary,
        terms=view.terms,
        startsAt=view.starts_at,
        endsAt=view.ends_at,
        rewardKind=view.reward_kind.value,
        rewardAmount=view.reward_amount,
        wageringMultiplier=view.wagering_multiplier,
        weights=view.weights,
        maxBet=view.max_bet,
        bonusDays=view.bonus_days,
        maxConversion=view.max_conversion,
        minDeposit=view.min_deposit,
        minTurnover=view.min_turnover,
        status=view.status,
        reviewNote=view.review_note,
        rewardMax=view.reward_max,
        seedHash=view.seed_hash,
        serverSeed=view.server_seed,
        drawnAmount=view.drawn_amount,
        ticketTurnover=view.ticket_turnover,
        winners=view.winners,
        drawAt=view.draw_at,
        drawnAt=view.drawn_at,
        totalTickets=view.total_tickets,
        tickets=view.tickets,
        firstTicket=view.first_ticket,
        winningTicket=view.winning_ticket,
        authorisation=view.authorisation,
        image=view.image,
    )


def _page(found: offers.PromotionPage) -> PromotionPageValue:
    return PromotionPageValue(
        items=[promotion_value(v) for v in found.items],
        total=found.total,
        page=found.page,
        pageSize=found.page_size,
    )


def grant_value(view: bonus.GrantView) -> GrantValue:
    return GrantValue(
        id=view.id,
        promotionId=view.promotion_id,
        currency=view.currency,
        amount=view.amount,
        wageringRequired=view.wagering_required,
        wagered=view.wagered,
        remaining=view.remaining,
        percent=view.percent,
        weights=view.weights,
        maxBet=view.max_bet,
        maxConversion=view.max_conversion,
        status=view.status.value,
        grantedAt=view.granted_at,
        expiresAt=view.expires_at,
        closedAt=view.closed_at,
        closeReason=view.close_reason,
        convertedAmount=view.converted_amount,
    )


async def _optional_member_id(request: Request, ctx: RequestContext) -> int | None:
    member = await optional_member(request, ctx)
    return member.id if member is not None else None


@router.get("/wps/promotions", response_model=Envelope[PromotionPageValue])
async def promotion_list(
    request: Request, ctx: Context, page: PageNumber = 1
) -> Envelope[PromotionPageValue]:
    """The brand's running and coming promotions, 6 a page, with the caller's statuses."""
    member_id = await _optional_member_id(request, ctx)
    found = await offers.listing(ctx.brand.id, member_id, ctx.language, clock.now(), page=page)
    return ok(_page(found))


@router.get("/wps/promotions/{promotion_id}", response_model=Envelope[PromotionValue])
async def promotion_detail(
    request: Request, ctx: Context, promotion_id: PromotionId
) -> Envelope[PromotionValue]:
    """Promo detail: the full terms, shown before joining."""
    member_id = await _optional_member_id(request, ctx)
    view = await offers.detail(ctx.brand.id, promotion_id, member_id, ctx.language, clock.now())
    return ok(promotion_value(view))


@router.get("/wps/member/rewardCenter", response_model=Envelope[PromotionPageValue])
async def reward_center(
    ctx: Context, auth: RealMember, page: PageNumber = 1
) -> Envelope[PromotionPageValue]:
    """The member's promotions (joined, applied, claimed), 6 a page."""
    found = await offers.listing(
        ctx.brand.id, auth.member.id, ctx.language, clock.now(), page=page, mine=True
    )
    return ok(_page(found))


@router.post("/wps/relay/MCSFE_signUpPromotionJoin", response_model=Envelope[PromotionValue])
async def promotion_join(
    ctx: Context, auth: RealMember, payload: PromotionAction
) -> Envelope[PromotionValue]:
    assert auth.member.id is not None
    await offers.join(ctx.brand.id, auth.member.id, payload.promotionId, clock.now())
    view = await offers.detail(
        ctx.brand.id, payload.promotionId, auth.member.id, ctx.language, clock.now()
    )
    return ok(promotion_value(view))


@router.post("/wps/relay/MCSFE_signUpRequestReward", response_model=Envelope[PromotionValue])
async def promotion_request_reward(
    ctx: Context, auth: RealMember, payload: PromotionAction
) -> Envelope[PromotionValue]:
    assert auth.member.id is not None
    await offers.request_reward(ctx.brand.id, auth.member.id, payload.promotionId, clock.now())
    view = await offers.detail(
        ctx.brand.id, payload.promotionId, auth.member.id, ctx.language, clock.now()
    )
    return ok(promotion_value(view))


@router.post("/wps/relay/MCS2_claimRafflePromotion", response_model=Envelope[PromotionValue])
async def raffle_claim(
    ctx: Context, auth: RealMember, payload: PromotionAction
) -> Envelope[PromotionValue]:
    """A raffle winner claims the prize (once)."""
    assert auth.member.id is not None
    await raffles.claim(ctx.brand.id, auth.member.id, payload.promotionId, clock.now())
    view = await offers.detail(
        ctx.brand.id, payload.promotionId, auth.member.id, ctx.language, clock.now()
    )
    return ok(promotion_value(view))


@router.get("/wps/promotions/{promotion_id}/draw", response_model=Envelope[RaffleDrawValue])
async def raffle_draw(ctx: Context, promotion_id: PromotionId) -> Envelope[RaffleDrawValue]:
    """A raffle's draw, to verify: the hash before; the seed, tickets and winners after."""
    found = await raffles.result(ctx.brand.id, promotion_id)
    return ok(
        RaffleDrawValue(
            promotionId=found.promotion_id,
            seedHash=found.seed_hash,
            serverSeed=found.server_seed,
            totalTickets=found.total_tickets,
            ranges=[TicketRangeValue(first=r.first, count=r.count) for r in found.ranges],
            winningTickets=list(found.winning_tickets),
            drawnAt=found.drawn_at,
        )
    )


@router.post("/wps/promotions/{promotion_id}/application", response_model=Envelope[PromotionValue])
async def promotion_apply(
    ctx: Context,
    auth: RealMember,
    promotion_id: PromotionId,
    comment: Annotated[str, Form(max_length=1000)] = "",
    images: Annotated[list[UploadFile] | None, File(description="png or jpg, ≤ 5 MB, ≤ 3")] = None,
) -> Envelope[PromotionValue]:
    """Activity application (multipart): a comment and up to 3 images."""
    assert auth.member.id is not None
    contents = await read_uploads(images or [], applications.MAX_IMAGES)
    await applications.apply(
        ctx.brand.id, auth.member.id, promotion_id, comment, contents, clock.now()
    )
    view = await offers.detail(
        ctx.brand.id, promotion_id, auth.member.id, ctx.language, clock.now()
    )
    return ok(promotion_value(view))


@router.get("/wps/member/bonuses", response_model=Envelope[BonusesValue])
async def member_bonuses(auth: RealMember) -> Envelope[BonusesValue]:
    """The member's bonus grants with their wagering progress (bonusDetails)."""
    assert auth.member.id is not None
    summary = await bonus.summary(auth.member.id)
    grants = await bonus.member_grants(auth.member.id)
    return ok(
        BonusesValue(
            locked=summary.locked,
            active=summary.active,
            percent=summary.percent,
            remaining=summary.remaining,
            grants=[grant_value(g) for g in grants],
        )
    )


@router.post("/wps/member/bonuses/{grant_id}/claim", response_model=Envelope[GrantValue])
async def claim_bonus(
    auth: RealMember, grant_id: Annotated[str, Path(max_length=64)]
) -> Envelope[GrantValue]:
    """Convert a met bonus to cash (once, however often it is asked). An id that names no
    grant of the member's, well formed or not, is not found."""
    assert auth.member.id is not None
    if not grant_id.isdigit() or not 0 < int(grant_id) < 2**31:
        raise AppError("bonus-not-found", 404)
    return ok(grant_value(await bonus.claim(auth.member.id, int(grant_id), clock.now())))


def application_value(view: applications.ApplicationView) -> ApplicationValue:
    return ApplicationValue(
        entryId=view.entry_id,
        promotionId=view.promotion_id,
        promotionCode=view.promotion_code,
        username=view.username,
        status=view.status.value,
        comment=view.comment,
        images=list(view.images),
        reviewNote=view.review_note,
        createdAt=view.created_at,
    )


@router.get(
    "/wps/operator/promotions/applications", response_model=Envelope[list[ApplicationValue]]
)
async def operator_applications(
    ctx: Context, auth: Operator, limit: Annotated[int, Query(ge=1, le=100)] = 50
) -> Envelope[list[ApplicationValue]]:
    """Applications waiting for a decision, oldest first."""
    waiting = await applications.waiting(auth.member.merchant_id, limit)
    return ok([application_value(v) for v in waiting])


@router.post(
    "/wps/operator/promotions/applications/{entry_id}",
    response_model=Envelope[ApplicationValue],
)
async def operator_review(
    ctx: Context,
    auth: Operator,
    entry_id: Annotated[int, Path(ge=1, le=2**31 - 1)],
    payload: ReviewPayload,
) -> Envelope[ApplicationValue]:
    """Take an application into review, approve it or reject it (with a note)."""
    found = await applications.application(entry_id)
    # Only the operator's own brand: another brand's promotion is "not found".
    await offers.detail(
        auth.member.merchant_id, found.promotion_id, None, ctx.language, clock.now()
    )
    operator = auth.member.username
    if payload.decision == "process":
        view = await applications.start_review(entry_id, operator, clock.now())
    else:
        view = await applications.review(
            entry_id, operator, payload.decision == "approve", payload.note, clock.now()
        )
    return ok(application_value(view))


ROUTERS = (router,)

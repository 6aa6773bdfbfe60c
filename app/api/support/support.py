"""Affiliate code check, feedback and the member's tickets (spec 7: feedback and
complaints)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request
from pydantic import Field

from app.api.accounts.schemas import FeedbackPayload
from app.api.cashier.withdraw import Operator
from app.api.deps import Context, RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.core.errors import AppError
from app.services.accounts import registration, sessions
from app.services.agents import affiliates
from app.services.support import tickets

router = APIRouter(prefix="/wps", tags=["support"])


@router.get("/agent/affiliate", response_model=Envelope[bool])
async def affiliate(
    ctx: Context,
    code: str = Query(default="", max_length=32),
    domain: str = Query(default="", max_length=255),
) -> Envelope[bool]:
    """Whether an invitation code is valid for this brand (invitation_code_error if not)."""
    if await registration.check_affiliate(ctx.brand, code) is None:
        raise AppError("invitation_code_error", status=400)
    # A visit through the referral link: counted once per visitor and day.
    await affiliates.record_click(ctx.brand, code, ctx.ip, clock.now())
    return ok(True)


@router.put("/feedback", response_model=Envelope[int])
async def feedback(request: Request, ctx: Context, payload: FeedbackPayload) -> Envelope[int]:
    """A support ticket or feedback; the member is attached when a token is sent."""
    token = sessions.bearer(request.headers.get("authorization"))
    member_id = (await sessions.authenticate(token)).member.id if token else None
    ticket = await tickets.submit_feedback(
        ctx.brand, member_id, payload.questionType, payload.content, ctx.ip, now=clock.now()
    )
    return ok(ticket)


# ---- feedback and complaints ------------------------------------------------------------


class ReplyValue(ApiModel):
    author: str
    body: str
    createdAt: datetime
    fromMember: bool


class TicketValue(ApiModel):
    id: int
    questionType: str
    content: str
    status: str
    createdAt: datetime
    replies: list[ReplyValue]
    imageCount: int


class ReplyPayload(ApiModel):
    body: str = Field(max_length=tickets.MAX_REPLY_CHARS)


def _ticket_value(ticket: tickets.TicketView) -> TicketValue:
    return TicketValue(
        id=ticket.id,
        questionType=ticket.question_type,
        content=ticket.content,
        status=ticket.status,
        createdAt=ticket.created_at,
        replies=[
            ReplyValue(
                author=r.author, body=r.body, createdAt=r.created_at, fromMember=r.from_member
            )
            for r in ticket.replies
        ],
        imageCount=ticket.image_count,
    )


@router.get("/member/feedback", response_model=Envelope[list[TicketValue]])
async def my_tickets(auth: RealMember) -> Envelope[list[TicketValue]]:
    """The member's tickets with their status and the whole conversation."""
    assert auth.member.id is not None
    return ok([_ticket_value(t) for t in await tickets.member_tickets(auth.member.id)])


@router.post("/member/feedback/{ticket_id}/reply", response_model=Envelope[TicketValue])
async def follow_up_ticket(
    auth: RealMember, ticket_id: Annotated[str, Path(max_length=40)], payload: ReplyPayload
) -> Envelope[TicketValue]:
    """The member writes again under their own ticket (not closed); it waits for us again.
    Any id that is not one of the member's tickets is not found, whatever its shape."""
    assert auth.member.id is not None
    if not ticket_id.isdigit() or not 1 <= int(ticket_id) < 2**31:
        raise AppError("feedback-not-found", status=404)
    view = await tickets.follow_up(auth.member.id, int(ticket_id), payload.body, clock.now())
    return ok(_ticket_value(view))


@router.post("/operator/feedback/{ticket_id}/reply", response_model=Envelope[int])
async def reply_ticket(
    auth: Operator, ticket_id: Annotated[int, Path(ge=1, le=2**31 - 1)], payload: ReplyPayload
) -> Envelope[int]:
    """An operator answers a ticket of their brand; its member's inbox is told."""
    return ok(
        await tickets.reply(
            auth.member.merchant_id, ticket_id, auth.member.username, payload.body, clock.now()
        )
    )


ROUTERS = (router,)

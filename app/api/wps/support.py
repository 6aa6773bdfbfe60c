"""Affiliate code check and feedback."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request

from app.api.account_schemas import FeedbackPayload
from app.api.deps import Context
from app.api.envelope import Envelope, ok
from app.core import clock
from app.core.errors import AppError
from app.services.accounts import registration, sessions
from app.services.agents import affiliates
from app.services.support import submit_feedback

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
    ticket = await submit_feedback(
        ctx.brand, member_id, payload.questionType, payload.content, ctx.ip, now=clock.now()
    )
    return ok(ticket)


ROUTERS = (router,)

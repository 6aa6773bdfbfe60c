"""Player protection for API clients: the member's limits (read, set, confirm, withdraw a
request), a break (cooling-off or self-exclusion), the reality check (read, answer) and the
"my activity" statement. Every rule is in app/services/protection and app/services/exclusion."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from fastapi import APIRouter, Query
from pydantic import Field

from app.api.deps import RealMember
from app.api.envelope import Envelope, ok
from app.api.schemas import ApiModel
from app.core import clock
from app.services import exclusion
from app.services.protection import activity, limits, reality

router = APIRouter(tags=["protection"])


class LimitValue(ApiModel):
    kind: str = Field(description="DEPOSIT, LOSS, WAGER, BETS or TIME")
    period: str = Field(description="DAY, WEEK or MONTH")
    value: Decimal | None
    used: Decimal
    pending: bool
    pendingValue: Decimal | None
    pendingFrom: datetime | None
    confirmable: bool


class LimitPayload(ApiModel):
    kind: str = Field(max_length=16)
    period: str = Field(max_length=8)
    value: str = Field(default="", max_length=24, description="empty: remove (waits 24 h)")


class LimitKey(ApiModel):
    kind: str = Field(max_length=16)
    period: str = Field(max_length=8)


class LimitChangeValue(ApiModel):
    outcome: str = Field(description="APPLIED (at once) or PENDING (confirm after 24 h)")
    limit: LimitValue


class BreakPayload(ApiModel):
    kind: str = Field(max_length=16, description="COOLING_OFF or SELF_EXCLUSION")
    days: int | None = Field(default=None, ge=1, le=36_500, description="none: indefinite")


class BreakValue(ApiModel):
    kind: str
    startedAt: datetime
    until: datetime | None
    refundedBets: int
    refundedAmount: Decimal


class RealityCheckValue(ApiModel):
    due: bool
    everyMinutes: int
    playedMinutes: int
    net: Decimal


class RealityAnswer(ApiModel):
    stop: bool = False


class ActivityValue(ApiModel):
    period: str
    since: datetime
    deposits: Decimal
    withdrawals: Decimal
    stakes: Decimal
    wins: Decimal
    net: Decimal
    bets: int
    balance: Decimal


def _limit(view: limits.LimitView) -> LimitValue:
    return LimitValue(
        kind=view.kind.value,
        period=view.period.value,
        value=view.value,
        used=view.used,
        pending=view.pending,
        pendingValue=view.pending_value,
        pendingFrom=view.pending_from,
        confirmable=view.confirmable,
    )


@router.get("/wps/protection/limits", response_model=Envelope[list[LimitValue]])
async def member_limits(auth: RealMember) -> Envelope[list[LimitValue]]:
    return ok([_limit(v) for v in await limits.member_limits(auth.member, clock.now())])


@router.post(
    "/wps/protection/limits",
    response_model=Envelope[LimitChangeValue],
)
async def set_limit(auth: RealMember, payload: LimitPayload) -> Envelope[LimitChangeValue]:
    """Set or lower (at once), raise or remove (a request confirmed after 24 h)."""
    change = await limits.set_limit(
        auth.member, payload.kind, payload.period, payload.value, clock.now()
    )
    return ok(LimitChangeValue(outcome=change.outcome, limit=_limit(change.limit)))


@router.post(
    "/wps/protection/limits/confirm",
    response_model=Envelope[LimitValue],
)
async def confirm_limit(auth: RealMember, payload: LimitKey) -> Envelope[LimitValue]:
    view = await limits.confirm_limit(auth.member, payload.kind, payload.period, clock.now())
    return ok(_limit(view))


@router.post("/wps/protection/limits/cancel", response_model=Envelope[bool])
async def cancel_limit_request(auth: RealMember, payload: LimitKey) -> Envelope[bool]:
    await limits.cancel_request(auth.member, payload.kind, payload.period, clock.now())
    return ok(True)


@router.post("/wps/protection/break", response_model=Envelope[BreakValue])
async def take_break(auth: RealMember, payload: BreakPayload) -> Envelope[BreakValue]:
    """Cooling-off or self-exclusion; every session (this one too) ends."""
    done = await exclusion.exclude(auth.member, payload.kind, payload.days, clock.now())
    return ok(
        BreakValue(
            kind=done.kind.value,
            startedAt=done.started_at,
            until=done.until,
            refundedBets=done.refunded_bets,
            refundedAmount=done.refunded_amount,
        )
    )


@router.get("/wps/protection/reality-check", response_model=Envelope[RealityCheckValue | None])
async def reality_check(auth: RealMember) -> Envelope[RealityCheckValue | None]:
    """The reality check while the member plays (null: none); `due`: answer before betting."""
    found = await reality.reality_check(auth.member, clock.now())
    if found is None:
        return ok(None)
    return ok(
        RealityCheckValue(
            due=found.due,
            everyMinutes=found.every_minutes,
            playedMinutes=found.played_minutes,
            net=found.net,
        )
    )


@router.post("/wps/protection/reality-check", response_model=Envelope[bool])
async def answer_reality_check(auth: RealMember, payload: RealityAnswer) -> Envelope[bool]:
    """Continue (the next check in N minutes) or stop (every session ends)."""
    await reality.answer(auth.member, clock.now(), stop=payload.stop)
    return ok(True)


@router.get("/wps/protection/activity", response_model=Envelope[ActivityValue])
async def my_activity(
    auth: RealMember, period: str = Query(default="DAY", max_length=8)
) -> Envelope[ActivityValue]:
    found = await activity.statement(auth.member, period, clock.now())
    return ok(
        ActivityValue(
            period=found.period.value,
            since=found.since,
            deposits=found.deposits,
            withdrawals=found.withdrawals,
            stakes=found.stakes,
            wins=found.wins,
            net=found.net,
            bets=found.bets,
            balance=found.balance,
        )
    )


ROUTERS = (router,)

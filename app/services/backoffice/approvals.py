"""Four-eyes: an action above its brand's threshold waits for a second staff member.

The action's use case calls `needs_approval`; above the threshold it files an approval
request (`submit`: kind, brand, amount, payload, requester) instead of acting. Another staff
member holding `approvals.decide` and the action's own permission approves or rejects it;
the requester never decides their own. Approval moves the request PENDING → APPROVED once
(under its row lock), then runs the kind's executor, whose money movements carry the
request's idempotency key, and records EXECUTED (or FAILED with the refusal's code).
Each kind's module registers its executor (`register`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from models import ApprovalRequest, ApprovalThreshold, Merchant
from models.base import saved_id

PENDING, APPROVED, REJECTED, EXECUTED, FAILED = (
    "PENDING", "APPROVED", "REJECTED", "EXECUTED", "FAILED"
)  # fmt: skip

# Amounts above these need a second staff member, for brands without their own threshold.
DEFAULT_THRESHOLDS: dict[str, Decimal] = {
    "withdrawal.pay": Decimal("5000.00"),
    "balance.adjust": Decimal("1000.00"),
}
# The permission an approver needs besides approvals.decide, per kind.
KIND_PERMISSIONS: dict[str, str] = {
    "withdrawal.pay": "payments.pay",
    "balance.adjust": "players.adjust",
}


@dataclass(frozen=True)
class Executor:
    permission: str
    run: Callable[[ApprovalRequest, Staff, datetime], Awaitable[dict[str, Any]]]


_EXECUTORS: dict[str, Executor] = {}


def register(kind: str, executor: Executor) -> None:
    _EXECUTORS[kind] = executor


@dataclass(frozen=True)
class ApprovalView:
    id: int
    kind: str
    merchant_id: int
    amount: Decimal
    summary: str
    status: str
    requested_by: int
    decided_by: int | None
    reason: str
    result: dict[str, Any]
    created_at: datetime


def _view(row: ApprovalRequest) -> ApprovalView:
    return ApprovalView(
        id=saved_id(row.id),
        kind=row.kind,
        merchant_id=row.merchant_id,
        amount=row.amount,
        summary=row.summary,
        status=row.status,
        requested_by=row.requested_by,
        decided_by=row.decided_by,
        reason=row.reason,
        result=dict(row.result),
        created_at=row.created_at,
    )


async def threshold(session: AsyncSession, merchant_id: int, kind: str) -> Decimal:
    row = (
        await session.exec(
            select(ApprovalThreshold).where(
                ApprovalThreshold.merchant_id == merchant_id, ApprovalThreshold.kind == kind
            )
        )
    ).first()
    return row.amount if row is not None else DEFAULT_THRESHOLDS[kind]


async def needs_approval(merchant_id: int, kind: str, amount: Decimal) -> bool:
    """Strictly above the threshold: an amount equal to it runs at once."""
    async with session_scope() as session:
        return amount > await threshold(session, merchant_id, kind)


async def set_threshold(
    staff: Staff, merchant_id: int, kind: str, amount: Decimal, now: datetime
) -> None:
    await require(staff, "platform.thresholds", merchant_id, now)
    if kind not in DEFAULT_THRESHOLDS:
        raise AppError("approval-kind-unknown", status=422)
    if not amount.is_finite() or amount < 0 or amount >= Decimal("1e12"):
        raise AppError("approval-threshold-invalid", status=422)
    async with write_transaction() as session:
        if await session.get(Merchant, merchant_id) is None:
            raise AppError("staff-brand-unknown", status=422)
        row = (
            await session.exec(
                select(ApprovalThreshold).where(
                    ApprovalThreshold.merchant_id == merchant_id, ApprovalThreshold.kind == kind
                )
            )
        ).first()
        before = row.amount if row else DEFAULT_THRESHOLDS[kind]
        row = row or ApprovalThreshold(merchant_id=merchant_id, kind=kind, amount=amount)
        row.amount = amount.quantize(Decimal("0.01"))
        session.add(row)
        await audit.append(
            session,
            staff.actor,
            "settings.threshold",
            now=now,
            merchant_id=merchant_id,
            target=kind,
            detail={"before": str(before), "after": str(row.amount)},
        )


async def _live(session: AsyncSession, kind: str, dedupe_key: str) -> ApprovalRequest | None:
    return (
        await session.exec(
            select(ApprovalRequest).where(
                ApprovalRequest.kind == kind,
                ApprovalRequest.dedupe_key == dedupe_key,
                col(ApprovalRequest.status).not_in([REJECTED, FAILED]),
            )
        )
    ).first()


async def submit(
    staff: Staff,
    kind: str,
    merchant_id: int,
    amount: Decimal,
    payload: dict[str, Any],
    summary: str,
    dedupe_key: str,
    now: datetime,
) -> ApprovalView:
    """File the request (the caller checked the requester's permission for the action).
    The same action asked again while its request lives answers with that request."""
    try:
        return await _submit(staff, kind, merchant_id, amount, payload, summary, dedupe_key, now)
    except IntegrityError:  # a twin committed first (PostgreSQL): answer with it
        async with session_scope() as session:
            twin = await _live(session, kind, dedupe_key)
        if twin is None:
            raise
        return _view(twin)


async def _submit(
    staff: Staff, kind: str, merchant_id: int, amount: Decimal, payload: dict[str, Any],
    summary: str, dedupe_key: str, now: datetime,
) -> ApprovalView:  # fmt: skip
    async with write_transaction() as session:
        existing = await _live(session, kind, dedupe_key)
        if existing is not None:
            return _view(existing)
        row = ApprovalRequest(
            kind=kind,
            merchant_id=merchant_id,
            amount=amount,
            payload=payload,
            summary=summary[:200],
            dedupe_key=dedupe_key[:80],
            requested_by=staff.id,
            created_at=now,
        )
        session.add(row)
        await session.flush()
        await audit.append(
            session,
            staff.actor,
            "approval.request",
            now=now,
            merchant_id=merchant_id,
            target=f"{kind}#{row.id}",
            detail={"amount": str(amount), **payload},
        )
        return _view(row)


async def _decidable(staff: Staff, request_id: int, now: datetime) -> ApprovalRequest:
    async with session_scope() as session:
        row = await session.get(ApprovalRequest, request_id)
    if row is None:
        raise AppError("approval-unknown", status=404)
    await require(staff, "approvals.decide", row.merchant_id, now)
    await require(staff, KIND_PERMISSIONS[row.kind], row.merchant_id, now)
    return row


async def _claim(
    staff: Staff, request_id: int, status: str, reason: str, now: datetime
) -> ApprovalRequest:
    async with write_transaction() as session:
        row = await session.get(ApprovalRequest, request_id, with_for_update=True)
        assert row is not None
        if row.requested_by == staff.id:
            raise AppError("approval-own-request", status=403)
        if row.status != PENDING:
            raise AppError("approval-already-decided", status=409)
        row.status, row.decided_by, row.decided_at, row.reason = status, staff.id, now, reason
        session.add(row)
        await audit.append(
            session,
            staff.actor,
            "approval.approve" if status == APPROVED else "approval.reject",
            now=now,
            merchant_id=row.merchant_id,
            target=f"{row.kind}#{row.id}",
            detail={"reason": reason} if reason else None,
        )
        return row


async def approve(staff: Staff, request_id: int, now: datetime) -> ApprovalView:
    """The second pair of eyes: the action runs once, as approved."""
    await _decidable(staff, request_id, now)
    row = await _claim(staff, request_id, APPROVED, "", now)
    executor = _EXECUTORS[row.kind]
    try:
        result = await executor.run(row, staff, now)
        status = EXECUTED
    except AppError as refused:
        result, status = {"error": refused.code}, FAILED
    async with write_transaction() as session:
        stored = await session.get(ApprovalRequest, request_id, with_for_update=True)
        assert stored is not None
        stored.status, stored.result = status, result
        session.add(stored)
        await audit.append(
            session,
            staff.actor,
            "approval.executed" if status == EXECUTED else "approval.failed",
            now=now,
            merchant_id=stored.merchant_id,
            target=f"{stored.kind}#{stored.id}",
            detail=result,
        )
        return _view(stored)


async def reject(staff: Staff, request_id: int, reason: str, now: datetime) -> ApprovalView:
    reason = " ".join(reason.split())[:200]
    if not reason:
        raise AppError("approval-reason-required", status=422)
    await _decidable(staff, request_id, now)
    return _view(await _claim(staff, request_id, REJECTED, reason, now))


async def pending(staff: Staff, now: datetime, limit: int = 100) -> list[ApprovalView]:
    """Open requests of the staff member's brand (or all), oldest first."""
    await require(staff, "approvals.view", staff.merchant_id, now)
    filters: list[Any] = [ApprovalRequest.status == PENDING]
    if staff.merchant_id is not None:
        filters.append(ApprovalRequest.merchant_id == staff.merchant_id)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(ApprovalRequest)
                .where(*filters)
                .order_by(col(ApprovalRequest.id))
                .limit(limit)
            )
        ).all()
    return [_view(r) for r in rows]


async def pending_count(merchant_id: int | None) -> int:
    filters: list[Any] = [ApprovalRequest.status == PENDING]
    if merchant_id is not None:
        filters.append(ApprovalRequest.merchant_id == merchant_id)
    async with session_scope() as session:
        return int(
            (
                await session.exec(
                    select(func.count()).select_from(ApprovalRequest).where(*filters)
                )
            ).one()
        )

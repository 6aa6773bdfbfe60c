"""Four-eyes, the one approval policy of every money-in or money-out decision, whatever the
door (console, CLI, the /wps operator API): withdrawal payouts, balance adjustments, lottery
voids (they refund every bet), manual official lottery results, payment channel limits and
the house's contracts to top agents.

A use case describes its decision (`Action`) and hands it to `decide` with the function that
acts. A kind with a threshold acts at once while the decision, and the day's sum of what was
decided alone by the same maker and for the same subject (the brand's local day), stays
within the threshold; each such decision is counted (`ApprovalUsage`, in the write that
checks the sums, under the brand's row lock). Otherwise, and always for a kind without a
threshold, the decision is filed as an approval request instead (`submit`).

A checker holds `approvals.decide` and the kind's own permission, and is never the maker:
not the same staff member, not an account either one created or changed (the audit log's
`staff.*` entries, followed through the accounts those made in turn), not the browser the
request came from. Approval moves the request PENDING → APPROVED once (under its row lock),
then runs the kind's executor (`register`), whose money movements carry the request's
idempotency key, and records EXECUTED (or FAILED with the refusal's code). Every step is in
the audit log.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, delete, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.manifests import declared
from app.services import browser_logins
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from models import (
    ApprovalRequest,
    ApprovalThreshold,
    ApprovalUsage,
    AuditEntry,
    Member,
    Merchant,
    StaffMember,
    StaffSession,
    WithdrawalOrder,
)
from models.base import saved_id
from models.identity import MemberIdentity

PENDING, APPROVED, REJECTED, EXECUTED, FAILED = (
    "PENDING", "APPROVED", "REJECTED", "EXECUTED", "FAILED"
)  # fmt: skip
T = TypeVar("T")


@dataclass(frozen=True)
class Kind:
    """A kind of decision: the permission its maker and its checker both need, and the
    amount above which (alone, or with the day's sums) it needs a checker; None: always."""

    permission: str
    threshold: Decimal | None
    reason_required: bool = False  # the maker says why (payload "reason") when it is filed


KINDS: dict[str, Kind] = {
    "withdrawal.pay": Kind("payments.pay", Decimal("5000.00"), reason_required=True),
    "balance.adjust": Kind("players.adjust", Decimal("1000.00"), reason_required=True),
    "lottery.void": Kind("lottery.void", None),
    "lottery.result": Kind("lottery.result", None, reason_required=True),
    "channel.limits": Kind("channels.manage", None, reason_required=True),
    # A house contract to a top agent: its amount is the contract's highest rate in percent.
    "agent.contract": Kind("agents.contract", Decimal("1.00"), reason_required=True),
}
# The thresholds of brands without their own (`set_threshold`).
DEFAULT_THRESHOLDS: dict[str, Decimal] = {
    name: kind.threshold for name, kind in KINDS.items() if kind.threshold is not None
}


@dataclass(frozen=True)
class Action:
    """One decision as the policy sees it. `subject` names whose money or what it changes
    (`member:12`, `issue:5`, `channel:3`); `key` names the action itself, so that a repeat
    is the same action: one live request, counted once."""

    kind: str
    merchant_id: int | None
    amount: Decimal
    subject: str
    key: str
    payload: dict[str, Any]
    summary: str


@dataclass(frozen=True)
class Decided(Generic[T]):
    """Done at once (`done`, the act's answer) or filed for a checker (`request`)."""

    done: T | None
    request: ApprovalView | None


Run = Callable[[ApprovalRequest, Staff, datetime], Awaitable[dict[str, Any]]]


@cache
def _executors() -> dict[str, Run]:
    """Each kind's executor, what runs once a checker approves: the back office's modules
    declare theirs in `APPROVAL_EXECUTORS` (app/core/manifests.py), read at the first
    decision, so that importing the package loads no console area."""
    return dict(declared(sys.modules[__package__], "APPROVAL_EXECUTORS"))


@dataclass(frozen=True)
class ApprovalView:
    id: int
    kind: str
    merchant_id: int | None
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


def _local_day(merchant: Merchant, now: datetime) -> date:
    return now.astimezone(ZoneInfo(merchant.timezone)).date()


async def _alone(maker: str, action: Action, now: datetime) -> tuple[bool, bool]:
    """Whether one person may decide this now, and whether it was counted now (in the same
    write). A repeat of a counted action (its key) may, and is not counted twice."""
    if KINDS[action.kind].threshold is None or action.merchant_id is None:
        return False, False
    action_key = f"{action.kind}:{action.key}"[:160]
    async with write_transaction() as session:
        # The brand's row lock: two decisions of one brand do not both fit the same sum.
        merchant = (
            await session.exec(
                select(Merchant).where(Merchant.id == action.merchant_id).with_for_update()
            )
        ).one()
        counted = await session.exec(
            select(ApprovalUsage.id).where(ApprovalUsage.action_key == action_key)
        )
        if counted.first() is not None:
            return True, False
        limit = await threshold(session, action.merchant_id, action.kind)
        day = _local_day(merchant, now)
        for column, value in (
            (ApprovalUsage.maker, maker),
            (ApprovalUsage.subject, action.subject),
        ):
            used = (
                await session.exec(
                    select(func.coalesce(func.sum(ApprovalUsage.amount), 0)).where(
                        ApprovalUsage.kind == action.kind,
                        ApprovalUsage.merchant_id == action.merchant_id,
                        ApprovalUsage.day == day,
                        col(column) == value,
                    )
                )
            ).one()
            if Decimal(used) + action.amount > limit:
                return False, False
        session.add(
            ApprovalUsage(
                kind=action.kind,
                merchant_id=action.merchant_id,
                maker=maker[:40],
                subject=action.subject[:60],
                amount=action.amount,
                day=day,
                action_key=action_key,
                created_at=now,
            )
        )
        return True, True


async def _uncount(action: Action) -> None:
    """The act was refused: what it did not move does not count toward the day's sums."""
    async with write_transaction() as session:
        await session.exec(
            delete(ApprovalUsage).where(
                col(ApprovalUsage.action_key) == f"{action.kind}:{action.key}"[:160]
            )
        )


async def _act(action: Action, act: Callable[[], Awaitable[T]], counted: bool) -> T:
    try:
        return await act()
    except AppError:
        if counted:
            await _uncount(action)
        raise


async def decide(
    staff: Staff, action: Action, act: Callable[[], Awaitable[T]], now: datetime
) -> Decided[T]:
    """The policy every staff decision goes through (the caller checked the maker's
    permission for the action): `act` now, or an approval request for a checker."""
    may, counted = await _alone(f"staff:{staff.id}", action, now)
    if may:
        return Decided(await _act(action, act, counted), None)
    return Decided(None, await submit(staff, action, now))


async def act_alone(
    maker: str, action: Action, act: Callable[[], Awaitable[T]], now: datetime
) -> T:
    """The policy for a door without a staff member, which cannot file a request (the /wps
    operator API): it acts only where one person may, else refers to the console."""
    may, counted = await _alone(maker, action, now)
    if not may:
        raise AppError("approval-console-only", status=409)
    return await _act(action, act, counted)


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


async def submit(staff: Staff, action: Action, now: datetime) -> ApprovalView:
    """File the request (the caller checked the requester's permission for the action).
    The same action asked again while its request lives answers with that request."""
    try:
        return await _submit(staff, action, now)
    except IntegrityError:  # a twin committed first (PostgreSQL): answer with it
        async with session_scope() as session:
            twin = await _live(session, action.kind, action.key[:80])
        if twin is None:
            raise
        return _view(twin)


async def _browser(session: AsyncSession, staff: Staff) -> str:
    """The browser of the staff member's console login (each CLI run is a browser of its own)."""
    login = await session.get(StaffSession, staff.session_id)
    return login.browser_digest if login is not None else ""


async def _submit(staff: Staff, action: Action, now: datetime) -> ApprovalView:
    async with write_transaction() as session:
        existing = await _live(session, action.kind, action.key[:80])
        if existing is not None:
            return _view(existing)
        if KINDS[action.kind].reason_required and not str(action.payload.get("reason", "")):
            raise AppError("approval-maker-reason-required", status=422)
        row = ApprovalRequest(
            kind=action.kind,
            merchant_id=action.merchant_id,
            amount=action.amount,
            payload=action.payload,
            summary=action.summary[:200],
            dedupe_key=action.key[:80],
            browser_digest=await _browser(session, staff),
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
            merchant_id=action.merchant_id,
            target=f"{action.kind}#{row.id}",
            detail={"amount": str(action.amount), **action.payload},
        )
        return _view(row)


async def _made_by(session: AsyncSession, staff_id: int) -> set[int]:
    """The staff accounts this one created or changed (the audit log's `staff.*` entries,
    which name their account by user name or as `staff:<id>`), and those that these did,
    and so on."""
    found: set[int] = set()
    makers = {staff_id}
    while makers:
        targets = (
            await session.exec(
                select(AuditEntry.target).where(
                    col(AuditEntry.staff_id).in_(makers),
                    col(AuditEntry.action).startswith("staff."),
                    col(AuditEntry.action) != "staff.login",
                )
            )
        ).all()
        ids = {int(t[6:]) for t in targets if t.startswith("staff:") and t[6:].isdigit()}
        accounts = (
            await session.exec(
                select(StaffMember.id).where(
                    col(StaffMember.username).in_(set(targets)) | col(StaffMember.id).in_(ids)
                )
            )
        ).all()
        makers = {saved_id(account) for account in accounts} - found - {staff_id}
        found |= makers
    return found


async def _linked(session: AsyncSession, maker: int, checker: int) -> bool:
    return checker in await _made_by(session, maker) or maker in await _made_by(session, checker)


async def _decidable(staff: Staff, request_id: int, now: datetime) -> ApprovalRequest:
    async with session_scope() as session:
        row = await session.get(ApprovalRequest, request_id)
    if row is None:
        raise AppError("approval-unknown", status=404)
    await require(staff, "approvals.decide", row.merchant_id, now)
    await require(staff, KINDS[row.kind].permission, row.merchant_id, now)
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
        if await _linked(session, row.requested_by, staff.id):
            raise AppError("approval-linked-staff", status=403)
        if row.browser_digest and await browser_logins.same_browser(
            row.browser_digest, await _browser(session, staff)
        ):
            raise AppError("approval-same-browser", status=403)
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
    try:
        result = await _executors()[row.kind](row, staff, now)
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


@dataclass(frozen=True)
class Explained:
    """An open request as a checker reads it: what, how much, for whom, who asked and why,
    and whether this staff member may decide it (the server checks again on the decision)."""

    request: ApprovalView
    maker: str
    member_id: int | None
    member_username: str
    member_name: str  # the verified name, "" when none
    order_no: str
    direction: str  # credit / debit for an adjustment, "" otherwise
    maker_reason: str
    may_decide: bool
    contract_kind: str = ""  # a house contract's kind and period codes, "" for other kinds
    contract_period: str = ""


async def _member_of(session: AsyncSession, row: ApprovalRequest) -> Member | None:
    member_id = row.payload.get("member")
    if isinstance(member_id, int):
        return await session.get(Member, member_id)
    order_no = row.payload.get("order")
    if isinstance(order_no, str):
        order = (
            await session.exec(select(WithdrawalOrder).where(WithdrawalOrder.order_no == order_no))
        ).first()
        return await session.get(Member, order.member_id) if order is not None else None
    return None


async def explained(staff: Staff, now: datetime, limit: int = 100) -> list[Explained]:
    """The open requests of the staff member's brand (or all), oldest first, in words."""
    rows = await pending(staff, now, limit)
    found: list[Explained] = []
    async with session_scope() as session:
        for view in rows:
            row = await session.get(ApprovalRequest, view.id)
            assert row is not None
            maker = await session.get(StaffMember, row.requested_by)
            member = await _member_of(session, row)
            identity = await session.get(MemberIdentity, member.id) if member else None
            contract = row.kind == "agent.contract"
            found.append(
                Explained(
                    request=view,
                    maker=maker.username if maker else "",
                    member_id=member.id if member else None,
                    member_username=member.username if member else "",
                    member_name=identity.full_name if identity else "",
                    order_no=str(row.payload.get("order", "")),
                    direction=str(row.payload.get("direction", "")),
                    maker_reason=str(row.payload.get("reason", "")),
                    contract_kind=str(row.payload.get("kind", "")) if contract else "",
                    contract_period=str(row.payload.get("period", "")) if contract else "",
                    may_decide=(
                        row.requested_by != staff.id
                        and staff.may("approvals.decide")
                        and staff.may(KINDS[row.kind].permission)
                    ),
                )
            )
    return found

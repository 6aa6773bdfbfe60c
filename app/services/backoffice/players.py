"""Players in the console: search, the 360 view, and the actions on an account (lock,
unlock, force logout, reset 2FA, notes, manual balance adjustment through the ledger with a
reason, four-eyes above the brand's threshold)."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import false, union
from sqlmodel import col, delete, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import amounts, ledger
from app.services.accounts import sessions
from app.services.backoffice import approvals, audit
from app.services.backoffice.staff import Staff, require
from app.services.wallet_events import balance_changed
from models import (
    ApprovalRequest,
    DepositOrder,
    Member,
    MemberSession,
    Merchant,
    PlayerNote,
    RecoveryCode,
    StaffMember,
    WagerFact,
    WithdrawalOrder,
)
from models.base import MAX_ID, saved_id
from models.ledger import AccountKind, TransactionKind
from models.member import MEMBER_ACTIVE, MEMBER_BLOCKED

PAGE_SIZE = 20
ADJUST_KIND = "balance.adjust"
MAX_QUERY = 120


@dataclass(frozen=True)
class PlayerRow:
    id: int
    merchant_id: int
    username: str
    mobile: str
    email: str
    status: str
    created_at: datetime
    last_login_ip: str


@dataclass(frozen=True)
class SearchPage:
    rows: list[PlayerRow]
    page: int
    has_more: bool


@dataclass(frozen=True)
class LedgerLine:
    transaction_id: int
    kind: str
    reference: str
    at: datetime
    amount: Decimal  # the sum of the changes to the player's own accounts


@dataclass(frozen=True)
class BetLine:
    at: datetime
    vendor: str
    game: str
    bet: Decimal
    win: Decimal
    net: Decimal


@dataclass(frozen=True)
class OrderLine:
    """A deposit or a withdrawal order."""

    order_no: str
    at: datetime
    amount: Decimal
    status: str


@dataclass(frozen=True)
class LoginLine:
    at: datetime
    ip: str
    device: str
    live: bool


@dataclass(frozen=True)
class NoteLine:
    at: datetime
    by: str
    text: str


@dataclass(frozen=True)
class _Recent:
    """The player's latest movements, bets, orders, logins and notes."""

    movements: list[LedgerLine]
    bets: list[BetLine]
    deposits: list[OrderLine]
    withdrawals: list[OrderLine]
    sessions: list[LoginLine]
    notes: list[NoteLine]


@dataclass(frozen=True)
class Player360:
    player: PlayerRow
    brand_code: str
    nickname: str
    totp_enabled: bool
    last_login_at: datetime | None
    cash: Decimal
    bonus: Decimal
    locked: Decimal
    movements: list[LedgerLine]
    bets: list[BetLine]
    deposits: list[OrderLine]
    withdrawals: list[OrderLine]
    sessions: list[LoginLine]
    notes: list[NoteLine]


@dataclass(frozen=True)
class Adjusted:
    """Done at once (`transaction_id`) or waiting for a second staff member (`approval_id`)."""

    transaction_id: int | None
    approval_id: int | None


def _row(member: Member) -> PlayerRow:
    return PlayerRow(
        id=saved_id(member.id),
        merchant_id=member.merchant_id,
        username=member.username,
        mobile=member.mobile or "",
        email=member.email or "",
        status=member.status,
        created_at=member.created_at,
        last_login_ip=member.last_login_ip or "",
    )


def _prefix(column: Any, text: str) -> Any:
    """`column LIKE 'text%'` with the pattern made here (so PostgreSQL sees a plain prefix
    and reads the column's pattern index); %, _ and the escape are matched literally."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return col(column).like(escaped + "%", escape="\\")


def _condition(query: str) -> Any:
    """What the query matches: an id (or a phone prefix), an e-mail prefix, an address, or a
    username prefix. Prefix matches use the columns' indexes."""
    text = query.strip()[:MAX_QUERY]
    if not text:
        return None
    if text.startswith("#") and text[1:].isdigit():
        return Member.id == int(text[1:]) if int(text[1:]) <= MAX_ID else false()
    if "@" in text:
        return _prefix(Member.email, text)
    try:
        address = str(ipaddress.ip_address(text))
    except ValueError:
        address = ""
    # Either-or matches are a union of index reads (an OR would let the planner scan).
    if address:
        return col(Member.id).in_(
            union(
                select(Member.id).where(Member.last_login_ip == address),
                select(MemberSession.member_id).where(MemberSession.ip == address),
            )
        )
    if text.isdigit():
        by_mobile = select(Member.id).where(_prefix(Member.mobile, text))
        if int(text) > MAX_ID:
            return col(Member.id).in_(by_mobile)
        return col(Member.id).in_(union(select(Member.id).where(Member.id == int(text)), by_mobile))
    return _prefix(Member.username, text.lower())


async def search(staff: Staff, query: str, page: int, now: datetime) -> SearchPage:
    """A page of the staff member's brand's players (every brand's for all-brand staff)."""
    await require(staff, "players.view", staff.merchant_id, now)
    page = max(1, min(page, 10_000))
    filters = _filters(staff, query)
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(Member)
                .where(*filters)
                .order_by(col(Member.id).desc())
                .offset((page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE + 1)
            )
        ).all()
    return SearchPage([_row(m) for m in rows[:PAGE_SIZE]], page, len(rows) > PAGE_SIZE)


EXPORT_LIMIT = 10_000


def _filters(staff: Staff, query: str) -> list[Any]:
    """The search's conditions, within the staff member's brand (all brands: none)."""
    condition = _condition(query)
    filters: list[Any] = [] if condition is None else [condition]
    if staff.merchant_id is not None:
        filters.append(Member.merchant_id == staff.merchant_id)
    return filters


async def export(staff: Staff, query: str, now: datetime) -> list[PlayerRow]:
    """Every player the search finds (newest first, up to EXPORT_LIMIT), for the list's CSV.
    It holds contact details: it needs the export permission and is itself audited."""
    await require(staff, "players.view", staff.merchant_id, now)
    await require(staff, "reports.export", staff.merchant_id, now)
    filters = _filters(staff, query)
    async with write_transaction() as session:
        rows = (
            await session.exec(
                select(Member).where(*filters).order_by(col(Member.id).desc()).limit(EXPORT_LIMIT)
            )
        ).all()
        await audit.append(
            session,
            staff.actor,
            "players.export",
            now=now,
            merchant_id=staff.merchant_id,
            detail={"query": query.strip()[:MAX_QUERY], "rows": len(rows)},
        )
    return [_row(m) for m in rows]


async def _member(member_id: int) -> Member:
    async with session_scope() as session:
        member = await session.get(Member, member_id)
    if member is None:
        raise AppError("player-unknown", status=404)
    return member


async def _target(staff: Staff, member_id: int, permission: str, now: datetime) -> Member:
    """The player, once the staff member may do `permission` on their brand."""
    member = await _member(member_id)
    await require(staff, permission, member.merchant_id, now)
    return member


async def _recent(session: AsyncSession, member: Member) -> _Recent:
    member_id = saved_id(member.id)
    moves = await ledger.member_movements(session, member_id=member_id, page_size=PAGE_SIZE)
    facts = (
        await session.exec(
            select(WagerFact)
            .where(WagerFact.member_id == member_id)
            .order_by(col(WagerFact.settled_at).desc())
            .limit(PAGE_SIZE)
        )
    ).all()
    deposits = (
        await session.exec(
            select(DepositOrder)
            .where(DepositOrder.member_id == member_id)
            .order_by(col(DepositOrder.id).desc())
            .limit(PAGE_SIZE)
        )
    ).all()
    withdrawals = (
        await session.exec(
            select(WithdrawalOrder)
            .where(WithdrawalOrder.member_id == member_id)
            .order_by(col(WithdrawalOrder.id).desc())
            .limit(PAGE_SIZE)
        )
    ).all()
    logins = (
        await session.exec(
            select(MemberSession)
            .where(MemberSession.member_id == member_id)
            .order_by(col(MemberSession.id).desc())
            .limit(PAGE_SIZE)
        )
    ).all()
    notes = (
        await session.exec(
            select(PlayerNote, StaffMember.username)
            .join(StaffMember, col(StaffMember.id) == PlayerNote.staff_id)
            .where(PlayerNote.member_id == member_id)
            .order_by(col(PlayerNote.id).desc())
            .limit(PAGE_SIZE)
        )
    ).all()
    return _Recent(
        movements=[
            LedgerLine(
                transaction_id=m.transaction_id,
                kind=str(m.kind),
                reference=m.reference,
                at=m.created_at,
                amount=sum((c.amount for c in m.changes), Decimal(0)),
            )
            for m in moves.items
        ],
        bets=[
            BetLine(
                at=f.settled_at,
                vendor=f.vendor,
                game=f.game_code,
                bet=f.bet,
                win=f.win,
                net=f.net,
            )
            for f in facts
        ],
        deposits=[
            OrderLine(order_no=d.order_no, at=d.created_at, amount=d.amount, status=d.status)
            for d in deposits
        ],
        withdrawals=[
            OrderLine(order_no=w.order_no, at=w.created_at, amount=w.amount, status=w.status)
            for w in withdrawals
        ],
        sessions=[
            LoginLine(
                at=s.created_at,
                ip=s.ip,
                device=s.device,
                live=s.revoked_at is None and s.expires_at > s.created_at,
            )
            for s in logins
        ],
        notes=[NoteLine(at=n.created_at, by=by, text=n.text) for n, by in notes],
    )


async def profile(staff: Staff, member_id: int, now: datetime) -> Player360:
    member = await _target(staff, member_id, "players.view", now)
    async with session_scope() as session:
        brand = await session.get(Merchant, member.merchant_id)
        assert brand is not None
        wallet = await ledger.member_wallet(
            session,
            merchant_id=member.merchant_id,
            member_id=saved_id(member.id),
            currency=brand.currency,
        )
        recent = await _recent(session, member)
    return Player360(
        player=_row(member),
        brand_code=brand.code,
        nickname=member.nickname,
        totp_enabled=member.totp_enabled,
        last_login_at=member.last_login_at,
        cash=wallet.cash,
        bonus=wallet.bonus,
        locked=wallet.locked,
        movements=recent.movements,
        bets=recent.bets,
        deposits=recent.deposits,
        withdrawals=recent.withdrawals,
        sessions=recent.sessions,
        notes=recent.notes,
    )


def _reason(reason: str) -> str:
    cleaned = " ".join(reason.split())[:200]
    if not cleaned:
        raise AppError("staff-reason-required", status=422)
    return cleaned


async def set_locked(
    staff: Staff, member_id: int, locked: bool, reason: str, now: datetime
) -> None:
    """Lock (the player can no longer log in; every session ends) or unlock."""
    member = await _target(staff, member_id, "players.lock", now)
    why = _reason(reason)
    async with write_transaction() as session:
        stored = await session.get(Member, member_id, with_for_update=True)
        assert stored is not None
        before = stored.status
        stored.status = MEMBER_BLOCKED if locked else MEMBER_ACTIVE
        session.add(stored)
        await audit.append(
            session,
            staff.actor,
            "player.lock" if locked else "player.unlock",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"before": before, "after": stored.status, "reason": why},
        )
    if locked:
        await sessions.end_sessions(member_id)


async def force_logout(staff: Staff, member_id: int, now: datetime) -> int:
    member = await _target(staff, member_id, "players.logout", now)
    ended = await sessions.end_sessions(member_id)
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            "player.logout",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"ended": ended},
        )
    return ended


async def reset_2fa(staff: Staff, member_id: int, reason: str, now: datetime) -> None:
    """Turn the player's authenticator off (they enrol again); recovery codes go too."""
    member = await _target(staff, member_id, "players.reset_2fa", now)
    why = _reason(reason)
    async with write_transaction() as session:
        stored = await session.get(Member, member_id, with_for_update=True)
        assert stored is not None
        stored.totp_enabled = False
        stored.totp_secret_encrypted = None
        session.add(stored)
        await session.exec(delete(RecoveryCode).where(col(RecoveryCode.member_id) == member_id))
        await audit.append(
            session,
            staff.actor,
            "player.reset_2fa",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"reason": why},
        )


async def add_note(staff: Staff, member_id: int, text: str, now: datetime) -> None:
    member = await _target(staff, member_id, "players.note", now)
    cleaned = text.strip()[:1000]
    if not cleaned:
        raise AppError("staff-note-empty", status=422)
    async with write_transaction() as session:
        session.add(
            PlayerNote(member_id=member_id, staff_id=staff.id, text=cleaned, created_at=now)
        )
        await audit.append(
            session,
            staff.actor,
            "player.note",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
        )


async def _post_adjustment(
    member: Member, direction: str, amount: Decimal, reason: str, key: str, actor: audit.Actor,
    now: datetime, approval_id: int | None,
) -> int:  # fmt: skip
    member_id = saved_id(member.id)
    async with write_transaction() as session:
        brand = await session.get(Merchant, member.merchant_id)
        assert brand is not None
        cash = ledger.of_member(AccountKind.MEMBER_CASH)
        house = ledger.of_merchant(AccountKind.HOUSE, sharded=False)
        credit = direction == "credit"
        posted = await ledger.transfer(
            session,
            merchant_id=member.merchant_id,
            member_id=member_id,
            currency=brand.currency,
            kind=TransactionKind.ADJUSTMENT,
            idempotency_key=key,
            from_=house if credit else cash,
            to=cash if credit else house,
            amount=amount,
            reference=f"ADJ-{approval_id}" if approval_id else "ADJ",
            metadata={"reason": reason, "staff": actor.staff_id, "approval": approval_id},
        )
        if not posted.replay:
            await audit.append(
                session,
                actor,
                "player.adjust",
                now=now,
                merchant_id=member.merchant_id,
                target=f"member:{member_id}",
                detail={
                    "direction": direction,
                    "amount": str(amount),
                    "reason": reason,
                    "transaction": posted.transaction_id,
                    "approval": approval_id,
                },
            )
    await balance_changed(member_id)
    return posted.transaction_id


async def adjust(
    staff: Staff,
    member_id: int,
    direction: str,
    amount_text: Any,
    reason: str,
    idempotency_key: str,
    now: datetime,
) -> Adjusted:
    """A manual credit or debit of the player's cash, with a reason, through the four-eyes
    policy: above the brand's threshold, or past the day's sums (of this staff member, of
    this player), it waits for a second staff member. `idempotency_key` is the form's own: a
    repeated submit moves money once."""
    member = await _target(staff, member_id, "players.adjust", now)
    if direction not in ("credit", "debit"):
        raise AppError("staff-adjust-direction", status=422)
    amount = amounts.parse_amount(amount_text, "staff-amount-invalid")
    why = _reason(reason)
    key = idempotency_key.strip()[:64]
    if len(key) < 16:
        raise AppError("staff-amount-invalid", status=422)
    decided = await approvals.decide(
        staff,
        approvals.Action(
            kind=ADJUST_KIND,
            merchant_id=member.merchant_id,
            amount=amount,
            subject=f"member:{member_id}",
            key=f"{staff.id}:{key}",
            payload={"member": member_id, "direction": direction, "reason": why},
            summary=f"{direction} {amount:.2f} member:{member_id}",
        ),
        lambda: _post_adjustment(
            member,
            direction,
            amount,
            why,
            f"staff-adjust:{staff.id}:{key}",
            staff.actor,
            now,
            None,
        ),
        now,
    )
    if decided.request is not None:
        return Adjusted(None, decided.request.id)
    return Adjusted(decided.done, None)


async def _run_adjustment(
    request: ApprovalRequest, approver: Staff, now: datetime
) -> dict[str, Any]:
    member = await _member(int(request.payload["member"]))
    if member.merchant_id != request.merchant_id:
        raise AppError("player-unknown", status=404)
    transaction_id = await _post_adjustment(
        member,
        str(request.payload["direction"]),
        request.amount,
        str(request.payload["reason"]),
        f"approval:{request.id}",
        approver.actor,
        now,
        request.id,
    )
    return {"transaction": transaction_id}


APPROVAL_EXECUTORS = ((ADJUST_KIND, _run_adjustment),)

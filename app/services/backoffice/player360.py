"""The player 360's facts beyond the account (app/services/backoffice/players.py): identity
(the CPF masked, revealed on request and audited), limits and exclusion, VIP level, bonuses
and their wagering, the agent line, risk flags, and one timeline of money, bets, logins and
staff actions. Codes stay codes here; the console says them in the reader's language."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.identity import cpf as cpf_rules
from app.services.identity import onboarding
from app.services.images import data_url
from app.services.loyalty import vip
from app.services.protection import limits
from models import (
    AuditEntry,
    BonusGrant,
    Member,
    MemberSession,
    PayoutAccount,
    WagerFact,
)
from models.base import saved_id
from models.identity import IdentityStatus, MemberIdentity
from models.member import MEMBER_ACTIVE
from models.protection import AccountClosure, MemberProtection

TIMELINE_SIZE = 40
AGENT_LINE_DEPTH = 10
REVEAL_ACTION = "player.reveal_cpf"
DOCUMENTS_ACTION = "player.documents"

# Risk flags (each the console names in words; `shared-ip` carries a count).
BLOCKED, BARRED, KYC_REVIEW, KYC_REJECTED, NOT_VERIFIED = (
    "blocked", "barred", "kyc-review", "kyc-rejected", "not-verified"
)  # fmt: skip
EXCLUDED, CLOSURE, SHARED_IP, PAYEE_MISMATCH = "excluded", "closure", "shared-ip", "payee-mismatch"


@dataclass(frozen=True)
class IdentityFacts:
    cpf_masked: str  # "" when the member gave none
    full_name: str
    status: str  # IdentityStatus, "" when the brand asks none
    birth_date: date | None  # as verified
    documents: int


@dataclass(frozen=True)
class LimitLine:
    kind: str
    period: str
    value: Decimal | None
    used: Decimal
    pending_value: Decimal | None
    pending: bool


@dataclass(frozen=True)
class BonusLine:
    amount: Decimal
    wagered: Decimal
    required: Decimal
    status: str
    expires_at: datetime


@dataclass(frozen=True)
class Upline:
    id: int
    username: str


@dataclass(frozen=True)
class RiskFlag:
    code: str
    count: int = 0


@dataclass(frozen=True)
class Event:
    """One line of the timeline: `kind` money, bet, login or staff; `code` the movement's
    kind, the game, the device or the staff action; `amount` the money (None for none)."""

    at: datetime
    kind: str
    code: str
    amount: Decimal | None
    text: str
    by: str


@dataclass(frozen=True)
class Details:
    identity: IdentityFacts
    limits: list[LimitLine]
    excluded_kind: str  # "" when not excluded now
    excluded_until: datetime | None
    vip_level: int
    vip_name: str
    vip_since: datetime | None
    bonuses: list[BonusLine]
    agent_line: list[Upline]  # the direct upline first
    risk: list[RiskFlag]
    timeline: list[Event]


async def _member(member_id: int) -> Member:
    async with session_scope() as session:
        member = await session.get(Member, member_id)
    if member is None:
        raise AppError("player-unknown", status=404)
    return member


async def _agent_line(session: AsyncSession, member: Member) -> list[Upline]:
    line: list[Upline] = []
    seen = {saved_id(member.id)}
    upline_id = member.upline_id
    while upline_id is not None and upline_id not in seen and len(line) < AGENT_LINE_DEPTH:
        upline = await session.get(Member, upline_id)
        if upline is None:
            break
        seen.add(upline_id)
        line.append(Upline(upline_id, upline.username))
        upline_id = upline.upline_id
    return line


async def risk_flags(
    session: AsyncSession, member: Member, identity: MemberIdentity | None, now: datetime
) -> list[RiskFlag]:
    """What a decision about the member's money should weigh (a building block: the caller
    checked the staff member's permission)."""
    member_id = saved_id(member.id)
    excluded = limits.excluded(await session.get(MemberProtection, member_id), now)
    flags: list[RiskFlag] = []
    if member.status != MEMBER_ACTIVE:
        flags.append(RiskFlag(BLOCKED))
    if identity is not None:
        flag = {
            IdentityStatus.BARRED: BARRED,
            IdentityStatus.REVIEW: KYC_REVIEW,
            IdentityStatus.REJECTED: KYC_REJECTED,
            IdentityStatus.PENDING: NOT_VERIFIED,
        }.get(IdentityStatus(identity.status))
        if flag:
            flags.append(RiskFlag(flag))
    if excluded:
        flags.append(RiskFlag(EXCLUDED))
    if await session.get(AccountClosure, member_id) is not None:
        flags.append(RiskFlag(CLOSURE))
    if member.last_login_ip:
        others = (
            await session.exec(
                select(func.count())
                .select_from(Member)
                .where(
                    Member.last_login_ip == member.last_login_ip,
                    Member.merchant_id == member.merchant_id,
                    Member.id != member_id,
                )
            )
        ).one()
        if others:
            flags.append(RiskFlag(SHARED_IP, int(others)))
    if identity is not None and identity.full_name:
        holders = (
            await session.exec(
                select(PayoutAccount.holder_name).where(PayoutAccount.member_id == member_id)
            )
        ).all()
        if any(_name(h) != _name(identity.full_name) for h in holders):
            flags.append(RiskFlag(PAYEE_MISMATCH))
    return flags


def _name(text: str) -> str:
    return " ".join(text.upper().split())


def _detail_text(detail: str) -> str:
    """A staff action's reason, when it has one (the audit page shows the rest)."""
    try:
        found = json.loads(detail or "{}")
    except ValueError:
        return ""
    return str(found.get("reason", "")) if isinstance(found, dict) else ""


async def _timeline(session: AsyncSession, member: Member) -> list[Event]:
    member_id = saved_id(member.id)
    events: list[Event] = []
    moves = await ledger.member_movements(session, member_id=member_id, page_size=TIMELINE_SIZE)
    events += [
        Event(
            at=m.created_at,
            kind="money",
            code=str(m.kind),
            amount=sum((c.amount for c in m.changes), Decimal(0)),
            text=m.reference,
            by="",
        )
        for m in moves.items
    ]
    facts = (
        await session.exec(
            select(WagerFact)
            .where(WagerFact.member_id == member_id)
            .order_by(col(WagerFact.settled_at).desc())
            .limit(TIMELINE_SIZE)
        )
    ).all()
    events += [
        Event(at=f.settled_at, kind="bet", code=f.game_code, amount=f.net, text=f.vendor, by="")
        for f in facts
    ]
    logins = (
        await session.exec(
            select(MemberSession)
            .where(MemberSession.member_id == member_id)
            .order_by(col(MemberSession.id).desc())
            .limit(TIMELINE_SIZE)
        )
    ).all()
    events += [
        Event(at=s.created_at, kind="login", code=s.device, amount=None, text=s.ip, by="")
        for s in logins
    ]
    actions = (
        await session.exec(
            select(AuditEntry)
            .where(AuditEntry.target == f"member:{member_id}")
            .order_by(col(AuditEntry.seq).desc())
            .limit(TIMELINE_SIZE)
        )
    ).all()
    events += [
        Event(
            at=a.at,
            kind="staff",
            code=a.action,
            amount=None,
            text=_detail_text(a.detail),
            by=a.staff_name,
        )
        for a in actions
    ]
    events.sort(key=lambda e: e.at, reverse=True)
    return events[:TIMELINE_SIZE]


async def details(staff: Staff, member_id: int, now: datetime) -> Details:
    """What the 360 view shows beside the account (`players.view`; the CPF stays masked)."""
    member = await _member(member_id)
    await require(staff, "players.view", member.merchant_id, now)
    shown_limits = await limits.member_limits(member, now)
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member_id)
        protection = await session.get(MemberProtection, member_id)
        excluded = limits.excluded(protection, now)
        level = await vip.level_of(session, member_id)
        grants = (
            await session.exec(
                select(BonusGrant)
                .where(BonusGrant.member_id == member_id)
                .order_by(col(BonusGrant.id).desc())
                .limit(10)
            )
        ).all()
        agent_line = await _agent_line(session, member)
        risk = await risk_flags(session, member, identity, now)
        timeline = await _timeline(session, member)
    return Details(
        identity=IdentityFacts(
            cpf_masked=cpf_rules.masked(identity.cpf) if identity and identity.cpf else "",
            full_name=identity.full_name if identity else "",
            status=identity.status if identity else "",
            birth_date=identity.birth_date if identity else None,
            documents=len(identity.documents) if identity else 0,
        ),
        limits=[
            LimitLine(
                kind=str(limit.kind),
                period=str(limit.period),
                value=limit.value,
                used=limit.used,
                pending_value=limit.pending_value,
                pending=limit.pending,
            )
            for limit in shown_limits
        ],
        excluded_kind=(protection.excluded_kind or "") if excluded and protection else "",
        excluded_until=protection.excluded_until if excluded and protection else None,
        vip_level=level.level,
        vip_name=level.name,
        vip_since=level.since,
        bonuses=[
            BonusLine(
                amount=g.amount,
                wagered=g.wagered,
                required=g.wagering_required,
                status=g.status,
                expires_at=g.expires_at,
            )
            for g in grants
        ],
        agent_line=agent_line,
        risk=risk,
        timeline=timeline,
    )


def formatted_cpf(digits: str) -> str:
    return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}" if len(digits) == 11 else ""


async def _identity_of(
    staff: Staff, member_id: int, permission: str, now: datetime
) -> tuple[Member, MemberIdentity]:
    member = await _member(member_id)
    await require(staff, permission, member.merchant_id, now)
    async with session_scope() as session:
        identity = await session.get(MemberIdentity, member_id)
    if identity is None or not identity.cpf:
        raise AppError("player-no-identity", status=404)
    return member, identity


async def reveal_cpf(staff: Staff, member_id: int, now: datetime, *, purpose: str = "") -> str:
    """The member's whole CPF for a staff member who holds `players.identity` (or, while
    reviewing identities, `kyc.decide`); every reveal is in the audit log."""
    permission = "kyc.decide" if purpose == "kyc" else "players.identity"
    member, identity = await _identity_of(staff, member_id, permission, now)
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            REVEAL_ACTION,
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"purpose": purpose} if purpose else None,
        )
    return formatted_cpf(identity.cpf)


async def documents(staff: Staff, member_id: int, now: datetime) -> list[str]:
    """The identity documents the member sent, as data URLs (thumbnails on the 360 view);
    `players.identity`, audited."""
    member, identity = await _identity_of(staff, member_id, "players.identity", now)
    found = [await data_url(onboarding.DOCUMENT_FOLDER, name) for name in identity.documents]
    async with write_transaction() as session:
        await audit.append(
            session,
            staff.actor,
            DOCUMENTS_ACTION,
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"count": len(found)},
        )
    return found

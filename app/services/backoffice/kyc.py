"""The KYC console: identities the provider sent to staff review (approve with the birth date
read on the document, or reject with a reason) and the barred list as loaded. Each decision
is audited; the member's record keeps it too (app/services/identity)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime

from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.identity import barred, onboarding
from app.services.identity import cpf as cpf_rules
from app.services.images import data_url, remove
from models import Member
from models.identity import IdentityStatus, MemberIdentity

QUEUE_SIZE = 100
MAX_REASON = 200


@dataclass(frozen=True)
class KycRow:
    member_id: int
    merchant_id: int
    username: str
    cpf: str  # masked
    full_name: str
    claimed_birth_date: date | None
    submitted_at: datetime | None
    reason: str  # the provider's note
    documents: int  # images the member sent for the review
    liveness: str  # the provider's check of those images: PASSED, FAILED, REVIEW; "" not run
    liveness_score: int
    liveness_reason: str


@dataclass(frozen=True)
class BarredView:
    counts: dict[str, int]
    rows: list[barred.BarredRow]


async def queue(staff: Staff, now: datetime) -> list[KycRow]:
    """Identities in REVIEW of the staff member's brand (every brand's for all-brand staff),
    oldest first."""
    await require(staff, "kyc.view", staff.merchant_id, now)
    statement = (
        select(MemberIdentity, Member.username)
        .join(Member, col(Member.id) == col(MemberIdentity.member_id))
        .where(MemberIdentity.status == IdentityStatus.REVIEW)
    )
    if staff.merchant_id is not None:
        statement = statement.where(MemberIdentity.merchant_id == staff.merchant_id)
    statement = statement.order_by(col(MemberIdentity.submitted_at)).limit(QUEUE_SIZE)
    async with session_scope() as session:
        found = (await session.exec(statement)).all()
    return [
        KycRow(
            member_id=identity.member_id,
            merchant_id=identity.merchant_id,
            username=username,
            cpf=cpf_rules.masked(identity.cpf),
            full_name=identity.full_name,
            claimed_birth_date=identity.claimed_birth_date,
            submitted_at=identity.submitted_at,
            reason=identity.reason,
            documents=len(identity.documents),
            liveness=identity.liveness,
            liveness_score=identity.liveness_score,
            liveness_reason=identity.liveness_reason,
        )
        for identity, username in found
    ]


async def document(staff: Staff, member_id: int, index: int, now: datetime) -> str:
    """One of the images the member sent for the review (0-based), as a data URL."""
    async with session_scope() as session:
        member = await session.get(Member, member_id)
        identity = await session.get(MemberIdentity, member_id)
    if member is None:
        raise AppError("player-unknown", status=404)
    await require(staff, "kyc.view", member.merchant_id, now)
    if identity is None or not 0 <= index < len(identity.documents):
        raise AppError("image-missing", status=404)
    return await data_url(onboarding.DOCUMENT_FOLDER, identity.documents[index])


def _birth_date(text: str) -> date | None:
    if not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise AppError("identity-birth-date-invalid", status=422) from None


async def decide(
    staff: Staff,
    member_id: int,
    approve: bool,
    reason: str,
    birth_date: str,
    now: datetime,
) -> str:
    """Approve (with the birth date read on the document; empty: the one the member gave)
    or reject (a reason is required) an identity under review; the status it ends in."""
    async with session_scope() as session:
        member = await session.get(Member, member_id)
    if member is None:
        raise AppError("player-unknown", status=404)
    await require(staff, "kyc.decide", member.merchant_id, now)
    why = " ".join(reason.split())[:MAX_REASON]
    if not approve and not why:
        raise AppError("kyc-reason-required", status=422)
    born = _birth_date(birth_date)
    async with write_transaction() as session:
        identity = await onboarding.decide(
            session, member, approve, why, born, f"staff:{staff.username}", now
        )
        await audit.append(
            session,
            staff.actor,
            "kyc.approve" if approve else "kyc.reject",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"status": identity.status, "reason": why},
        )
        status = identity.status
    return status


async def reverify(staff: Staff, member_id: int, reason: str, now: datetime) -> None:
    """Re-verification on risk: send a verified member's identity back under review (a
    reason is required; it stays in the audit log, the member reads neutral words)."""
    async with session_scope() as session:
        member = await session.get(Member, member_id)
    if member is None:
        raise AppError("player-unknown", status=404)
    await require(staff, "kyc.decide", member.merchant_id, now)
    why = " ".join(reason.split())[:MAX_REASON]
    if not why:
        raise AppError("kyc-reason-required", status=422)
    async with write_transaction() as session:
        _, earlier = await onboarding.ask_reverification(
            session, member, f"staff:{staff.username}", now
        )
        await audit.append(
            session,
            staff.actor,
            "kyc.reverify",
            now=now,
            merchant_id=member.merchant_id,
            target=f"member:{member_id}",
            detail={"reason": why},
        )
    await remove(onboarding.DOCUMENT_FOLDER, earlier)


async def barred_list(staff: Staff, query: str, now: datetime) -> BarredView:
    """The barred list (it applies to every brand): counts per list and the newest rows, or
    those of a CPF prefix."""
    await require(staff, "kyc.view", staff.merchant_id, now)
    rows = await barred.rows(query[:14])
    shown = [replace(row, cpf=cpf_rules.masked(row.cpf)) for row in rows]
    return BarredView(await barred.counts(), shown)

"""Affiliates: a member applies from the site (accepting the programme's terms) and sees its
application's status; staff approve (the member becomes an agent with an invitation code) or
refuse it in the console (app/services/backoffice/agents.py) or with
`python -m app.cli affiliates`. Referral links are built on the brand's public address and
count clicks (once per visitor and day) and registrations."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import quote, urlencode

from sqlalchemy import func
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import dialect_insert, session_scope, write_transaction
from app.core.errors import AppError
from app.core.security import keyed_digest
from app.routes import REGISTER
from app.services.agents import tree
from app.services.agents.contracts import require_programme, require_programme_of
from app.services.brands import Brand
from app.services.inbox import post_message
from app.services.origins import public_address
from models import AffiliateCode, Member
from models.agents import AffiliateApplication, ReferralClick
from models.base import saved_id
from models.cashier import MessageKind

PENDING, APPROVED, REJECTED = "PENDING", "APPROVED", "REJECTED"
WHATSAPP_SHARE = "https://wa.me/?text="
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


@dataclass(frozen=True)
class Application:
    id: int
    member_id: int
    username: str
    channel: str
    audience: str
    status: str
    created_at: datetime
    decided_at: datetime | None = None


@dataclass(frozen=True)
class Referral:
    code: str
    link: str
    clicks: int
    registrations: int


def _view(row: AffiliateApplication, username: str) -> Application:
    return Application(
        saved_id(row.id),
        row.member_id,
        username,
        row.channel,
        row.audience,
        row.status,
        row.created_at,
        row.decided_at,
    )


async def apply(
    member: Member, channel: str, audience: str, now: datetime, *, accepted_terms: bool
) -> Application:
    """The affiliate application form: where and to whom the member will promote the site,
    once the member accepted the programme's terms (the site's page shows them; an API
    client shows them before it sends `acceptTerms`)."""
    if member.account_type in get_settings().trial_account_types:
        raise AppError("in_need_true_account", 403)
    await require_programme_of(member)
    if not accepted_terms:
        raise AppError("affiliate-terms-required", 422)
    channel, audience = (channel or "").strip(), (audience or "").strip()
    if not 3 <= len(channel) <= 200 or len(audience) > 500:
        raise AppError("affiliate-application-invalid", 422)
    if tree.is_agent(member):
        raise AppError("affiliate-application-exists", 409)
    async with write_transaction() as session:
        pending = (
            await session.exec(
                select(AffiliateApplication.id).where(
                    AffiliateApplication.member_id == member.id,
                    AffiliateApplication.status == PENDING,
                )
            )
        ).first()
        if pending is not None:
            raise AppError("affiliate-application-exists", 409)
        row = AffiliateApplication(
            merchant_id=member.merchant_id,
            member_id=saved_id(member.id),
            channel=channel,
            audience=audience,
            created_at=now,
        )
        session.add(row)
        await session.flush()
        return _view(row, member.username)


async def latest(member: Member) -> Application | None:
    """The member's latest application (the site's page shows its status)."""
    async with session_scope() as session:
        row = (
            await session.exec(
                select(AffiliateApplication)
                .where(AffiliateApplication.member_id == saved_id(member.id))
                .order_by(col(AffiliateApplication.id).desc())
            )
        ).first()
    return None if row is None else _view(row, member.username)


async def pending(merchant_id: int | None = None) -> list[Application]:
    async with session_scope() as session:
        query = (
            select(AffiliateApplication, Member.username)
            .join(Member, col(Member.id) == AffiliateApplication.member_id)
            .where(AffiliateApplication.status == PENDING)
            .order_by(col(AffiliateApplication.id))
        )
        if merchant_id is not None:
            query = query.where(AffiliateApplication.merchant_id == merchant_id)
        return [_view(row, name) for row, name in (await session.exec(query)).all()]


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(8))


async def decide(application_id: int, approve: bool, operator: str, now: datetime) -> Application:
    """An operator's decision (the CLI). Approval makes the member an agent with an
    invitation code, in the same transaction."""
    async with write_transaction() as session:
        return await decide_in(session, application_id, approve, operator, now)


async def decide_in(
    session: AsyncSession,
    application_id: int,
    approve: bool,
    operator: str,
    now: datetime,
    merchant_id: int | None = None,
) -> Application:
    """The building block of a decision (the console's use case audits in the same
    transaction); `merchant_id` limits it to that brand's applications."""
    row = (
        await session.exec(
            select(AffiliateApplication)
            .where(AffiliateApplication.id == application_id)
            .with_for_update()
        )
    ).first()
    if row is None or row.status != PENDING:
        raise AppError("affiliate-application-unknown", 404)
    if merchant_id is not None and row.merchant_id != merchant_id:
        raise AppError("affiliate-application-unknown", 404)
    member = await session.get(Member, row.member_id)
    if member is None:
        raise AppError("affiliate-application-unknown", 404)
    row.status = APPROVED if approve else REJECTED
    row.decided_by = (operator or "operator")[:64]
    row.decided_at = now
    session.add(row)
    await post_message(
        session,
        saved_id(member.id),
        MessageKind.AFFILIATE_APPROVED if approve else MessageKind.AFFILIATE_REJECTED,
        {},
    )
    if approve:
        if not tree.is_agent(member):
            member.account_type = get_settings().agent_account_types[0]
            session.add(member)
        session.add(
            AffiliateCode(
                merchant_id=member.merchant_id,
                agent_id=saved_id(member.id),
                code=_new_code(),
                created_at=now,
            )
        )
    return _view(row, member.username)


async def referral(brand: Brand, agent: Member) -> Referral:
    """The agent's invitation code (made on first use), its link and its figures."""
    if not tree.is_agent(agent):
        raise AppError("agent-only", 403)
    require_programme(brand)
    agent_id = saved_id(agent.id)
    async with write_transaction() as session:
        code = (
            await session.exec(
                select(AffiliateCode)
                .where(AffiliateCode.agent_id == agent_id, AffiliateCode.active == True)  # noqa: E712
                .order_by(col(AffiliateCode.id))
            )
        ).first()
        if code is None:
            code = AffiliateCode(merchant_id=brand.id, agent_id=agent_id, code=_new_code())
            session.add(code)
            await session.flush()
        clicks = (
            await session.exec(
                select(func.count()).where(ReferralClick.code_id == saved_id(code.id))
            )
        ).one()
        registrations = (
            await session.exec(
                select(func.count()).where(
                    Member.upline_id == agent_id, Member.affiliate_code == code.code
                )
            )
        ).one()
    link = register_link(brand, affiliateCode=code.code)
    return Referral(code.code, link, int(clicks), int(registrations))


def register_link(brand: Brand, **query: str) -> str:
    """The brand's registration page on its public address, with the inviter's code."""
    return f"{public_address(brand.main_domain)}{REGISTER}?{urlencode(query)}"


def whatsapp_share(message: str) -> str:
    """A link that opens WhatsApp with `message` ready to send (wa.me's share form)."""
    return WHATSAPP_SHARE + quote(message, safe="")


async def record_click(brand: Brand, code: str, visitor_ip: str, now: datetime) -> bool:
    """Count a visit through a referral link, once per visitor (a keyed digest of the
    address, never the address) and day. False when the code is unknown."""
    async with write_transaction() as session:
        found = (
            await session.exec(
                select(AffiliateCode).where(
                    AffiliateCode.merchant_id == brand.id,
                    AffiliateCode.code == (code or "").strip(),
                    AffiliateCode.active == True,  # noqa: E712
                )
            )
        ).first()
        if found is None:
            return False
        visitor = keyed_digest(visitor_ip, "referral-visitor")[:32]
        connection = await session.connection()
        await connection.execute(
            dialect_insert(connection, ReferralClick.__table__)  # type: ignore[attr-defined]
            .values(
                code_id=saved_id(found.id),
                visitor=visitor,
                day=now.date().isoformat(),
                created_at=now,
            )
            .on_conflict_do_nothing(index_elements=["code_id", "visitor", "day"])
        )
    return True


async def invite(brand: Brand, member: Member) -> Referral:
    """The referral page (invite friends): an agent's affiliate link (its registrations join
    the agent's team), or a member's own invitation link (the friend's registration keeps the
    member's name as its referral code). Clicks are counted for affiliate links only."""
    if tree.is_agent(member):
        return await referral(brand, member)
    async with session_scope() as session:
        registrations = (
            await session.exec(
                select(func.count()).where(
                    Member.merchant_id == brand.id, Member.referral_code == member.username
                )
            )
        ).one()
    link = register_link(brand, referralCode=member.username)
    return Referral(member.username, link, 0, int(registrations))

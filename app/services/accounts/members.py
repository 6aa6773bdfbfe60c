"""Member lookups, account types (player, trial, agent) and the member info payload."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.brands import Brand
from models import Member

PLAYER_TYPE = 0
ICONS: tuple[str, ...] = tuple(str(number) for number in range(1, 13))


@dataclass(frozen=True)
class Roles:
    is_agent: bool
    is_trial: bool


def roles(account_type: int) -> Roles:
    """Spec 4, login state: agent or trial by the configured type lists."""
    settings = get_settings()
    return Roles(
        is_agent=account_type in settings.agent_account_types,
        is_trial=account_type in settings.trial_account_types,
    )


def require_real_account(member: Member) -> None:
    """Spec 4: money, favourites and real play need a real account; a trial user is asked to
    register first. Every use case that needs one calls this, whichever door it came in by."""
    if roles(member.account_type).is_trial:
        raise AppError("in_need_true_account", status=403)


def trial_type() -> int:
    return get_settings().trial_account_types[0]


def normalize_username(username: str) -> str:
    return username.strip().lower()


async def by_username(session: AsyncSession, merchant_id: int, username: str) -> Member | None:
    statement = select(Member).where(
        Member.merchant_id == merchant_id,
        func.lower(Member.username) == normalize_username(username),
    )
    return (await session.exec(statement)).first()


async def by_mobile(session: AsyncSession, merchant_id: int, mobile: str) -> Member | None:
    statement = select(Member).where(Member.merchant_id == merchant_id, Member.mobile == mobile)
    return (await session.exec(statement)).first()


async def set_icon(member: Member, icon: str) -> str:
    """The member's avatar: one of the ICONS pictures, by number."""
    require_real_account(member)
    if icon not in ICONS:
        raise AppError("member-icon-invalid", status=422, params={"max": len(ICONS)})
    async with write_transaction() as session:
        stored = await session.get(Member, member.id, with_for_update=True)
        assert stored is not None
        stored.icon = icon
        session.add(stored)
    return icon


def mask_mobile(mobile: str | None) -> str:
    if not mobile:
        return ""
    return f"{mobile[:3]}****{mobile[-3:]}" if len(mobile) > 6 else "****"


def mask_email(email: str | None) -> str:
    if not email or "@" not in email:
        return ""
    name, domain = email.split("@", 1)
    return f"{name[:2]}***@{domain}"


def member_info(member: Member, brand: Brand) -> dict[str, Any]:
    """The member info payload (spec 3): never a secret, never an unmasked contact."""
    member_roles = roles(member.account_type)
    return {
        "id": member.id,
        "account": member.username,
        "nickname": member.nickname or member.username,
        "type": member.account_type,
        "isAgent": member_roles.is_agent,
        "isTrial": member_roles.is_trial,
        "icon": member.icon,
        "email": mask_email(member.email),
        "mobile": mask_mobile(member.mobile),
        "currency": brand.currency,
        "currencySymbol": brand.currency_symbol,
        "language": member.language or brand.default_language,
        "totpEnabled": member.totp_enabled,
        "hasPaymentPassword": member.payment_password_hash is not None,
        "createdAt": member.created_at.isoformat(),
        "lastLoginAt": member.last_login_at.isoformat() if member.last_login_at else None,
    }

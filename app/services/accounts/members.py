"""Member lookups, account types (player, trial, agent) and the member info payload."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.brands import Brand
from models import Member
from models.base import saved_id

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


async def by_mobile(
    session: AsyncSession, merchant_id: int, country_code: str, mobile: str
) -> Member | None:
    """The brand's member with this phone: the national number and its dialling code (a row
    without one is Brazilian, as its SMS go to +55): +351 912… never finds +55 912…."""
    statement = select(Member).where(Member.merchant_id == merchant_id, Member.mobile == mobile)
    member = (await session.exec(statement)).first()
    if member is None or phone_code(member) != country_code:
        return None
    return member


def phone_code(member: Member) -> str:
    """The dialling code of the member's phone (a row without one is Brazilian)."""
    return member.country_dialing_code or "55"


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


@dataclass(frozen=True)
class MemberProfile:
    """What a member may see of their own account (spec 3's member info): never a secret,
    never an unmasked contact."""

    id: int
    account: str
    nickname: str
    type: int
    is_agent: bool
    is_trial: bool
    icon: str
    email: str  # masked
    mobile: str  # masked
    currency: str
    currency_symbol: str
    language: str
    totp_enabled: bool
    has_payment_password: bool
    created_at: datetime
    last_login_at: datetime | None


def member_info(member: Member, brand: Brand) -> MemberProfile:
    member_roles = roles(member.account_type)
    return MemberProfile(
        id=saved_id(member.id),
        account=member.username,
        nickname=member.nickname or member.username,
        type=member.account_type,
        is_agent=member_roles.is_agent,
        is_trial=member_roles.is_trial,
        icon=member.icon,
        email=mask_email(member.email),
        mobile=mask_mobile(member.mobile),
        currency=brand.currency,
        currency_symbol=brand.currency_symbol,
        language=member.language or brand.default_language,
        totp_enabled=member.totp_enabled,
        has_payment_password=member.payment_password_hash is not None,
        created_at=member.created_at,
        last_login_at=member.last_login_at,
    )


def is_operator(member: Member) -> bool:
    """An operator's member account (the /wps operator API): it pays, settles and draws."""
    return member.account_type in get_settings().operator_account_types

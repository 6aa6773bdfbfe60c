"""Who may take part in a promotion: segment rules kept on the promotion as a small dict.

Every rule present must hold (an empty dict lets every member of the brand in):

- ``new_member_days``: registered at most this many days ago;
- ``registered_from`` / ``registered_to``: registered on or after / before (ISO 8601 dates);
- ``depositors``: true, only members with a deposit; false, only members without one;
- ``regions``: the member's region (``profile["region"]``, else the phone's country code);
- ``tags``: any one of these operator tags (``profile["tags"]``);
- ``min_level``: at least this VIP level: the member's ``vip_member`` row, kept by the VIP
  capability (app/services/loyalty/vip.py; no row is level 0). It is read here, not through
  ``vip.level_of``, because loyalty already uses promotions (points pay bonus rewards).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Any

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.errors import AppError
from models.ledger import LedgerTransaction, TransactionKind
from models.loyalty_vip import VipMember
from models.member import Member

RULES = frozenset(
    {
        "new_member_days",
        "registered_from",
        "registered_to",
        "depositors",
        "regions",
        "tags",
        "min_level",
    }
)
MAX_LIST = 50


def _invalid() -> AppError:
    return AppError("promo-invalid", 422, {"field": "eligibility"})


def _strings(value: object) -> list[str]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_LIST:
        raise _invalid()
    found = [str(item).strip() for item in value if isinstance(item, str)]
    if len(found) != len(value) or not all(1 <= len(item) <= 32 for item in found):
        raise _invalid()
    return found


def checked(rules: Mapping[str, Any] | None) -> dict[str, Any]:
    """The rules as stored, or `promo-invalid` (field eligibility) for an unknown rule or value."""
    rules = dict(rules or {})
    if set(rules) - RULES:
        raise _invalid()
    clean: dict[str, Any] = {}
    for name in ("new_member_days", "min_level"):
        if name in rules:
            value = rules[name]
            if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= 3650:
                raise _invalid()
            clean[name] = value
    for name in ("registered_from", "registered_to"):
        if name in rules:
            try:
                clean[name] = date.fromisoformat(str(rules[name])).isoformat()
            except ValueError as exc:
                raise _invalid() from exc
    if "depositors" in rules:
        if not isinstance(rules["depositors"], bool):
            raise _invalid()
        clean["depositors"] = rules["depositors"]
    for name in ("regions", "tags"):
        if name in rules:
            clean[name] = _strings(rules[name])
    if clean.get("registered_from", "") > clean.get("registered_to", "9999"):
        raise _invalid()
    return clean


async def _has_deposit(session: AsyncSession, member_id: int) -> bool:
    found = await session.exec(
        select(LedgerTransaction.id)
        .where(
            LedgerTransaction.member_id == member_id,
            LedgerTransaction.kind == TransactionKind.DEPOSIT.value,
        )
        .limit(1)
    )
    return found.first() is not None


def _region(member: Member) -> str:
    profile = member.profile or {}
    return str(profile.get("region") or member.country_dialing_code or "")


async def eligible(
    session: AsyncSession, rules: Mapping[str, Any] | None, member: Member, now: datetime
) -> bool:
    """Whether the member is in the promotion's segment now."""
    if not rules:
        return True
    registered = member.created_at
    if "new_member_days" in rules and now - registered > timedelta(days=rules["new_member_days"]):
        return False
    if "registered_from" in rules and registered.date().isoformat() < rules["registered_from"]:
        return False
    if "registered_to" in rules and registered.date().isoformat() > rules["registered_to"]:
        return False
    if "regions" in rules and _region(member) not in rules["regions"]:
        return False
    if "tags" in rules:
        tags = (member.profile or {}).get("tags") or []
        if not isinstance(tags, list) or not set(map(str, tags)) & set(rules["tags"]):
            return False
    member_id = member.id
    assert member_id is not None
    if "depositors" in rules and await _has_deposit(session, member_id) != rules["depositors"]:
        return False
    if "min_level" in rules:
        found = await session.get(VipMember, member_id)
        return (found.level if found is not None else 0) >= int(rules["min_level"])
    return True

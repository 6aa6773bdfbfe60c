"""The payment password: set once (proven by the login password), changed (proven by both),
and checked before money leaves an account (withdrawals, points redeems). Wrong tries are
counted per member; the last allowed one locks the password for a while."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

from sqlmodel import select

from app.core import rate_limit
from app.core.cache import get_redis
from app.core.config import get_settings
from app.core.db import write_transaction
from app.core.errors import AppError
from app.core.security import hash_password, verify_password
from app.services.accounts import reauth
from app.services.accounts.members import require_real_account
from app.services.accounts.registration import rule_for
from app.services.brands import Brand
from app.services.validation import FieldRule, validate_field
from models import Member

FAILURE_WINDOW_SECONDS = 3600
PAYMENT_PASSWORD_RULE = FieldRule(required=True, min_length=6, max_length=6, pattern_id=6)


@dataclass(frozen=True)
class PaymentPasswordState:
    is_set: bool
    locked_seconds: int


def _lock_key(member_id: int | None) -> str:
    return f"paypw-lock:{member_id}"


def _failure_key(member_id: int | None) -> str:
    return f"paypw-fail:{member_id}"


async def payment_password_state(member: Member) -> PaymentPasswordState:
    ttl = await get_redis().ttl(_lock_key(member.id))
    return PaymentPasswordState(member.payment_password_hash is not None, max(int(ttl), 0))


async def refuse_if_locked(member_id: int | None) -> None:
    ttl = await get_redis().ttl(_lock_key(member_id))
    if ttl > 0:
        raise AppError(
            "payment-password-locked", status=429, params={"minutes": math.ceil(ttl / 60)}
        )


async def check_payment_password(member: Member, password: str) -> None:
    """Every try is counted before the check: the last allowed wrong one locks withdrawals
    for a while, and while locked even the right password fails (a parallel burst gets no
    more tries than the limit). Only wrong passwords stay counted: a right one and a try
    refused because others were being checked are taken back."""
    await refuse_if_locked(member.id)
    if member.payment_password_hash is None:
        raise AppError("payment-password-not-set", status=409)
    settings = get_settings()
    limit, minutes = settings.payment_password_max_failures, settings.payment_password_lock_minutes
    window = await rate_limit.hit(_failure_key(member.id), limit, FAILURE_WINDOW_SECONDS)
    if window.exceeded:
        # Refused unchecked: not a wrong password, so it must not stay on the count (a
        # burst of right ones would otherwise lock the owner).
        await rate_limit.undo(_failure_key(member.id), FAILURE_WINDOW_SECONDS)
        raise AppError("payment-password-locked", status=429, params={"minutes": minutes})
    if await verify_password(member.payment_password_hash, password):
        await rate_limit.undo(_failure_key(member.id), FAILURE_WINDOW_SECONDS)
        return
    if window.count == limit:
        await get_redis().set(_lock_key(member.id), "1", ex=minutes * 60)
        await rate_limit.reset(_failure_key(member.id))
        raise AppError("payment-password-locked", status=429, params={"minutes": minutes})
    raise AppError(
        "payment-password-incorrect", status=400, params={"remaining": limit - window.count}
    )


def _new_password_problems(
    brand: Brand, field: str, password: str, confirmation: str
) -> list[dict[str, Any]]:
    rule = rule_for(brand, "paymentPassword", PAYMENT_PASSWORD_RULE) or PAYMENT_PASSWORD_RULE
    errors: list[dict[str, Any]] = []
    failure = validate_field(password, replace(rule, enabled=True, required=True))
    if failure is not None:
        errors.append({"field": field, "code": failure.key, "params": failure.params})
    if not confirmation:
        errors.append({"field": "confirmPaymentPassword", "code": "val_required", "params": {}})
    elif confirmation != password:
        # Spec 5.M4, "Incorrect confirmation input": the payment password's confirmation.
        errors.append(
            {"field": "confirmPaymentPassword", "code": "val_confirmation_input", "params": {}}
        )
    return errors


def _raise_if(errors: list[dict[str, Any]]) -> None:
    if errors:
        raise AppError("validation-failed", status=422, value={"fields": errors})


async def _store_payment_password(member_id: int | None, password: str, first: bool) -> None:
    new_hash = await hash_password(password)
    async with write_transaction() as session:
        stored = (
            await session.exec(select(Member).where(Member.id == member_id).with_for_update())
        ).one()
        if first and stored.payment_password_hash is not None:
            raise AppError("payment-password-already-set", status=409)
        stored.payment_password_hash = new_hash
        session.add(stored)


async def set_payment_password(
    brand: Brand, member: Member, login_password: str, password: str, confirmation: str, ip: str
) -> None:
    """Set the payment password once, proven by the login password (re-authentication)."""
    require_real_account(member)
    errors = _new_password_problems(brand, "paymentPassword", password, confirmation)
    if not login_password:
        errors.insert(0, {"field": "loginPassword", "code": "val_required", "params": {}})
    _raise_if(errors)
    await refuse_if_locked(member.id)
    if member.payment_password_hash is not None:
        raise AppError("payment-password-already-set", status=409)
    await reauth.confirm(member, login_password, ip)
    if login_password == password:
        raise AppError("payment-password-same-as-login", status=400)
    await _store_payment_password(member.id, password, first=True)


async def change_payment_password(
    brand: Brand,
    member: Member,
    login_password: str,
    old: str,
    password: str,
    confirmation: str,
    ip: str,
) -> None:
    """Change the payment password, proven by the login password (re-authentication) and
    the current payment password (whose wrong tries count toward the lock)."""
    require_real_account(member)
    errors = _new_password_problems(brand, "newPaymentPassword", password, confirmation)
    if not old:
        errors.insert(0, {"field": "oldPaymentPassword", "code": "val_required", "params": {}})
    if not login_password:
        errors.insert(0, {"field": "loginPassword", "code": "val_required", "params": {}})
    _raise_if(errors)
    await reauth.confirm(member, login_password, ip)
    await check_payment_password(member, old)
    if old == password:
        raise AppError("payment-password-same-as-old", status=400)
    if login_password == password:
        raise AppError("payment-password-same-as-login", status=400)
    await _store_payment_password(member.id, password, first=False)

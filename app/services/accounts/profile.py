"""The member's own profile (the security centre's "my data"): what they may complete and
edit, within the brand's rules.

- The full name (the payee name every payout account must carry) and the birth date are set
  once by the member, while empty; after that only staff change them. On brands that verify
  identity (Brazil) both come from the verification and the member cannot type them.
- A new e-mail needs the password again (the e-mail can reset the password).
- The contact fields the brand's registration form enables, and the personal data of the
  spec's profile labels (nationality, place of birth, occupation, source of income, current and
  permanent address), are free to edit: plain text, bounded.
- Each save is one transaction and keeps a line in the member's protection log naming the
  fields that changed (never their values).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.accounts import reauth
from app.services.accounts.members import mask_email, mask_mobile, require_real_account
from app.services.accounts.registration import (
    birthday_problem,
    field_error,
    plain_text,
    rule_for,
)
from app.services.brands import Brand
from app.services.identity import onboarding
from app.services.validation import FieldError, FieldRule, validate_field
from models import Member

NAME_RULE = FieldRule(min_length=onboarding.MIN_NAME_LENGTH, max_length=60, pattern_id=21)
EMAIL_RULE = FieldRule(max_length=120, pattern_id=3)
TEXT_RULE = FieldRule(max_length=120)
# Contact fields shown when the brand's registration form enables them.
CONTACT_FIELDS = ("qqNum", "line", "whatsapp", "facebook", "wechat", "zalo", "telegram")
# Personal data every member may keep (spec 3's other profile labels).
PERSONAL_FIELDS = (
    "nationality",
    "placeOfBirth",
    "occupation",
    "sourceOfIncome",
    "address",
    "permanentAddress",
)


@dataclass(frozen=True)
class ProfileField:
    name: str  # the spec's field name; the page's label is `profile.field.<name>`
    value: str


@dataclass(frozen=True)
class ProfileView:
    username: str
    full_name: str
    full_name_editable: bool
    birthday: date | None
    birthday_editable: bool
    identity_brand: bool  # name and birth date come from the identity verification
    email: str  # masked
    mobile: str  # masked
    fields: tuple[ProfileField, ...]  # contact and personal data, in the page's order


@dataclass(frozen=True)
class ProfileChange:
    values: dict[str, str]  # field name -> new text; a field left out stays as it is
    password: str = ""  # needed when the e-mail changes


def _contact_fields(brand: Brand) -> tuple[str, ...]:
    return tuple(
        name for name in CONTACT_FIELDS if (rule := rule_for(brand, name)) and rule.enabled
    )


def editable_fields(brand: Brand) -> tuple[str, ...]:
    return _contact_fields(brand) + PERSONAL_FIELDS


def changeable_fields(brand: Brand) -> frozenset[str]:
    """Every field a save may name: the set-once ones, the e-mail and the free ones."""
    return frozenset({"payeeName", "birthday", "email", *editable_fields(brand)})


def view(member: Member, brand: Brand) -> ProfileView:
    """The member's data; on identity brands the name and birth date shown are the verified
    ones (written onto the account when the verification is approved)."""
    identity_brand = onboarding.required(brand)
    return ProfileView(
        username=member.username,
        full_name=member.payee_name or "",
        full_name_editable=not identity_brand and not member.payee_name,
        birthday=member.birthday,
        birthday_editable=not identity_brand and member.birthday is None,
        identity_brand=identity_brand,
        email=mask_email(member.email),
        mobile=mask_mobile(member.mobile),
        fields=tuple(
            ProfileField(name, str(member.profile.get(name, ""))) for name in editable_fields(brand)
        ),
    )


def _text_failure(brand: Brand, name: str, value: str) -> FieldError | str | None:
    if name == "payeeName":
        return validate_field(value, rule_for(brand, "payeeName", NAME_RULE) or NAME_RULE)
    if name == "email":
        return validate_field(value, EMAIL_RULE)
    configured = rule_for(brand, name) if name in CONTACT_FIELDS else None
    rule = replace(configured, required=False) if configured else TEXT_RULE
    return validate_field(value, rule) or (None if plain_text(value) else "val_format")


def _checked(
    member: Member, brand: Brand, change: ProfileChange, today: date
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The changes to write (field -> normalised value; "" clears a personal field) and the
    field errors."""
    unknown = set(change.values) - changeable_fields(brand)
    if unknown:
        raise AppError("profile-field-unknown", status=422, params={"field": sorted(unknown)[0]})
    locked = onboarding.required(brand)
    errors: list[dict[str, Any]] = []
    writes: dict[str, Any] = {}
    for name, raw in change.values.items():
        value = " ".join(str(raw).split())
        if name == "payeeName" and value and (locked or member.payee_name):
            raise AppError("profile-name-locked", status=409)
        if name == "birthday" and value and (locked or member.birthday is not None):
            raise AppError("profile-birthday-locked", status=409)
        if name in ("payeeName", "birthday", "email") and not value:
            continue  # these are never cleared by the member
        if name == "birthday":
            problem = birthday_problem(value, brand, today)
            if problem is None:
                writes[name] = date.fromisoformat(value)
            else:
                field_error(errors, name, problem)
        elif value != (member.email or "" if name == "email" else member.profile.get(name, "")):
            failure = _text_failure(brand, name, value) if value else None
            if failure is None:
                writes[name] = value
            else:
                field_error(errors, name, failure)
    return writes, errors


async def update(
    member: Member, brand: Brand, change: ProfileChange, ip: str, now: datetime
) -> ProfileView:
    """Save the member's changes (see the module); nothing is written if any field is wrong."""
    require_real_account(member)
    writes, errors = _checked(member, brand, change, onboarding.brand_today(brand, now))
    if errors:
        raise AppError("validation-failed", status=422, value={"fields": errors})
    if not writes:
        raise AppError("profile-unchanged", status=400)
    if "email" in writes:
        await reauth.confirm(member, change.password, ip, failure_code="profile-password-wrong")
    async with write_transaction() as session:
        stored = await session.get(Member, member.id, with_for_update=True)
        assert stored is not None
        if "payeeName" in writes and stored.payee_name:
            raise AppError("profile-name-locked", status=409)
        if "birthday" in writes and stored.birthday is not None:
            raise AppError("profile-birthday-locked", status=409)
        profile = dict(stored.profile)
        for name, value in writes.items():
            if name == "payeeName":
                stored.payee_name = str(value)
            elif name == "birthday":
                stored.birthday = value
            elif name == "email":
                stored.email = str(value)
            elif value:
                profile[name] = value
            else:
                profile.pop(name, None)
        stored.profile = profile
        session.add(stored)
        await onboarding.log(
            session, stored, "profile-changed", now, {"fields": ", ".join(sorted(writes))}
        )
    return view(stored, brand)

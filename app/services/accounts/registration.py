"""Registration (spec 4): per-brand field rules, affiliate code, bot check, optional SMS
verification, age and terms, then the new member is logged in."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from app.core import clock, rate_limit
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.security import hash_password
from app.services import site
from app.services.accounts import limits, members, verification
from app.services.accounts.login import Client, LoginResult, complete_login
from app.services.accounts.verification import Phone
from app.services.agents import tree
from app.services.brands import Brand
from app.services.identity import onboarding
from app.services.validation import (
    FieldError,
    FieldRule,
    format_range,
    validate_field,
    validate_password,
)
from models import AffiliateCode, Member, RegisterField

# Payload fields kept in the member's profile (shown later in the profile screens).
PROFILE_FIELDS = (
    "qqNum",
    "line",
    "whatsapp",
    "facebook",
    "wechat",
    "idNumber",
    "zalo",
    "telegram",
    "address",
    "permanentAddress",
    "placeOfBirth",
    "nationality",
    "occupation",
    "sourceOfIncome",
)
USERNAME_RULE = FieldRule(required=True, min_length=6, max_length=16, pattern_id=1)


@dataclass(frozen=True)
class RegisterRequest:
    fields: dict[str, str]
    method: str = "username"  # "username" or "mobile"
    country_code: str = "55"
    verification_code: str | None = None
    captcha_id: str | None = None
    captcha: str | None = None
    bot_check: str | None = None
    affiliate_code: str | None = None
    referral_code: str | None = None
    language: str | None = None
    adult_confirmed: bool = False
    terms_accepted: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def rule_for(brand: Brand, name: str, fallback: FieldRule | None = None) -> FieldRule | None:
    configured: RegisterField | None = brand.register_rule(name)
    if configured is None:
        return fallback
    return FieldRule(
        enabled=configured.enabled,
        required=configured.required,
        min_length=configured.min_length,
        max_length=configured.max_length,
        pattern_id=configured.pattern_id,
        accepted_pattern=configured.accepted_pattern,
    )


# Spec 5.M5, M6, M8: a value that breaks the brand's own accepted pattern for these fields
# is told in the field's words instead of the generic "format is incorrect".
FORMAT_MESSAGES = {
    "username": "val_account_format",
    "email": "val_email_format",
    "whatsapp": "val_phone_format",
    "payeeName": "val_real_name",
}


def field_error(errors: list[dict[str, Any]], name: str, failure: FieldError | str) -> None:
    if isinstance(failure, FieldError) and failure.key == "val_format" and name in FORMAT_MESSAGES:
        failure = FieldError(FORMAT_MESSAGES[name], {})
    if isinstance(failure, str):
        errors.append({"field": name, "code": failure, "params": {}})
    else:
        errors.append({"field": name, "code": failure.key, "params": failure.params})


def plain_text(text: str) -> bool:
    """One line of printable text, no markup: what free profile fields may hold."""
    return text.isprintable() and not any(ch in "<>" for ch in text)


def age_message(brand: Brand) -> str:
    """The message of an age under the brand's minimum."""
    return "val_age_21" if brand.min_age >= 21 else "val_age_18"


def birthday_problem(text: str, brand: Brand, today: date) -> str | None:
    """Why a birth date (ISO) is refused: not a date, before 1900 or in the future, or an
    age under the brand's minimum (registration and the profile page)."""
    try:
        born = date.fromisoformat(text)
    except ValueError:
        return "pattern_11"
    if born.year < onboarding.OLDEST_BIRTH_YEAR or born > today:
        return "pattern_11"
    return age_message(brand) if onboarding.age(born, today) < brand.min_age else None


def password_problem(password: str, confirmation: str) -> list[dict[str, Any]]:
    """The password rule (NIST, `validate_password`) and the confirmation check, used by
    every form that sets a password; the brand's pattern config no longer applies to it."""
    errors: list[dict[str, Any]] = []
    failure = validate_password(password)
    if failure is not None:
        field_error(errors, "password", failure)
    if not confirmation:
        field_error(errors, "confirmPassword", "val_required")
    elif confirmation != password:
        field_error(errors, "confirmPassword", "val_confirm_password")
    return errors


def _password_asked(brand: Brand, request: RegisterRequest) -> bool:
    return request.method != "mobile" or site.mobile_password_asked(brand)


def username_hint(brand: Brand, language: str) -> str:
    """The operator's hint for the username when set, else the username rule in words,
    shown before the visitor types: the very message a value that breaks it would get
    ("6 - 16 characters: start with a letter...")."""
    configured = brand.register_rule("username")
    if configured is not None and configured.hint:
        return configured.hint
    rule = rule_for(brand, "username", USERNAME_RULE) or USERNAME_RULE
    key = "val_length" if rule.pattern_id is None else f"pattern_{rule.pattern_id}"
    return translate(key, language, range=format_range(rule.min_length, rule.max_length))


def _validate(brand: Brand, request: RegisterRequest) -> list[dict[str, Any]]:
    """Every problem of the form, field by field, in the order the form shows them."""
    errors: list[dict[str, Any]] = []
    values = {k: (v or "").strip() for k, v in request.fields.items()}
    _credential_errors(brand, request, values, errors)
    _field_errors(brand, values, errors)
    _consent_errors(brand, request, values, errors)
    cpf_problem = onboarding.cpf_problem(brand, values.get("cpf", ""))
    if cpf_problem is not None:
        field_error(errors, "cpf", cpf_problem)
    for name in onboarding.registration_limits(brand, values)[1]:
        field_error(errors, name, "protection-limit-invalid")
    return errors


def _credential_errors(
    brand: Brand, request: RegisterRequest, values: dict[str, str], errors: list[dict[str, Any]]
) -> None:
    if request.method == "username":
        rule = rule_for(brand, "username", USERNAME_RULE) or USERNAME_RULE
        failure = validate_field(values.get("username"), replace(rule, required=True))
        if failure is not None:
            field_error(errors, "username", failure)
    if _password_asked(brand, request):
        errors += password_problem(
            request.fields.get("password", ""), request.fields.get("confirmPassword", "")
        )


# Fields checked by their own rules (credentials, the phone, the captcha, the invitation).
_CHECKED_APART = frozenset(
    {"username", "password", "confirmPassword", "mobileNum", "captcha", "affiliateCode"}
)


def _field_errors(brand: Brand, values: dict[str, str], errors: list[dict[str, Any]]) -> None:
    """The brand's configured fields by their rules; profile fields it does not ask for must
    still be plain text."""
    checked_names: set[str] = set()
    for configured in brand.register_fields:
        checked_names.add(configured.field_name)
        if configured.field_name in _CHECKED_APART:
            continue
        field_rule = rule_for(brand, configured.field_name)
        assert field_rule is not None
        failure = validate_field(values.get(configured.field_name), field_rule)
        if failure is not None:
            field_error(errors, configured.field_name, failure)
    for name in PROFILE_FIELDS:
        if name not in checked_names and not plain_text(values.get(name, "")):
            field_error(errors, name, "val_format")


def _consent_errors(
    brand: Brand, request: RegisterRequest, values: dict[str, str], errors: list[dict[str, Any]]
) -> None:
    """The legal age (confirmed, and the birthday when given) and the terms."""
    if not request.adult_confirmed:
        field_error(errors, "adult", age_message(brand))
    birthday = values.get("birthday")
    if birthday and not any(e["field"] == "birthday" for e in errors):
        problem = birthday_problem(birthday, brand, onboarding.brand_today(brand, clock.now()))
        if problem is not None:
            field_error(errors, "birthday", problem)
    if not request.terms_accepted:
        field_error(errors, "terms", "val_terms")


async def _address_check(brand: Brand, request: RegisterRequest, client: Client) -> None:
    """The address's sign-ups of the hour: past REGISTRATION_CAPTCHA_AFTER, a challenge (the
    captcha) rather than a refusal, since many mobile users share one address. Without an
    answer the try is not counted and the caller is asked for one (value `captcha`)."""
    window = await rate_limit.consume(limits.REGISTRATIONS_PER_ADDRESS, client.ip)
    captcha_rule = rule_for(brand, "captcha")
    always = captcha_rule is not None and captcha_rule.enabled and captcha_rule.required
    if not always and window.count <= limits.REGISTRATION_CAPTCHA_AFTER:
        return
    if not always and not (request.captcha_id and request.captcha):
        key = rate_limit.limit_key(limits.REGISTRATIONS_PER_ADDRESS, client.ip)
        await rate_limit.undo(key, limits.REGISTRATIONS_PER_ADDRESS.window_seconds)
        raise AppError("register-captcha-required", 403, value={"captcha": True})
    await verification.check_captcha(request.captcha_id, request.captcha)


async def check_affiliate(brand: Brand, code: str | None) -> AffiliateCode | None:
    """An active invitation code of this brand, else invitation_code_error (spec 8)."""
    if not code or not code.strip():
        return None
    async with session_scope() as session:
        found = (
            await session.exec(
                select(AffiliateCode).where(
                    AffiliateCode.merchant_id == brand.id,
                    AffiliateCode.code == code.strip(),
                    AffiliateCode.active == True,  # noqa: E712
                )
            )
        ).first()
    if found is None:
        raise AppError("invitation_code_error", status=400)
    return found


def _method_open(brand: Brand, request: RegisterRequest) -> None:
    modules = {"mobile": site.MOBILE_REGISTRATION, "username": site.USERNAME_REGISTRATION}
    module = modules.get(request.method)
    if module is None or not brand.module_on(module):
        raise AppError("operation-not-allowed", status=403)


def _checked_form(brand: Brand, request: RegisterRequest) -> Phone | None:
    """The form's phone number (mobile sign-up); every field's problem refused at once."""
    errors = _validate(brand, request)
    phone = None
    if request.method == "mobile":
        try:
            phone = verification.normalize_phone(
                request.country_code, request.fields.get("mobileNum")
            )
        except AppError as exc:
            field_error(
                errors,
                "mobileNum",
                "val_mobile" if exc.code != "missing-phone-number" else "val_required",
            )
    if not brand.module_on(site.DIRECT_REGISTER) and not (request.affiliate_code or "").strip():
        # Direct register off: players join only through an invitation (an agent's or an
        # affiliate's code), which places them in the agent tree.
        field_error(errors, "affiliateCode", "val_invitation_required")
    if errors:
        raise AppError("validation-failed", status=422, value={"fields": errors})
    return phone


async def _attempt_allowed(
    brand: Brand, request: RegisterRequest, client: Client, phone: Phone | None
) -> AffiliateCode | None:
    """The limits of the address and device, the invitation code (returned), the bot check and
    the SMS code."""
    await _address_check(brand, request, client)
    if client.device_id:
        await rate_limit.consume(limits.REGISTRATIONS_PER_DEVICE, client.device_id)
    affiliate = await check_affiliate(brand, request.affiliate_code)
    if request.method == "username":
        await verification.check_pow(request.bot_check)
    if phone is not None and brand.module_on(site.SMS_VERIFICATION_ON_REGISTER):
        await verification.check_code(brand, "register", phone, request.verification_code)
    return affiliate


async def _new_member(
    brand: Brand,
    request: RegisterRequest,
    values: dict[str, str],
    phone: Phone | None,
    affiliate: AffiliateCode | None,
) -> Member:
    username = phone.national if phone else members.normalize_username(request.fields["username"])
    payment_password = values.get("paymentPassword")
    return Member(
        merchant_id=brand.id,
        username=username,
        # Without a password (mobile, MOBILENUMPASSREG3 off) the member logs in by SMS code;
        # a secret nobody knows holds the place until they set one (forgot password by phone).
        password_hash=await hash_password(
            request.fields["password"]
            if _password_asked(brand, request)
            else secrets.token_urlsafe(32)
        ),
        account_type=members.PLAYER_TYPE,
        nickname=username,
        payee_name=values.get("payeeName") or None,
        email=(values.get("email") or "").lower() or None,
        mobile=phone.national if phone else None,
        country_dialing_code=phone.country_code if phone else None,
        birthday=date.fromisoformat(values["birthday"]) if values.get("birthday") else None,
        language=request.language,
        upline_id=affiliate.agent_id if affiliate else None,
        affiliate_code=affiliate.code if affiliate else None,
        referral_code=(request.referral_code or "").strip()[:32] or None,
        recommender_id=values.get("recommenderId") or None,
        payment_password_hash=await hash_password(payment_password) if payment_password else None,
        profile={k: values[k] for k in PROFILE_FIELDS if values.get(k)},
    )


async def _refuse_taken(brand: Brand, username: str) -> None:
    async with session_scope() as session:
        if await members.by_username(session, brand.id, username) is not None:
            raise AppError(
                "username-taken",
                status=409,
                value={"fields": [{"field": "username", "code": "username-taken", "params": {}}]},
            )


async def register(brand: Brand, request: RegisterRequest, client: Client) -> LoginResult:
    _method_open(brand, request)
    phone = _checked_form(brand, request)
    affiliate = await _attempt_allowed(brand, request, client, phone)
    await limits.password_hashing(client.ip)
    values = {k: (v or "").strip() for k, v in request.fields.items()}
    member = await _new_member(brand, request, values, phone, affiliate)
    await _refuse_taken(brand, member.username)
    chosen_limits = onboarding.registration_limits(brand, values)[0]
    now = clock.now()
    try:
        async with write_transaction() as session:
            session.add(member)
            await tree.attach(session, member)  # an invitation code places it in the tree
            if onboarding.required(brand):
                # Brazil: the CPF (pending verification) and the limits chosen on the form.
                await session.flush()
                await onboarding.claim_cpf(session, brand, member, values["cpf"], now)
                await onboarding.apply_registration_limits(session, member, chosen_limits, now)
    except IntegrityError as exc:
        raise AppError("username-taken", status=409) from exc
    return await complete_login(brand, member, client)

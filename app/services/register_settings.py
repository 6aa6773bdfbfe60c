"""An operator's registration settings per brand (spec 3, 4 and 5): which fields the form
shows and requires, their lengths, their pattern (the message a wrong value gets, and the hint
shown before typing) and their accepted pattern (a value outside it is told in the field's
words: 5.M5, 5.M6, 5.M8). A field switched on shows its own hint too (the Zalo reward hint,
9.9), or the operator's hint when one is set: plain text, one line, no markup, shown as text.
The console and the CLI both come here; each change is one transaction with the
caller's audit record, then announced to every process (app/services/brands.py).

The password fields are the server's (a length, no composition: validation.PASSWORD_RULE)
and cannot be changed here. An accepted pattern is an operator's regular expression run on
visitors' input: short, and without nested repetition (a catastrophic backtracking risk).
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import write_transaction
from app.core.errors import AppError
from app.core.html import plain_line
from app.services.accounts.registration import PROFILE_FIELDS
from app.services.brands import announce_change, brands, merchant_by_code
from app.services.site import PASSWORD_FIELDS
from app.services.validation import PATTERN_IDS, FieldRule
from models import RegisterField
from models.base import saved_id

# Spec 3's registration form and its other profile labels, less what the server fixes.
FIELDS: tuple[str, ...] = tuple(
    dict.fromkeys(
        (
            "username", "payeeName", "email", "mobileNum", "birthday", "affiliateCode",
            "recommenderId", "paymentPassword", "idNumber", "captcha", "qqNum", "line",
            "whatsapp", "facebook", "wechat", *PROFILE_FIELDS,
        )
    )
)  # fmt: skip
MAX_LENGTH = 255
MAX_PATTERN = 255
MAX_HINT = 200
# A group repeated whose own content repeats: "(a+)+", "(\w*)*", "(x{2,})+".
_NESTED_REPEAT = re.compile(r"\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*[+*{]")


@dataclass(frozen=True)
class FieldSetting:
    """One registration field of a brand as the operator sets it."""

    name: str
    enabled: bool
    required: bool
    min_length: int | None
    max_length: int | None
    pattern_id: int | None
    accepted_pattern: str | None
    hint: str | None = None  # the operator's words under the field (None: the catalog's)


@dataclass(frozen=True)
class ModuleSetting:
    """One of a brand's white-label modules: its own switch and whether it is on (it and
    every parent switched on)."""

    mod_id: str
    parent: str | None
    name: str
    enabled: bool
    on: bool


# Writes the change's audit entry in its transaction (before: None for a new row).
Record = Callable[[AsyncSession, FieldSetting | None, FieldSetting], Awaitable[None]]


def _setting(row: RegisterField) -> FieldSetting:
    return FieldSetting(
        row.field_name,
        row.enabled,
        row.required,
        row.min_length,
        row.max_length,
        row.pattern_id,
        row.accepted_pattern,
        row.hint,
    )


def checked(setting: FieldSetting) -> FieldSetting:
    """The setting as it is stored (a blank hint is none), else AppError naming what is
    wrong."""
    if setting.name not in FIELDS:
        code = (
            "register-field-fixed" if setting.name in PASSWORD_FIELDS else "register-field-unknown"
        )
        raise AppError(code, 422, {"field": setting.name[:64]})
    _check_lengths(setting.min_length, setting.max_length)
    if setting.pattern_id is not None and setting.pattern_id not in PATTERN_IDS:
        raise AppError("register-field-pattern-id", 422, {"max": PATTERN_IDS[-1]})
    if setting.accepted_pattern is not None:
        _check_accepted_pattern(setting.accepted_pattern)
    if setting.required and not setting.enabled:
        raise AppError("register-field-required-hidden", 422)
    hint = (setting.hint or "").strip() or None
    if hint is not None and (len(hint) > MAX_HINT or not plain_line(hint)):
        raise AppError("register-field-hint", 422, {"max": MAX_HINT})
    return replace(setting, hint=hint)


def _check_lengths(low: int | None, high: int | None) -> None:
    """Each bound within 0..MAX_LENGTH, the lower not above the higher."""
    outside = any(bound is not None and not 0 <= bound <= MAX_LENGTH for bound in (low, high))
    if outside or (low is not None and high is not None and low > high):
        raise AppError("register-field-length", 422, {"max": MAX_LENGTH})


def _check_accepted_pattern(accepted: str) -> None:
    """A short pattern that compiles, without the nested repeats that make matching slow."""
    if len(accepted) > MAX_PATTERN or _NESTED_REPEAT.search(accepted):
        raise AppError("register-field-accepted-pattern", 422, {"max": MAX_PATTERN})
    try:
        FieldRule(accepted_pattern=accepted)
    except ValueError:
        raise AppError("register-field-accepted-pattern", 422, {"max": MAX_PATTERN}) from None


def _number(value: object, error: str = "register-field-length") -> int | None:
    text = value.strip() if isinstance(value, str) else ""
    if not text or text == "-":
        return None
    if not text.isdigit() or len(text) > 4:
        raise AppError(error, 422, {"max": MAX_LENGTH if "length" in error else PATTERN_IDS[-1]})
    return int(text)


def setting_from_form(form: Mapping[str, object]) -> FieldSetting:
    """A field's setting from the console's form: ticks for shown and required, numbers as
    typed ("" is none), the accepted pattern and the hint as typed ("" is none; "*" is any
    pattern)."""
    name, accepted, hint = form.get("field"), form.get("accepted"), form.get("hint")
    return FieldSetting(
        name=name.strip() if isinstance(name, str) else "",
        enabled=form.get("shown") in (True, "on"),
        required=form.get("required") in (True, "on"),
        min_length=_number(form.get("min_length")),
        max_length=_number(form.get("max_length")),
        pattern_id=_number(form.get("pattern_id"), "register-field-pattern-id"),
        accepted_pattern=accepted.strip() or None if isinstance(accepted, str) else None,
        hint=hint if isinstance(hint, str) else None,
    )


async def fields(code: str) -> list[FieldSetting]:
    """The brand's registration fields as stored, in the form's order."""
    brand = await brands.by_code(code)
    return [_setting(row) for row in brand.register_fields]


async def modules(code: str) -> list[ModuleSetting]:
    """The brand's white-label modules in the tree's order."""
    brand = await brands.by_code(code)
    return [
        ModuleSetting(
            m.mod_id, m.parent_mod_id, m.name, m.enabled == "1", brand.module_on(m.mod_id)
        )
        for m in brand.modules
    ]


async def set_field(
    code: str, setting: FieldSetting, *, now: datetime, record: Record | None = None
) -> FieldSetting:
    """Store a field's setting (a field the brand never had is added at the form's end)."""
    setting = checked(setting)
    async with write_transaction() as session:
        merchant = await merchant_by_code(session, code, lock=True)
        row = (
            await session.exec(
                select(RegisterField).where(
                    RegisterField.merchant_id == merchant.id,
                    RegisterField.field_name == setting.name,
                )
            )
        ).first()
        before = None if row is None else _setting(row)
        if row is None:
            last = (
                await session.exec(
                    select(func.max(col(RegisterField.sort))).where(
                        RegisterField.merchant_id == merchant.id
                    )
                )
            ).one()
            row = RegisterField(
                merchant_id=saved_id(merchant.id), field_name=setting.name, sort=(last or 0) + 1
            )
        row.enabled, row.required = setting.enabled, setting.required
        row.min_length, row.max_length = setting.min_length, setting.max_length
        row.pattern_id, row.accepted_pattern = setting.pattern_id, setting.accepted_pattern
        row.hint = setting.hint
        merchant.updated_at = now
        session.add(row)
        session.add(merchant)
        if record is not None:
            await record(session, before, setting)
    await announce_change()
    return setting

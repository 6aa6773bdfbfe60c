"""Spec 5.M5, M6, M8: a registration value that breaks the brand's own accepted pattern is
told in the field's words (account, e-mail, phone, real name), in EN and PT."""

from __future__ import annotations

import dataclasses

import pytest

from app.core.i18n import translate
from app.services.accounts import registration
from app.services.accounts.registration import RegisterRequest
from app.services.brands import brands
from models import RegisterField

FIELDS = {
    "username": ("val_account_format", "player01", "Account format is incorrect"),
    "email": ("val_email_format", "someone@example.com", "E-mail format is incorrect"),
    "whatsapp": ("val_phone_format", "5511987654321", "Phone number format is incorrect"),
    "payeeName": ("val_real_name", "Maria Souza", "Real name format is incorrect"),
}


@pytest.mark.parametrize("name", sorted(FIELDS))
async def test_a_value_off_the_accepted_pattern_gets_the_fields_own_message(name: str) -> None:
    key, value, english = FIELDS[name]
    brand = await brands.by_code("BR1")
    strict = RegisterField(  # the operator accepts only values starting with "zz"
        merchant_id=brand.id, field_name=name, enabled=True, required=True, accepted_pattern="zz*"
    )
    others = tuple(f for f in brand.register_fields if f.field_name != name)
    configured = dataclasses.replace(brand, register_fields=(*others, strict))
    request = RegisterRequest(fields={name: value, "password": "x", "confirmPassword": "x"})
    problems = {p["field"]: p["code"] for p in registration._validate(configured, request)}
    assert problems[name] == key
    assert translate(key, "en") == english
    assert translate(key, "pt") not in (english, key)


async def test_other_fields_keep_the_generic_format_message() -> None:
    brand = await brands.by_code("BR1")
    strict = RegisterField(
        merchant_id=brand.id, field_name="line", enabled=True, required=True, accepted_pattern="zz*"
    )
    others = tuple(f for f in brand.register_fields if f.field_name != "line")
    configured = dataclasses.replace(brand, register_fields=(*others, strict))
    request = RegisterRequest(fields={"line": "abc"})
    problems = {p["field"]: p["code"] for p in registration._validate(configured, request)}
    assert problems["line"] == "val_format"

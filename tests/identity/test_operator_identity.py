"""The operator's identity in the footer (issue 35): the CNPJ's check digits, its printed
form, the setting's validation and the brand snapshot that carries it."""

from __future__ import annotations

import pytest

from app.core.errors import AppError
from app.demo.seed import DEMO_CNPJ, DEMO_LICENCE
from app.services import operator_identity
from app.services.brands import brands
from models.base import utcnow


@pytest.mark.parametrize(
    ("digits", "valid"),
    [
        ("11222333000181", True),
        ("11222333000182", False),  # a wrong check digit
        ("11111111111111", False),  # all the same
        ("1122233300018", False),  # 13 digits
        ("1122233300018a", False),
    ],
)
def test_cnpj_check_digits(digits: str, valid: bool) -> None:
    assert operator_identity.cnpj_valid(digits) is valid


def test_a_cnpj_is_printed_with_its_punctuation() -> None:
    assert operator_identity.format_cnpj("11222333000181") == "11.222.333/0001-81"


async def test_the_demo_brand_carries_its_operator_identity() -> None:
    shown = operator_identity.of(await brands.by_code("BR1"))
    assert shown.name == "Sorte Grande Entretenimento Ltda."
    assert shown.cnpj == operator_identity.format_cnpj(DEMO_CNPJ)
    assert shown.licence == DEMO_LICENCE
    assert not operator_identity.of(await brands.by_code("BR2")).shown  # none set: none shown


async def test_setting_the_identity_checks_every_value() -> None:
    with pytest.raises(AppError) as refused:
        await operator_identity.set_identity(
            "BR2", name="Vila", cnpj="11.222.333/0001-82", licence="", now=utcnow()
        )
    assert refused.value.code == "operator-cnpj-invalid"
    with pytest.raises(AppError) as too_long:
        await operator_identity.set_identity(
            "BR2", name="x" * 161, cnpj="", licence="", now=utcnow()
        )
    assert too_long.value.code == "operator-name-invalid"
    with pytest.raises(AppError) as unknown:
        await operator_identity.set_identity("NOPE", name="", cnpj="", licence="", now=utcnow())
    assert unknown.value.status == 404


async def test_a_set_identity_is_stored_in_its_printed_form_and_cleared_again() -> None:
    seen: list[str] = []

    async def record(_session: object, merchant: str, shown: object) -> None:
        seen.append(merchant)

    shown = await operator_identity.set_identity(
        "br2",
        name="  Vila   Bet Jogos Ltda. ",
        cnpj="11.222.333/0001-81",
        licence="SPA/MF 1/2025",
        now=utcnow(),
        record=record,  # type: ignore[arg-type]
    )
    assert (shown.name, shown.cnpj) == ("Vila Bet Jogos Ltda.", "11.222.333/0001-81")
    assert seen == ["BR2"]
    cleared = await operator_identity.set_identity(
        "BR2", name="", cnpj="", licence="", now=utcnow()
    )
    assert not cleared.shown

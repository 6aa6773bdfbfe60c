"""The operator's identity in the footer (issue 35): the CNPJ's check digits, its printed
form, the setting's validation and the brand snapshot that carries it."""

from __future__ import annotations

import pytest

from app import cli
from app.core.errors import AppError
from app.demo.seed import DEMO_CNPJ, DEMO_DOMAIN, DEMO_LICENCE
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
    assert shown.domain == DEMO_DOMAIN
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


@pytest.mark.parametrize(
    ("typed", "jurisdiction", "stored"),
    [
        (" SorteGrande.bet.br. ", "BR", "sortegrande.bet.br"),
        ("www.sorte-grande.bet.br", "BR", "www.sorte-grande.bet.br"),
        ("vilabet.com", "", "vilabet.com"),
        ("", "BR", ""),
    ],
)
def test_a_licensed_domain_is_a_host_name_and_in_brazil_under_bet_br(
    typed: str, jurisdiction: str, stored: str
) -> None:
    assert operator_identity.licensed_domain(typed, jurisdiction) == stored


@pytest.mark.parametrize(
    ("typed", "jurisdiction", "code"),
    [
        ("sortegrande.com", "BR", "operator-domain-not-bet-br"),
        ("https://sortegrande.bet.br", "BR", "operator-domain-invalid"),
        ("sorte grande.bet.br", "BR", "operator-domain-invalid"),
        ("-sorte.bet.br", "BR", "operator-domain-invalid"),
        ("localhost", "", "operator-domain-invalid"),
        ("a" * 64 + ".bet.br", "BR", "operator-domain-invalid"),
    ],
)
def test_a_licensed_domain_otherwise_is_refused(typed: str, jurisdiction: str, code: str) -> None:
    with pytest.raises(AppError) as refused:
        operator_identity.licensed_domain(typed, jurisdiction)
    assert refused.value.code == code


async def test_the_domain_is_set_kept_when_not_given_and_checked_against_the_market() -> None:
    kept = dict(name="Sorte Grande Entretenimento Ltda.", cnpj=DEMO_CNPJ, licence=DEMO_LICENCE)
    try:
        shown = await operator_identity.set_identity(
            "BR1", **kept, domain="jogo.bet.br", now=utcnow()
        )
        assert shown.domain == "jogo.bet.br"
        assert (await brands.by_code("BR1")).licensed_domain == "jogo.bet.br"
        again = await operator_identity.set_identity("BR1", **kept, now=utcnow())
        assert again.domain == "jogo.bet.br"  # no domain given: the one set stays
        with pytest.raises(AppError) as refused:
            await operator_identity.set_identity("BR1", **kept, domain="jogo.com", now=utcnow())
        assert refused.value.code == "operator-domain-not-bet-br"
        assert (await brands.by_code("BR1")).licensed_domain == "jogo.bet.br"  # unchanged
    finally:
        await operator_identity.set_identity("BR1", **kept, domain=DEMO_DOMAIN, now=utcnow())


def test_the_cli_sets_the_licensed_domain_and_refuses_one_outside_bet_br(capsys: object) -> None:
    words = [
        "operator-identity", "BR1", "--name", "Sorte Grande Entretenimento Ltda.",
        "--cnpj", DEMO_CNPJ, "--licence", DEMO_LICENCE,
    ]  # fmt: skip
    assert cli.main([*words, "--domain", "sortegrande.com"]) == 2
    assert "a .bet.br domain" in capsys.readouterr().err  # type: ignore[attr-defined]
    assert cli.main([*words, "--domain", "SorteGrande.bet.br"]) == 0
    assert capsys.readouterr().out.strip().endswith("sortegrande.bet.br")  # type: ignore[attr-defined]

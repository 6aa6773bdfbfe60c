"""Help centre search (app/services/site.search_help): every word, any case or accent, title
matches first; no query shows everything."""

from __future__ import annotations

from app.services.brands import brands
from app.services.site import HelpEntry, help_center, search_help

ENTRIES = [
    HelpEntry(1, "Conta", "Como me cadastro?", "<p>Toque em <b>Cadastrar</b>.</p>"),
    HelpEntry(2, "Depósito", "Como deposito com PIX?", "<p>Pague o código QR no banco.</p>"),
    HelpEntry(3, "Saque", "Quanto tempo leva um saque?", "<p>Pago por PIX em minutos.</p>"),
]


def test_no_query_shows_every_article_in_order() -> None:
    assert search_help(ENTRIES, "   ") == ENTRIES


def test_case_and_accents_do_not_matter() -> None:
    assert [e.id for e in search_help(ENTRIES, "DEPOSITO")] == [2]
    assert [e.id for e in search_help(ENTRIES, "código")] == [2]
    assert [e.id for e in search_help(ENTRIES, "codigo qr")] == [2]


def test_every_word_must_match_and_title_matches_come_first() -> None:
    assert [e.id for e in search_help(ENTRIES, "pix")] == [2, 3]  # 2 has PIX in its title
    assert search_help(ENTRIES, "pix cadastro") == []


def test_markup_is_not_searched() -> None:
    assert search_help(ENTRIES, "<b>") == []
    assert search_help(ENTRIES, "p") != []  # letters of words still match


async def test_the_demo_brand_articles_are_found_by_a_word() -> None:
    brand = await brands.by_code("BR1")
    found = search_help(await help_center(brand, "EN"), "withdrawal")
    assert [e.title for e in found][:2] == [
        "How long does a withdrawal take?",
        "Why was my withdrawal refused?",
    ]


async def test_the_demo_help_answers_money_identity_limits_and_bonuses_in_both_languages() -> None:
    """Issue 35: real answers, the same ones in Portuguese and in English."""
    brand = await brands.by_code("BR1")
    english = await help_center(brand, "EN")
    portuguese = await help_center(brand, "PT")
    assert len(english) == len(portuguese) == 8
    for language, words in (
        (english, ("deposit", "withdrawal", "cpf", "limits", "bonus", "wallet")),
        (portuguese, ("deposito", "saque", "cpf", "limites", "bonus", "carteira")),
    ):
        assert all(search_help(language, word) for word in words), words

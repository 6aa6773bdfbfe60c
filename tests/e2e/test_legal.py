"""The legal pages in a browser: reached from the footer, in the visitor's language, with
their version; a change of language shows the other text without a reload."""

from __future__ import annotations

import pytest
from playwright.async_api import Page, expect

from tests.e2e.conftest import open_site
from tests.helpers.browser import choose_language

pytestmark = pytest.mark.e2e


async def test_terms_and_privacy_from_the_footer_in_both_languages(
    page: Page, site_url: str
) -> None:
    await open_site(page, site_url)
    await page.get_by_test_id("site-footer").get_by_role("link", name="Termos e condições").click()
    await expect(page).to_have_url(f"{site_url}/terms")
    document = page.get_by_test_id("legal-document")
    await expect(document.get_by_role("heading", level=1)).to_have_text("Termos e condições de uso")
    await expect(document).to_contain_text("CPF")
    await expect(page.get_by_test_id("legal-version")).to_contain_text("Versão 1")
    # Below the text, who runs the site: the same legal name, CNPJ and licence as the footer.
    operator = document.get_by_test_id("legal-operator")
    await expect(operator).to_contain_text("Quem opera este site")
    await expect(operator.get_by_test_id("legal-cnpj")).to_have_text(
        await page.get_by_test_id("footer-cnpj").inner_text()
    )
    await expect(operator.get_by_test_id("legal-licence")).not_to_be_empty()
    await expect(operator.get_by_test_id("legal-domain")).to_contain_text("sortegrande.bet.br")
    await choose_language(page, "EN")
    await expect(document.get_by_role("heading", level=1)).to_have_text("Terms and conditions")
    await expect(page.get_by_test_id("legal-version")).to_contain_text("Version 1")
    await page.get_by_test_id("site-footer").get_by_role("link", name="Privacy policy").click()
    await expect(page).to_have_url(f"{site_url}/privacy")
    await expect(document.get_by_role("heading", level=1)).to_have_text("Privacy policy")
    await expect(document).to_contain_text("LGPD")


@pytest.mark.deep
async def test_sponsorships_and_about_pages_from_the_footer(page: Page, site_url: str) -> None:
    await open_site(page, site_url)
    footer = page.get_by_test_id("site-footer")
    await footer.get_by_role("link", name="Patrocínios").click()
    await expect(page).to_have_url(f"{site_url}/sponsor")
    document = page.get_by_test_id("legal-document")
    await expect(document.get_by_role("heading", level=1)).to_have_text("Patrocínios")
    await footer.get_by_role("link", name="Sobre nós").click()
    await expect(page).to_have_url(f"{site_url}/description")
    await expect(document.get_by_role("heading", level=1)).to_have_text("Sobre a Sorte Grande")
    await choose_language(page, "EN")
    await expect(document.get_by_role("heading", level=1)).to_have_text("About Sorte Grande")

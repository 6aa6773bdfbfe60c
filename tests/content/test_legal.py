"""The brand's legal texts (app/services/content/legal.py): per language with a fallback, sanitised,
versioned on change; the route registry serves them at /terms and /privacy."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from app import routes
from app.core.errors import AppError
from app.services.brands import brands
from app.services.content import legal
from pages.registry import all_pages, sitemap_paths

NOW = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


async def test_every_demo_brand_has_each_document_in_each_language() -> None:
    brand = await brands.by_code("BR1")
    for slug in legal.DOCUMENTS:
        for language in brand.supported_languages:
            found = await legal.document(brand, slug, language)
            assert found is not None and found.language == language
            assert brand.name in found.html and "{name}" not in found.html + found.title
    terms_pt = await legal.document(brand, legal.TERMS, "PT")
    terms_en = await legal.document(brand, legal.TERMS, "EN")
    assert terms_pt is not None and terms_en is not None
    assert (
        terms_pt.title == "Termos e condições de uso" and terms_en.title == "Terms and conditions"
    )


async def test_a_language_without_its_own_text_gets_the_brands_default() -> None:
    brand = await brands.by_code("BR1")
    found = await legal.document(brand, legal.PRIVACY, "TL")
    assert found is not None and found.language == brand.default_language


async def test_publishing_sanitises_and_versions_only_real_changes() -> None:
    brand = await brands.by_code("BR2")
    first = await legal.publish(
        brand, legal.PRIVACY, "EN", "Privacy", "<p>Ours</p><script>alert(1)</script>", NOW
    )
    assert "<script" not in first.html and "Ours" in first.html
    again = await legal.publish(brand, legal.PRIVACY, "EN", "Privacy", "<p>Ours</p>", NOW)
    assert again.version == first.version  # the same text: no new version
    changed = await legal.publish(brand, legal.PRIVACY, "EN", "Privacy", "<p>New</p>", NOW)
    assert changed.version == first.version + 1 and changed.updated_at == NOW
    shown = await legal.document(brand, legal.PRIVACY, "EN")
    assert shown is not None and shown.html == "<p>New</p>"


@pytest.mark.parametrize(
    ("slug", "language", "title", "html", "code"),
    [
        ("cookies", "EN", "T", "<p>x</p>", "legal-document-unknown"),
        ("terms", "FR", "T", "<p>x</p>", "language-unsupported"),
        ("terms", "EN", " ", "<p>x</p>", "legal-document-invalid"),
        ("terms", "EN", "T" * 201, "<p>x</p>", "legal-document-invalid"),
        ("terms", "EN", "T", "<script>only</script>", "legal-document-invalid"),
    ],
)
async def test_a_bad_document_is_refused_and_nothing_changes(
    slug: str, language: str, title: str, html: str, code: str
) -> None:
    brand = await brands.by_code("BR2")
    before = await legal.document(brand, legal.TERMS, "EN")
    with pytest.raises(AppError) as refused:
        await legal.publish(brand, slug, language, title, html, NOW)
    assert refused.value.code == code
    assert await legal.document(brand, legal.TERMS, "EN") == before


def test_the_footer_links_reach_registered_pages() -> None:
    declared = {page.path for page in all_pages()}
    assert {routes.TERMS, routes.PRIVACY} <= declared
    assert {routes.TERMS, routes.PRIVACY} <= set(sitemap_paths())

"""The content console's banners, through the site's own event processor: a marketing staff
member's tab lists the brand's home banners by their promotions' titles, adds a sign-up popup
banner for Portuguese readers (the site's popup then shows it), sees bad input refused in the
page's language with nothing added, and removes it; each change is audited. Staff who may
only read content, and another brand's staff, change nothing."""

from __future__ import annotations

from sqlmodel import col, select

from app.app import app as site
from app.core.db import session_scope
from app.core.i18n import translate
from app.services.brands import brands
from app.services.content import announcements, banners
from models import AuditEntry
from state.content.console_content import ContentState
from state.site import SiteState
from tests.helpers.backoffice import role_with
from tests.helpers.page_state import staff_tab

PAGE = "/admin/content"
CONSOLE = ContentState.get_full_name()
ART = "/promo-art/deposit.svg"


def _form(**changes: str) -> dict[str, str]:
    return {
        "group": "w_register",
        "image": ART,
        "title": "Cadastre-se e deposite com PIX",
        "link": "/deposit",
        "language": "PT",
        "promotion": "",
        "sort": "1",
        **changes,
    }


async def _popups(language: str) -> dict[str, str]:
    brand = await brands.by_code("BR1")
    return {g: b.image for g, b in announcements.popup_banners(brand, language).items()}


async def _audited(banner_id: int) -> list[str]:
    """The console's audit entries of the banner (SQLite may give a removed banner's id to
    the next one: the CLI's entries are left out)."""
    async with session_scope() as session:
        rows = await session.exec(
            select(AuditEntry)
            .where(
                AuditEntry.target == f"banner:{banner_id}",
                col(AuditEntry.action).startswith("content.banner."),  # the console's
            )
            .order_by(col(AuditEntry.seq))
        )
        return [row.action for row in rows]


async def test_a_marketing_tab_adds_and_removes_a_popup_banner() -> None:
    tab = await staff_tab(site, "marketing", "BR1")
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(ContentState)
        lang = (await tab.state(SiteState)).ui_lang
        assert page.brand == "BR1" and page.error == ""
        home = [line for line in page.banners if line.group == "Carrossel da página inicial"]
        assert "Mostre o seu grande prêmio" in {line.shows for line in home}
        assert {"BIGWIN", "PLAY100", "ENVELOPE"} <= {c.code for c in page.promotion_choices}
        before = list(page.banners)

        refusals = (
            (_form(image="javascript:alert(1)"), translate("image-ref-invalid", lang, max=300)),
            (_form(sort="abc"), translate("banner-invalid", lang, field="sort")),
            (_form(promotion="BIGWIN"), translate("banner-invalid", lang, field="promotion")),
            (_form(group="w_footer"), translate("banner-invalid", lang, field="group")),
            (_form(title=""), translate("banner-invalid", lang, field="title")),
        )
        for form, said in refusals:
            await tab.send(f"{CONSOLE}.add_banner", PAGE, form=form)
            page = await tab.state(ContentState)
            assert (page.error, page.acted) == (said, "banner-form"), form
            assert page.banners == before

        await tab.send(f"{CONSOLE}.add_banner", PAGE, form=_form())
        page = await tab.state(ContentState)
        assert page.error == ""
        [added] = [line for line in page.banners if line not in before]
        assert (added.group, added.language, added.shows, added.link) == (
            "Popup de cadastro",
            "PT",
            ART,
            "/deposit",
        )
        assert (await _popups("PT")).get("w_register") == ART
        assert "w_register" not in await _popups("EN")

        await tab.send(f"{CONSOLE}.remove_banner", PAGE, banner_id=added.id)
        page = await tab.state(ContentState)
        assert page.error == "" and page.banners == before
    assert "w_register" not in await _popups("PT")
    assert await _audited(added.id) == ["content.banner.add", "content.banner.remove"]


async def test_readers_and_other_brands_change_no_banner() -> None:
    some = (await banners.listing("BR1"))[0]
    reader = await staff_tab(site, await role_with({"content.view"}), "BR1")
    async with reader.processor:
        await reader.open(PAGE)
        lang = (await reader.state(SiteState)).ui_lang
        await reader.send(f"{CONSOLE}.add_banner", PAGE, form=_form())
        assert (await reader.state(ContentState)).error == translate("staff-forbidden", lang)
        await reader.send(f"{CONSOLE}.remove_banner", PAGE, banner_id=some.id)
        assert (await reader.state(ContentState)).error == translate("staff-forbidden", lang)
    other = await staff_tab(site, "marketing", "BR2")
    async with other.processor:
        await other.open(PAGE)
        assert (await other.state(ContentState)).brand == "BR2"
        lang = (await other.state(SiteState)).ui_lang
        await other.send(f"{CONSOLE}.remove_banner", PAGE, banner_id=some.id)
        page = await other.state(ContentState)
        assert page.error == translate("banner-unknown", lang, id=str(some.id))
    assert some in await banners.listing("BR1")

"""The console's promotion forms carry the card image (issue 35): a marketing staff member's
tab, driven through the site's own event processor, makes a promotion with a hosted image,
sees a javascript: address refused in the page's language with nothing made, and changes the
image on the edit form; a visitor's promotion detail then shows the new image."""

from __future__ import annotations

from uuid import uuid4

from app.app import app as site
from app.core.i18n import translate
from state.promotions.console_promotions import PromotionsConsoleState
from state.promotions.promotions import PromotionsState
from state.site import SiteState
from tests.helpers.page_state import Tab, staff_tab
from tests.promotions.test_promotion_images import _stored
from tests.promotions.test_promotions_console import _form

PAGE = "/admin/promotions"
CONSOLE = PromotionsConsoleState.get_full_name()
HOSTED = "https://cdn.example.com/promos/weekend-cash.webp"


async def _console_tab() -> Tab:
    return await staff_tab(site, "marketing", "BR1")


async def test_the_console_forms_set_the_image_and_refuse_a_bad_one() -> None:
    tab = await _console_tab()
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(PromotionsConsoleState)
        assert page.brand == "BR1" and page.error == ""
        lang = (await tab.state(SiteState)).ui_lang

        bad = _form(image="javascript:alert(document.cookie)")
        await tab.send(f"{CONSOLE}.create", PAGE, form=bad)
        page = await tab.state(PromotionsConsoleState)
        assert page.error == translate("image-ref-invalid", lang, max=300)
        assert await _stored(bad["code"]) is None

        code = f"IMG{uuid4().hex[:8].upper()}"
        await tab.send(f"{CONSOLE}.create", PAGE, form=_form(code=code, image=HOSTED))
        page = await tab.state(PromotionsConsoleState)
        assert page.error == ""
        made = await _stored(code)
        assert made is not None and made.image == HOSTED
        [row] = [line for line in page.rows if line.code == code]

        await tab.send(f"{CONSOLE}.edit", PAGE, promotion_id=row.id)
        page = await tab.state(PromotionsConsoleState)
        assert (page.editing_id, page.editing.image) == (row.id, HOSTED)
        draft = {**vars(page.editing), "image": "data:image/png;base64,AAAA"}
        await tab.send(f"{CONSOLE}.amend", PAGE, form=draft)
        page = await tab.state(PromotionsConsoleState)
        assert page.error == translate("image-ref-invalid", lang, max=300)
        kept = await _stored(code)
        assert kept is not None and kept.image == HOSTED

        await tab.send(f"{CONSOLE}.amend", PAGE, form={**draft, "image": "/promo-art/deposit.svg"})
        page = await tab.state(PromotionsConsoleState)
        assert page.error == "" and page.editing_id == 0
        changed = await _stored(code)
        assert changed is not None and changed.image == "/promo-art/deposit.svg"

    visitor = Tab(site)
    async with visitor.processor:
        await visitor.open("/promotions")
        await visitor.send(
            f"{PromotionsState.get_full_name()}.select", "/promotions", promotion_id=row.id
        )
    shown = (await visitor.state(PromotionsState)).selected
    assert (shown.image, shown.title) == ("/promo-art/deposit.svg", "Dinheiro de fim de semana")

"""The affiliate application as the member sends it (state/agents/affiliate.py): a refused
application shows the translated reason in the page's error line and sends nothing; an
accepted one says so and shows its status; a guest is told to log in. The tab runs through
the site's own event processor."""

from __future__ import annotations

from app.app import app as site
from app.core.i18n import translate
from app.routes import AFFILIATE_APPLY
from app.services.agents import affiliates
from state.agents.affiliate import AffiliateState
from tests.helpers.accounts import make_member
from tests.helpers.page_state import Tab, member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
PAGE = AffiliateState.get_full_name()
FORM = {"channel": "A cooking channel", "audience": "Twenty thousand readers"}


async def test_an_application_without_the_terms_is_refused_then_sent_with_them() -> None:
    member = await make_member()
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(AFFILIATE_APPLY)
        await tab.send(f"{PAGE}.apply", AFFILIATE_APPLY, form=FORM)
        page = await tab.state(AffiliateState)
        assert (page.error, page.message) == (translate("affiliate-terms-required", LANG), "")
        assert await affiliates.latest(member) is None
        await tab.send(f"{PAGE}.apply", AFFILIATE_APPLY, form={**FORM, "accept": "on"})
        page = await tab.state(AffiliateState)
        assert (page.error, page.message) == ("", translate("affiliate.sent", LANG))
        assert page.status == "PENDING"


async def test_a_guest_is_told_to_log_in() -> None:
    tab = Tab(site)
    async with tab.processor:
        await tab.open(AFFILIATE_APPLY)
        await tab.send(f"{PAGE}.apply", AFFILIATE_APPLY, form={**FORM, "accept": "on"})
        page = await tab.state(AffiliateState)
        assert (page.error, page.message) == (translate("not-logged-in", LANG), "")

"""The console's dashboard and reports through the site's own event processor: staff over
brands in reais and in dong read one currency at a time (the first brand's), pick the other,
and are refused one their brands do not hold, with nothing changed; they narrow the figures
to one brand and export what they read; a brand's own staff are offered no choice. (Other
tests of the session may add brands in other currencies: the demo's two are checked among
them; XTS, ISO's code for tests, is held by none.)"""

from __future__ import annotations

import re

from app import routes
from app.app import app as site
from app.core import clock
from app.core.i18n import translate
from app.services.backoffice import dashboard
from state.backoffice.console import DashboardState
from state.backoffice.console_reports import ReportsState
from state.site import SiteState
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff
from tests.helpers.money import fund, lose
from tests.helpers.page_state import staff_tab

PAGE = routes.ADMIN
DASHBOARD = DashboardState.get_full_name()
REPORTS = ReportsState.get_full_name()


async def test_staff_over_every_brand_pick_the_currency_the_figures_sum() -> None:
    tab = await staff_tab(site, "support", None)
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(DashboardState)
        assert page.currency == "BRL" and {"BRL", "VND"} <= set(page.currencies)
        # reais, in the console's Portuguese: two decimals after a comma (other tests of the
        # session may have played cents in the period)
        assert re.search(r"\d,\d\d$", page.ggr), page.ggr

        await tab.send(f"{DASHBOARD}.pick_currency", PAGE, code="VND")
        page = await tab.state(DashboardState)
        assert (page.currency, page.error) == ("VND", "")
        assert "," not in page.ggr  # whole dong: 1.480.000, no cents

        await tab.send(f"{DASHBOARD}.pick_currency", PAGE, code="XTS")
        page = await tab.state(DashboardState)
        lang = (await tab.state(SiteState)).ui_lang
        assert page.error == translate("report-currency-invalid", lang)
        assert (page.currency, page.acted) == ("VND", "currency")


async def test_a_brands_own_staff_read_its_currency_only() -> None:
    tab = await staff_tab(site, "support", "VN1")
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(DashboardState)
        assert (page.currency, page.currencies) == ("VND", ["VND"])


async def test_the_reports_by_brand_hold_the_brands_of_the_currency_picked() -> None:
    tab = await staff_tab(site, "finance", None)
    async with tab.processor:
        await tab.open(routes.ADMIN_REPORTS)
        await tab.send(f"{REPORTS}.set_by", routes.ADMIN_REPORTS, by="brand")
        page = await tab.state(ReportsState)
        assert page.currency == "BRL" and {"BRL", "VND"} <= set(page.currencies)
        assert "VN1" not in {row.key for row in page.slices}
        await tab.send(f"{REPORTS}.pick_currency", routes.ADMIN_REPORTS, code="VND")
        page = await tab.state(ReportsState)
        assert page.currency == "VND" and page.error == ""
        assert {row.key for row in page.slices} <= {"VN1"}  # the demo's one brand in dong
        assert all("," not in row.ggr for row in page.rows)  # whole dong: no cents


async def test_staff_narrow_the_dashboard_to_one_brand_and_export_it() -> None:
    member = await make_member("VN1")
    assert member.id is not None
    await fund(member.id, "500000", "VND")
    await lose(member.id, "200000", "VND")
    finance = await make_staff("finance", None)
    one = await dashboard.period(finance, "7d", "", "", clock.now(), "VND", "VN1")
    assert one.active_players >= 1 and one.bets >= 200000
    tab = await staff_tab(site, "finance", None)
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(DashboardState)
        assert {"BR1", "VN1"} <= {choice.code for choice in page.brand_choices}
        assert (page.brand, page.currency) == ("", "BRL")

        await tab.send(f"{DASHBOARD}.pick_brand", PAGE, code="VN1")
        page = await tab.state(DashboardState)
        assert (page.brand, page.currency, page.error) == ("VN1", "VND", "")
        assert page.active_players >= 1

        await tab.send(f"{DASHBOARD}.export", PAGE)
        sent = " ".join(str(event.payload) for event in tab.told)
        assert "dashboard-7d-VN1.csv" in sent

        await tab.send(f"{DASHBOARD}.pick_brand", PAGE, code="NOPE1")
        page = await tab.state(DashboardState)
        lang = (await tab.state(SiteState)).ui_lang
        assert page.error == translate("staff-brand-unknown", lang)
        assert (page.brand, page.acted) == ("VN1", "brand")

        await tab.send(f"{DASHBOARD}.pick_brand", PAGE, code="")  # every brand in dong
        page = await tab.state(DashboardState)
        assert (page.brand, page.currency) == ("", "VND")


async def test_a_brands_own_staff_are_offered_no_brand_and_support_no_export() -> None:
    tab = await staff_tab(site, "support", "BR1")
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(DashboardState)
        assert page.brand_choices == []
        await tab.send(f"{DASHBOARD}.pick_brand", PAGE, code="VN1")
        page = await tab.state(DashboardState)
        assert page.brand == "" and page.error != ""
        told = len(tab.told)
        await tab.send(f"{DASHBOARD}.export", PAGE)  # support may not export
        page = await tab.state(DashboardState)
        lang = (await tab.state(SiteState)).ui_lang
        assert page.error == translate("staff-forbidden", lang)
        assert not any(".csv" in str(event.payload) for event in tab.told[told:])

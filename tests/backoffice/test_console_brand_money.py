"""The console writes each brand's money as the brand does: an all-brand staff member's queue
holds reais and dong side by side, each amount with its brand's symbol and its currency's
digits (no fraction of a dong), and a player's page writes the player's brand's money."""

from __future__ import annotations

from app import routes
from app.app import app as site
from state.backoffice.console_players import PlayersState
from state.cashier.console_payments import PaymentsState
from state.site import SiteState
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import pending_withdrawal
from tests.helpers.money import fund
from tests.helpers.page_state import staff_tab

NBSP = "\xa0"
# (reais, dong) as each language writes them
WRITTEN = {
    "en": (f"R${NBSP}150.50", f"₫{NBSP}500,000"),
    "pt": (f"R${NBSP}150,50", f"₫{NBSP}500.000"),
}


async def test_the_payments_queue_writes_each_brands_money_its_way() -> None:
    reais = await pending_withdrawal("150.50", "BR1")
    dong = await pending_withdrawal("500000", "VN1")
    tab = await staff_tab(site, "payments", None)
    async with tab.processor:
        await tab.open(routes.ADMIN_PAYMENTS)
        page = await tab.state(PaymentsState)
        lang = (await tab.state(SiteState)).ui_lang
    rows = {row.order: row for row in page.withdrawals}
    assert (rows[reais].amount, rows[dong].amount) == WRITTEN[lang]
    assert rows[dong].remaining == WRITTEN[lang][1]


async def test_a_players_page_writes_the_players_brand_money() -> None:
    member = await make_member("VN1")
    assert member.id is not None
    await fund(member.id, "500000", "VND")
    tab = await staff_tab(site, "payments", None)
    async with tab.processor:
        await tab.open(routes.ADMIN_PLAYERS)
        await tab.send(
            f"{PlayersState.get_full_name()}.open", routes.ADMIN_PLAYERS, member_id=member.id
        )
        page = await tab.state(PlayersState)
        lang = (await tab.state(SiteState)).ui_lang
    assert page.error == ""
    assert page.profile.cash == WRITTEN[lang][1]
    assert [row.amount for row in page.movements] == [WRITTEN[lang][1]]

"""The wallet screen as the member drives it (state/cashier/transfer.py): a refused move shows the
translated reason in the page's error line, clears the notice of the move before and moves
nothing. The member's tab runs through the site's own event processor."""

from __future__ import annotations

from decimal import Decimal

from app.app import app as site
from app.core.i18n import translate
from app.routes import TRANSFER_FUND
from app.services.brands import brands
from app.services.cashier import transfers
from state.cashier.transfer import TransferState
from tests.helpers.accounts import make_member
from tests.helpers.money import fund
from tests.helpers.page_state import member_tab

LANG = "pt"  # BR1's default language, with nothing chosen in the tab
PAGE = TransferState.get_full_name()


async def test_a_refused_move_shows_why_and_moves_nothing() -> None:
    member = await make_member()
    await fund(member.id or 0, "30.00")
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(TRANSFER_FUND)
        await tab.send(f"{PAGE}.recall_all", TRANSFER_FUND)
        page = await tab.state(TransferState)
        assert (page.error, page.notice) == ("", translate("transfer.nothing_to_recall", LANG))
        assert page.vendor  # BR1 runs transfer vendors
        await tab.send(f"{PAGE}.set_amount", TRANSFER_FUND, value="12,345")
        await tab.send(f"{PAGE}.submit", TRANSFER_FUND, form={})
        page = await tab.state(TransferState)
        refused = translate("wallet-transfer-amount-invalid", LANG)
        assert (page.error, page.notice) == (refused, "")
    found = await transfers.wallets(await brands.by_code("BR1"), member)
    assert found.cash == Decimal("30.00")


async def test_every_wallet_is_written_in_the_brands_money_in_the_readers_language() -> None:
    """Issue 35: the main wallet, the total, the bonus it counts and each game's wallet are
    written as the site writes money (brands.Money: "R$ 1.234,50", the reader's marks), never
    as plain figures; the figure the "all" button types stays plain."""
    member = await make_member()
    await fund(member.id or 0, "1234.50")
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(TRANSFER_FUND)
        page = await tab.state(TransferState)
        assert (page.main, page.total) == ("R$\xa01.234,50", "R$\xa01.234,50")
        assert page.main_raw == "1234.50"  # the "all" button's figure stays plain
        assert page.wallets and all(w.balance == "R$\xa00,00" for w in page.wallets)
        await tab.send(f"{PAGE}.set_amount", TRANSFER_FUND, value="34,50")
        await tab.send(f"{PAGE}.submit", TRANSFER_FUND, form={})
        page = await tab.state(TransferState)
        assert page.error == "" and page.main == "R$\xa01.200,00"
        moved = next(w for w in page.wallets if w.vendor == page.vendor)
        assert (moved.balance, moved.raw) == ("R$\xa034,50", "34.50")

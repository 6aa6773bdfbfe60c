"""The withdraw page through the site's own event processor: a player whose deposit is not
yet wagered reads what is left, and how far they are, as a bar and in words; once it is
wagered, neither shows."""

from __future__ import annotations

from decimal import Decimal

from app import routes
from app.app import app as site
from app.core.i18n.formatting import NBSP
from app.services.brands import brands
from app.services.cashier import withdrawal_rules
from models import Member
from models.identity import IdentityStatus
from state.cashier.cashier import CashierState
from state.cashier.withdraw import WithdrawState
from tests.helpers.accounts import make_member
from tests.helpers.money import fund, wager
from tests.helpers.page_state import member_tab

PAGE = "/withdraw"


async def _multiplier(member: Member) -> Decimal:
    return await withdrawal_rules.wagering_multiplier(await brands.by_code("BR1"), member)


async def test_the_withdraw_page_shows_how_far_the_wagering_is() -> None:
    member = await make_member()
    assert member.id is not None
    await fund(member.id, "100.00")
    required = Decimal("100.00") * await _multiplier(member)
    await wager(member.id, str(required * Decimal("0.3")))
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(WithdrawState)
        assert page.turnover_percent == 30
        assert page.turnover_progress.endswith(" apostados")
        assert page.turnover_left != ""

        await wager(member.id, str(required))  # the rest, and more
        await tab.open(PAGE)
        page = await tab.state(WithdrawState)
        assert (page.turnover_left, page.turnover_percent) == ("", 100)


async def test_the_money_pages_say_first_that_the_identity_is_to_verify() -> None:
    """Before the player fills in a form that would be refused: the deposit and withdraw
    pages of an account still pending verification lead to it; a verified one's do not."""
    pending = await make_member(identity=IdentityStatus.PENDING)
    verified = await make_member()
    for member, expected in ((pending, True), (verified, False)):
        tab = await member_tab(site, member)
        async with tab.processor:
            await tab.open(PAGE)
            assert (await tab.state(WithdrawState)).verify_first is expected
            await tab.open(routes.DEPOSIT)
            assert (await tab.state(CashierState)).verify_first is expected


async def test_the_money_pages_write_their_amounts_in_reais() -> None:
    """Issue 35: what the member may withdraw, the limits of both pages, the orders and a new
    deposit's summary are money, written with the brand's symbol the reader's way."""
    member = await make_member()
    assert member.id is not None
    await fund(member.id, "1234.50")
    tab = await member_tab(site, member)
    async with tab.processor:
        await tab.open(PAGE)
        page = await tab.state(WithdrawState)
        assert page.balance == f"R${NBSP}1.234,50"
        assert page.limits.startswith(f"Mín. R${NBSP}") and f"Máx. R${NBSP}" in page.limits
        assert page.turnover_left.startswith(f"R${NBSP}")
        assert f"R${NBSP}0,00 de R${NBSP}" in page.turnover_progress
        await tab.open(routes.DEPOSIT)
        deposit = await tab.state(CashierState)
        pix = next(c for c in deposit.channels if c.code == "PIX")
        assert pix.limits == f"Mín. R${NBSP}10,00 · Máx. R${NBSP}50.000,00 · Taxa 0%"
        await tab.send(
            f"{CashierState.get_full_name()}.create", routes.DEPOSIT, form={"amount": "150"}
        )
        order = (await tab.state(CashierState)).order
        assert order.amount == order.credited == f"R${NBSP}150,00"

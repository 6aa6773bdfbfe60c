"""The withdraw page through the site's own event processor: a player whose deposit is not
yet wagered reads what is left, and how far they are, as a bar and in words; once it is
wagered, neither shows."""

from __future__ import annotations

from decimal import Decimal

from app import routes
from app.app import app as site
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

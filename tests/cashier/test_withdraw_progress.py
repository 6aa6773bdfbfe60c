"""The withdraw page through the site's own event processor: a player whose deposit is not
yet wagered reads what is left, and how far they are, as a bar and in words; once it is
wagered, neither shows."""

from __future__ import annotations

from decimal import Decimal

from app.app import app as site
from app.services.brands import brands
from app.services.cashier import withdrawal_rules
from models import Member
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

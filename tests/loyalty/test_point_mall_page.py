"""The points mall as the member drives it (state/loyalty/points.py): the rewards come a page
at a time, so a brand's whole mall is not kept with the tab (issue 36); the pager moves through
them in mall order, a page past the last is the last, and a reward of a later page opens
its redeem dialog. The member's tab runs through the site's own event processor."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from app.app import app as site
from app.core.i18n.formatting import NBSP
from app.routes import POINT_MALL
from app.services.brands import Money
from app.services.loyalty import points
from models.points import PointsRewardKind, RedeemStatus
from state.loyalty.points import MALL_PAGE_SIZE, PointsState, _remark
from tests.helpers.accounts import make_member
from tests.helpers.page_state import member_tab
from tests.loyalty.test_points import _configure, _reward

PAGE = PointsState.get_full_name()


async def test_the_mall_shows_its_rewards_a_page_at_a_time() -> None:
    merchant_id = await _configure()
    for _ in range(MALL_PAGE_SIZE + 1):
        await _reward(merchant_id, PointsRewardKind.PHYSICAL, "10")
    offered = [view.id for view in await points.rewards(merchant_id, "pt")]
    pages = -(-len(offered) // MALL_PAGE_SIZE)
    assert pages >= 2

    tab = await member_tab(site, await make_member())
    async with tab.processor:
        await tab.open(POINT_MALL)
        mall = await tab.state(PointsState)
        assert [card.id for card in mall.rewards] == offered[:MALL_PAGE_SIZE]
        assert (mall.mall_page, mall.mall_pages) == (1, pages)

        await tab.send(f"{PAGE}.go_mall", POINT_MALL, number=2)
        mall = await tab.state(PointsState)
        assert [card.id for card in mall.rewards] == offered[MALL_PAGE_SIZE : 2 * MALL_PAGE_SIZE]

        await tab.send(f"{PAGE}.go_mall", POINT_MALL, number=10_000)
        mall = await tab.state(PointsState)
        assert mall.mall_page == pages
        assert [card.id for card in mall.rewards] == offered[(pages - 1) * MALL_PAGE_SIZE :]

        later = mall.rewards[0].id
        await tab.send(f"{PAGE}.open_redeem", POINT_MALL, reward_id=later)
        mall = await tab.state(PointsState)
        assert (mall.dialog, mall.chosen.id) == ("redeem", later)

        await tab.send(f"{PAGE}.go_mall", POINT_MALL, number=1)
        assert (await tab.state(PointsState)).mall_page == 1
        await tab.send(f"{PAGE}.go_mall", POINT_MALL, number=-3)  # refused by its bounds
        assert (await tab.state(PointsState)).mall_page == 1


def test_earned_points_say_their_valid_bet_as_money() -> None:
    """Issue 35: the points details' remark writes the valid bet the points came from with
    the brand's symbol; the points themselves stay a count."""
    record = points.PointsRecord(
        id=1,
        type="EARN",
        amount=Decimal("1.5"),
        balance=Decimal("1.5"),
        ratio="",
        status=RedeemStatus.APPROVED,
        time=datetime(2026, 11, 23, tzinfo=UTC),
        remark="",
        reason="",
        category="RNG",
        valid_bet=Decimal("150.00"),
    )
    remark = _remark(record, "pt", Money("R$", 2))
    assert remark.endswith(f"aposta válida R${NBSP}150,00"), remark

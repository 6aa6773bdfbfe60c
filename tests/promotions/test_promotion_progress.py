"""A member's promotions show how much of the bonus wagering is met (issue 35): a bar and the
amounts in the reader's words on the card, until the bonus becomes cash; a link opens one
promotion's detail. The member's tab runs through the site's own event processor."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

from sqlmodel import select

from app.app import app as site
from app.core.db import session_scope
from app.services.promotions import bonus, offers
from app.services.promotions.offers import PromotionSpec
from models import Member, Merchant
from models.base import utcnow
from models.promotions import PromotionKind, RewardKind
from state.promotions.promotions import PromotionsState
from tests.helpers.accounts import make_member
from tests.helpers.money import fund, wager
from tests.helpers.page_state import member_tab

D = Decimal
TEXTS = {
    "en": {"title": "Rollover offer", "summary": "Bet and get a bonus", "terms": "Terms."},
    "pt": {"title": "Oferta rollover", "summary": "Aposte e ganhe bônus", "terms": "Termos."},
}


async def _promotion(brand: str = "BR1") -> tuple[int, int]:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == brand))).one()
    assert merchant.id is not None
    now = utcnow()
    promotion = await offers.define(
        merchant.id,
        PromotionSpec(
            code=f"P{uuid4().hex[:10].upper()}",
            kind=PromotionKind.REWARD,
            content=TEXTS,
            starts_at=now - timedelta(days=1),
            ends_at=now + timedelta(days=7),
            reward_kind=RewardKind.BONUS,
            reward_amount=D("5.00"),
            budget=D("100.00"),
            min_turnover=D("1.00"),
            wagering_multiplier=2,
            sort=-1000,  # first on the page
        ),
    )
    return merchant.id, promotion


async def _card(member: Member, promotion: int) -> tuple[int, str]:
    tab = await member_tab(site, member)
    await tab.visit(["/promotions"])
    page = await tab.state(PromotionsState)
    [card] = [item for item in page.items if item.id == promotion]
    return card.progress, card.progress_text


async def test_the_card_shows_the_bonus_wagering_until_it_is_cash() -> None:
    brand, promotion = await _promotion()
    member = await make_member()
    await fund(member.id or 0, "100.00")
    await wager(member.id or 0, "1.00")
    assert await _card(member, promotion) == (-1, "")  # no bonus yet: no bar
    await offers.request_reward(brand, member.id or 0, promotion, utcnow())
    await wager(member.id or 0, "4.00")
    await bonus.catch_up_wagering(utcnow())
    assert await _card(member, promotion) == (40, "R$\u00a04,00 de R$\u00a010,00 apostados")
    await wager(member.id or 0, "6.00")
    await bonus.catch_up_wagering(utcnow())
    assert await _card(member, promotion) == (100, "Rollover cumprido: o bônus virou saldo")


async def test_a_link_with_a_promotion_s_id_opens_its_detail() -> None:
    """The home banner's link `/promotions?id=<id>` opens that promotion; an id that is not a
    promotion of the brand, or not a number, opens none."""
    _, promotion = await _promotion()
    _, elsewhere = await _promotion("BR2")
    tab = await member_tab(site, await make_member())
    await tab.visit([f"/promotions?id={promotion}"])
    opened = (await tab.state(PromotionsState)).selected
    assert (opened.id, opened.title) == (promotion, "Oferta rollover")
    for wanted in (str(elsewhere), "abc", "-1", "9" * 12, "999999999"):
        await tab.visit([f"/promotions?id={wanted}"])
        assert (await tab.state(PromotionsState)).selected.id == 0, wanted

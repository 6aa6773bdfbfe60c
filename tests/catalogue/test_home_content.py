"""The home page's brand content: w_notice texts, by language; the day's wins from the wager
facts (no invented jackpot). The banners: tests/promotions/test_home_banners.py."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from decimal import Decimal
from uuid import uuid4

from app.core.db import write_transaction
from app.services import wager_facts
from app.services.brands import brands
from app.services.catalogue import home
from models import Banner, Member
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.facts import facts_readable


async def test_notices_follow_the_language() -> None:
    brand = await brands.by_code("BR1")
    assert home.notices(brand, "PT")[0].startswith("Bem-vindo à Sorte Grande")
    assert home.notices(brand, "EN")[0].startswith("Welcome to Sorte Grande")
    assert len(home.notices(brand, "EN")) == 2


async def test_blank_notices_are_left_out() -> None:
    brand = await brands.by_code("BR1")
    extra = (Banner(merchant_id=brand.id, group_name="w_notice", image_url="", title="  "),)
    changed = replace(brand, banners=(*brand.banners, *extra))
    assert len(home.notices(changed, "PT")) == 2


async def test_the_day_s_wins_are_summed_from_the_facts_of_the_last_24_hours() -> None:
    """The home's figure is what players really won: a fact of now counts, one of 25 hours
    ago does not, and another brand's never does."""
    brand = await brands.by_code("BR1")
    member = await make_member("BR1")
    other = await make_member("BR2")
    now = utcnow()
    before = await home.paid_out(brand, now)
    await _won(member, "12.34", now - timedelta(minutes=5))
    await _won(member, "1000.00", now - timedelta(hours=25))
    await _won(other, "50.00", now - timedelta(minutes=5))
    assert await home.paid_out(brand, now) == before + Decimal("12.34")


async def _won(member: Member, win: str, settled_at: datetime) -> None:
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="UNIT",
                    game_code="UNIT_GAME",
                    category="RNG",
                    currency="BRL",
                    round_ref=uuid4().hex,
                    bet=Decimal("1.00"),
                    valid_bet=Decimal("1.00"),
                    win=Decimal(win),
                    settled_at=settled_at,
                )
            ],
        )
    await facts_readable()

"""The home carousel: the demo brand's promotions, a promotion's banner in the reader's
language and formats, shown only while its promotion is open; banners without an image or a
promotion left out."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n.formatting import NBSP
from app.services.brands import brands
from app.services.promotions import banners, offers
from app.services.promotions.offers import PromotionSpec
from models import Banner
from models.base import utcnow
from models.promotions import Promotion, PromotionKind, RewardKind


def _spec(**changes: object) -> PromotionSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "code": f"P{uuid4().hex[:10].upper()}",
        "kind": PromotionKind.REWARD,
        "content": {
            "en": {"title": "Bet 100, get 10", "summary": "s", "terms": "t"},
            "pt": {"title": "Aposte 100, ganhe 10", "summary": "s", "terms": "t"},
        },
        "starts_at": now - timedelta(days=1),
        "ends_at": now + timedelta(days=7),
        "reward_kind": RewardKind.BONUS,
        "reward_amount": Decimal("1234.50"),
        "wagering_multiplier": 3,
        "min_turnover": Decimal("100.00"),
        "budget": Decimal("100000.00"),
    }
    fields.update(changes)
    return PromotionSpec(**fields)  # type: ignore[arg-type]


def _tied(brand_id: int, promotion_id: int, sort: int, image_url: str = "") -> Banner:
    return Banner(
        merchant_id=brand_id,
        group_name="w_home",
        image_url=image_url,
        promotion_id=promotion_id,
        sort=sort,
    )


async def test_the_demo_home_shows_the_brand_s_promotions() -> None:
    """A fresh demo brand's carousel is its promotions, in their order, each opening its own
    detail: no placeholder image."""
    brand = await brands.by_code("BR1")
    shown = await banners.home_banners(brand, "PT", utcnow())
    assert [b.title for b in shown][:3] == [
        "Mostre o seu grande prêmio",
        "Aposte R$ 100, ganhe R$ 10",
        "Envelope vermelho: até R$ 18,88",
    ]
    assert all(b.link.startswith("/promotions?id=") and b.label for b in shown)
    assert shown[0].image == "/promo-art/activity.svg"


async def test_the_asian_demo_brand_leads_with_the_deposit_bonus_its_market_allows() -> None:
    """VN1's carousel is its own offers in its currency, led by a deposit bonus, a pre-bet
    offer that Brazil's rules refuse to BR1 (nothing is made there); its amounts in whole dong."""
    brand = await brands.by_code("VN1")
    shown = await banners.home_banners(brand, "EN", utcnow())
    assert [(b.label, b.title, b.reward) for b in shown][:3] == [
        ("Deposit", "Deposit ₫500,000, get ₫200,000", f"₫{NBSP}200,000 bonus, wager 10x"),
        ("Reward", "Bet ₫2,000,000, get ₫100,000", f"₫{NBSP}100,000 bonus, wager 3x"),
        (
            "Red envelope",
            "Red envelope: up to ₫888,888",
            f"₫{NBSP}10,000 to ₫{NBSP}888,888 in cash",
        ),
    ]
    br1 = await brands.by_code("BR1")
    deposit = _spec(kind=PromotionKind.DEPOSIT, min_turnover=Decimal(0))
    with pytest.raises(AppError) as refused:
        await offers.define(br1.id, deposit)
    assert refused.value.code == "promo-kind-forbidden"
    async with session_scope() as session:
        made = await session.exec(select(Promotion).where(Promotion.code == deposit.code))
        assert made.first() is None


async def test_a_promotion_s_banner_speaks_the_reader_s_language() -> None:
    """Its kind, title and reward come from the promotion, in the reader's words and number
    format; the operator's own banner image replaces the promotion's art."""
    brand = await brands.by_code("BR1")
    promotion_id = await offers.define(brand.id, _spec())
    rows = (
        _tied(brand.id, promotion_id, 1),
        _tied(brand.id, promotion_id, 2, image_url="/banners/own.png"),
    )
    changed = replace(brand, banners=rows)
    pt, own = await banners.home_banners(changed, "PT", utcnow())
    assert (pt.label, pt.title, pt.reward) == (
        "Recompensa",
        "Aposte 100, ganhe 10",
        f"R${NBSP}1.234,50 de bônus com rollover de 3x",
    )
    assert pt.link == f"/promotions?id={promotion_id}"
    assert pt.image == "/promo-art/reward.svg" and own.image == "/banners/own.png"
    [en, _] = await banners.home_banners(changed, "EN", utcnow())
    assert (en.label, en.title, en.reward) == (
        "Reward",
        "Bet 100, get 10",
        f"R${NBSP}1,234.50 bonus, wager 3x",
    )


async def test_a_banner_shows_only_while_its_promotion_is_open() -> None:
    """Ended, not yet started, switched off, spent, another brand's or unknown: no banner;
    the plain banner beside them stays."""
    brand = await brands.by_code("BR1")
    other = await brands.by_code("BR2")
    now = utcnow()
    ended = await offers.define(brand.id, _spec(ends_at=now - timedelta(minutes=1)))
    coming = await offers.define(brand.id, _spec(starts_at=now + timedelta(hours=1)))
    off = await offers.define(brand.id, _spec())
    spent = await offers.define(brand.id, _spec(budget=Decimal("1234.50")))
    elsewhere = await offers.define(other.id, _spec())
    async with write_transaction() as session:
        for promotion_id, field, value in ((off, "enabled", False), (spent, "spent", 1)):
            row = await session.get(Promotion, promotion_id)
            assert row is not None
            setattr(row, field, value)
            session.add(row)
    plain = Banner(merchant_id=brand.id, group_name="w_home", image_url="/banners/a.png")
    tied = (_tied(brand.id, p, n) for n, p in enumerate((ended, coming, off, spent, elsewhere)))
    changed = replace(brand, banners=(*tied, _tied(brand.id, 999_999_999, 9), plain))
    assert [b.image for b in await banners.home_banners(changed, "PT", now)] == ["/banners/a.png"]


async def test_a_banner_without_an_image_or_a_promotion_is_left_out() -> None:
    brand = await brands.by_code("BR1")
    before = await banners.home_banners(brand, "PT", utcnow())
    extra = (Banner(merchant_id=brand.id, group_name="w_home", image_url="", sort=0),)
    changed = replace(brand, banners=(*brand.banners, *extra))
    assert await banners.home_banners(changed, "PT", utcnow()) == before

"""The home page's brand content: w_home banners and w_notice texts, by language."""

from __future__ import annotations

from dataclasses import replace

from app.services.brands import brands
from app.services.catalogue import home
from models import Banner


async def test_home_banners_in_order_and_for_every_language() -> None:
    brand = await brands.by_code("BR1")
    banners = home.home_banners(brand, "PT")
    assert [b.image for b in banners] == [f"/banners/w_home_{n}.svg" for n in (1, 2, 3)]
    assert home.home_banners(brand, "EN") == banners  # rows without a language serve all


async def test_notices_follow_the_language() -> None:
    brand = await brands.by_code("BR1")
    assert home.notices(brand, "PT")[0].startswith("Bem-vindo à Sorte Grande")
    assert home.notices(brand, "EN")[0].startswith("Welcome to Sorte Grande")
    assert len(home.notices(brand, "EN")) == 2


async def test_banners_without_an_image_and_blank_notices_are_left_out() -> None:
    brand = await brands.by_code("BR1")
    extra = (
        Banner(merchant_id=brand.id, group_name="w_home", image_url="", sort=0),
        Banner(merchant_id=brand.id, group_name="w_notice", image_url="", title="  ", sort=0),
    )
    changed = replace(brand, banners=(*brand.banners, *extra))
    assert len(home.home_banners(changed, "PT")) == 3
    assert len(home.notices(changed, "PT")) == 2


def test_jackpot_range_of_the_spec() -> None:
    assert (home.JACKPOT_MIN, home.JACKPOT_MAX) == (200_000_000, 300_000_000)
    assert (home.JACKPOT_STEP_MIN, home.JACKPOT_STEP_MAX) == (100, 500)
    assert home.JACKPOT_EVERY_SECONDS == (3, 4, 5)

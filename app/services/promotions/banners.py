"""The home carousel's banners (spec 2 and 3): the brand's banner images, and its banners tied
to a promotion, which show while the promotion is open, composed from its art and its words
in the reader's language (its kind, title and reward) and opening its detail."""

from __future__ import annotations

from datetime import datetime

from app import routes
from app.core.i18n import translate, ui_language
from app.services.brands import Brand, Money
from app.services.catalogue.home import HomeBanner, banner_rows
from app.services.promotions import offers


def promotion_link(promotion_id: int) -> str:
    """The promotions page opened at one promotion's detail."""
    return f"{routes.PROMOTIONS}?id={promotion_id}"


async def home_banners(brand: Brand, language: str, now: datetime) -> list[HomeBanner]:
    rows = banner_rows(brand, language)
    tied = {b.promotion_id for b in rows if b.promotion_id is not None}
    ui = ui_language(language)
    views = await offers.open_for_banners(brand.id, tied, ui, now)
    found = []
    for row in rows:
        if row.promotion_id is None:
            found.append(HomeBanner(image=row.image_url, link=row.link_url or "", title=row.title))
        elif (view := views.get(row.promotion_id)) is not None:
            found.append(
                HomeBanner(
                    image=row.image_url or view.image,
                    link=promotion_link(view.id),
                    title=view.title,
                    label=translate(f"promo.kind.{view.kind.value}", ui),
                    reward=offers.reward_line(view, ui, Money.of(brand)),
                )
            )
    return found

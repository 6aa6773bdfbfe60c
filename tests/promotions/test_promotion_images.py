"""A promotion's card image (issue 35): the operator gives a file the site ships or an https
address, or nothing and the card shows its kind's artwork. Anything else (javascript:, data:,
http:, another host's path, a path the site does not serve, a long one) is refused with a
translated code and writes nothing, on the new-promotion form and on the edit form alike."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlmodel import col, func, select

from app.core.config import PROJECT_ROOT
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import promotions
from app.services.promotions import offers
from app.services.promotions.offer_definitions import default_image
from models import AuditEntry, Promotion
from models.base import utcnow
from models.promotions import PromotionKind
from tests.helpers.backoffice import make_staff, merchant_id
from tests.promotions.test_promotions_console import _form

SHIPPED = "/promo-art/raffle.svg"
HOSTED = "https://cdn.example.com/promos/weekend-cash.webp"
BAD_REFS = (
    "javascript:alert(1)",
    " JavaScript:alert(document.cookie)",
    "java\tscript:alert(1)",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "http://cdn.example.com/promo.png",  # not https
    "//cdn.example.com/promo.png",  # another host, whatever the page's scheme
    "https://user:secret@cdn.example.com/promo.png",
    "https://cdn.example.com/a promo.png",
    'https://cdn.example.com/a.png"onerror="alert(1)',
    "/promo-art/../../rxconfig.py",
    "/promo-art/missing.svg",  # not a file the site ships
    "/promotions",  # a page, not an image
    "promo-art/raffle.svg",  # not a site path
    "https://cdn.example.com/" + "a" * 300 + ".png",
)


async def _stored(code: str) -> Promotion | None:
    async with session_scope() as session:
        return (await session.exec(select(Promotion).where(Promotion.code == code.upper()))).first()


async def _audits(target: str) -> list[dict[str, Any]]:
    async with session_scope() as session:
        return [
            json.loads(entry.detail)
            for entry in (
                await session.exec(
                    select(AuditEntry)
                    .where(col(AuditEntry.target) == target)
                    .order_by(col(AuditEntry.id))
                )
            ).all()
        ]


def test_the_refusal_is_said_in_english_and_portuguese() -> None:
    english = translate("image-ref-invalid", "en", max=300)
    portuguese = translate("image-ref-invalid", "pt", max=300)
    assert "https://" in english and "300" in english and english.startswith("The image")
    assert "https://" in portuguese and "300" in portuguese and portuguese.startswith("A imagem")


@pytest.mark.parametrize("ref", BAD_REFS)
async def test_a_bad_image_is_refused_and_nothing_is_made(ref: str) -> None:
    staff = await make_staff("marketing")
    form = _form(image=ref)
    with pytest.raises(AppError) as refused:
        await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    assert (refused.value.code, refused.value.status, refused.value.params) == (
        "image-ref-invalid",
        422,
        {"max": 300},
    )
    assert await _stored(form["code"]) is None


@pytest.mark.parametrize("ref", [SHIPPED, HOSTED])
async def test_a_promotion_shows_the_image_it_was_given_and_the_audit_says_so(ref: str) -> None:
    staff = await make_staff("marketing")
    form = _form(image=f"  {ref} ")
    row = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    assert (await _stored(form["code"])) is not None
    shown = await offers.detail(await merchant_id("BR1"), row.id, None, "pt", utcnow())
    assert shown.image == ref
    [created] = await _audits(f"promotion:{row.id}")
    assert created["after"]["image"] == ref
    assert (await promotions.promotion_form(staff, row.id, utcnow()))["image"] == ref


async def test_the_edit_form_changes_the_image_and_refuses_a_bad_one() -> None:
    staff = await make_staff("marketing")
    form = _form()
    row = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    brand = await merchant_id("BR1")
    assert (await offers.detail(brand, row.id, None, "en", utcnow())).image == (
        "/promo-art/reward.svg"  # none given: the REWARD kind's artwork
    )

    stored = await promotions.promotion_form(staff, row.id, utcnow())
    assert stored["image"] == ""
    await promotions.amend_promotion(
        staff, row.id, promotions.amendment_from_form({**stored, "image": HOSTED}), utcnow()
    )
    assert (await offers.detail(brand, row.id, None, "en", utcnow())).image == HOSTED
    amended = (await _audits(f"promotion:{row.id}"))[-1]
    assert (amended["before"]["image"], amended["after"]["image"]) == ("", HOSTED)

    for ref in ("javascript:alert(1)", "data:text/html,<script>alert(1)</script>"):
        changes = {**stored, "image": ref, "title_en": "Changed too"}
        with pytest.raises(AppError) as refused:
            await promotions.amend_promotion(
                staff, row.id, promotions.amendment_from_form(changes), utcnow()
            )
        assert refused.value.code == "image-ref-invalid"
    kept = await _stored(form["code"])
    assert kept is not None and kept.image == HOSTED
    assert kept.content["en"]["title"] == "Weekend cash"  # the rest of the edit not written
    async with session_scope() as session:
        amends = (
            await session.exec(
                select(func.count())
                .select_from(AuditEntry)
                .where(
                    col(AuditEntry.action) == "promotions.amend",
                    col(AuditEntry.target) == f"promotion:{row.id}",
                )
            )
        ).one()
    assert amends == 1


def test_every_kind_has_shipped_artwork_without_words() -> None:
    for kind in PromotionKind:
        path = default_image(kind)
        art = PROJECT_ROOT / "assets" / path.lstrip("/")
        svg = art.read_text()
        assert svg.startswith("<svg") and 'viewBox="0 0 640 360"' in svg, kind
        assert "<text" not in svg and "aria-label" not in svg, kind  # the same in every language

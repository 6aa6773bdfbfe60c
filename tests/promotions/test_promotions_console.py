"""The promotions console: an operator's form becomes a promotion of any kind and reward
(raffle, free rounds, points) that members then see; bad input names its field and stores
nothing; Brazil's rules hold from the console too; ending early closes it to members; every
action is in the audit log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import promotions
from app.services.backoffice.promotions import MINUTES
from app.services.promotions import offers
from app.services.promotions.offers import Shown
from models import AuditEntry, Promotion
from models.base import utcnow
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, merchant_id
from tests.helpers.money import fund, wager


def _at(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(MINUTES)


def _form(**changes: str) -> dict[str, str]:
    now = utcnow()
    fields = {
        "code": f"c{uuid4().hex[:10]}",
        "kind": "REWARD",
        "reward_kind": "CASH",
        "reward_amount": "5,00",
        "budget": "100",
        "starts": _at(now - timedelta(minutes=5)),
        "ends": _at(now + timedelta(days=3)),
        "min_turnover": "10",
        "title_en": "Weekend cash",
        "summary_en": "Bet 10, get 5.",
        "terms_en": "One per member.",
        "title_pt": "Dinheiro de fim de semana",
        "summary_pt": "Aposte 10, ganhe 5.",
        "terms_pt": "Um por membro.",
    }
    fields.update(changes)
    return fields


def _raffle_form(now: datetime) -> dict[str, str]:
    """Three prizes of 50 from a budget of 150, drawn 4 days from `now`, authorised."""
    return _form(
        kind="RAFFLE",
        reward_amount="50",
        budget="150",
        ticket_turnover="20",
        winners="3",
        draw_at=_at(now + timedelta(days=4)),
        authorisation="SPA/MF 123/2026",
    )


async def _stored(code: str) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count()).select_from(Promotion).where(Promotion.code == code.upper())
            )
        ).one()


async def _audited(action: str, target: str) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(AuditEntry)
                .where(col(AuditEntry.action) == action, col(AuditEntry.target) == target)
            )
        ).one()


async def test_a_promotion_made_in_the_console_is_offered_to_members_and_audited() -> None:
    staff = await make_staff("marketing")
    form = _form()
    row = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    assert (row.code, row.kind, row.reward_amount, row.state) == (
        form["code"].upper(),
        "REWARD",
        Decimal("5.00"),
        promotions.LIVE,
    )
    assert await _audited("promotions.create", f"promotion:{row.id}") == 1
    listed = await promotions.promotion_list(staff, "BR1", utcnow())
    assert [r.title for r in listed if r.id == row.id] == ["Weekend cash"]

    brand_id = await merchant_id("BR1")
    member = await make_member("BR1")
    await fund(member.id or 0, "50.00")
    await wager(member.id or 0, "12.00")
    shown = await offers.detail(brand_id, row.id, member.id, "pt", utcnow())
    assert (shown.title, shown.status) == ("Dinheiro de fim de semana", Shown.CLAIM)
    await offers.request_reward(brand_id, member.id or 0, row.id, utcnow())
    after = [r for r in await promotions.promotion_list(staff, "BR1", utcnow()) if r.id == row.id]
    assert (after[0].entries, after[0].claimed, after[0].spent) == (1, 1, Decimal("5.00"))


async def test_a_raffle_and_free_rounds_are_defined_from_the_form() -> None:
    staff = await make_staff("marketing")
    now = utcnow()
    raffle = _raffle_form(now)
    made = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(raffle), now)
    assert made.kind == "RAFFLE" and made.draw_at is not None
    rounds = _form(reward_kind="FREE_ROUNDS", reward_amount="1", budget="30")
    rounds.update(free_game="BGS_DICE", free_rounds="3")
    given = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(rounds), now)
    assert given.reward_kind == "FREE_ROUNDS"


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"reward_amount": "five"}, "promo-invalid", "reward_amount"),
        ({"budget": "1e999"}, "promo-invalid", "budget"),
        ({"starts": "tomorrow"}, "promo-invalid", "starts"),
        ({"kind": "LOTTO"}, "promo-invalid", "kind"),
        ({"title_en": "", "title_pt": ""}, "promo-invalid", "content"),
        ({"free_rounds": "-3"}, "promo-invalid", "free_rounds"),
        ({"code": "bad code!"}, "promo-invalid", "code"),
        ({"kind": "SIGN_UP"}, "promo-kind-forbidden", None),  # Brazil: no pre-bet offers
        ({"kind": "RAFFLE", "ticket_turnover": "20", "winners": "1"}, "promo-invalid", "draw_at"),
    ],
)
async def test_bad_input_names_its_field_and_stores_nothing(
    changes: dict[str, str], code: str, field: str | None
) -> None:
    staff = await make_staff("marketing")
    form = _form(**changes)
    with pytest.raises(AppError) as refused:
        await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    assert refused.value.code == code
    assert refused.value.params.get("field") == field
    assert await _stored(form["code"]) == 0


async def test_a_raffle_in_brazil_needs_its_authorisation() -> None:
    staff = await make_staff("marketing")
    form = _form(
        kind="RAFFLE",
        ticket_turnover="20",
        winners="1",
        draw_at=_at(utcnow() + timedelta(days=4)),
    )
    with pytest.raises(AppError) as refused:
        await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    assert refused.value.code == "promo-raffle-unauthorised"


async def test_ending_early_closes_it_to_members_once() -> None:
    staff = await make_staff("marketing")
    row = await promotions.create_promotion(
        staff, "BR1", promotions.spec_from_form(_form()), utcnow()
    )
    await promotions.end_promotion(staff, row.id, utcnow())
    assert await _audited("promotions.end", f"promotion:{row.id}") == 1
    member = await make_member("BR1")
    shown = await offers.detail(await merchant_id("BR1"), row.id, member.id, "en", utcnow())
    assert shown.status == Shown.CLOSE
    with pytest.raises(AppError) as again:
        await promotions.end_promotion(staff, row.id, utcnow())
    assert again.value.code == "bo-promotion-ended"
    with pytest.raises(AppError) as unknown:
        await promotions.end_promotion(staff, 2_000_000_000, utcnow())
    assert unknown.value.code == "bo-promotion-unknown"


async def _promotion(code: str) -> Promotion:
    async with session_scope() as session:
        return (await session.exec(select(Promotion).where(Promotion.code == code.upper()))).one()


async def test_an_open_promotion_edits_its_texts_end_and_budget_never_its_reward() -> None:
    staff = await make_staff("marketing")
    form = _form()
    row = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(form), utcnow())
    stored = await promotions.promotion_form(staff, row.id, utcnow())
    assert stored["title_pt"] == "Dinheiro de fim de semana" and stored["budget"] == "100.00"
    assert stored["ends"] == form["ends"]
    member = await make_member("BR1")
    await fund(member.id or 0, "50.00")
    await wager(member.id or 0, "12.00")
    await offers.request_reward(await merchant_id("BR1"), member.id or 0, row.id, utcnow())

    later = _at(utcnow() + timedelta(days=10))
    edited = {**stored, "title_en": "Long weekend cash", "ends": later, "budget": "250,50"}
    edited["reward_amount"] = "500"  # not an editable field: ignored
    await promotions.amend_promotion(
        staff, row.id, promotions.amendment_from_form(edited), utcnow()
    )
    promotion = await _promotion(form["code"])
    assert promotion.content["en"]["title"] == "Long weekend cash"
    assert promotion.content["pt"]["title"] == "Dinheiro de fim de semana"
    assert _at(promotion.ends_at) == later and promotion.budget == Decimal("250.50")
    assert promotion.reward_amount == Decimal("5.00")
    assert await _audited("promotions.amend", f"promotion:{row.id}") == 1

    refusals = (
        ({"budget": "4"}, "budget"),  # below the 5.00 already paid
        ({"ends": _at(utcnow() - timedelta(hours=1))}, "schedule"),
        ({"title_en": "", "title_pt": ""}, "content"),
        ({"title_en": "x" * 121}, "content"),
    )
    for changes, field in refusals:
        with pytest.raises(AppError) as refused:
            await promotions.amend_promotion(
                staff, row.id, promotions.amendment_from_form({**edited, **changes}), utcnow()
            )
        assert (refused.value.code, refused.value.params.get("field")) == ("promo-invalid", field)
    after = await _promotion(form["code"])
    assert (after.budget, after.ends_at, after.content) == (
        promotion.budget,
        promotion.ends_at,
        promotion.content,
    )
    assert await _audited("promotions.amend", f"promotion:{row.id}") == 1

    await promotions.end_promotion(staff, row.id, utcnow())
    with pytest.raises(AppError) as ended:
        await promotions.promotion_form(staff, row.id, utcnow())
    assert ended.value.code == "bo-promotion-ended"
    with pytest.raises(AppError) as closed:
        await promotions.amend_promotion(
            staff, row.id, promotions.amendment_from_form(edited), utcnow()
        )
    assert closed.value.code == "promo-not-open"


async def test_a_raffle_cannot_end_after_its_draw_nor_hold_less_than_its_prizes() -> None:
    staff = await make_staff("marketing")
    now = utcnow()
    raffle = _raffle_form(now)
    made = await promotions.create_promotion(staff, "BR1", promotions.spec_from_form(raffle), now)
    stored = await promotions.promotion_form(staff, made.id, now)
    for changes, field in (
        ({"ends": _at(now + timedelta(days=5))}, "draw_at"),
        ({"budget": "149.99"}, "budget"),
    ):
        with pytest.raises(AppError) as refused:
            await promotions.amend_promotion(
                staff, made.id, promotions.amendment_from_form({**stored, **changes}), now
            )
        assert refused.value.params.get("field") == field

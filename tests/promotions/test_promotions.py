"""Promotions: every kind, every status of spec 4, budget and per-member caps, the Brazil
rule, activity applications with their review, and bad applications refused with nothing
stored."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from PIL import Image
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import inbox, ledger
from app.services.brands import brands
from app.services.images import folder_path
from app.services.loyalty import points
from app.services.promotions import applications, bonus, offers
from app.services.promotions.offers import PromotionSpec, Shown
from models import Member, Merchant, PromotionEntry
from models.base import utcnow
from models.promotions import GrantStatus, PromotionKind, RewardKind
from tests.helpers.accounts import make_member
from tests.helpers.money import fund, wager

D = Decimal
TEXTS = {
    "en": {"title": "Offer", "summary": "A test offer", "terms": "Full terms."},
    "pt": {"title": "Oferta", "summary": "Uma oferta", "terms": "Termos completos."},
}


def picture(kind: str = "PNG", size: int = 8) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (size, size), (200, 30, 30)).save(buffer, format=kind)
    return buffer.getvalue()


async def _brand(code: str) -> int:
    async with session_scope() as session:
        merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
    assert merchant.id is not None
    return merchant.id


async def _usd_brand() -> int:
    """A brand outside Brazil (pre-bet offers allowed)."""
    code = f"U{uuid4().hex[:8].upper()}"
    async with write_transaction() as session:
        merchant = Merchant(
            code=code, name="Elsewhere", currency="USD", main_domain=f"{code.lower()}.test"
        )
        session.add(merchant)
    assert merchant.id is not None
    return merchant.id


def _spec(kind: PromotionKind, **changes: object) -> PromotionSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "code": f"P{uuid4().hex[:10].upper()}",
        "kind": kind,
        "content": TEXTS,
        "starts_at": now - timedelta(days=1),
        "ends_at": now + timedelta(days=7),
        "reward_kind": RewardKind.CASH,
        "reward_amount": D("10.00"),
        "budget": D("1000.00"),
    }
    fields.update(changes)
    return PromotionSpec(**fields)  # type: ignore[arg-type]


async def _member(brand_id: int, *, bet: bool = True) -> Member:
    async with session_scope() as session:
        merchant = await session.get(Merchant, brand_id)
    assert merchant is not None
    member = await make_member(merchant.code)
    if bet:
        await fund(member.id or 0, "100.00")
        await wager(member.id or 0, "1.00")
    return member


async def _cash(member: Member, currency: str = "BRL") -> Decimal:
    async with session_scope() as session:
        wallet = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=currency
        )
    return wallet.cash


async def _status(brand_id: int, promotion_id: int, member: Member) -> str:
    view = await offers.detail(brand_id, promotion_id, member.id, "en", utcnow())
    return view.status


async def _refused(code: str, call: Callable[[], object]) -> AppError:
    with pytest.raises(AppError) as caught:
        await call()  # type: ignore[misc]
    assert caught.value.code == code
    return caught.value


async def test_brazil_brands_refuse_pre_bet_kinds() -> None:
    br1 = await _brand("BR1")
    for kind in (PromotionKind.SIGN_UP, PromotionKind.DEPOSIT):
        await _refused("promo-kind-forbidden", lambda k=kind: offers.define(br1, _spec(k)))
    assert await offers.define(br1, _spec(PromotionKind.REWARD, min_turnover=D("5")))
    assert await offers.define(br1, _spec(PromotionKind.ACTIVITY))


@pytest.mark.engines
async def test_sign_up_join_then_request_once() -> None:
    brand = await _usd_brand()
    promotion = await offers.define(brand, _spec(PromotionKind.SIGN_UP))
    member = await _member(brand, bet=False)  # outside Brazil no bet is needed
    assert await _status(brand, promotion, member) == Shown.JOIN
    await _refused(
        "promo-not-joined",
        lambda: offers.request_reward(brand, member.id or 0, promotion, utcnow()),
    )
    await offers.join(brand, member.id or 0, promotion, utcnow())
    await _refused(
        "promo-already-joined", lambda: offers.join(brand, member.id or 0, promotion, utcnow())
    )
    assert await _status(brand, promotion, member) == Shown.CLAIM
    results = await asyncio.gather(
        *(offers.request_reward(brand, member.id or 0, promotion, utcnow()) for _ in range(4)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(
        isinstance(r, AppError) and r.code == "promo-already-claimed"
        for r in results
        if isinstance(r, Exception)
    )
    assert await _cash(member, "USD") == D("10.00")
    assert await _status(brand, promotion, member) == Shown.CLAIMED
    [message] = await inbox.messages(member.id or 0, "pt")
    assert message.kind == "PROMOTION_REWARD" and "10" in message.body


async def test_deposit_promotion_waits_for_a_qualifying_deposit_and_grants_a_bonus() -> None:
    brand = await _usd_brand()
    promotion = await offers.define(
        brand,
        _spec(
            PromotionKind.DEPOSIT,
            min_deposit=D("100.00"),
            reward_kind=RewardKind.BONUS,
            reward_amount=D("50.00"),
            wagering_multiplier=10,
            weights={"SPORTS": 0},
        ),
    )
    member = await _member(brand, bet=False)
    await fund(member.id or 0, "500.00")  # before joining: does not count
    await offers.join(brand, member.id or 0, promotion, utcnow())
    assert await _status(brand, promotion, member) == Shown.JOINED
    await fund(member.id or 0, "99.00")
    await _refused(
        "promo-not-eligible",
        lambda: offers.request_reward(brand, member.id or 0, promotion, utcnow()),
    )
    await fund(member.id or 0, "100.00")
    assert await _status(brand, promotion, member) == Shown.CLAIM
    await offers.request_reward(brand, member.id or 0, promotion, utcnow())
    [grant] = await bonus.member_grants(member.id or 0)
    assert (grant.amount, grant.wagering_required, grant.status, grant.weights) == (
        D("50.00"),
        D("500.00"),
        GrantStatus.ACTIVE,
        {"SPORTS": 0},
    )


async def test_reward_claim_after_turnover_in_brazil() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(
        br1,
        _spec(
            PromotionKind.REWARD,
            min_turnover=D("30.00"),
            reward_kind=RewardKind.BONUS,
            reward_amount=D("5.00"),
            wagering_multiplier=2,
        ),
    )
    member = await _member(br1)
    assert await _status(br1, promotion, member) == Shown.JOIN
    await _refused(
        "promo-not-eligible",
        lambda: offers.request_reward(br1, member.id or 0, promotion, utcnow()),
    )
    await wager(member.id or 0, "40.00")
    assert await _status(br1, promotion, member) == Shown.CLAIM
    await offers.request_reward(br1, member.id or 0, promotion, utcnow())
    assert await _status(br1, promotion, member) == Shown.CLAIMED
    assert len(await bonus.member_grants(member.id or 0)) == 1


async def test_a_points_reward_credits_loyalty_points_once_and_spends_the_budget_in_points() -> (
    None
):
    br1 = await _brand("BR1")
    promotion = await offers.define(
        br1,
        _spec(
            PromotionKind.REWARD,
            min_turnover=D("10.00"),
            reward_kind=RewardKind.POINTS,
            reward_amount=D("250.00"),
            budget=D("500.00"),
        ),
    )
    member = await _member(br1)
    await wager(member.id or 0, "20.00")
    cash_before = await _cash(member)
    await offers.request_reward(br1, member.id or 0, promotion, utcnow())
    assert await _status(br1, promotion, member) == Shown.CLAIMED
    await _refused(
        "promo-already-claimed",
        lambda: offers.request_reward(br1, member.id or 0, promotion, utcnow()),
    )
    async with session_scope() as session:
        balance = await points.balance_in(session, br1, member.id or 0)
    assert balance == D("250.00")
    assert await _cash(member) == cash_before  # points, not cash
    assert not await bonus.member_grants(member.id or 0)
    details = await points.details(member, await brands.by_id(br1), "7d", 0, 1, utcnow())
    assert [(r.type, r.reason, r.amount) for r in details.items] == [
        ("CREDIT", "promotion", D("250.00"))
    ]
    second = await _member(br1)
    third = await _member(br1)
    for other in (second, third):
        await wager(other.id or 0, "20.00")
    await offers.request_reward(br1, second.id or 0, promotion, utcnow())
    await _refused(  # 250 + 250 points spent the budget of 500 points
        "promo-budget-spent",
        lambda: offers.request_reward(br1, third.id or 0, promotion, utcnow()),
    )
    for language in ("en", "pt"):
        assert "{" not in translate("promo.reward.POINTS", language, amount="250,00")


async def test_coming_soon_close_and_budget() -> None:
    br1 = await _brand("BR1")
    later = await offers.define(
        br1, _spec(PromotionKind.REWARD, starts_at=utcnow() + timedelta(days=1))
    )
    member = await _member(br1)
    assert await _status(br1, later, member) == Shown.COMING_SOON
    one_reward = await offers.define(
        br1, _spec(PromotionKind.REWARD, min_turnover=D("1.00"), budget=D("10.00"))
    )
    first, second = await _member(br1), await _member(br1)
    await offers.request_reward(br1, first.id or 0, one_reward, utcnow())
    assert await _status(br1, one_reward, second) == Shown.CLOSE
    await _refused(
        "promo-budget-spent",
        lambda: offers.request_reward(br1, second.id or 0, one_reward, utcnow()),
    )
    page = await offers.listing(br1, first.id, "pt", utcnow(), mine=True)
    assert [item.status for item in page.items] == [Shown.CLAIMED]
    assert page.items[0].title == "Oferta"


async def test_activity_application_every_status_and_the_bet_first_rule() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _spec(PromotionKind.ACTIVITY))
    member = await _member(br1)
    assert await _status(br1, promotion, member) == Shown.JOIN
    await _refused(
        "promo-needs-application", lambda: offers.join(br1, member.id or 0, promotion, utcnow())
    )
    view = await applications.apply(
        br1, member.id or 0, promotion, " my proof ", [picture("PNG"), picture("JPEG")], utcnow()
    )
    assert view.status == Shown.APPLYING and view.entry_id is not None
    stored = await applications.application(view.entry_id)
    assert stored.comment == "my proof" and [n[-3:] for n in stored.images] == ["png", "jpg"]
    assert all((folder_path(applications.IMAGE_FOLDER) / name).is_file() for name in stored.images)
    assert [a.entry_id for a in await applications.waiting(br1)].count(view.entry_id) == 1
    await applications.start_review(view.entry_id, "ops", utcnow())
    assert await _status(br1, promotion, member) == Shown.PROCESS
    await applications.review(view.entry_id, "ops", True, "well done", utcnow())
    assert await _status(br1, promotion, member) == Shown.ISSUED
    await offers.request_reward(br1, member.id or 0, promotion, utcnow())
    assert await _status(br1, promotion, member) == Shown.CLAIMED
    kinds = [m.kind for m in await inbox.messages(member.id or 0, "en")]
    assert kinds[:2] == ["PROMOTION_REWARD", "APPLICATION_APPROVED"]

    # Rejected, then sent again; approved for a member who never bet: Brazil refuses.
    newcomer = await _member(br1, bet=False)
    first = await applications.apply(br1, newcomer.id or 0, promotion, "", [], utcnow())
    assert first.entry_id is not None
    await applications.review(first.entry_id, "ops", False, "blurry", utcnow())
    assert await _status(br1, promotion, newcomer) == Shown.REJECTED
    await _refused(
        "promo-review-invalid",
        lambda: applications.review(first.entry_id or 0, "ops", True, "", utcnow()),
    )
    await applications.apply(br1, newcomer.id or 0, promotion, "again", [picture()], utcnow())
    assert await _status(br1, promotion, newcomer) == Shown.APPLYING
    await applications.review(first.entry_id, "ops", True, "", utcnow())
    await _refused(
        "promo-bet-first", lambda: offers.request_reward(br1, newcomer.id or 0, promotion, utcnow())
    )
    assert await _cash(newcomer) == 0


def _files() -> set[str]:
    folder = folder_path(applications.IMAGE_FOLDER)
    return {p.name for p in folder.iterdir()} if folder.exists() else set()


@pytest.mark.parametrize(
    ("comment", "images", "code", "pt_words"),
    [
        ("x" * 141, [], "application-comment-too-long", "140"),
        ("ok", [picture()] * 4, "too-many-images", "3"),
        (
            "ok",
            [b"\x89PNG\r\n\x1a\n" + b"\0" * (5 * 1024 * 1024)],
            "image-too-large",
            "5 MB",
        ),
        ("ok", [b"%PDF-1.7 not an image"], "image-type", "PNG ou JPG"),
        ("ok", [b"\x89PNG\r\n\x1a\n" + b"garbage" * 10], "image-type", "PNG ou JPG"),
    ],
)
async def test_bad_applications_are_refused_translated_and_store_nothing(
    comment: str, images: list[bytes], code: str, pt_words: str
) -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _spec(PromotionKind.ACTIVITY))
    member = await _member(br1)
    before = _files()
    error = await _refused(
        code, lambda: applications.apply(br1, member.id or 0, promotion, comment, images, utcnow())
    )
    assert pt_words in translate(error.code, "pt", **error.params)
    assert translate(error.code, "en", **error.params) != error.code
    assert _files() == before
    async with session_scope() as session:
        entries = (
            await session.exec(
                select(PromotionEntry).where(col(PromotionEntry.member_id) == member.id)
            )
        ).all()
    assert entries == []


@pytest.mark.engines
async def test_red_envelope_drawn_provably_fair_once() -> None:
    br1 = await _brand("BR1")
    now = utcnow()
    promotion = await offers.define(
        br1,
        _spec(
            PromotionKind.RED_ENVELOPE,
            reward_amount=D("1.00"),
            reward_max=D("8.88"),
            min_turnover=D("1.00"),
            budget=D("100.00"),
        ),
    )
    await _refused(
        "promo-invalid",
        lambda: offers.define(br1, _spec(PromotionKind.RED_ENVELOPE, reward_max=D("0.50"))),
    )
    await _refused("promo-invalid", lambda: offers.define(br1, _spec(PromotionKind.RAFFLE)))
    member = await _member(br1)
    before = await offers.detail(br1, promotion, member.id, "pt", now)
    assert before.status == Shown.CLAIM and before.seed_hash and before.server_seed is None
    cash_before = await _cash(member)
    results = await asyncio.gather(
        *(offers.request_reward(br1, member.id or 0, promotion, utcnow()) for _ in range(3)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    after = await offers.detail(br1, promotion, member.id, "pt", utcnow())
    drawn = after.drawn_amount
    assert after.status == Shown.CLAIMED and drawn is not None
    assert D("1.00") <= drawn <= D("8.88")
    assert await _cash(member) == cash_before + drawn
    # Verify after: once the promotion has ended its seed is revealed and gives the amount.
    ended = await offers.detail(br1, promotion, member.id, "pt", utcnow() + timedelta(days=8))
    assert ended.server_seed is not None
    assert offers.verify_envelope(
        ended.server_seed,
        ended.seed_hash or "",
        member.id or 0,
        promotion,
        D("1.00"),
        D("8.88"),
        drawn,
    )
    assert not offers.verify_envelope(
        "0" * 64, ended.seed_hash or "", member.id or 0, promotion, D("1.00"), D("8.88"), drawn
    )
    # Another member without a bet: Brazil refuses (and the amount is not drawn).
    newcomer = await _member(br1, bet=False)
    await _refused(
        "promo-not-eligible",
        lambda: offers.request_reward(br1, newcomer.id or 0, promotion, utcnow()),
    )

"""Free rounds of an in-house game as a promotion's reward: granted once, played from the
game page without a cash debit, each a settled studio round with its wager fact (bet and
valid bet 0), winnings credited through the ledger to cash (Brazil) or to a bonus with
wagering (elsewhere)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import ledger
from app.services.promotions import free_rounds, offers
from app.services.promotions.offers import PromotionSpec
from app.services.studio import rounds, seeds
from models import LedgerTransaction, Member, Merchant, WagerFact
from models.base import utcnow
from models.ledger import TransactionKind
from models.promotions import BonusGrant, PromotionKind, RewardKind
from tests.helpers.accounts import make_member
from tests.helpers.money import books_differences, fund, wager

D = Decimal
DICE = {"target": "50.00", "direction": "under"}
TEXTS = {
    "en": {"title": "Free rounds", "summary": "Dice on us", "terms": "Three rounds."},
    "pt": {"title": "Rodadas grátis", "summary": "Dados por nossa conta", "terms": "Três."},
}


async def _brand(code: str | None = None) -> int:
    async with write_transaction() as session:
        if code is not None:
            merchant = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
        else:
            new_code = f"U{uuid4().hex[:8].upper()}"
            merchant = Merchant(
                code=new_code, name="Elsewhere", currency="USD", main_domain=f"{new_code}.test"
            )
            session.add(merchant)
            await session.flush()
    assert merchant.id is not None
    return merchant.id


def _offer(**changes: object) -> PromotionSpec:
    now = utcnow()
    fields: dict[str, object] = {
        "code": f"F{uuid4().hex[:10].upper()}",
        "kind": PromotionKind.REWARD,
        "content": TEXTS,
        "starts_at": now - timedelta(days=1),
        "ends_at": now + timedelta(days=7),
        "reward_kind": RewardKind.FREE_ROUNDS,
        "reward_amount": D("1.00"),
        "budget": D("30.00"),
        "min_turnover": D("1.00"),
        "free_game": "BGS_DICE",
        "free_rounds": 3,
    }
    fields.update(changes)
    return PromotionSpec(**fields)  # type: ignore[arg-type]


async def _member(brand_id: int) -> Member:
    async with session_scope() as session:
        merchant = await session.get(Merchant, brand_id)
    assert merchant is not None
    member = await make_member(merchant.code)
    assert member.id is not None
    await fund(member.id, "50.00")
    await wager(member.id, "2.00")
    return member


async def _wallet(member: Member, currency: str) -> tuple[Decimal, Decimal]:
    async with session_scope() as session:
        found = await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=currency
        )
    return found.cash, found.bonus


async def _bets(member: Member) -> int:
    async with session_scope() as session:
        found = await session.exec(
            select(LedgerTransaction.id).where(
                LedgerTransaction.member_id == member.id,
                LedgerTransaction.kind == TransactionKind.BET.value,
            )
        )
        return len(found.all())


async def test_bad_free_round_offers_are_refused() -> None:
    br1 = await _brand("BR1")
    for bad in (
        {"free_game": "NOPE"},
        {"free_rounds": 0},
        {"free_game": "BGS_POKER"},  # a two-step game: no free rounds
        {"free_rounds": 40},  # 40 x 1.00 over the budget
    ):
        with pytest.raises(AppError) as refused:
            await offers.define(br1, _offer(**bad))
        assert refused.value.code == "promo-invalid"


async def test_brazil_free_rounds_pay_cash_and_debit_nothing() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _offer())
    member = await _member(br1)
    member_id = member.id or 0
    assert await free_rounds.available(member_id, "BGS_DICE", utcnow()) is None
    await offers.request_reward(br1, member_id, promotion, utcnow())
    left = await free_rounds.available(member_id, "BGS_DICE", utcnow())
    assert left is not None and left.rounds_left == 3 and left.stake == D("1.00")
    cash_before, bonus_before = await _wallet(member, "BRL")
    bets_before = await _bets(member)
    played = [await free_rounds.play(member_id, "BGS_DICE", DICE, utcnow()) for _ in range(3)]
    won = sum((r.payout for r in played), D("0.00"))
    assert all(r.finished and r.stake == D("1.00") for r in played)
    assert await _wallet(member, "BRL") == (cash_before + won, bonus_before)
    assert await _bets(member) == bets_before  # no cash debit at all
    async with session_scope() as session:
        facts = (
            await session.exec(
                select(WagerFact).where(col(WagerFact.round_ref).in_([r.round_id for r in played]))
            )
        ).all()
        assert len(facts) == 3
        assert all(f.bet == 0 and f.valid_bet == 0 for f in facts)
        assert sum((f.win for f in facts), D("0.00")) == won
        assert await books_differences(session) == ()
    # Provably fair like any studio round: once the seed is revealed, each recomputes.
    await seeds.rotate(seeds.member_owner(member_id))
    for one in played:
        checked = await rounds.verify(seeds.member_owner(member_id), one.round_id)
        assert checked.matches and "free_round" in checked.choice
    with pytest.raises(AppError) as none_left:
        await free_rounds.play(member_id, "BGS_DICE", DICE, utcnow())
    assert none_left.value.code == "free-rounds-none"
    for language in ("en", "pt"):
        assert translate("free-rounds-none", language) != "free-rounds-none"
    # The budget spent the nominal value once: 3 x 1.00.
    view = await offers.detail(br1, promotion, member_id, "en", utcnow())
    assert view.status == "claimed"


@pytest.mark.engines
async def test_twin_clicks_play_the_last_round_once() -> None:
    br1 = await _brand("BR1")
    promotion = await offers.define(br1, _offer(free_rounds=1))
    member = await _member(br1)
    await offers.request_reward(br1, member.id or 0, promotion, utcnow())
    results = await asyncio.gather(
        *(free_rounds.play(member.id or 0, "BGS_DICE", DICE, utcnow()) for _ in range(3)),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1, results
    assert all(
        isinstance(r, AppError) and r.code == "free-rounds-none"
        for r in results
        if isinstance(r, Exception)
    )


async def test_elsewhere_winnings_become_a_bonus_with_wagering() -> None:
    brand = await _brand()
    promotion = await offers.define(brand, _offer(wagering_multiplier=5))
    member = await _member(brand)
    await offers.request_reward(brand, member.id or 0, promotion, utcnow())
    cash_before, _ = await _wallet(member, "USD")
    played = [await free_rounds.play(member.id or 0, "BGS_DICE", DICE, utcnow()) for _ in range(3)]
    won = sum((r.payout for r in played), D("0.00"))
    cash_after, bonus_after = await _wallet(member, "USD")
    assert cash_after == cash_before and bonus_after == won
    async with session_scope() as session:
        grants = (
            await session.exec(select(BonusGrant).where(BonusGrant.member_id == member.id))
        ).all()
    assert sum((g.amount for g in grants), D("0.00")) == won
    assert all(g.wagering_required == g.amount * 5 for g in grants)

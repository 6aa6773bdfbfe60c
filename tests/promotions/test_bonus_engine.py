"""The bonus engine: grants apart from cash, wagering from wager facts with weights and the
maximum bet, conversion once (concurrent claims → one), expiry, forfeit, the Brazil rule."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, wager_facts, wallet_events
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from models import LedgerTransaction, Member
from models.base import utcnow
from models.promotions import GrantStatus
from tests.helpers.accounts import make_member
from tests.helpers.facts import facts_readable
from tests.helpers.money import CURRENCY, fund, wager

D = Decimal
TERMS = BonusTerms(
    amount=D("10.00"),
    multiplier=5,
    weights={"SPORTS": 0, "PVP": 0, "LIVE": 50},
    days=7,
    max_bet=D("20.00"),
)


async def _bet(member: Member, stake: str, category: str = "RNG", win: str = "0.00") -> None:
    """A settled bet's wager fact (the money side is covered by the game paths' tests)."""
    async with write_transaction() as session:
        await wager_facts.record(
            session,
            [
                wager_facts.Fact(
                    member_id=member.id or 0,
                    brand_id=member.merchant_id,
                    vendor="UNIT",
                    game_code="UNIT_GAME",
                    category=category,
                    currency=CURRENCY,
                    round_ref=uuid4().hex,
                    bet=D(stake),
                    valid_bet=D(stake),
                    win=D(win),
                    settled_at=utcnow(),
                )
            ],
        )
    await facts_readable()


async def _wallet(member: Member) -> ledger.MemberWallet:
    async with session_scope() as session:
        return await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=CURRENCY
        )


async def _player() -> Member:
    """A BR1 member who has bet once (Brazil: no bonus before the first bet)."""
    await bonus.register()
    member = await make_member()
    await fund(member.id or 0, "100.00")
    await wager(member.id or 0, "1.00")
    await bonus.catch_up_wagering(utcnow())
    return member


async def test_brazil_refuses_a_bonus_before_the_first_bet() -> None:
    member = await make_member()
    with pytest.raises(AppError) as caught:
        await bonus.grant(member.id or 0, TERMS, uuid4().hex, utcnow())
    assert caught.value.code == "promo-bet-first"
    assert (await _wallet(member)).bonus == 0
    assert await bonus.member_grants(member.id or 0) == []


async def test_a_grant_lives_in_the_bonus_account_and_is_granted_once() -> None:
    member = await _player()
    key = uuid4().hex
    first = await bonus.grant(member.id or 0, TERMS, key, utcnow())
    again = await bonus.grant(member.id or 0, TERMS, key, utcnow())
    assert first.id == again.id
    assert (first.amount, first.wagering_required, first.percent) == (D("10.00"), D("50.00"), 0)
    wallet = await _wallet(member)
    assert (wallet.cash, wallet.bonus) == (D("100.00"), D("10.00"))


async def test_progress_counts_weights_and_max_bet_then_converts_once() -> None:
    member = await _player()
    made = await bonus.grant(member.id or 0, TERMS, uuid4().hex, utcnow())
    await _bet(member, "10.00", "SPORTS")  # 0 %
    await _bet(member, "10.00", "PVP")  # 0 %
    await _bet(member, "10.00", "LIVE")  # 50 %: 5.00
    await _bet(member, "25.00", "RNG")  # above the maximum bet: not counted
    await _bet(member, "20.00", "RNG")  # 100 %: 20.00
    await bonus.catch_up_wagering(utcnow())
    [view] = await bonus.member_grants(member.id or 0)
    assert (view.wagered, view.remaining, view.percent) == (D("25.00"), D("25.00"), 50)
    assert (await bonus.summary(member.id or 0)).locked == D("10.00")
    with pytest.raises(AppError) as caught:
        await bonus.claim(member.id or 0, made.id, utcnow())
    assert caught.value.code == "bonus-not-met"

    await _bet(member, "20.00")
    await _bet(member, "10.00")  # 5.00 past the requirement
    await bonus.catch_up_wagering(utcnow())
    [view] = await bonus.member_grants(member.id or 0)
    assert (view.status, view.converted_amount, view.percent) == (
        GrantStatus.CONVERTED,
        D("10.00"),
        100,
    )
    wallet = await _wallet(member)
    assert (wallet.cash, wallet.bonus) == (D("110.00"), D("0.00"))
    # Claims after the conversion change nothing.
    await bonus.claim(member.id or 0, made.id, utcnow())
    assert (await _wallet(member)).cash == D("110.00")
    # Facts are counted once: a second run reads nothing new.
    assert await bonus.catch_up_wagering(utcnow()) == 0


async def test_progress_moves_the_money_s_version_and_a_conversion_the_badges_too() -> None:
    """The header shows a grant's progress with the money: progress bumps the money's version
    only; a conversion also posts its message, which moves the header's badges."""
    member = await _player()
    member_id = member.id or 0
    await bonus.grant(member_id, TERMS, uuid4().hex, utcnow())
    before = await wallet_events.balance_version(member_id)
    await _bet(member, "20.00")
    await bonus.catch_up_wagering(utcnow())
    progressed = await wallet_events.balance_version(member_id)
    assert (progressed.money, progressed.badges) == (before.money + 1, before.badges)
    await _bet(member, "20.00")
    await _bet(member, "10.00")
    await bonus.catch_up_wagering(utcnow())
    converted = await wallet_events.balance_version(member_id)
    assert (converted.money, converted.badges) == (progressed.money + 1, progressed.badges + 1)


@pytest.mark.engines
async def test_concurrent_claims_convert_once_with_the_maximum_conversion() -> None:
    member = await _player()
    terms = BonusTerms(amount=D("30.00"), multiplier=1, weights={}, days=7, max_conversion=D("25"))
    made = await bonus.grant(member.id or 0, terms, uuid4().hex, utcnow())
    # Met in the database but not yet converted (as if the consumer were behind).
    async with write_transaction() as session:
        from models import BonusGrant

        row = await session.get(BonusGrant, made.id)
        assert row is not None
        row.wagered = D("30.00")
        session.add(row)
    results = await asyncio.gather(
        *(bonus.claim(member.id or 0, made.id, utcnow()) for _ in range(6)),
        return_exceptions=True,
    )
    assert all(not isinstance(result, Exception) for result in results), results
    wallet = await _wallet(member)
    assert (wallet.cash, wallet.bonus) == (D("125.00"), D("0.00"))
    async with session_scope() as session:
        closes = (
            await session.exec(
                select(LedgerTransaction).where(
                    col(LedgerTransaction.idempotency_key) == f"bonus-close:{made.id}"
                )
            )
        ).all()
    assert len(closes) == 1


async def test_expiry_and_forfeit_return_the_bonus_with_a_record() -> None:
    member = await _player()
    now = utcnow()
    short = BonusTerms(amount=D("5.00"), multiplier=10, weights={}, days=1)
    expiring = await bonus.grant(member.id or 0, short, uuid4().hex, now)
    kept = await bonus.grant(member.id or 0, TERMS, uuid4().hex, now)
    assert await bonus.expire_due(now + timedelta(hours=1)) == 0
    assert await bonus.expire_due(now + timedelta(days=1, seconds=1)) >= 1
    assert (await _wallet(member)).bonus == D("10.00")
    assert await bonus.forfeit(member.id or 0, bonus.SELF_EXCLUSION, now) == 1
    views = {view.id: view for view in await bonus.member_grants(member.id or 0)}
    assert (views[expiring.id].status, views[expiring.id].close_reason) == (
        GrantStatus.EXPIRED,
        "expired",
    )
    assert (views[kept.id].status, views[kept.id].close_reason) == (
        GrantStatus.FORFEITED,
        "self-exclusion",
    )
    wallet = await _wallet(member)
    assert (wallet.cash, wallet.bonus) == (D("100.00"), D("0.00"))
    # Bets after the forfeit count towards nothing.
    await _bet(member, "50.00")
    await bonus.catch_up_wagering(utcnow())
    assert (await _wallet(member)).cash == D("100.00")
    with pytest.raises(AppError):
        await bonus.forfeit(member.id or 0, "because", now)
    async with session_scope() as session:
        assert (await ledger.audit(session)).clean

"""Loyalty points: earning per category and ratio from wager facts (own money only, not under
a responsible-gambling block, each fact once, catch-up after being down), credits, the mall's
redeems (cash, bonus, physical with review), conversion, and the races: concurrent redeems of
the last points and of the last item."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import ledger, points_ledger, wager_facts, wallet_events
from app.services.accounts import payment_password
from app.services.brands import brands
from app.services.loyalty import points
from app.services.promotions import bonus, free_rounds
from models import LedgerAccount, Member, Merchant
from models.base import utcnow
from models.ledger import AccountKind
from models.points import PointsRedeem, PointsReward, PointsRewardKind, RedeemStatus
from models.promotions import FreeRoundGrant
from models.protection import ExclusionKind, MemberProtection
from tests.helpers.accounts import PASSWORD, make_member
from tests.helpers.facts import facts_readable
from tests.helpers.money import CURRENCY, fund

D = Decimal
PAY_PASSWORD = "246810"
SLOT = "BGS_SLOT_JUNGLE"  # an in-house game that can give free rounds
RATIOS = {"RNG": "0.1", "LIVE": "0.05", "SPORTS": "0"}
ADDRESS = {
    "name": "Ana Souza",
    "phone": "+55 11 91234-5678",
    "line": "Rua das Flores, 100",
    "city": "São Paulo",
    "region": "SP",
    "postcode": "01000-000",
}


async def _merchant_id(code: str) -> int:
    async with session_scope() as session:
        found = (await session.exec(select(Merchant).where(Merchant.code == code))).one()
    assert found.id is not None
    return found.id


async def _configure(code: str = "BR1", **overrides: object) -> int:
    merchant_id = await _merchant_id(code)
    await points.configure(
        merchant_id,
        earn_ratios=RATIOS,
        convert_ratio=overrides.get("convert_ratio", "100"),
        min_convert=overrides.get("min_convert", "100"),
        now=utcnow(),
    )
    return merchant_id


async def _fact(
    member: Member,
    valid_bet: str,
    category: str = "RNG",
    *,
    currency: str = CURRENCY,
    kind: wager_facts.FactKind = wager_facts.FactKind.SETTLED,
) -> None:
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
                    currency=currency,
                    round_ref=uuid4().hex,
                    bet=D(valid_bet),
                    valid_bet=D(valid_bet),
                    win=D("0.00"),
                    settled_at=utcnow(),
                    kind=kind,
                )
            ],
        )
    await facts_readable()


async def _balance(member: Member) -> Decimal:
    async with session_scope() as session:
        return await points.balance_in(session, member.merchant_id, member.id or 0)


async def _cash(member: Member) -> ledger.MemberWallet:
    async with session_scope() as session:
        return await ledger.member_wallet(
            session, merchant_id=member.merchant_id, member_id=member.id or 0, currency=CURRENCY
        )


async def _give(member: Member, amount: str) -> None:
    async with write_transaction() as session:
        await points_ledger.credit(
            session, member.id or 0, D(amount), key=uuid4().hex, reason="promotion", now=utcnow()
        )


async def _with_password(member: Member) -> Member:
    brand = await brands.by_id(member.merchant_id)
    await payment_password.set_payment_password(
        brand, member, PASSWORD, PAY_PASSWORD, PAY_PASSWORD, "127.0.0.1"
    )
    async with session_scope() as session:
        stored = await session.get(Member, member.id)
    assert stored is not None
    return stored


async def _reward(
    merchant_id: int,
    kind: PointsRewardKind,
    cost: str,
    *,
    value: str = "0.00",
    stock: int | None = None,
    content: Mapping[str, object] | None = None,
    free: tuple[str, int] = ("", 0),
) -> int:
    async with write_transaction() as session:
        reward = PointsReward(
            merchant_id=merchant_id,
            code=uuid4().hex[:16],
            kind=kind.value,
            model="M-1",
            content=dict(content or {"en": {"name": "Prize"}, "pt": {"name": "Prêmio"}}),
            points=D(cost),
            value=D(value),
            wagering_multiplier=3,
            bonus_days=7,
            stock=stock,
            free_game=free[0],
            free_rounds=free[1],
        )
        session.add(reward)
        await session.flush()
        assert reward.id is not None
        return reward.id


async def _audit_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.clean, report.differences


async def test_earning_per_category_and_ratio_once() -> None:
    await _configure()
    await points.catch_up_earning(utcnow())
    member = await make_member()
    await _fact(member, "25.00")  # RNG 0.1: 2.50
    await _fact(member, "9.99")  # 0.999 → 0.99 (rounded down per bet)
    await _fact(member, "40.00", "LIVE")  # 0.05: 2.00
    await _fact(member, "100.00", "SPORTS")  # 0: nothing
    await _fact(member, "100.00", "COCKFIGHT")  # not configured: nothing
    await points.catch_up_earning(utcnow())
    assert await _balance(member) == D("5.49")
    # Each fact counts once: another run reads nothing new and credits nothing.
    assert await points.catch_up_earning(utcnow()) == 0
    assert await _balance(member) == D("5.49")
    await _audit_clean()


async def test_earning_wakes_no_page() -> None:
    """No page shows a points balance as it moves (the mall and the VIP page read it as they
    open): the header of every open tab is left alone."""
    await _configure()
    await points.catch_up_earning(utcnow())
    member = await make_member()
    assert member.id is not None
    before = await wallet_events.balance_version(member.id)
    await _fact(member, "25.00")
    assert await points.catch_up_earning(utcnow()) == 1
    assert await _balance(member) == D("2.50")
    assert await wallet_events.balance_version(member.id) == before


async def test_only_own_money_of_real_players_in_the_brand_currency_earns() -> None:
    await _configure()
    await points.catch_up_earning(utcnow())
    trial = await make_member(account_type=get_settings().trial_account_types[0])
    operator = await make_member(account_type=get_settings().operator_account_types[0])
    player = await make_member()
    for member in (trial, operator, player):
        await _fact(member, "50.00")
    await _fact(player, "50.00", currency="USD")  # not the brand's money
    await _fact(player, "-50.00", kind=wager_facts.FactKind.VOIDED)  # a void takes nothing
    await points.catch_up_earning(utcnow())
    assert await _balance(trial) == 0
    assert await _balance(operator) == 0
    assert await _balance(player) == D("5.00")


async def test_a_member_under_a_block_earns_nothing() -> None:
    await _configure()
    await points.catch_up_earning(utcnow())
    member = await make_member()
    async with write_transaction() as session:
        session.add(
            MemberProtection(
                member_id=member.id or 0,
                excluded_kind=ExclusionKind.SELF_EXCLUSION.value,
                excluded_at=utcnow() - timedelta(days=1),
                excluded_until=None,
            )
        )
    await _fact(member, "100.00")
    await points.catch_up_earning(utcnow())
    assert await _balance(member) == 0


@pytest.mark.engines
async def test_the_consumer_catches_up_after_being_down_and_counts_each_fact_once() -> None:
    await _configure()
    await points.catch_up_earning(utcnow())
    member = await make_member()
    for _ in range(7):
        await _fact(member, "10.00")
    # Down while the facts arrived; then two runners catch up at once, in small batches.
    done = await asyncio.gather(
        points.catch_up_earning(utcnow(), batch_size=2),
        points.catch_up_earning(utcnow(), batch_size=3),
    )
    assert sum(done) >= 7
    assert await _balance(member) == D("7.00")
    assert await points.catch_up_earning(utcnow()) == 0
    await _audit_clean()


async def test_credit_is_once_per_key_and_refuses_bad_input() -> None:
    member = await make_member()
    key = uuid4().hex
    for _ in range(2):
        async with write_transaction() as session:
            made = await points_ledger.credit(
                session, member.id or 0, 50, key=key, reason="mission", now=utcnow()
            )
    assert (made.replay, made.balance) == (True, D("50.00"))
    for amount in (0, -1, D("0.001"), D("NaN"), True):
        with pytest.raises(AppError) as caught:
            async with write_transaction() as session:
                await points_ledger.credit(
                    session, member.id or 0, amount, key=uuid4().hex, reason="x", now=utcnow()
                )
        assert caught.value.code == "points-invalid-amount"
    with pytest.raises(AppError) as caught:
        async with write_transaction() as session:
            await points_ledger.credit(session, member.id or 0, 5, key="", reason="x", now=utcnow())
    assert caught.value.code == "points-invalid-credit"
    assert await _balance(member) == D("50.00")


async def test_conversion_at_the_brand_ratio() -> None:
    await _configure(convert_ratio="50", min_convert="100")
    member = await _with_password(await make_member())
    await _give(member, "275.00")
    made = await points.convert(member, "275", PAY_PASSWORD, utcnow())
    assert (made.points, made.cash, made.balance) == (D("275.00"), D("5.50"), D("0.00"))
    assert (await _cash(member)).cash == D("5.50")
    await _give(member, "99")
    for text, code in (("99", "points-convert-too-small"), ("abc", "points-invalid-amount")):
        with pytest.raises(AppError) as caught:
            await points.convert(member, text, PAY_PASSWORD, utcnow())
        assert caught.value.code == code
    with pytest.raises(AppError) as caught:
        await _give(member, "1")
        await points.convert(member, "100", "000000", utcnow())
    assert caught.value.code == "payment-password-incorrect"
    assert await _balance(member) == D("100.00")
    assert (await _cash(member)).cash == D("5.50")
    await _audit_clean()


async def test_redeem_cash_pays_the_wallet_and_is_approved() -> None:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "300")
    reward = await _reward(merchant_id, PointsRewardKind.CASH, "100", value="2.00")
    made = await points.redeem(member, reward, "2", PAY_PASSWORD, None, "en", utcnow())
    assert (made.status, made.points, made.quantity, made.name) == (
        RedeemStatus.APPROVED,
        D("200.00"),
        2,
        "Prize",
    )
    assert await _balance(member) == D("100.00")
    assert (await _cash(member)).cash == D("4.00")
    await _audit_clean()


async def test_bonus_rewards_go_through_the_bonus_engine_and_not_in_brazil() -> None:
    br2 = await _configure("BR2")
    member = await _with_password(await make_member("BR2"))
    await _give(member, "500")
    reward = await _reward(br2, PointsRewardKind.BONUS, "500", value="10.00")
    made = await points.redeem(member, reward, 1, PAY_PASSWORD, None, "pt", utcnow())
    assert (made.status, made.name) == (RedeemStatus.APPROVED, "Prêmio")
    [grant] = await bonus.member_grants(member.id or 0)
    assert (grant.amount, grant.wagering_required) == (D("10.00"), D("30.00"))
    assert (await _cash(member)).bonus == D("10.00")
    # A member on a break is offered no bonus.
    async with write_transaction() as session:
        session.add(
            MemberProtection(
                member_id=member.id or 0,
                excluded_kind=ExclusionKind.COOLING_OFF.value,
                excluded_at=utcnow(),
                excluded_until=utcnow() + timedelta(days=2),
            )
        )
    await _give(member, "500")
    with pytest.raises(AppError) as caught:
        await points.redeem(member, reward, 1, PAY_PASSWORD, None, "pt", utcnow())
    assert caught.value.code == "points-reward-not-offered"
    assert await _balance(member) == D("500.00")
    # Brazil forbids pre-bet bonuses: its mall neither lists nor redeems bonus rewards.
    br1 = await _merchant_id("BR1")
    brazilian = await _with_password(await make_member())
    await _give(brazilian, "500")
    offer = await _reward(br1, PointsRewardKind.BONUS, "500", value="10.00")
    assert offer not in {view.id for view in await points.rewards(br1, "en")}
    with pytest.raises(AppError) as caught:
        await points.redeem(brazilian, offer, 1, PAY_PASSWORD, None, "en", utcnow())
    assert caught.value.code == "points-reward-not-offered"
    assert await _balance(brazilian) == D("500.00")


async def test_free_rounds_rewards_grant_rounds_of_an_in_house_game_once() -> None:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "1000")
    spins = await _reward(
        merchant_id, PointsRewardKind.FREE_ROUNDS, "300", value="0.50", free=(SLOT, 10)
    )
    assert spins in {view.id for view in await points.rewards(merchant_id, "en")}
    made = await points.redeem(member, spins, "2", PAY_PASSWORD, None, "en", utcnow())
    assert (made.status, made.points) == (RedeemStatus.APPROVED, D("600.00"))
    rounds = await free_rounds.available(member.id or 0, SLOT, utcnow())
    assert rounds is not None and (rounds.rounds_left, rounds.stake) == (20, D("0.50"))
    assert await _balance(member) == D("400.00")
    assert (await _cash(member)).cash == D("0.00")  # no cash moved: the rounds are the reward
    async with session_scope() as session:
        [grant] = (
            await session.exec(select(FreeRoundGrant).where(FreeRoundGrant.member_id == member.id))
        ).all()
    assert grant.winnings_to == "CASH"  # Brazil: what free rounds win is cash
    # A reward of a game that cannot give free rounds is neither listed nor redeemed.
    broken = await _reward(
        merchant_id, PointsRewardKind.FREE_ROUNDS, "10", value="0.50", free=("NO_GAME", 10)
    )
    assert broken not in {view.id for view in await points.rewards(merchant_id, "en")}
    with pytest.raises(AppError) as caught:
        await points.redeem(member, broken, 1, PAY_PASSWORD, None, "en", utcnow())
    assert caught.value.code == "points-reward-not-offered"
    assert await _balance(member) == D("400.00")
    await _audit_clean()


async def test_physical_items_wait_for_review_and_a_rejection_returns_points_and_stock() -> None:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "1000")
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "400", stock=3)
    with pytest.raises(AppError) as caught:
        await points.redeem(member, reward, 1, PAY_PASSWORD, {"name": "A"}, "en", utcnow())
    assert caught.value.code == "points-address-invalid"
    made = await points.redeem(member, reward, 2, PAY_PASSWORD, ADDRESS, "en", utcnow())
    assert made.status is RedeemStatus.PROCESS and made.address["city"] == "São Paulo"
    assert await _balance(member) == D("200.00")
    assert await _stock(reward) == 1
    assert made.reference in {view.reference for view in await points.pending(merchant_id)}
    rejected = await points.decide(
        merchant_id, made.reference, approve=False, note="no stock", decided_by="ops", now=utcnow()
    )
    assert rejected.status is RedeemStatus.REJECTED
    assert await _balance(member) == D("1000.00")
    assert await _stock(reward) == 3
    with pytest.raises(AppError) as caught:
        await points.decide(
            merchant_id, made.reference, approve=True, note="", decided_by="ops", now=utcnow()
        )
    assert caught.value.code == "points-redeem-decided"
    again = await points.redeem(member, reward, 1, PAY_PASSWORD, ADDRESS, "en", utcnow())
    approved = await points.decide(
        merchant_id, again.reference, approve=True, note="", decided_by="ops", now=utcnow()
    )
    assert approved.status is RedeemStatus.APPROVED
    assert await _balance(member) == D("600.00")
    await _audit_clean()


async def _stock(reward_id: int) -> int | None:
    async with session_scope() as session:
        found = await session.get(PointsReward, reward_id)
    assert found is not None
    return found.stock


async def test_bad_redeems_change_nothing() -> None:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "150")
    reward = await _reward(merchant_id, PointsRewardKind.CASH, "100", value="1.00", stock=5)
    other_brand = await _reward(await _merchant_id("BR2"), PointsRewardKind.CASH, "1", value="1")
    cases: list[tuple[object, object, str, str]] = [
        (reward, 0, PAY_PASSWORD, "points-quantity-invalid"),
        (reward, "11", PAY_PASSWORD, "points-quantity-invalid"),
        (reward, 2, PAY_PASSWORD, "points-insufficient"),
        (reward, 1, "000000", "payment-password-incorrect"),
        (other_brand, 1, PAY_PASSWORD, "points-reward-not-found"),
        ("1", 1, PAY_PASSWORD, "points-reward-not-found"),
    ]
    for reward_id, quantity, password, code in cases:
        with pytest.raises(AppError) as caught:
            await points.redeem(member, reward_id, quantity, password, None, "en", utcnow())
        assert caught.value.code == code
    assert await _balance(member) == D("150.00")
    assert await _stock(reward) == 5
    async with session_scope() as session:
        rows = (
            await session.exec(select(PointsRedeem).where(PointsRedeem.member_id == member.id))
        ).all()
    assert rows == []
    assert (await _cash(member)).cash == 0


@pytest.mark.engines
async def test_concurrent_redeems_of_the_last_points_one_succeeds() -> None:
    merchant_id = await _configure()
    member = await _with_password(await make_member())
    await _give(member, "100")
    reward = await _reward(merchant_id, PointsRewardKind.CASH, "100", value="1.00")
    results = await asyncio.gather(
        *(points.redeem(member, reward, 1, PAY_PASSWORD, None, "en", utcnow()) for _ in range(5)),
        return_exceptions=True,
    )
    done = [r for r in results if isinstance(r, points.RedeemView)]
    refused = [r for r in results if isinstance(r, AppError)]
    assert len(done) == 1 and len(refused) == 4
    assert {error.code for error in refused} == {"points-insufficient"}
    assert await _balance(member) == 0
    assert (await _cash(member)).cash == D("1.00")
    await _audit_clean()


@pytest.mark.engines
async def test_stock_never_goes_negative_under_concurrency() -> None:
    merchant_id = await _configure()
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "10", stock=2)
    members = [await _with_password(await make_member()) for _ in range(5)]
    for member in members:
        await _give(member, "10")
    results = await asyncio.gather(
        *(points.redeem(m, reward, 1, PAY_PASSWORD, ADDRESS, "en", utcnow()) for m in members),
        return_exceptions=True,
    )
    done = [r for r in results if isinstance(r, points.RedeemView)]
    assert len(done) == 2
    assert {r.code for r in results if isinstance(r, AppError)} == {"points-out-of-stock"}
    assert await _stock(reward) == 0
    balances = sorted([await _balance(m) for m in members])
    assert balances == [0, 0, D("10.00"), D("10.00"), D("10.00")]


async def test_details_and_history_with_the_spec_fields_and_windows() -> None:
    merchant_id = await _configure()
    await points.catch_up_earning(utcnow())
    member = await _with_password(await make_member())
    brand = await brands.by_id(member.merchant_id)
    await _fact(member, "30.00")
    await points.catch_up_earning(utcnow())
    await _give(member, "100")
    reward = await _reward(merchant_id, PointsRewardKind.PHYSICAL, "50", stock=None)
    made = await points.redeem(member, reward, 1, PAY_PASSWORD, ADDRESS, "en", utcnow())
    found = await points.details(member, brand, "7d", 0, 1, utcnow())
    assert [(r.type, r.amount, r.status) for r in found.items] == [
        ("REDEEM", D("-50.00"), RedeemStatus.PROCESS),
        ("CREDIT", D("100.00"), RedeemStatus.APPROVED),
        ("EARN", D("3.00"), RedeemStatus.APPROVED),
    ]
    assert (found.items[0].balance, found.items[2].ratio) == (D("53.00"), "0.1")
    history = await points.redeem_list(member, brand, "30d", 0, 1, utcnow())
    assert [(h.reference, h.quantity, h.points) for h in history.items] == [
        (made.reference, 1, D("50.00"))
    ]
    # The previous window holds nothing; bad ranges and pages are refused.
    assert (await points.details(member, brand, "7d", 1, 1, utcnow())).items == []
    for range_name, offset, page in (("1y", 0, 1), ("7d", -1, 1), ("7d", 0, 0), ("7d", "0", 1)):
        with pytest.raises(AppError):
            await points.details(member, brand, range_name, offset, page, utcnow())


async def test_points_are_a_ledger_currency_of_their_own() -> None:
    member = await make_member()
    await _give(member, "12.5")
    async with session_scope() as session:
        accounts = (
            await session.exec(
                select(LedgerAccount).where(
                    col(LedgerAccount.member_id) == member.id,
                    LedgerAccount.kind == AccountKind.MEMBER_POINTS.value,
                )
            )
        ).all()
    assert [(a.currency, a.balance) for a in accounts] == [("PTS", D("12.50"))]
    await fund(member.id or 0, "1.00")
    await _audit_clean()

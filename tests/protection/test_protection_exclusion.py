"""Cooling-off and self-exclusion (issue 19; Portaria SPA/MF 2.579/2025, IN 31/2025): open
lottery bets refunded, sessions ended, marketing stopped, play and deposits refused, each step
in the retention log; the balance stays withdrawable (login allowed). Real database."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import select

from app.core import clock
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import exclusion, ledger
from app.services.accounts import sessions
from app.services.brands import brands
from app.services.cashier import deposits, withdrawals
from app.services.lottery import bets
from app.services.promotions import bonus
from app.services.promotions.bonus import BonusTerms
from app.services.protection import limits
from app.services.protection.records import export_csv, member_records
from app.services.seamless import wallet
from models import BonusGrant, LotteryBet, WagerFact
from models.facts import FactKind
from models.games import WalletStatus
from models.lottery import BetStatus
from models.promotions import GrantStatus
from models.protection import ExclusionKind
from tests.cashier.test_withdrawal_job import PAYMENT_PASSWORD
from tests.cashier.test_withdrawal_job import _member as _withdrawing_member
from tests.helpers.lottery import open_issue, request
from tests.helpers.money import cash
from tests.helpers.seamless import call, funded_member, player_session, studio_game
from tests.promotions.test_bonus_engine import _player


async def test_a_self_excluded_members_open_lottery_bets_are_refunded() -> None:
    issue, now = await open_issue()
    member = await funded_member("100.00")
    bet = await bets.place_bet(
        member, issue.issue_no, request("ssc.position", {"options": ["1:1"]}, "5.00"), now
    )
    chase = await bets.place_chase(
        member, request("ssc.position", {"options": ["2:2"]}, "1.00"), 3, now
    )
    assert chase.id is not None
    assert await cash(member) == Decimal("92.00")
    done = await exclusion.exclude(member, "SELF_EXCLUSION", None, now)
    assert done.until is None and done.kind is ExclusionKind.SELF_EXCLUSION
    assert (done.refunded_bets, done.refunded_amount) == (4, Decimal("8.00"))
    assert await cash(member) == Decimal("100.00")
    async with session_scope() as session:
        statuses = (
            await session.exec(select(LotteryBet.status).where(LotteryBet.member_id == member.id))
        ).all()
        voided = (
            await session.exec(select(WagerFact.kind).where(WagerFact.round_ref == bet.uid))
        ).all()
        report = await ledger.audit(session)
    assert set(statuses) == {BetStatus.REFUNDED}
    assert voided == [FactKind.VOIDED]
    assert report.differences == ()
    # The retention log says the refund the member's way, as money (Portuguese on BR1).
    [refunded] = [r for r in await member_records(member.id or 0) if r.event == "lottery-refunded"]
    assert "(R$\u00a08,00)" in refunded.content


async def test_an_excluded_member_cannot_bet_or_deposit_and_gets_neutral_wording() -> None:
    member = await funded_member("50.00")
    ps = await player_session(member, await studio_game())
    await exclusion.exclude(member, "COOLING_OFF", 7, clock.now())
    # The game session ended with the exclusion: the vendor's next debit is refused.
    with pytest.raises(AppError):
        await wallet.debit(
            wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "1.00", ps.game_code)
        )
    fresh = await player_session(member, await studio_game())
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, fresh.session_token, call(uuid4().hex, "1.00", fresh.game_code)
    )
    assert answer.status is WalletStatus.REFUSED
    assert await cash(member) == Decimal("50.00")
    brand = await brands.by_id(member.merchant_id)
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "20")
    assert refused.value.code == "protection-excluded"
    for language in ("en", "pt"):
        text = translate("protection-excluded", language)
        assert "exclu" not in text.lower()  # neutral: it says paused, not why


async def test_an_excluded_member_may_still_log_in_to_withdraw() -> None:
    member = await funded_member("10.00")
    token = await sessions.open_session(member, "203.0.113.9", "test", "WEB")
    done = await exclusion.exclude(member, "COOLING_OFF", 1, clock.now())
    assert done.sessions_ended == 1
    with pytest.raises(AppError):
        await sessions.authenticate(token)  # the old session ended
    again = await sessions.open_session(member, "203.0.113.9", "test", "WEB")
    assert (await sessions.authenticate(again)).member.id == member.id


async def test_marketing_stops_for_an_excluded_member() -> None:
    member = await funded_member("0")
    assert member.id is not None
    async with session_scope() as session:
        assert await limits.marketing_allowed(session, member.id, clock.now())
    await exclusion.exclude(member, "COOLING_OFF", 2, clock.now())
    async with session_scope() as session:
        assert not await limits.marketing_allowed(session, member.id, clock.now())
        # still off after the pause ends: the member opts in again
        later = clock.now() + timedelta(days=3)
        assert not await limits.marketing_allowed(session, member.id, later)


async def test_a_cooling_off_ends_and_play_resumes() -> None:
    member = await funded_member("20.00")
    await exclusion.exclude(member, "COOLING_OFF", 1, clock.now())
    clock.advance(24 * 3600 + 1)
    ps = await player_session(member, await studio_game())
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(uuid4().hex, "1.00", ps.game_code)
    )
    assert answer.status is WalletStatus.OK


@pytest.mark.parametrize(
    ("kind", "days"),
    [
        ("COOLING_OFF", 0),
        ("COOLING_OFF", 43),  # over 6 weeks
        ("COOLING_OFF", None),  # a cooling-off is never indefinite
        ("SELF_EXCLUSION", 182),  # under 6 months
        ("SELF_EXCLUSION", "abc"),
        ("HOLIDAY", 10),
    ],
)
async def test_a_bad_exclusion_length_is_refused_and_changes_nothing(
    kind: str, days: object
) -> None:
    member = await funded_member("0")
    with pytest.raises(AppError) as refused:
        await exclusion.exclude(member, kind, days, clock.now())
    assert refused.value.code == "protection-exclusion-invalid"
    assert await exclusion.current(member, clock.now()) is None
    assert await member_records(member.id or 0) == []


async def test_an_exclusion_cannot_be_shortened_only_lengthened() -> None:
    member = await funded_member("0")
    now = clock.now()
    await exclusion.exclude(member, "COOLING_OFF", 14, now)
    with pytest.raises(AppError) as refused:
        await exclusion.exclude(member, "COOLING_OFF", 3, now)
    assert refused.value.code == "protection-exclusion-shorter"
    longer = await exclusion.exclude(member, "SELF_EXCLUSION", 365, now)
    assert longer.until == now + timedelta(days=365)
    current = await exclusion.current(member, now + timedelta(days=200))
    assert current is not None and current.kind is ExclusionKind.SELF_EXCLUSION


async def test_every_exclusion_step_is_kept_and_exportable() -> None:
    member = await funded_member("0", language="EN")
    now = clock.now()
    await exclusion.exclude(member, "SELF_EXCLUSION", None, now)
    events = [r.event for r in await member_records(member.id or 0)]
    assert sorted(events) == [
        "bonuses-forfeited",
        "exclusion-started",
        "lottery-refunded",
        "marketing-stopped",
        "sessions-ended",
    ]
    exported = await export_csv(member.merchant_id, now - timedelta(seconds=1), now + timedelta(1))
    assert "Self-exclusion started; it ends ∞" in exported
    assert exported.splitlines()[0].startswith("id,member_id,created_at_utc,channel")


async def test_a_self_excluded_member_can_still_withdraw_the_balance() -> None:
    brand = await brands.by_code("BR1")
    member, account_id = await _withdrawing_member(brand)
    await exclusion.exclude(member, "SELF_EXCLUSION", None, clock.now())
    view = await withdrawals.request_withdrawal(
        brand, member, "100.00", account_id, PAYMENT_PASSWORD
    )
    assert view.order.amount == Decimal("100.00")


async def test_a_self_excluded_members_open_bonuses_are_forfeited() -> None:
    """Issue 16 and 19: a break forfeits every open bonus, with a record on each grant."""
    member = await _player()  # Brazil: no bonus before the first bet
    assert member.id is not None
    now = clock.now()
    grant = await bonus.grant(
        member.id, BonusTerms(amount=Decimal("5.00"), multiplier=10, weights={}, days=7),
        f"exclusion-{member.id}", now,
    )  # fmt: skip
    await exclusion.exclude(member, "SELF_EXCLUSION", None, now)
    async with session_scope() as session:
        stored = await session.get(BonusGrant, grant.id)
    assert stored is not None and stored.status == GrantStatus.FORFEITED
    assert stored.close_reason == bonus.SELF_EXCLUSION

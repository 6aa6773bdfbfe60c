"""Members' own limits (issue 19; Portaria SPA/MF 1.231/2024 and 2.579/2025): lowering applies
at once, raising waits 24 h and a confirmation; every bet path and the deposit order are
checked on the server; an 80 % alert reaches the inbox once; a brand without a jurisdiction
runs without them. Real database, real ledger."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, select

from app.core import clock
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.brands import brands
from app.services.cashier import deposits
from app.services.lottery import bets
from app.services.protection import limits
from app.services.protection.records import member_records
from app.services.seamless import wallet
from app.services.studio import rounds
from models import DepositOrder, Member, MemberMessage
from models.cashier import MessageKind
from models.games import WalletStatus
from models.protection import LimitKind, LimitPeriod
from tests.helpers.lottery import open_issue, request
from tests.helpers.money import books_differences, cash, entry_count
from tests.helpers.seamless import call, funded_member, player_session, studio_game

pytestmark = pytest.mark.usefixtures("clear_of_midnight")


def assert_translated(error: AppError) -> None:
    for language in ("en", "pt"):
        text = translate(error.code, language, **error.params)
        assert text != error.code and "{" not in text


async def books_clean() -> None:
    async with session_scope() as session:
        assert await books_differences(session) == ()


async def seamless_round(ps: wallet.PlayerSession, bet: str, win: str) -> WalletStatus:
    """One studio round: a debit, then (if it went through) a credit of `win`."""
    round_id = uuid4().hex
    answer = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(round_id, bet, ps.game_code)
    )
    if answer.status is WalletStatus.OK:
        credited = await wallet.credit(
            wallet.STUDIO_VENDOR, ps.session_token, call(round_id, win, ps.game_code)
        )
        assert credited.status is WalletStatus.OK
    return answer.status


# ---- changing a limit -----------------------------------------------------------------------


async def test_a_lowered_deposit_limit_applies_at_once() -> None:
    member = await funded_member("0")
    now = clock.now()
    first = await limits.set_limit(member, "DEPOSIT", "DAY", "500", now)
    assert first.outcome == "APPLIED" and first.limit.value == Decimal("500.00")
    lowered = await limits.set_limit(member, "deposit", "day", "100,00", now)
    assert lowered.outcome == "APPLIED" and lowered.limit.value == Decimal("100.00")
    assert not lowered.limit.pending


async def test_a_raised_loss_limit_waits_24_h() -> None:
    member = await funded_member("0")
    now = clock.now()
    await limits.set_limit(member, LimitKind.LOSS, LimitPeriod.WEEK, "50", now)
    raised = await limits.set_limit(member, LimitKind.LOSS, LimitPeriod.WEEK, "500", now)
    assert raised.outcome == "PENDING"
    assert raised.limit.value == Decimal("50.00")  # the old limit still holds
    assert raised.limit.pending_from == now + timedelta(hours=24)
    with pytest.raises(AppError) as early:
        await limits.confirm_limit(member, "LOSS", "WEEK", now + timedelta(hours=23, minutes=59))
    assert early.value.code == "protection-limit-wait"
    assert_translated(early.value)
    confirmed = await limits.confirm_limit(member, "LOSS", "WEEK", now + timedelta(hours=24))
    assert confirmed.value == Decimal("500.00") and not confirmed.pending


async def test_a_removed_limit_waits_and_a_late_confirmation_lapses() -> None:
    member = await funded_member("0")
    now = clock.now()
    await limits.set_limit(member, "WAGER", "MONTH", "1000", now)
    removal = await limits.set_limit(member, "WAGER", "MONTH", "", now)
    assert removal.outcome == "PENDING" and removal.limit.pending_value is None
    with pytest.raises(AppError) as late:
        await limits.confirm_limit(member, "WAGER", "MONTH", now + timedelta(hours=24 + 169))
    assert late.value.code == "protection-limit-lapsed"
    (view,) = await limits.member_limits(member, now)
    assert view.value == Decimal("1000.00") and not view.pending


async def test_a_lower_value_drops_a_waiting_raise() -> None:
    member = await funded_member("0")
    now = clock.now()
    await limits.set_limit(member, "BETS", "DAY", "10", now)
    await limits.set_limit(member, "BETS", "DAY", "20", now)
    lowered = await limits.set_limit(member, "BETS", "DAY", "5", now)
    assert lowered.outcome == "APPLIED" and not lowered.limit.pending
    assert lowered.limit.value == Decimal("5.00")


@pytest.mark.parametrize(
    ("kind", "period", "value"),
    [
        ("LOSS", "DAY", "0"),
        ("LOSS", "DAY", "-5"),
        ("LOSS", "DAY", "1.234"),
        ("LOSS", "DAY", "abc"),
        ("LOSS", "DAY", 1.5),
        ("BETS", "DAY", "2.5"),
        ("TIME", "DAY", "1441"),
        ("NOPE", "DAY", "5"),
        ("LOSS", "YEAR", "5"),
        ("LOSS", "DAY", "NaN"),
        ("LOSS", "DAY", None),  # nothing to remove
    ],
)
async def test_a_bad_limit_is_refused_with_a_translated_error_and_changes_nothing(
    kind: str, period: str, value: object
) -> None:
    member = await funded_member("0")
    with pytest.raises(AppError) as refused:
        await limits.set_limit(member, kind, period, value, clock.now())
    assert refused.value.code == "protection-limit-invalid"
    assert_translated(refused.value)
    assert await limits.member_limits(member, clock.now()) == []


async def test_every_limit_change_is_kept_in_the_retention_log_and_the_inbox() -> None:
    member = await funded_member("0", language="EN")
    now = clock.now()
    await limits.set_limit(member, "LOSS", "DAY", "50", now)
    await limits.set_limit(member, "LOSS", "DAY", "80", now)
    records = await member_records(member.id or 0)
    assert [r.event for r in records] == ["limit-requested", "limit-applied"]
    assert records[1].channel == "INBOX" and "Loss per day: 50.00" in records[1].content
    async with session_scope() as session:
        kinds = (
            await session.exec(
                select(MemberMessage.kind).where(MemberMessage.member_id == member.id)
            )
        ).all()
    assert kinds == [MessageKind.LIMIT_CHANGED, MessageKind.LIMIT_CHANGED]


# ---- the bet paths --------------------------------------------------------------------------


async def test_a_bet_over_the_loss_limit_is_refused_on_the_seamless_wallet() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "LOSS", "DAY", "30", clock.now())
    ps = await player_session(member, await studio_game())
    assert await seamless_round(ps, "20.00", "0") is WalletStatus.OK  # lost 20
    before = (await cash(member), await entry_count())
    assert await seamless_round(ps, "10.01", "0") is WalletStatus.REFUSED  # would be 30.01
    assert (await cash(member), await entry_count()) == before
    assert await seamless_round(ps, "10.00", "0") is WalletStatus.OK  # exactly 30
    assert await seamless_round(ps, "0.01", "0") is WalletStatus.REFUSED
    assert await cash(member) == Decimal("70.00")
    await books_clean()


async def test_winnings_give_loss_limit_room_back_the_net_rule() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "LOSS", "DAY", "10", clock.now())
    ps = await player_session(member, await studio_game())
    assert await seamless_round(ps, "10.00", "30.00") is WalletStatus.OK  # net +20
    assert await seamless_round(ps, "30.00", "0") is WalletStatus.OK  # net loss 10
    assert await seamless_round(ps, "0.01", "0") is WalletStatus.REFUSED


async def test_an_open_round_counts_against_the_loss_limit() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "LOSS", "DAY", "10", clock.now())
    ps = await player_session(member, await studio_game())
    open_round = uuid4().hex
    first = await wallet.debit(
        wallet.STUDIO_VENDOR, ps.session_token, call(open_round, "8.00", ps.game_code)
    )
    assert first.status is WalletStatus.OK
    assert await seamless_round(ps, "2.01", "0") is WalletStatus.REFUSED
    assert await seamless_round(ps, "2.00", "0") is WalletStatus.OK


async def test_a_lottery_bet_over_the_wagering_limit_is_refused_and_moves_nothing() -> None:
    issue, now = await open_issue()
    member = await funded_member("100.00")
    await limits.set_limit(member, "WAGER", "WEEK", "10", now)
    ticket = request("ssc.position", {"options": ["1:1"]}, "6.00")
    await bets.place_bet(member, issue.issue_no, ticket, now)  # 6 open
    before = (await cash(member), await entry_count())
    with pytest.raises(AppError) as refused:
        await bets.place_bet(member, issue.issue_no, ticket, now)  # 12 > 10
    assert refused.value.code == "protection-limit-reached-wager"
    assert refused.value.status == 403
    assert_translated(refused.value)
    assert (await cash(member), await entry_count()) == before
    small = request("ssc.position", {"options": ["2:2"]}, "4.00")
    await bets.place_bet(member, issue.issue_no, small, now)  # exactly 10
    await books_clean()


async def test_a_lottery_chase_stops_at_the_number_of_bets_limit() -> None:
    _, now = await open_issue()
    member = await funded_member("100.00")
    await limits.set_limit(member, "BETS", "DAY", "3", now)
    ticket = request("ssc.position", {"options": ["3:3"]}, "1.00")
    before = await cash(member)
    with pytest.raises(AppError) as refused:
        await bets.place_chase(member, ticket, 4, now)  # the 4th ticket passes 3
    assert refused.value.code == "protection-limit-reached-bets"
    assert await cash(member) == before  # the whole chase rolled back
    await bets.place_chase(member, ticket, 3, now)
    assert await cash(member) == before - Decimal("3.00")


async def test_the_play_time_limit_stops_bets_once_used_up() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "TIME", "DAY", "2", clock.now())
    ps = await player_session(member, await studio_game())
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK  # play starts
    clock.advance(60)
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK  # 1 minute played
    clock.advance(59)
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK  # 1:59
    clock.advance(1)
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.REFUSED  # 2:00 used up


async def test_a_pause_longer_than_the_idle_gap_is_not_play_time() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "TIME", "DAY", "1", clock.now())
    ps = await player_session(member, await studio_game())
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK
    clock.advance(31 * 60)  # away longer than 30 minutes
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK
    (view,) = await limits.member_limits(member, clock.now())
    assert view.used == Decimal("0.00")


async def test_an_80_percent_alert_reaches_the_inbox_once_per_period() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "WAGER", "DAY", "10", clock.now())
    ps = await player_session(member, await studio_game())
    assert await seamless_round(ps, "7.00", "7.00") is WalletStatus.OK  # 70 %
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK  # 80 %: alert
    assert await seamless_round(ps, "1.00", "1.00") is WalletStatus.OK  # 90 %: no second
    async with session_scope() as session:
        alerts = (
            await session.exec(
                select(MemberMessage).where(
                    MemberMessage.member_id == member.id,
                    MemberMessage.kind == MessageKind.LIMIT_ALERT,
                )
            )
        ).all()
    assert len(alerts) == 1
    assert alerts[0].params == {"kind": "WAGER", "period": "DAY", "used": "8.00", "value": "10.00"}
    records = await member_records(member.id or 0)
    assert records[0].event == "limit-alert" and records[0].channel == "INBOX"


# ---- deposits -------------------------------------------------------------------------------


async def test_a_deposit_over_the_deposit_limit_is_refused_before_an_order_is_made() -> None:
    member = await funded_member("0")
    brand = await brands.by_id(member.merchant_id)
    await limits.set_limit(member, "DEPOSIT", "DAY", "100", clock.now())
    await deposits.create_deposit(brand, member, "PIX", "60")
    with pytest.raises(AppError) as refused:
        await deposits.create_deposit(brand, member, "PIX", "41")
    assert refused.value.code == "protection-limit-reached-deposit"
    assert_translated(refused.value)
    # The refusal says what the day still takes: 100 less the 60 deposited.
    assert "R$\u00a040,00" in translate(refused.value.code, "pt", **refused.value.params)
    await deposits.create_deposit(brand, member, "PIX", "40")
    async with session_scope() as session:
        amounts = (
            await session.exec(
                select(DepositOrder.amount)
                .where(DepositOrder.member_id == member.id)
                .order_by(col(DepositOrder.id))
            )
        ).all()
    assert amounts == [Decimal("60.00"), Decimal("40.00")]


# ---- the jurisdiction switch ----------------------------------------------------------------


async def test_a_brand_without_a_jurisdiction_runs_without_limits() -> None:
    member: Member = await funded_member("10.00", merchant_code="BR2")
    with pytest.raises(AppError) as refused:
        await limits.set_limit(member, "LOSS", "DAY", "5", clock.now())
    assert refused.value.code == "protection-not-offered"
    assert_translated(refused.value)
    assert await limits.member_limits(member, clock.now()) == []


async def test_a_studio_bet_over_the_loss_limit_is_refused_with_the_limits_own_message() -> None:
    member = await funded_member("100.00")
    await limits.set_limit(member, "LOSS", "DAY", "1", clock.now())
    ps = await player_session(member, await studio_game())
    player = rounds.member_player(ps)
    with pytest.raises(AppError) as refused:
        await rounds.play(player, "BGS_DICE", "1.01", {"target": "50.00", "direction": "under"})
    assert refused.value.code == "protection-limit-reached-loss"
    assert_translated(refused.value)
    assert await cash(member) == Decimal("100.00")

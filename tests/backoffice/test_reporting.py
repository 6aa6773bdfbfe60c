"""Reports over wager facts agree with the ledger: turnover, net loss, downlines, active
members, categories; bad periods are refused."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services import reporting
from app.services.brands import brands
from app.services.cashier import withdrawals
from app.services.seamless import wallet
from models import LedgerAccount, LedgerEntry, LedgerTransaction, Member
from models.base import utcnow
from models.ledger import AccountKind
from tests.helpers.money import wager
from tests.helpers.seamless import call, funded_member, player_session, studio_game

D = Decimal
BGS = wallet.STUDIO_VENDOR


async def _ledger_sums(member: Member) -> dict[str, Decimal]:
    """The member's cash entries by transaction kind (BET negative, WIN and ROLLBACK positive)."""
    async with session_scope() as session:
        rows = await session.exec(
            select(LedgerTransaction.kind, func.sum(LedgerEntry.amount))
            .join(LedgerEntry, col(LedgerEntry.transaction_id) == LedgerTransaction.id)
            .join(LedgerAccount, col(LedgerAccount.id) == LedgerEntry.account_id)
            .where(
                LedgerAccount.member_id == member.id,
                LedgerAccount.kind == AccountKind.MEMBER_CASH.value,
            )
            .group_by(col(LedgerTransaction.kind))
        )
        return {kind: D(str(total)).quantize(D("0.01")) for kind, total in rows.all()}


async def _play(member: Member) -> Decimal:
    """Settled rounds, a late win, a refused rollback of a settled round and a voided open one,
    through the seamless wallet; returns the valid bet (the bets of the settled rounds)."""
    game = await studio_game()
    player = await player_session(member, game)
    token, code = player.session_token, game.game_code
    one, two, voided, never = (uuid4().hex for _ in range(4))
    await wallet.bet_win(BGS, token, call(one, "10.00", code), call(one, "4.00", code))
    await wallet.debit(BGS, token, call(two, "6.00", code))
    await wallet.debit(BGS, token, call(two, "3.00", code))
    await wallet.credit(BGS, token, call(two, "0", code))
    await wallet.credit(BGS, token, call(two, "20.00", code))  # a late win: a CORRECTION
    bet = call(voided, "8.00", code)
    await wallet.bet_win(BGS, token, bet, call(voided, "1.00", code))
    refused = await wallet.rollback(
        BGS, token, call(voided, "0", code, rollback_of=bet.transaction_id)
    )
    assert refused.status == "REFUSED"  # its win is paid: the round stays settled
    open_bet = call(never, "2.00", code)
    await wallet.debit(BGS, token, open_bet)
    await wallet.rollback(BGS, token, call(never, "0", code, rollback_of=open_bet.transaction_id))
    return D("10.00") + D("6.00") + D("3.00") + D("8.00")


async def test_member_figures_agree_with_the_ledger() -> None:
    since = utcnow()
    member = await funded_member("200.00")
    valid = await _play(member)
    await wager(member.id or 0, "15.00")  # a settled RNG bet won back
    span = reporting.period(since)
    async with session_scope() as session:
        totals = await reporting.member_totals(session, member.id or 0, span)
        turnover = await reporting.turnover(session, member.id or 0, span)
        net_loss = await reporting.net_loss(session, member.id or 0, span)
        categories = await reporting.by_category(session, span, members=[member.id or 0])
    sums = await _ledger_sums(member)
    # Every round is closed, so the facts' bets are the ledger's bets less its refunds.
    assert totals.bet == -(sums["BET"]) - sums["ROLLBACK"]
    assert totals.win == sums["WIN"]
    assert turnover == totals.valid_bet == valid + D("15.00")
    assert net_loss == totals.bet - totals.win == -(totals.net)
    assert set(categories) == {"INHOUSE", "RNG"}
    assert categories["RNG"].turnover == D("15.00")
    assert sum((c.bet for c in categories.values()), D(0)) == totals.bet


async def test_downline_and_active_members() -> None:
    since = utcnow()
    agent = await funded_member("0", merchant_code="BR2")
    first = await funded_member("100.00", merchant_code="BR2", upline_id=agent.id)
    second = await funded_member("100.00", merchant_code="BR2", upline_id=agent.id)
    idle = await funded_member("0", merchant_code="BR2", upline_id=agent.id)
    await wager(first.id or 0, "12.00")
    await wager(first.id or 0, "3.00")
    await wager(second.id or 0, "40.00")
    # bounded: other tests on this database settle facts on a moved (later) clock
    span = reporting.period(since, utcnow() + timedelta(seconds=1))
    ids = [m.id or 0 for m in (first, second, idle)]
    downline = select(Member.id).where(Member.upline_id == agent.id)
    async with session_scope() as session:
        listed = await reporting.downline_totals(session, ids, span)
        by_query = await reporting.downline_turnover(session, downline, span)
        first_alone = await reporting.member_totals(session, first.id or 0, span)
        second_alone = await reporting.member_totals(session, second.id or 0, span)
        active = await reporting.active_members(session, span, members=downline)
        brand_active = await reporting.active_members(session, span, brand_id=agent.merchant_id)
        brand = await reporting.brand_totals(session, agent.merchant_id, span)
        later = await reporting.downline_turnover(
            session, ids, reporting.period(utcnow(), utcnow() + timedelta(days=1))
        )
    assert listed.by_member == {first.id: first_alone, second.id: second_alone}
    assert listed.total.turnover == by_query == first_alone.turnover + second_alone.turnover
    assert first_alone.facts == 2 and first_alone.turnover == D("15.00")
    assert listed.active_members == active == brand_active == 2
    assert brand.turnover == by_query
    assert later == D("0.00")


async def test_bad_periods_and_scopes_are_refused() -> None:
    now = utcnow()
    for since, until in (
        (now, now),
        (now, now - timedelta(seconds=1)),
        (now.replace(tzinfo=None), None),
        (now, now.replace(tzinfo=None)),
    ):
        with pytest.raises(AppError) as refused:
            reporting.period(since, until)
        assert refused.value.code == "report-invalid-period"
    async with session_scope() as session:
        for scope in ({}, {"brand_id": 1, "members": [1]}):
            with pytest.raises(AppError) as unscoped:
                await reporting.active_members(session, reporting.period(now), **scope)  # type: ignore[arg-type]
            assert unscoped.value.code == "report-invalid-scope"


async def test_the_withdrawal_turnover_counts_settled_bets() -> None:
    """Wagering since the deposit is the facts' turnover: an open bet is not turnover until
    its round settles."""
    member = await funded_member("100.00")
    brand = await brands.for_request("BR1", None)
    game = await studio_game()
    player = await player_session(member, game)
    round_id = uuid4().hex
    await wallet.debit(BGS, player.session_token, call(round_id, "30.00", game.game_code))
    assert (await withdrawals.overview(brand, member)).turnover.wagered == D("0.00")
    await wallet.credit(BGS, player.session_token, call(round_id, "0", game.game_code))
    overview = await withdrawals.overview(brand, member)
    assert (overview.turnover.wagered, overview.turnover.deposited) == (D("30.00"), D("100.00"))
    async with session_scope() as session:
        span = reporting.period(member.created_at)
        assert await reporting.turnover(session, member.id or 0, span) == D("30.00")

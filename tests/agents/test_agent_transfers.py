"""Team transfers and team reports against the real database: an agent pays only inside its
own downline, a member only its upline; the payment password, the limits, insufficient funds
and bad input change nothing; a repeated request moves the money once, and concurrent
transfers never overdraw. The reports' figures are checked against hand-computed facts."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.core.i18n import translate
from app.core.security import hash_password
from app.services.agents import reports
from app.services.agents.contracts import mask
from app.services.cashier import team_transfers as transfers
from app.services.cashier.transfers import member_wallet
from models import Member, MemberMessage
from models.cashier import MessageKind
from tests.helpers.agents import brand, downline, fact, top_agent
from tests.helpers.money import fund

D = Decimal
PAY_PASSWORD = "pay 4242 secret"
DAY = datetime(2025, 7, 14, 15, tzinfo=UTC)  # 12:00 in São Paulo, a Monday
# Transfers between members exist only on a brand without Brazil's profile (BR1 has it).
OPEN = "BR2"


async def _with_payment_password(member: Member) -> Member:
    async with write_transaction() as session:
        found = await session.get(Member, member.id)
        assert found is not None
        found.payment_password_hash = await hash_password(PAY_PASSWORD)
        session.add(found)
    async with session_scope() as session:
        loaded = await session.get(Member, member.id)
        assert loaded is not None
        return loaded


async def _cash(member: Member) -> Decimal:
    return (await member_wallet(await brand(OPEN), member.id or 0)).cash


def _request() -> str:
    return uuid4().hex


async def _messages(member: Member, kind: MessageKind) -> int:
    async with session_scope() as session:
        return int(
            (
                await session.exec(
                    select(func.count()).where(
                        MemberMessage.member_id == member.id, col(MemberMessage.kind) == kind
                    )
                )
            ).one()
        )


async def test_an_agent_transfers_to_a_deeper_downline_and_both_sides_see_it() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    sub = await downline(agent, code=OPEN)
    player = await downline(sub, as_agent=False, code=OPEN)  # depth 2 below the agent
    await fund(agent.id or 0, "100.00")
    done = await transfers.to_downline(
        await brand(OPEN), agent, player.id or 0, "30.50", PAY_PASSWORD, _request()
    )
    assert done.direction is transfers.Direction.DOWN and not done.replay
    assert await _cash(agent) == D("69.50") and await _cash(player) == D("30.50")
    since, until = DAY - timedelta(days=3650), datetime.now(UTC) + timedelta(days=1)
    mine = await transfers.records(await brand(OPEN), agent, since, until)
    theirs = await transfers.records(await brand(OPEN), player, since, until)
    assert [(r.sent, r.amount) for r in mine.rows] == [(True, D("-30.50"))]
    assert [(r.sent, r.amount) for r in theirs.rows] == [(False, D("30.50"))]
    assert mine.rows[0].transaction_id == theirs.rows[0].transaction_id
    assert "*" in mine.rows[0].counterpart
    assert await _messages(agent, MessageKind.AGENT_TRANSFER_SENT) == 1
    assert await _messages(player, MessageKind.AGENT_TRANSFER_RECEIVED) == 1


async def test_a_member_transfers_to_its_upline_only() -> None:
    agent = await top_agent(OPEN)
    player = await _with_payment_password(await downline(agent, as_agent=False, code=OPEN))
    await fund(player.id or 0, "40.00")
    done = await transfers.to_upline(await brand(OPEN), player, "15.00", PAY_PASSWORD, _request())
    assert done.direction is transfers.Direction.UP
    assert await _cash(player) == D("25.00") and await _cash(agent) == D("15.00")
    lonely = await _with_payment_password(await top_agent(OPEN))
    with pytest.raises(AppError) as caught:
        await transfers.to_upline(await brand(OPEN), lonely, "1.00", PAY_PASSWORD, _request())
    assert caught.value.code == "agent-transfer-no-upline"


async def test_outside_the_downline_is_refused_and_nothing_moves() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    stranger_agent = await top_agent(OPEN)
    stranger = await downline(stranger_agent, as_agent=False, code=OPEN)
    upline_of_agent = await top_agent(OPEN)
    await fund(agent.id or 0, "50.00")
    for target in (stranger.id or 0, upline_of_agent.id or 0, agent.id or 0, 999_999_999):
        with pytest.raises(AppError) as caught:
            await transfers.to_downline(
                await brand(OPEN), agent, target, "10.00", PAY_PASSWORD, _request()
            )
        assert caught.value.code == "agent-not-in-downline" and caught.value.status == 404
    assert await _cash(agent) == D("50.00") and await _cash(stranger) == D("0.00")
    player = await _with_payment_password(await downline(agent, as_agent=False, code=OPEN))
    with pytest.raises(AppError) as refused:  # a player is not an agent
        await transfers.to_downline(
            await brand(OPEN), player, agent.id or 0, "1", PAY_PASSWORD, "x" * 9
        )
    assert refused.value.code == "agent-only"


@pytest.mark.parametrize(
    ("amount", "code"),
    [
        ("0.99", "agent-transfer-limits"),
        ("1e3", "agent-transfer-invalid-amount"),
        ("50000.01", "agent-transfer-limits"),
        ("-5", "agent-transfer-invalid-amount"),
        ("0", "agent-transfer-invalid-amount"),
        ("1.001", "agent-transfer-invalid-amount"),
        ("abc", "agent-transfer-invalid-amount"),
        ("NaN", "agent-transfer-invalid-amount"),
        ("Infinity", "agent-transfer-invalid-amount"),
    ],
)
async def test_bad_amounts_are_refused_with_a_translated_code(amount: str, code: str) -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    player = await downline(agent, as_agent=False, code=OPEN)
    await fund(agent.id or 0, "100.00")
    with pytest.raises(AppError) as caught:
        await transfers.to_downline(
            await brand(OPEN), agent, player.id or 0, amount, PAY_PASSWORD, _request()
        )
    assert caught.value.code == code
    assert await _cash(agent) == D("100.00")


def test_transfer_limits_are_in_the_brands_currency() -> None:
    """Written in reais (1 to 50,000), scaled to dong like every limit; whole dong only; a
    refusal writes the limits with the brand's symbol."""
    assert transfers.parse_amount("5000", "VND") == Decimal(5000)
    with pytest.raises(AppError) as refused:
        transfers.parse_amount("4999", "VND")
    assert translate(refused.value.code, "en", **refused.value.params) == (
        "Transfers must be between 5,000 and 250,000,000."
    )
    with pytest.raises(AppError) as refused:
        transfers.parse_amount("5000.50", "VND")
    assert refused.value.code == "amount-whole-only"
    with pytest.raises(AppError) as refused:
        transfers.parse_amount("0.99", "BRL", "R$")
    assert translate(refused.value.code, "pt", **refused.value.params) == (
        "As transferências devem ficar entre R$\u00a01,00 e R$\u00a050.000,00."
    )


async def test_wrong_payment_password_insufficient_funds_and_bad_request_id() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    player = await downline(agent, as_agent=False, code=OPEN)
    await fund(agent.id or 0, "20.00")
    with pytest.raises(AppError) as wrong:
        await transfers.to_downline(
            await brand(OPEN), agent, player.id or 0, "5", "not the password", _request()
        )
    assert wrong.value.code == "payment-password-incorrect"
    with pytest.raises(AppError) as poor:
        await transfers.to_downline(
            await brand(OPEN), agent, player.id or 0, "20.01", PAY_PASSWORD, _request()
        )
    assert poor.value.code == "ledger-insufficient-funds"
    with pytest.raises(AppError) as bad_id:
        await transfers.to_downline(
            await brand(OPEN), agent, player.id or 0, "5", PAY_PASSWORD, "short"
        )
    assert bad_id.value.code == "agent-transfer-invalid-request"
    assert await _cash(agent) == D("20.00") and await _cash(player) == D("0.00")
    assert await _messages(player, MessageKind.AGENT_TRANSFER_RECEIVED) == 0


async def test_a_repeated_request_moves_the_money_once() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    player = await downline(agent, as_agent=False, code=OPEN)
    await fund(agent.id or 0, "100.00")
    request = _request()
    first = await transfers.to_downline(
        await brand(OPEN), agent, player.id or 0, "10.00", PAY_PASSWORD, request
    )
    again = await transfers.to_downline(
        await brand(OPEN), agent, player.id or 0, "10.00", PAY_PASSWORD, request
    )
    assert again.replay and again.transaction_id == first.transaction_id
    assert await _cash(agent) == D("90.00") and await _cash(player) == D("10.00")
    assert await _messages(player, MessageKind.AGENT_TRANSFER_RECEIVED) == 1
    with pytest.raises(AppError) as other:  # the same id for another amount: a conflict
        await transfers.to_downline(
            await brand(OPEN), agent, player.id or 0, "11.00", PAY_PASSWORD, request
        )
    assert other.value.code == "ledger-idempotency-conflict"


@pytest.mark.engines
async def test_concurrent_transfers_never_overdraw() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    players = [await downline(agent, as_agent=False, code=OPEN) for _ in range(4)]
    await fund(agent.id or 0, "30.00")

    async def send(player: Member) -> bool:
        try:
            await transfers.to_downline(
                await brand(OPEN), agent, player.id or 0, "10.00", PAY_PASSWORD, _request()
            )
        except AppError as error:
            assert error.code == "ledger-insufficient-funds"
            return False
        return True

    results = await asyncio.gather(*(send(p) for p in players))
    assert sum(results) == 3
    assert await _cash(agent) == D("0.00")
    assert sum([await _cash(p) for p in players], D("0")) == D("30.00")


async def test_team_reports_match_hand_computed_facts() -> None:
    agent = await top_agent(OPEN)
    sub = await downline(agent, code=OPEN)
    a = await downline(agent, as_agent=False, code=OPEN)
    b = await downline(sub, as_agent=False, code=OPEN)
    outsider = await downline(await top_agent(OPEN), as_agent=False, code=OPEN)
    await fact(a, "100.00", "40.00", DAY)  # a: bet 100, win 40
    await fact(a, "50.00", "120.00", DAY + timedelta(hours=1), valid="30.00")
    await fact(b, "20.00", "0.00", DAY + timedelta(days=1))
    await fact(outsider, "999.00", "0.00", DAY)  # never in the agent's reports
    await fact(a, "7.00", "0.00", DAY - timedelta(days=5))  # outside the range
    since, until = DAY - timedelta(hours=12), DAY + timedelta(days=2)

    bets = await reports.team_bets(agent, since, until)
    assert bets.total_rows == 3
    assert (bets.totals.bet, bets.totals.valid_bet, bets.totals.win) == (
        D("170.00"),
        D("150.00"),
        D("160.00"),
    )
    assert bets.rows[0].bet == D("20.00")  # newest first
    # The agent's own direct member by name, the sub-agent's player masked.
    assert bets.rows[0].member == mask(b.username) != b.username
    assert {row.member for row in bets.rows[1:]} == {a.username}

    statement = await reports.statements(agent, since, until)
    by_level = {(row.level, row.sums.bet, row.sums.net) for row in statement.rows}
    assert by_level == {(1, D("150.00"), D("10.00")), (2, D("20.00"), D("-20.00"))}
    assert statement.totals.net == D("-10.00") and statement.total_rows == 2
    assert (await reports.statements(sub, since, until)).totals.bet == D("20.00")

    days = await reports.revenue(await brand(OPEN), agent, since, until)
    figures = {row.day.astimezone(UTC).date().isoformat(): row for row in days}
    first, second = figures["2025-07-14"], figures["2025-07-15"]
    assert (first.sums.valid_bet, first.sums.net, first.active) == (D("130.00"), D("10.00"), 1)
    assert (second.sums.bet, second.active) == (D("20.00"), 1)

    with pytest.raises(AppError) as long_range:
        await reports.team_bets(agent, DAY - timedelta(days=200), DAY)
    assert long_range.value.code == "agent-report-range-too-long"
    with pytest.raises(AppError) as player_asks:
        await reports.team_bets(a, since, until)
    assert player_asks.value.code == "agent-only"


async def test_team_transactions_come_from_the_ledger_of_the_downline_only() -> None:
    agent = await _with_payment_password(await top_agent(OPEN))
    player = await downline(agent, as_agent=False, code=OPEN)
    outsider = await downline(await top_agent(OPEN), as_agent=False, code=OPEN)
    await fund(player.id or 0, "25.00")
    await fund(outsider.id or 0, "80.00")
    await fund(agent.id or 0, "10.00")
    await transfers.to_downline(
        await brand(OPEN), agent, player.id or 0, "4.00", PAY_PASSWORD, _request()
    )
    since, until = datetime.now(UTC) - timedelta(hours=1), datetime.now(UTC) + timedelta(hours=1)
    found = await reports.team_transactions(agent, since, until)
    assert sorted((r.kind, r.amount) for r in found.rows) == [
        ("DEPOSIT", D("25.00")),
        ("TRANSFER", D("4.00")),
    ]
    assert {r.member for r in found.rows} == {player.username}  # its direct member, by name
    assert (found.totals.bet, found.totals.win) == (D("29.00"), D("0.00"))
    deposits = await reports.team_transactions(agent, since, until, kind="DEPOSIT")
    assert deposits.total_rows == 1
    with pytest.raises(AppError) as bad:
        await reports.team_transactions(agent, since, until, kind="BET; DROP")
    assert bad.value.code == "agent-report-invalid-filter"

"""The agent centre's CSV exports (app/services/agents/reports.py): each holds the rows its page
shows (every page of them), in stable columns, and never a member of another agent's team; the
console's payout list exports the same way (app/services/backoffice/agents.py)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from app.services.agents import payouts, periods, reports
from app.services.backoffice import agents as console_agents
from models import Member
from models.agents import ContractKind
from tests.helpers.agents import brand, downline, fact, signed, tiers, top_agent
from tests.helpers.backoffice import make_staff
from tests.helpers.money import fund

# A day no other test writes facts on, so its reports hold only this file's.
DAY = datetime(2025, 8, 20, 15, tzinfo=UTC)
SINCE, UNTIL = DAY - timedelta(hours=12), DAY + timedelta(days=2)


def _table(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


async def _two_teams() -> tuple[Member, Member, Member, Member]:
    """An agent with a player (three bets, two days) and a sub-agent's player (one bet); a
    stranger agent's player betting the same days."""
    agent = await top_agent()
    sub = await downline(agent)
    player = await downline(agent, as_agent=False)
    below = await downline(sub, as_agent=False)
    stranger = await downline(await top_agent(), as_agent=False)
    await fact(player, "100.00", "40.00", DAY)
    await fact(player, "50.00", "120.00", DAY + timedelta(hours=1), valid="30.00")
    await fact(player, "5.00", "0.00", DAY + timedelta(days=1))
    await fact(below, "20.00", "0.00", DAY + timedelta(days=1))
    await fact(stranger, "999.00", "0.00", DAY)
    return agent, player, below, stranger


async def test_the_statement_and_bet_csvs_hold_every_page_of_the_team_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent, player, _, stranger = await _two_teams()
    monkeypatch.setattr(reports, "MAX_PAGE", 2)  # three bets: the export reads two pages

    statements = _table(await reports.statements_csv(agent, SINCE, UNTIL))
    shown = await reports.statements(agent, SINCE, UNTIL)
    assert statements[0] == list(reports.STATEMENT_COLUMNS)
    assert statements[1:] == [
        [r.member, str(r.level), str(r.sums.bet), str(r.sums.valid_bet), str(r.sums.win),
         str(r.sums.net)]
        for r in shown.rows
    ]  # fmt: skip
    assert statements[1] == [player.username, "1", "155.00", "135.00", "160.00", "5.00"]

    bets = _table(await reports.team_bets_csv(agent, SINCE, UNTIL))
    assert bets[0] == list(reports.BET_COLUMNS)
    assert len(bets) == 1 + 4
    first_page = (await reports.team_bets(agent, SINCE, UNTIL, size=2)).rows
    assert [row[0] for row in bets[1:3]] == [r.settled_at.isoformat() for r in first_page]
    assert datetime.fromisoformat(bets[1][0]).tzinfo is not None
    for table in (statements, bets):
        assert stranger.username not in {row[1] for row in table}


async def test_the_transaction_csv_follows_the_kind_filter_and_the_team() -> None:
    agent = await top_agent()
    player = await downline(agent, as_agent=False)
    stranger = await downline(await top_agent(), as_agent=False)
    await fund(player.id or 0, "25.00")
    await fund(stranger.id or 0, "80.00")
    since, until = datetime.now(UTC) - timedelta(hours=1), datetime.now(UTC) + timedelta(hours=1)

    found = _table(await reports.team_transactions_csv(agent, since, until, kind="DEPOSIT"))
    shown = await reports.team_transactions(agent, since, until, kind="DEPOSIT")
    assert found[0] == list(reports.TRANSACTION_COLUMNS)
    assert found[1:] == [
        [r.created_at.isoformat(), r.member, r.kind, str(r.amount), str(r.balance_after)]
        for r in shown.rows
    ]
    assert [row[1:4] for row in found[1:]] == [[player.username, "DEPOSIT", "25.00"]]
    assert _table(await reports.team_transactions_csv(agent, since, until, kind="BONUS")) == [
        list(reports.TRANSACTION_COLUMNS)
    ]


async def test_the_revenue_csv_lists_the_pages_days_newest_first() -> None:
    agent, *_ = await _two_teams()
    home = await brand()
    found = _table(await reports.revenue_csv(home, agent, SINCE, UNTIL))
    days = list(reversed(await reports.revenue(home, agent, SINCE, UNTIL)))
    assert found[0] == list(reports.REVENUE_COLUMNS)
    assert [row[0] for row in found[1:]] == [
        d.day.astimezone(ZoneInfo(home.timezone)).date().isoformat() for d in days
    ]
    by_day = {row[0]: row[1:] for row in found[1:]}
    # 2025-08-20 in São Paulo: the player's two bets (the stranger's 999 is not the team's).
    assert by_day["2025-08-20"] == ["130.00", "150.00", "-10.00", "1", "0.00"]
    assert by_day["2025-08-21"] == ["25.00", "25.00", "25.00", "2", "0.00"]


async def test_the_pay_record_csv_holds_the_agents_own_closed_periods() -> None:
    home = await brand()
    agent = await top_agent()
    other = await top_agent()
    player = await downline(agent, as_agent=False)
    for paid in (agent, other):
        await signed(None, paid, "DIVIDEND", tiers((1, "0", None, "0.1")), DAY - timedelta(days=3),
                     period="D")  # fmt: skip
    await fact(player, "200.00", "0.00", DAY)
    start, end = periods.bounds("D", DAY, home.timezone)
    await payouts.close(home, ContractKind.DIVIDEND, start, end + timedelta(minutes=5))

    found = _table(await reports.pay_records_csv(agent, ContractKind.DIVIDEND, SINCE, UNTIL))
    shown = await payouts.records(agent.id or 0, ContractKind.DIVIDEND, SINCE, UNTIL)
    assert found[0] == list(reports.PAY_COLUMNS)
    assert [row[-1] for row in found[1:]] == [str(r.amount) for r in shown.rows] == ["20.00"]
    assert found[1][3:5] == ["0.1000", "1"]  # the rate as a fraction, one active member
    assert datetime.fromisoformat(found[1][0]) == start
    # The other agent's export holds its own lines only.
    theirs = _table(await reports.pay_records_csv(other, ContractKind.DIVIDEND, SINCE, UNTIL))
    own = await payouts.records(other.id or 0, ContractKind.DIVIDEND, SINCE, UNTIL)
    assert [row[-1] for row in theirs[1:]] == [str(r.amount) for r in own.rows]
    assert "20.00" not in {row[-1] for row in theirs[1:]}


async def test_the_console_payout_csv_is_the_pages_list() -> None:
    staff = await make_staff("admin", None)
    now = datetime.now(UTC)
    found = _table(await console_agents.payout_csv(staff, "BR1", now))
    listed = await console_agents.payout_list(staff, "BR1", now)
    assert found[0] == list(console_agents.PAYOUT_COLUMNS)
    assert [row[0] for row in found[1:]] == [p.agent for p in listed]
    assert all(Decimal(row[4]) == p.amount for row, p in zip(found[1:], listed, strict=True))

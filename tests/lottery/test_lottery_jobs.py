"""The lottery on the job engine, with a moved clock: issues created ahead, a 1-minute game
opened, closed, drawn and paid by the every-minute runs, official results collected, and
each period done once however many runners run it."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from decimal import Decimal

import pytest
from sqlalchemy import func
from sqlmodel import col, select

from app.core.db import session_scope
from app.jobs import lottery as lottery_jobs
from app.jobs.embedded import EmbeddedRunner
from app.services import job_runs, ledger
from app.services.lottery import bets, issues, settlement
from models import LotteryIssue
from models.lottery import BetStatus, IssueStatus
from tests.helpers.lottery import bets_of, new_day, player, request
from tests.helpers.money import cash

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def issue_count(day_start: object, day_end: object) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LotteryIssue)
                .where(col(LotteryIssue.draw_at) > day_start, col(LotteryIssue.draw_at) <= day_end)
            )
        ).one()


async def assert_books_clean() -> None:
    async with session_scope() as session:
        assert (await ledger.audit(session)).differences == ()


async def test_the_every_minute_runs_play_a_one_minute_game_end_to_end() -> None:
    day = new_day()
    runner = EmbeddedRunner(lottery_jobs.JOBS)
    start = day + timedelta(seconds=5)
    first = await runner.tick(start)
    assert {r.job for r in first if r.ran} == {"lottery-issues", "lottery-draws", "lottery-results"}
    created = await issue_count(day, day + lottery_jobs.HORIZON + timedelta(seconds=5))
    assert created >= 60 * 10  # an hour of every 1-minute game at least
    issue = await issues.find("ssc-1m", f"{day:%Y%m%d}-0001")
    assert issue.status == IssueStatus.OPEN  # opened by the same minute's draws run

    member = await player("100.00")
    bet = await bets.place_bet(
        member,
        issue.issue_no,
        request("ssc.position", {"options": [f"1:{n}" for n in range(10)]}),
        start,
    )
    assert await cash(member) == Decimal("90.00")

    # The next minute's runs close, draw and settle it; the next issue opens.
    runs = await runner.tick(day + timedelta(minutes=1))
    assert all(r.ran for r in runs)
    drawn = await issues.find("ssc-1m", issue.issue_no)
    assert drawn.status == IssueStatus.SETTLED and drawn.result is not None
    [settled] = await bets_of(member)
    assert settled.uid == bet.uid and settled.status == BetStatus.SETTLED
    # Ten numbers on the first position: exactly one wins 9.00 per unit (prize group 1800).
    assert settled.payout == Decimal("9.00")
    assert await cash(member) == Decimal("99.00")
    following = await issues.find("ssc-1m", f"{day:%Y%m%d}-0002")
    assert following.status == IssueStatus.OPEN
    await assert_books_clean()


async def test_a_period_is_done_once_by_repeats_and_a_second_worker() -> None:
    day = new_day()
    now = day + timedelta(seconds=2)
    one, two = EmbeddedRunner(lottery_jobs.JOBS), EmbeddedRunner(lottery_jobs.JOBS)
    together = await asyncio.gather(one.tick(now), two.tick(now))
    # Both may run an unfinished period; every slot is still created once between them.
    made = sum(r.changed for results in together for r in results if r.job == "lottery-issues")
    created = await issue_count(day, day + timedelta(hours=2))
    assert made == created > 0
    again = await one.tick(now + timedelta(seconds=30))  # the same period
    assert not any(r.ran for r in again)
    assert await issue_count(day, day + timedelta(hours=2)) == created
    # By hand (the CLI's `jobs lottery-issues`) the done period is not done twice either.
    assert not (await lottery_jobs.run_once(lottery_jobs.ISSUES_JOB, now)).ran
    history = await job_runs.recent_runs([lottery_jobs.ISSUES], per_job=1000)
    periods = [run.period for run in history[0].runs if run.period == day]
    assert len(periods) == 1


async def test_official_results_come_from_the_feed_and_are_settled() -> None:
    day = new_day()
    # A day on which Mark Six draws (Tuesday, Thursday, Saturday).
    while day.weekday() not in (1, 3, 5):
        day = new_day()
    await issues.create_issues(day, timedelta(days=1), ["lhc-hk"])
    [issue] = await issues.upcoming("lhc-hk", day, 1)
    betting = issue.close_at - timedelta(minutes=1)
    await issues.advance(betting)
    member = await player("100.00")
    await bets.place_bet(
        member,
        issue.issue_no,
        request("lhc.special", {"options": ["7"]}, game_code="lhc-hk"),
        betting,
    )
    runner = EmbeddedRunner([lottery_jobs.DRAWS_JOB, lottery_jobs.RESULTS_JOB])
    await runner.tick(issue.draw_at)  # the draws run closes it; the feed is asked
    drawn = await issues.find("lhc-hk", issue.issue_no)
    assert drawn.status == IssueStatus.SETTLED and drawn.result_source == "DEMO"
    [bet] = await bets_of(member)
    assert bet.status == BetStatus.SETTLED
    assert (await settlement.settle_due(issue.draw_at)) == 0  # nothing left, nothing twice
    await assert_books_clean()

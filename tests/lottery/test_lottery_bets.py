"""Lottery bets against the real database and ledger: stakes, refusals that move nothing,
cancel, chase plans, settlement once (two workers, a SIGKILL), voids, and clean books."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from decimal import ROUND_FLOOR, Decimal

import pytest
from sqlalchemy import func
from sqlmodel import col, select

from app.core.config import PROJECT_ROOT
from app.core.db import session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import ledger
from app.services.lottery import bets, issues, settlement
from app.services.lottery.facts import wager_fact
from app.services.lottery.plays import play
from app.services.wallet_events import balance_version
from models import LotteryBet, LotteryChase, LotteryIssue, Member, WagerFact
from models.facts import FactKind
from models.lottery import BetStatus, ChaseStatus, IssueStatus
from tests.helpers.lottery import bets_of, open_issue, player, request, transactions_of, void
from tests.helpers.money import cash, entry_count

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL


async def assert_books_clean() -> None:
    async with session_scope() as session:
        report = await ledger.audit(session)
    assert report.differences == ()


async def member_facts(member: Member) -> list[tuple[FactKind, Decimal, Decimal]]:
    """The member's stored wager facts: kind, valid bet and win."""
    async with session_scope() as session:
        rows = await session.exec(
            select(WagerFact.kind, WagerFact.valid_bet, WagerFact.win).where(
                WagerFact.member_id == member.id
            )
        )
        return [(FactKind(kind), valid, win) for kind, valid, win in rows]


async def refused(member: Member, issue_no: str, bet: bets.BetRequest, now: object) -> AppError:
    """Place a bet that must be refused; prove that nothing was written or moved."""
    before = (await cash(member), await entry_count(), len(await bets_of(member)))
    with pytest.raises(AppError) as caught:
        await bets.place_bet(member, issue_no, bet, now)  # type: ignore[arg-type]
    assert (await cash(member), await entry_count(), len(await bets_of(member))) == before
    for language in ("en", "pt"):
        message = translate(caught.value.code, language, **caught.value.params)
        assert message != caught.value.code and "{" not in message
    return caught.value


async def test_a_bet_takes_its_stake_through_the_ledger() -> None:
    issue, now = await open_issue()
    member = await player("100.00")
    bet = await bets.place_bet(
        member,
        issue.issue_no,
        request("ssc.star5.direct", {"positions": [[1, 2], [3, 4], [5], [6], [7]]}, "0.50", 3),
        now,
    )
    assert bet.bet_count == 4
    assert bet.stake == Decimal("6.00")  # 4 bets × 0.50 × 3
    assert bet.odds == {"win": "90000.00"}  # shown at bet time, kept with the bet
    assert await cash(member) == Decimal("94.00")
    assert await transactions_of(member, "BET") == 1
    await assert_books_clean()


async def test_every_bad_bet_is_refused_with_a_translated_error_and_moves_nothing() -> None:
    issue, now = await open_issue()
    member = await player("50.00")
    position = {"options": ["1:5"]}
    cases = {
        "lottery-selection-invalid": request("ssc.position", {"options": ["9:5"]}),
        "lottery-play-unknown": request("k3.sum", {"options": ["3"]}, mode="ELOTT"),
        "lottery-play-not-offered": request(
            "pcb.sum", {"options": ["0"]}, mode="ELOTT", game_code="pcb-1m"
        ),
        "lottery-stake-invalid": request("ssc.position", position, unit="0.001"),
        "lottery-under-min": request("ssc.position", position, unit="0.05"),
        "lottery-over-max": request("ssc.position", position, unit="20000.01"),
        "lottery-insufficient-funds": request("ssc.position", position, unit="50.01"),
    }
    for code, bet in cases.items():
        error = await refused(member, issue.issue_no, bet, now)
        assert error.code == code
        if code in ("lottery-under-min", "lottery-over-max"):  # the play's limit, as money
            assert "R$\u00a0" in translate(error.code, "pt", **error.params)
    # the play is offered in LOTT but its ZY table pays under Brazil's 85 %
    group = request("ssc.front3.group6", {"numbers": [1, 2, 3]}, mode="ZY")
    assert (await refused(member, issue.issue_no, group, now)).code == "lottery-play-not-offered"
    malformed = request("ssc.star5.direct", {"positions": [[1], [2], [3]]})
    assert (await refused(member, issue.issue_no, malformed, now)).code == (
        "lottery-selection-invalid"
    )
    late = issue.close_at
    closed = await refused(member, issue.issue_no, request("ssc.position", position), late)
    assert closed.code == "lottery-issue-closed"
    await issues.advance(issue.close_at)
    closed = await refused(member, issue.issue_no, request("ssc.position", position), now)
    assert closed.code == "lottery-issue-closed"  # the issue's status, whatever the clock says
    await assert_books_clean()


async def test_the_exposure_of_one_number_has_a_limit_per_issue() -> None:
    issue, now = await open_issue()
    limit = play("ssc.star5.direct").limits.max_exposure  # 200,000 per number
    rich = await player("10000.00")
    exact = {"positions": [[1], [2], [3], [4], [5]]}
    # a unit of 2.00 could pay 180,000.00; the second such bet would pass the limit
    await bets.place_bet(rich, issue.issue_no, request("ssc.star5.direct", exact, "2.00"), now)
    over = await refused(rich, issue.issue_no, request("ssc.star5.direct", exact, "0.50"), now)
    assert over.code == "lottery-over-exposure" and over.params == {"number": "1 2 3 4 5"}
    assert Decimal("180000.00") + Decimal("45000.00") > limit
    # other numbers are not touched by it
    other = {"positions": [[9], [2], [3], [4], [5]]}
    await bets.place_bet(rich, issue.issue_no, request("ssc.star5.direct", other, "2.00"), now)


async def test_a_bet_is_cancelled_before_close_only_and_refunded_once() -> None:
    issue, now = await open_issue()
    member = await player("20.00")
    bet = await bets.place_bet(
        member, issue.issue_no, request("ssc.position", {"options": ["1:1", "2:2"]}), now
    )
    assert await cash(member) == Decimal("18.00")
    cancelled = await bets.cancel_bet(member, bet.uid, now)
    assert cancelled.status == BetStatus.CANCELLED and await cash(member) == Decimal("20.00")
    with pytest.raises(AppError) as again:
        await bets.cancel_bet(member, bet.uid, now)
    assert again.value.code == "lottery-bet-not-cancellable"
    fact = wager_fact(cancelled, now)
    assert (fact.kind, fact.valid_bet, fact.category) == (FactKind.VOIDED, Decimal("0.00"), "LOTT")
    assert await member_facts(member) == [(FactKind.VOIDED, Decimal("0.00"), Decimal("0.00"))]
    late = await bets.place_bet(
        member, issue.issue_no, request("ssc.position", {"options": ["1:1"]}), now
    )
    with pytest.raises(AppError) as closed:
        await bets.cancel_bet(member, late.uid, issue.close_at)
    assert closed.value.code == "lottery-bet-not-cancellable"
    assert await transactions_of(member, "ROLLBACK") == 1
    await assert_books_clean()


async def settle(issue: LotteryIssue) -> LotteryIssue:
    await issues.advance(issue.draw_at)
    drawn = await issues.find(issue.game_code, issue.issue_no)
    assert drawn.status == IssueStatus.DRAWN and drawn.result is not None
    await settlement.settle_issue(drawn.id or 0, drawn.draw_at)
    return await issues.find(issue.game_code, issue.issue_no)


async def test_settlement_pays_by_the_paytable_and_writes_one_fact_per_bet() -> None:
    """The paid member's pages are signalled once (their balance version), after the win."""
    issue, now = await open_issue("k3-1m")
    member = await player("100.00")
    sums = {"options": [str(total) for total in range(3, 19)]}
    every_sum = await bets.place_bet(
        member,
        issue.issue_no,
        request("k3.sum", sums, "1.00", mode="ELOTT", game_code="k3-1m"),
        now,
    )
    big_small = {"options": ["big", "small"]}
    two_sided = await bets.place_bet(
        member,
        issue.issue_no,
        request("k3.bsoe", big_small, "2.00", mode="ELOTT", game_code="k3-1m"),
        now,
    )
    # nearly always a losing bet (a sum of 3 is one throw in 216)
    await bets.place_bet(
        member,
        issue.issue_no,
        request("k3.sum", {"options": ["3"]}, "1.00", mode="ELOTT", game_code="k3-1m"),
        now,
    )
    version = await balance_version(member.id or 0)
    settled = await settle(issue)
    assert settled.status == IssueStatus.SETTLED
    assert (await balance_version(member.id or 0)).money == version.money + 1
    result = settled.result or []
    total = sum(result)
    paid = {bet.uid: bet for bet in await bets_of(member)}
    # exactly one sum wins, at its quoted odds, paid to the cent below
    quoted = Decimal(every_sum.odds[str(total)])
    assert paid[every_sum.uid].payout == quoted.quantize(Decimal("0.01"), ROUND_FLOOR)
    # big or small wins 1.8 × 2.00, unless the dice are a triple: then both lose
    triple = result[0] == result[1] == result[2]
    assert paid[two_sided.uid].payout == (Decimal("0.00") if triple else Decimal("3.60"))
    expected = Decimal("100.00") - Decimal("16.00") - Decimal("4.00") - Decimal("1.00")
    expected += sum(bet.payout for bet in paid.values())
    assert await cash(member) == expected
    fact = wager_fact(paid[every_sum.uid], settled.draw_at)
    assert (fact.category, fact.vendor, fact.valid_bet) == ("ELOTT", "LOTT", Decimal("16.00"))
    assert fact.win == paid[every_sum.uid].payout
    stored = await member_facts(member)
    assert sorted(stored) == sorted(
        (FactKind.SETTLED, bet.stake, bet.payout) for bet in paid.values()
    )
    # settlement derives the facts from the bets' rows in the database: every figure is the
    # one `wager_fact` gives the settled bet, the losers' as the winners'
    async with session_scope() as session:
        written = {
            row.round_ref: row
            for row in await session.exec(select(WagerFact).where(WagerFact.member_id == member.id))
        }
    for bet in paid.values():
        want = wager_fact(bet, settled.draw_at)
        row = written[bet.uid]
        assert (row.brand_id, row.vendor, row.game_code, row.category, row.currency, row.kind) == (
            want.brand_id,
            want.vendor,
            want.game_code,
            want.category,
            want.currency,
            want.kind,
        )
        assert (row.bet, row.valid_bet, row.win, row.net, row.settled_at) == (
            want.bet,
            want.valid_bet,
            want.win,
            want.net,
            want.settled_at,
        )
    await assert_books_clean()


@pytest.mark.slow
async def test_two_workers_settle_an_issue_once() -> None:
    issue, now = await open_issue("pk10-1m")
    members = [await player("100.00") for _ in range(3)]
    for member in members:
        for car in range(1, 11):
            await bets.place_bet(
                member,
                issue.issue_no,
                request("pk10.position", {"options": [f"1:{car}"]}, game_code="pk10-1m"),
                now,
            )
    await issues.advance(issue.draw_at)
    drawn = await issues.find("pk10-1m", issue.issue_no)
    closed = await asyncio.gather(
        settlement.settle_issue(drawn.id or 0, drawn.draw_at, batch=4),
        settlement.settle_issue(drawn.id or 0, drawn.draw_at, batch=4),
    )
    assert sum(closed) == 30
    for member in members:
        # ten bets of 1.00, one on each car: exactly one wins 9.00
        assert await cash(member) == Decimal("99.00")
        assert await transactions_of(member, "WIN") == 1
    assert (await issues.find("pk10-1m", issue.issue_no)).status == IssueStatus.SETTLED
    await assert_books_clean()


@pytest.mark.slow
async def test_a_settlement_killed_mid_way_finishes_once() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player("1000.00")
    placed = 120
    for n in range(placed):
        digit = n % 10
        await bets.place_bet(
            member, issue.issue_no, request("ssc.position", {"options": [f"1:{digit}"]}), now
        )
    await issues.advance(issue.draw_at)
    drawn = await issues.find("ssc-1m", issue.issue_no)
    script = (
        "import asyncio, datetime\n"
        "from app.services.lottery import settlement\n"
        f"at = datetime.datetime.fromisoformat({drawn.draw_at.isoformat()!r})\n"
        f"asyncio.run(settlement.settle_issue({drawn.id}, at, batch=1))\n"
    )
    worker = subprocess.Popen(
        [sys.executable, "-c", script], cwd=PROJECT_ROOT, env=dict(os.environ)
    )
    try:
        # Killed at its first settled bet: a fast machine settled all 80 between a check at
        # a quarter and the signal.
        while await settled_count(drawn.id) < 1:
            assert worker.poll() is None, "the worker ended before it could be killed"
            await asyncio.sleep(0.01)
        worker.send_signal(signal.SIGKILL)
    finally:
        worker.wait()
    assert await settled_count(drawn.id) < placed
    await settlement.settle_due(drawn.draw_at)
    assert await settled_count(drawn.id) == placed
    winners = sum(1 for n in range(placed) if n % 10 == (drawn.result or [])[0])
    assert await transactions_of(member, "WIN") == winners
    assert await cash(member) == Decimal("1000.00") - placed + 9 * winners
    await assert_books_clean()


async def settled_count(issue_id: int | None) -> int:
    async with session_scope() as session:
        return (
            await session.exec(
                select(func.count())
                .select_from(LotteryBet)
                .where(LotteryBet.issue_id == issue_id, LotteryBet.status == BetStatus.SETTLED)
            )
        ).one()


async def test_a_voided_issue_refunds_every_bet_once() -> None:
    issue, now = await open_issue("lf-1m")
    member = await player("30.00")
    for digit in range(3):
        await bets.place_bet(
            member,
            issue.issue_no,
            request("lf.position", {"options": [f"1:{digit}"]}, "2.00", game_code="lf-1m"),
            now,
        )
    assert await cash(member) == Decimal("24.00")
    await void(issue.id or 0, "feed outage", now)
    assert await settlement.settle_due(now) >= 3
    assert await settlement.settle_due(now) == 0
    assert await cash(member) == Decimal("30.00")
    assert {bet.status for bet in await bets_of(member)} == {BetStatus.REFUNDED}
    assert await transactions_of(member, "ROLLBACK") == 3
    await assert_books_clean()


async def test_a_chase_plan_stops_on_its_first_win_and_refunds_the_rest() -> None:
    issue, now = await open_issue("ssc-1m")
    member = await player("100.00")
    every_digit = {"options": [f"1:{d}" for d in range(10)]}  # wins on every draw
    chase = await bets.place_chase(member, request("ssc.position", every_digit), 5, now)
    assert await cash(member) == Decimal("50.00")  # 5 issues × 10 bets, staked up front
    chased = await bets_of(member)
    assert len({bet.issue_id for bet in chased}) == 5
    await settle(issue)
    async with session_scope() as session:
        stopped = (
            await session.exec(select(LotteryChase).where(LotteryChase.id == chase.id))
        ).one()
    assert stopped.status == ChaseStatus.STOPPED
    statuses = [bet.status for bet in await bets_of(member)]
    assert statuses.count(BetStatus.SETTLED) == 1 and statuses.count(BetStatus.REFUNDED) == 4
    assert await cash(member) == Decimal("50.00") + Decimal("9.00") + Decimal("40.00")
    with pytest.raises(AppError) as too_many:
        await bets.place_chase(member, request("ssc.position", every_digit), 500, now)
    assert too_many.value.code == "lottery-chase-invalid"
    await assert_books_clean()


async def test_brazilian_brands_are_not_offered_plays_under_85_percent() -> None:
    issue, now = await open_issue("vns-1m")
    member = await player()
    bao = request("vns.b2", {"numbers": ["12"]}, mode="ELOTT", game_code="vns-1m")
    assert (await refused(member, issue.issue_no, bao, now)).code == "lottery-play-not-offered"
    async with session_scope() as session:
        count = (
            await session.exec(
                select(func.count())
                .select_from(LotteryBet)
                .where(col(LotteryBet.member_id) == member.id)
            )
        ).one()
    assert count == 0

"""Settlement: every pending bet of a drawn issue paid once, and every bet of a voided issue
refunded once.

Bets are settled in batches (`batch_size`), each batch one write transaction, set-based: the
batch's pending bets are row-locked (PostgreSQL `FOR UPDATE SKIP LOCKED`) and come to Python
grouped by what decides a payout, only their ids leaving the database; each group is judged
once on the result. Only the winners are read and paid: their wins posted on the ledger in a
few statements (`ledger.post_moves`, key `lottery:<uid>:win` per bet) and their rows marked;
the losers are marked in one statement, and every bet's wager fact is derived from its row in
one more (`facts.settled_facts`), all in the same transaction. A worker killed mid-way leaves
whole batches settled and whole batches pending; the next run settles the rest. Two workers
at once take different rows (SKIP LOCKED; SQLite writes one at a time) and only PENDING rows
are read under their lock, so nothing is paid twice. A voided issue's bets are refunded one
by one (`bets.refund`).

Đá on two stations is a bet on one station's issue with a partner issue of the same draw:
it is settled with its issue once the partner is drawn too, on both results one after the
other, and refunded if the partner is voided. Until then its issue stays DRAWN (the job
comes back to it) and the bet stays PENDING.

The result is the only input besides the bets: there is no parameter, setting or path that
lets anyone choose or change what a draw paid.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_FLOOR, Decimal
from functools import cache
from typing import Any

from sqlalchemy import Table, Text, bindparam, cast, func, or_, text, update
from sqlalchemy import select as core_select
from sqlalchemy.exc import DBAPIError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.core.db import among_ids, id_list, session_scope, write_transaction
from app.services import ledger, wager_facts
from app.services.lottery.bets import refund
from app.services.lottery.facts import record_wager_fact, settled_facts, settled_parameters
from app.services.lottery.games import game
from app.services.lottery.plays import Mode, play
from app.services.wallet_events import money_moved
from models.facts import FactKind
from models.ledger import AccountKind, TransactionKind
from models.lottery import (
    BetStatus,
    ChaseStatus,
    IssueStatus,
    LotteryBet,
    LotteryChase,
    LotteryIssue,
)

CENT = Decimal("0.01")
DRAWN = (IssueStatus.DRAWN, IssueStatus.SETTLED)  # the issue's result is known
BATCH = 5000  # bets per write transaction (a wager facts batch holds at most 10,000)
# Embedded mode writes SQLite on the event loop's thread: every request waits while a batch
# is written, so its batches are small (bench_lottery_settle measures the wait).
SQLITE_BATCH = 1000
DEADLOCK_DETECTED = "40P01"  # PostgreSQL's SQLSTATE
_BETS: Table = LotteryBet.__table__  # type: ignore[attr-defined]


def units_of(
    play_code: str, prize_mode: str, singles: list[list[object]], result: list[int]
) -> tuple[Decimal, bool]:
    """The stake units a selection returns on a result (exact, before the unit and the
    multiplier), and whether any of its single bets won (not a tie)."""
    found = play(play_code)
    mode = Mode(prize_mode)
    draw = tuple(result)
    units = Decimal(0)
    won = False
    for raw in singles:
        single = tuple(raw)
        returned = found.returned(single, draw, mode)
        units += returned
        won = won or returned > found.cost(single)
    return units, won


def payout_of(
    play_code: str,
    prize_mode: str,
    singles: list[list[object]],
    unit: Decimal,
    multiplier: int,
    result: list[int],
) -> tuple[Decimal, bool]:
    """What a bet pays on a result, and whether any of its single bets won (not a tie)."""
    units, won = units_of(play_code, prize_mode, singles, result)
    return (units * unit * multiplier).quantize(CENT, ROUND_FLOOR), won


def payout(bet: LotteryBet, result: list[int]) -> tuple[Decimal, bool]:
    """What a bet pays on a result, and whether any of its single bets won (not a tie)."""
    return payout_of(
        bet.play_code, bet.prize_mode, bet.selection["singles"], bet.unit, bet.multiplier, result
    )


@dataclass(frozen=True)
class _Batch:
    """A batch's pending bets, judged: every bet's id, what each bet paid (bets paid nothing
    left out) and the bets with a single bet that won (not a tie)."""

    ids: list[int]
    paid: dict[int, Decimal]
    won: set[int]


@cache
def _pending_groups(dialect: str, by_partner: bool) -> Any:
    """The statement of `_pending_batch`, built once per dialect (parameters `issue_id`,
    `limit` and, `by_partner`, `partners`)."""
    wanted = [_BETS.c.issue_id == bindparam("issue_id"), _BETS.c.status == BetStatus.PENDING.value]
    if by_partner:
        wanted.append(
            or_(
                _BETS.c.partner_issue_id.is_(None),
                among_ids(_BETS.c.partner_issue_id, "partners", dialect),
            )
        )
    batch = (
        core_select(
            _BETS.c.id,
            _BETS.c.play_code,
            _BETS.c.prize_mode,
            cast(_BETS.c.selection, Text).label("selection"),
            _BETS.c.partner_issue_id,
            _BETS.c.unit,
            _BETS.c.multiplier,
        )
        .where(*wanted)
        .order_by(_BETS.c.id)
        .limit(bindparam("limit"))
        .with_for_update(skip_locked=True)
        .cte("batch")
    )
    postgres = dialect == "postgresql"
    ids = func.array_agg(batch.c.id) if postgres else func.json_group_array(batch.c.id)
    keys = [c for c in batch.c if c.name != "id"]
    return core_select(*keys, ids.label("ids")).group_by(*keys)


async def _pending_batch(
    session: AsyncSession,
    issue_id: int,
    limit: int,
    results: Mapping[int | None, list[int]],
    partners: Collection[int] | None = None,
) -> _Batch:
    """The next pending bets of an issue, row-locked (a concurrent worker skips them) and
    judged on `results` (by partner issue; None: the issue's own). They come grouped by what
    decides a payout (play, mode, selection, partner, unit and multiplier): each group is
    judged once and only the ids leave the database. With `partners` (games drawn per
    station), two-station bets come only when their partner issue is one of them."""
    connection = await session.connection()
    dialect = connection.dialect.name
    parameters: dict[str, Any] = {"issue_id": issue_id, "limit": limit}
    if partners is not None:
        parameters["partners"] = id_list(partners, dialect)
    groups = await connection.execute(_pending_groups(dialect, partners is not None), parameters)
    postgres = dialect == "postgresql"
    judged = _Batch([], {}, set())
    for group in groups:
        members: list[int] = group.ids if postgres else json.loads(group.ids)
        judged.ids.extend(members)
        amount, won = payout_of(
            group.play_code,
            group.prize_mode,
            json.loads(group.selection)["singles"],
            group.unit,
            group.multiplier,
            results[group.partner_issue_id],
        )
        if amount > 0:
            judged.paid.update(dict.fromkeys(members, amount))
        if won:
            judged.won.update(members)
    return judged


@cache
def _winner_rows(dialect: str) -> Any:
    """The statement of `_winners`, built once per dialect (parameter `ids`)."""
    return core_select(
        _BETS.c.id,
        _BETS.c.uid,
        _BETS.c.merchant_id,
        _BETS.c.member_id,
        _BETS.c.currency,
        _BETS.c.game_code,
        _BETS.c.chase_id,
    ).where(among_ids(_BETS.c.id, "ids", dialect))


async def _winners(session: AsyncSession, judged: _Batch) -> list[Any]:
    """The rows of a batch's bets that were paid or won, for their ledger posts and chases."""
    connection = await session.connection()
    wanted = sorted(judged.paid.keys() | judged.won)
    if not wanted:
        return []
    dialect = connection.dialect.name
    rows = await connection.execute(_winner_rows(dialect), {"ids": id_list(wanted, dialect)})
    return list(rows.all())


async def _pending(
    session: AsyncSession, issue_id: int, limit: int, partners: Collection[int] | None = None
) -> list[LotteryBet]:
    """Pending bets as rows to refund: all of an issue's, or only those whose partner issue
    is one of `partners`."""
    wanted = [
        col(LotteryBet.issue_id) == issue_id,
        col(LotteryBet.status) == BetStatus.PENDING,
    ]
    if partners is not None:
        wanted.append(col(LotteryBet.partner_issue_id).in_(partners))
    found = await session.exec(
        select(LotteryBet)
        .where(*wanted)
        .order_by(col(LotteryBet.id))
        .limit(limit)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return list(found.all())


async def _partner_issues(session: AsyncSession, issue_id: int) -> dict[int, LotteryIssue]:
    """The partner issues of an issue's pending two-station bets."""
    ids = (
        await session.exec(
            select(LotteryBet.partner_issue_id)
            .where(
                LotteryBet.issue_id == issue_id,
                LotteryBet.status == BetStatus.PENDING,
                col(LotteryBet.partner_issue_id).is_not(None),
            )
            .distinct()
        )
    ).all()
    found = await session.exec(select(LotteryIssue).where(col(LotteryIssue.id).in_(ids)))
    return {issue.id: issue for issue in found.all() if issue.id is not None}


async def _any_pending(session: AsyncSession, issue_id: int) -> bool:
    found = await session.exec(
        select(LotteryBet.id)
        .where(LotteryBet.issue_id == issue_id, LotteryBet.status == BetStatus.PENDING)
        .limit(1)
    )
    return found.first() is not None


async def _stop_chase(session: AsyncSession, chase_id: int) -> set[int]:
    """A chase bet won: refund its bets on issues not drawn yet; returns the members paid."""
    chase = (
        await session.exec(
            select(LotteryChase).where(LotteryChase.id == chase_id).with_for_update()
        )
    ).one()
    if not chase.stop_on_win or chase.status != ChaseStatus.ACTIVE:
        return set()
    chase.status = ChaseStatus.STOPPED
    session.add(chase)
    later = (
        await session.exec(
            select(LotteryBet)
            .join(LotteryIssue, col(LotteryIssue.id) == LotteryBet.issue_id)
            .where(
                LotteryBet.chase_id == chase_id,
                LotteryBet.status == BetStatus.PENDING,
                col(LotteryIssue.status).in_(
                    [IssueStatus.SCHEDULED, IssueStatus.OPEN, IssueStatus.CLOSED]
                ),
            )
            .with_for_update()
        )
    ).all()
    for bet in later:
        await refund(session, bet, BetStatus.REFUNDED, "chase-stopped")
    return {chase.member_id} if later else set()


async def _refund_batch(
    session: AsyncSession,
    issue_id: int,
    batch: int,
    now: datetime,
    partners: Collection[int] | None = None,
) -> tuple[int, set[int]]:
    """A voided issue (or voided partners of its two-station bets): each of those pending
    bets refunded (and its exposure released) one by one; returns (bets closed, members
    refunded)."""
    bets = await _pending(session, issue_id, batch, partners)
    for bet in bets:
        await refund(session, bet, BetStatus.REFUNDED, "void")
        bet.settled_at = now
        session.add(bet)
        await record_wager_fact(session, bet, now)
    return len(bets), {bet.member_id for bet in bets}


async def _pay_batch(
    session: AsyncSession, rows: list[Any], paid: dict[int, Decimal], reference: str
) -> dict[int, int]:
    """Post the wins of a batch's paid bets (`rows`), set-based (`ledger.post_moves`), per
    brand and currency; returns each paid bet's win transaction id."""
    winners: dict[tuple[int, str], list[Any]] = {}
    for row in rows:
        winners.setdefault((row.merchant_id, row.currency), []).append(row)
    transactions: dict[int, int] = {}
    for (merchant_id, currency), group in sorted(winners.items()):
        members = {row.member_id for row in group}
        cash = await ledger.member_accounts(
            session,
            merchant_id=merchant_id,
            kind=AccountKind.MEMBER_CASH,
            currency=currency,
            member_ids=members,
        )
        clearing = await ledger.clearing_shards(
            session, merchant_id=merchant_id, currency=currency, member_ids=members
        )
        moves = [
            ledger.Move(
                debit_account_id=clearing[row.member_id],
                credit_account_id=cash[row.member_id],
                amount=paid[row.id],
                idempotency_key=f"lottery:{row.uid}:win",
                member_id=row.member_id,
                reference=reference,
                metadata={
                    "vendor": game(row.game_code).vendor,
                    "game_code": row.game_code,
                    "bet": row.uid,
                },
            )
            for row in group
        ]
        posted = await ledger.post_moves(
            session, merchant_id=merchant_id, kind=TransactionKind.WIN, moves=moves
        )
        transactions.update({row.id: tid for row, tid in zip(group, posted, strict=True)})
    return transactions


async def _settle_pending(
    session: AsyncSession,
    issue: LotteryIssue,
    limit: int,
    now: datetime,
    partners: Mapping[int, LotteryIssue] | None,
) -> tuple[int, set[int], set[int]]:
    """Settle a batch of pending bets of a drawn issue in a few statements: the winners paid
    on the ledger and marked, the losers marked in one statement, every bet's fact derived
    from its row in one more; returns (bets closed, members paid, chases won)."""
    assert issue.result is not None and issue.id is not None
    results: dict[int | None, list[int]] = {None: list(issue.result)}
    for partner_id, partner in (partners or {}).items():
        assert partner.result is not None
        results[partner_id] = [*issue.result, *partner.result]  # two stations: both draws
    judged = await _pending_batch(
        session, issue.id, limit, results, None if partners is None else list(partners)
    )
    if not judged.ids:
        return 0, set(), set()
    winners = await _winners(session, judged)
    paid_rows = [row for row in winners if row.id in judged.paid]
    transactions = await _pay_batch(
        session, paid_rows, judged.paid, f"{issue.game_code}:{issue.issue_no}"
    )
    await _mark_settled(session, judged, transactions, now)
    dialect = (await session.connection()).dialect.name
    await wager_facts.record_selected(
        session,
        FactKind.SETTLED,
        settled_facts(dialect),
        settled_parameters(judged.ids, game(issue.game_code).vendor, now, dialect),
    )
    won_chases = {row.chase_id for row in winners if row.id in judged.won and row.chase_id}
    return len(judged.ids), {row.member_id for row in paid_rows}, won_chases


# PostgreSQL marks a batch's paid bets in one statement whose rows come as one JSON document
# (its text the same for every batch size); SQLite runs the update once per paid bet. The
# rest of the batch paid nothing: one statement marks them all.
MARK_PAID = text(
    """
UPDATE lottery_bet AS bet SET status = 'SETTLED', payout = s.payout,
    win_transaction_id = s.win_transaction_id, settled_at = CAST(:settled_at AS timestamptz)
FROM json_to_recordset(CAST(:rows AS json))
    AS s (id integer, payout numeric, win_transaction_id integer)
WHERE bet.id = s.id AND bet.status = 'PENDING'
"""
)


# SQLite's update of a paid bet, run once per paid bet (executemany).
MARK_ONE_PAID = (
    update(_BETS)
    .where(_BETS.c.id == bindparam("bet_id"), _BETS.c.status == BetStatus.PENDING.value)
    .values(
        status=BetStatus.SETTLED.value,
        payout=bindparam("paid"),
        win_transaction_id=bindparam("transaction"),
        settled_at=bindparam("now"),
    )
)


@cache
def _mark_unpaid(dialect: str) -> Any:
    """The statement marking the rest of a batch (parameters `ids` and `now`), built once
    per dialect."""
    return (
        update(_BETS)
        .where(among_ids(_BETS.c.id, "ids", dialect), _BETS.c.status == BetStatus.PENDING.value)
        .values(
            status=BetStatus.SETTLED.value, payout=wager_facts.ZERO, settled_at=bindparam("now")
        )
    )


async def _mark_settled(
    session: AsyncSession, judged: _Batch, transactions: dict[int, int], now: datetime
) -> None:
    connection = await session.connection()
    dialect = connection.dialect.name
    if dialect == "postgresql" and judged.paid:
        await connection.execute(
            MARK_PAID,
            {
                "settled_at": now,
                "rows": json.dumps(
                    [
                        {
                            "id": bet_id,
                            "payout": str(amount),
                            "win_transaction_id": transactions.get(bet_id),
                        }
                        for bet_id, amount in judged.paid.items()
                    ]
                ),
            },
        )
    elif judged.paid:
        await connection.execute(
            MARK_ONE_PAID,
            [
                {
                    "bet_id": bet_id,
                    "paid": amount,
                    "transaction": transactions.get(bet_id),
                    "now": now,
                }
                for bet_id, amount in judged.paid.items()
            ],
        )
    await connection.execute(
        _mark_unpaid(dialect), {"ids": id_list(judged.ids, dialect), "now": now}
    )


async def _settle_batch(issue_id: int, now: datetime, batch: int) -> tuple[int, set[int]] | None:
    """One batch in one write transaction: (bets closed, members paid), or None when the
    issue has nothing left to settle."""
    async with write_transaction() as session:
        issue = await session.get(LotteryIssue, issue_id)
        if issue is None or issue.status not in (IssueStatus.DRAWN, IssueStatus.VOIDED):
            return None
        if issue.status == IssueStatus.VOIDED:
            closed, refunded = await _refund_batch(session, issue_id, batch, now)
            if not closed:
                await _finish(session, issue_id, now)
                return None
            return closed, refunded
        by_station = game(issue.game_code).stations is not None
        partners = await _partner_issues(session, issue_id) if by_station else {}
        voided = [i for i, p in partners.items() if p.status == IssueStatus.VOIDED]
        if voided:
            closed, refunded = await _refund_batch(session, issue_id, batch, now, voided)
            if closed:
                return closed, refunded
        drawn = {i: p for i, p in partners.items() if p.status in DRAWN}
        closed, paid, won_chases = await _settle_pending(
            session, issue, batch, now, drawn if by_station else None
        )
        if not closed:
            if not by_station or not await _any_pending(session, issue_id):
                await _finish(session, issue_id, now)
            return None
        for chase_id in sorted(won_chases):
            paid |= await _stop_chase(session, chase_id)
    return closed, paid


def _deadlock(failed: DBAPIError) -> bool:
    return getattr(failed.orig, "sqlstate", None) == DEADLOCK_DETECTED


def batch_size() -> int:
    """Bets per write transaction on this process's database."""
    return SQLITE_BATCH if get_settings().is_sqlite else BATCH


async def settle_issue(issue_id: int, now: datetime, batch: int | None = None) -> int:
    """Settle a drawn issue's pending bets (refund them if it was voided) in write
    transactions of `batch` bets (`batch_size()` unless given); returns how many bets this
    call closed. Safe to run in several workers at once and to run again. Two workers'
    batches lock members' accounts in different orders; when PostgreSQL breaks such a
    deadlock, the losing batch is rolled back whole and simply taken again."""
    size = batch or batch_size()
    closed = 0
    while True:
        try:
            done = await _settle_batch(issue_id, now, size)
        except DBAPIError as failed:
            if _deadlock(failed):
                continue
            raise
        if done is None:
            return closed
        count, paid = done
        closed += count
        await money_moved(sorted(paid))


async def _finish(session: AsyncSession, issue_id: int, now: datetime) -> None:
    """No pending bet left: a drawn issue is SETTLED, a voided one marked done (once each:
    the guards on status and settled_at)."""
    await session.exec(
        update(LotteryIssue)
        .where(col(LotteryIssue.id) == issue_id, col(LotteryIssue.status) == IssueStatus.DRAWN)
        .values(status=IssueStatus.SETTLED, settled_at=now)
    )
    await session.exec(
        update(LotteryIssue)
        .where(
            col(LotteryIssue.id) == issue_id,
            col(LotteryIssue.status) == IssueStatus.VOIDED,
            col(LotteryIssue.settled_at).is_(None),
        )
        .values(settled_at=now)
    )


async def settle_due(now: datetime) -> int:
    """Settle every drawn issue and refund every voided one with bets left; the job's work."""
    async with session_scope() as session:
        due = (
            await session.exec(
                select(LotteryIssue.id).where(
                    col(LotteryIssue.status).in_([IssueStatus.DRAWN, IssueStatus.VOIDED]),
                    col(LotteryIssue.settled_at).is_(None),
                )
            )
        ).all()
    closed = 0
    for issue_id in due:
        if issue_id is not None:
            closed += await settle_issue(issue_id, now)
    return closed

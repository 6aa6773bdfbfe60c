"""Wager facts: recording, round changes, and consumers (position, catch-up, once only)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from decimal import Decimal
from typing import Any
from uuid import uuid4

import pytest
from sqlalchemy import event, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import engines, get_engine, session_scope, write_transaction
from app.core.errors import AppError
from app.services import wager_facts
from app.services.wager_facts import Fact, RoundFigures, StoredFact
from models import WagerFact, WagerFactConsumer
from models.base import utcnow
from models.facts import FactKind
from tests.helpers.accounts import make_member
from tests.helpers.databases import use_postgres

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

D = Decimal
VENDOR = "UNIT"
# The facts' member, made for this file: facts of an id no member has yet would be counted
# by the loyalty consumers of another file's tests on the same database, for whichever
# member gets that id later, or refused by their foreign keys.
MEMBER: dict[str, int] = {}


@pytest.fixture(autouse=True)
async def _facts_member() -> None:
    if not MEMBER:
        member = await make_member("BR1")
        assert member.id is not None
        MEMBER.update(member_id=member.id, brand_id=member.merchant_id)


def _fact(round_ref: str | None = None, **changes: Any) -> Fact:
    fields: dict[str, Any] = {
        **MEMBER,
        "vendor": VENDOR,
        "game_code": "UNIT_GAME",
        "category": "RNG",
        "currency": "BRL",
        "round_ref": round_ref or uuid4().hex,
        "bet": D("10.00"),
        "valid_bet": D("10.00"),
        "win": D("4.50"),
        "settled_at": utcnow(),
    }
    fields.update(changes)
    return Fact(**fields)


async def _facts_of(round_ref: str) -> list[WagerFact]:
    async with session_scope() as session:
        rows = await session.exec(
            select(WagerFact).where(WagerFact.round_ref == round_ref).order_by(col(WagerFact.id))
        )
        return list(rows.all())


async def _count() -> int:
    async with session_scope() as session:
        return (await session.exec(select(func.count(col(WagerFact.id))))).one()


async def test_record_writes_the_facts_with_their_net_in_the_callers_transaction() -> None:
    first, second = uuid4().hex, uuid4().hex
    async with write_transaction() as session:
        ids = await wager_facts.record(
            session, [_fact(first), _fact(second, bet=D("3.00"), valid_bet=D("3.00"), win=D(0))]
        )
    assert len(ids) == 2 and ids[0] < ids[1]
    [one] = await _facts_of(first)
    assert (one.id, one.kind, one.bet, one.valid_bet, one.win, one.net) == (
        ids[0],
        "SETTLED",
        D("10.00"),
        D("10.00"),
        D("4.50"),
        D("-5.50"),
    )
    assert one.txid > 0 if use_postgres() else one.txid == 0
    assert (await _facts_of(second))[0].net == D("-3.00")


async def test_a_rolled_back_transaction_leaves_no_fact() -> None:
    round_ref = uuid4().hex
    with pytest.raises(RuntimeError):
        async with write_transaction() as session:
            await wager_facts.record(session, [_fact(round_ref)])
            raise RuntimeError("the money call failed after the fact")
    assert await _facts_of(round_ref) == []


@pytest.mark.parametrize(
    "changes",
    [
        {"bet": D("-1.00")},
        {"win": D("1.001")},
        {"valid_bet": D("11.00")},
        {"category": "rng"},
        {"currency": "real"},
        {"vendor": ""},
        {"round_ref": "x" * 65},
        {"member_id": 0},
        {"settled_at": utcnow().replace(tzinfo=None)},
        {"kind": "PAID"},
    ],
)
async def test_bad_facts_are_refused_and_nothing_is_written(changes: dict[str, Any]) -> None:
    before = await _count()
    with pytest.raises(AppError) as refused:
        async with write_transaction() as session:
            await wager_facts.record(session, [_fact(), _fact(**changes)])
    assert refused.value.code == "wager-fact-invalid"
    assert await _count() == before


async def test_a_round_settles_once_and_voids_once() -> None:
    round_ref = uuid4().hex
    async with write_transaction() as session:
        await wager_facts.record(session, [_fact(round_ref)])
    with pytest.raises(IntegrityError):
        async with write_transaction() as session:
            await wager_facts.record(session, [_fact(round_ref)])
    voided = _fact(round_ref, kind=FactKind.VOIDED, bet=D("-10.00"), valid_bet=D("-10.00"))
    correction = _fact(round_ref, kind=FactKind.CORRECTION, bet=D(0), valid_bet=D(0), win=D(1))
    async with write_transaction() as session:
        await wager_facts.record(session, [voided, correction, correction])
    with pytest.raises(IntegrityError):
        async with write_transaction() as session:
            await wager_facts.record(session, [voided])
    assert [f.kind for f in await _facts_of(round_ref)] == [
        "SETTLED",
        "VOIDED",
        "CORRECTION",
        "CORRECTION",
    ]


def test_round_changes_sum_to_the_rounds_figures() -> None:
    opened = wager_facts.OPEN_ROUND
    settled = RoundFigures(D("10.00"), D("4.00"), FactKind.SETTLED)
    paid_more = RoundFigures(D("10.00"), D("6.00"), FactKind.SETTLED)
    voided = RoundFigures(D("0.00"), D("6.00"), FactKind.VOIDED)
    open_with_bets = RoundFigures(D("7.00"), D("0.00"))

    assert wager_facts.change(opened, open_with_bets) is None  # open: nothing is due yet
    steps = [(open_with_bets, settled), (settled, settled), (settled, paid_more)]
    steps.append((paid_more, voided))
    changes = [wager_facts.change(before, after) for before, after in steps]
    assert changes[1] is None  # nothing changed
    due = [c for c in changes if c is not None]
    assert [c.kind for c in due] == [FactKind.SETTLED, FactKind.CORRECTION, FactKind.VOIDED]
    assert due[0] == wager_facts.Change(FactKind.SETTLED, D("10.00"), D("10.00"), D("4.00"))
    assert sum((c.bet for c in due), D(0)) == voided.bet
    assert sum((c.valid_bet for c in due), D(0)) == D(0)
    assert sum((c.win for c in due), D(0)) == voided.win
    never_settled = wager_facts.change(open_with_bets, RoundFigures(D(0), D(0), FactKind.VOIDED))
    assert never_settled == wager_facts.Change(FactKind.VOIDED, D(0), D(0), D(0))


# ---- consumers ------------------------------------------------------------------------------


class Collector:
    """A consumer's handler that remembers what it was given."""

    def __init__(self) -> None:
        self.ids: list[int] = []

    async def __call__(self, session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        self.ids.extend(fact.id for fact in facts)


async def _record(n: int) -> list[int]:
    async with write_transaction() as session:
        return list(await wager_facts.record(session, [_fact() for _ in range(n)]))


def _name() -> str:
    return f"test-{uuid4().hex[:12]}"


async def _drain(name: str, collect: Collector, wanted: list[int], batch_size: int = 500) -> None:
    """Process until the facts `wanted` came. On PostgreSQL a consumer waits for every
    writing transaction older than a fact to end, and the machine's server is shared: another
    database's open transaction may delay (never skip) the facts for a moment."""
    for _ in range(300):
        await wager_facts.catch_up(name, collect, batch_size=batch_size)
        if set(wanted) <= set(collect.ids):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"facts never processed: {sorted(set(wanted) - set(collect.ids))}")


def ours(collect: Collector, first: int) -> list[int]:
    """The facts a test wrote, as its consumer got them. A consumer registered "from now"
    on PostgreSQL also gets earlier tests' facts committed while another database's
    transaction (the server is shared) held the horizon back: never skipped, maybe extra."""
    return ours_of(collect.ids, first)


def ours_of(ids: list[int], first: int) -> list[int]:
    return [i for i in ids if i >= first]


async def test_a_consumer_catches_up_in_order_and_processes_each_fact_once() -> None:
    name = _name()
    await wager_facts.register_consumer(name, from_now=True)
    await wager_facts.register_consumer(name, from_now=True)  # known: nothing changes
    written = await _record(7)
    written += await _record(5)  # the consumer is "down" while these are written
    collect = Collector()
    await _drain(name, collect, written, batch_size=3)
    assert ours(collect, written[0]) == written
    assert await wager_facts.process(name, collect) == 0
    later = await _record(2)
    await _drain(name, collect, later)
    assert ours(collect, written[0]) == written + later
    assert len(collect.ids) == len(set(collect.ids))  # each fact once
    async with session_scope() as session:
        stored = await session.get(WagerFactConsumer, name)
    assert stored is not None and stored.processed == len(collect.ids)
    assert await wager_facts.position(name) == (stored.txid, later[-1])


async def test_a_consumer_from_the_start_reads_the_whole_stream() -> None:
    written = await _record(3)
    name = _name()
    await wager_facts.register_consumer(name)
    collect = Collector()
    async with session_scope() as session:
        total = (await session.exec(select(func.count(col(WagerFact.id))))).one()
    await _drain(name, collect, written, batch_size=1000)
    assert set(written) <= set(collect.ids)
    assert len(collect.ids) == len(set(collect.ids)) == total


async def test_a_consumer_reads_its_next_facts_as_a_range_of_the_stream_index() -> None:
    """A batch starts at the consumer's position in the stream's index: a read that scanned
    the index from its start made each batch pay for every fact before it (the rollup's
    first catch-up of 10 million facts took 33 minutes)."""
    name = _name()
    await wager_facts.register_consumer(name, from_now=True)
    await _record(3)
    reads: list[tuple[str, Any]] = []

    def capture(_c: Any, _cur: Any, statement: str, parameters: Any, *_: Any) -> None:
        if "FROM wager_fact" in statement and "LIMIT" in statement:
            reads.append((statement, parameters))

    for engine in engines():
        event.listen(engine.sync_engine, "before_cursor_execute", capture)
    try:
        await wager_facts.process(name, Collector())
    finally:
        for engine in engines():
            event.remove(engine.sync_engine, "before_cursor_execute", capture)
    [(statement, parameters)] = reads
    async with session_scope() as session:
        connection = await session.connection()
        if connection.dialect.name == "postgresql":
            await connection.exec_driver_sql("SET LOCAL enable_seqscan = off")  # a tiny table
            plan = await connection.exec_driver_sql(f"EXPLAIN {statement}", parameters)
            assert "Index Cond: ((ROW(txid, id) > ROW(" in str(plan.all())
        else:
            plan = await connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            assert "SEARCH wager_fact USING INDEX ix_wager_fact_stream" in str(plan.all())


async def test_a_consumer_in_the_database_gets_each_fact_once_in_batches() -> None:
    """`process_in_database`: the handler gets the condition picking its batch (the facts
    stay in the database); the position moves with the batch, each fact comes once, and a
    handler that fails moves nothing."""
    name = _name()
    await wager_facts.register_consumer(name, from_now=True)
    written = await _record(7)
    seen: list[int] = []
    counts: list[int] = []

    async def collect(session: AsyncSession, batch: Any) -> None:
        ids = (await session.exec(select(col(WagerFact.id)).where(batch))).all()
        seen.extend(sorted(ids))

    async def fail(session: AsyncSession, batch: Any) -> None:
        raise RuntimeError("the handler failed")

    # PostgreSQL: another database's open transaction may delay the facts (see _drain);
    # the failing handler runs, and fails, once they come.
    with pytest.raises(RuntimeError):
        for _ in range(300):
            await wager_facts.process_in_database(name, fail, batch_size=3)
            await asyncio.sleep(0.1)
    for _ in range(300):
        while done := await wager_facts.process_in_database(name, collect, batch_size=3):
            counts.append(done)
        if set(written) <= set(seen):
            break
        await asyncio.sleep(0.1)
    assert ours_of(seen, written[0]) == written  # in order, once each
    assert len(seen) == len(set(seen)) == sum(counts)
    assert max(counts) <= 3
    assert await wager_facts.process_in_database(name, collect) == 0
    with pytest.raises(AppError):
        await wager_facts.process_in_database(name, collect, batch_size=0)


async def test_a_failing_handler_stores_nothing_and_gets_the_same_facts_again() -> None:
    name, effects = _name(), _name()
    await wager_facts.register_consumer(name, from_now=True)
    await wager_facts.register_consumer(effects, from_now=True)
    written = await _record(4)

    async def count_then_fail(session: AsyncSession, facts: Sequence[StoredFact]) -> None:
        # The handler's own effect, in the consumer's transaction (here: a counter row).
        counter = await session.get(WagerFactConsumer, effects)
        assert counter is not None
        counter.processed += len(facts)
        session.add(counter)
        await session.flush()
        raise RuntimeError("the consumer's effect failed")

    # On PostgreSQL the facts may wait a moment for another database's open transaction
    # (see _drain): the handler runs, and fails, once they come.
    with pytest.raises(RuntimeError):
        for _ in range(300):
            await wager_facts.process(name, count_then_fail)
            await asyncio.sleep(0.1)
    async with session_scope() as session:
        counter = await session.get(WagerFactConsumer, effects)
        assert counter is not None and counter.processed == 0
    collect = Collector()
    await _drain(name, collect, written)
    assert ours(collect, written[0]) == written


async def test_racing_runs_of_one_consumer_process_each_fact_once() -> None:
    name = _name()
    await wager_facts.register_consumer(name, from_now=True)
    written = await _record(40)
    collect = Collector()
    for _ in range(300):
        runs = (wager_facts.process(name, collect, batch_size=7) for _ in range(4))
        await asyncio.gather(*runs)
        if set(written) <= set(collect.ids):
            break
        await asyncio.sleep(0.1)
    assert sorted(ours(collect, written[0])) == written
    assert len(collect.ids) == len(set(collect.ids))


async def test_consumer_names_and_batches_are_checked() -> None:
    collect = Collector()
    for bad in ("", "Has Spaces", "x" * 65):
        with pytest.raises(AppError) as refused:
            await wager_facts.register_consumer(bad)
        assert refused.value.code == "wager-consumer-invalid"
    with pytest.raises(AppError) as unknown:
        await wager_facts.process(_name(), collect)
    assert unknown.value.code == "wager-consumer-unknown"
    name = _name()
    await wager_facts.register_consumer(name)
    with pytest.raises(AppError) as batch:
        await wager_facts.process(name, collect, batch_size=0)
    assert batch.value.code == "wager-consumer-invalid"


@pytest.mark.skipif(not use_postgres(), reason="out-of-order commits are PostgreSQL's")
async def test_a_fact_that_commits_late_is_processed_not_skipped() -> None:
    """Transaction A writes a fact (lower id) and commits after B's fact (higher id) is
    committed: a reader of "id > position" would pass A's fact by for good."""
    name = _name()
    await wager_facts.register_consumer(name, from_now=True)
    collect = Collector()
    async with AsyncSession(get_engine(), expire_on_commit=False) as early:
        [early_id] = await wager_facts.record(early, [_fact()])
        [late_id] = await _record(1)
        assert early_id < late_id
        async with session_scope() as reader:
            visible = (
                await reader.exec(select(WagerFact.id).where(col(WagerFact.id) >= early_id))
            ).all()
        assert list(visible) == [late_id]  # the hazard: only the later id is visible yet
        await wager_facts.process(name, collect)
        assert ours(collect, early_id) == []  # A is still running: wait
        await early.commit()
    await _drain(name, collect, [early_id, late_id])
    assert ours(collect, early_id) == [early_id, late_id]
    assert await wager_facts.process(name, collect) == 0

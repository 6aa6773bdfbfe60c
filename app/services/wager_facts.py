"""Wager facts: who bet how much on what, won how much, when; one fact per settled bet.

Writing (every game path)::

    await wager_facts.record(session, [wager_facts.Fact(...)])

`record(session, facts)` inserts the facts in the caller's transaction, the one that moves the
money on the ledger (the use case owns the transaction; this building block takes its
session), and returns their ids. Bad input raises AppError("wager-fact-invalid") and writes
nothing. A round settles once and voids once (a unique index on vendor, round_ref, kind);
any later change is a CORRECTION.

What the figures mean, on every path:
- a round *settles* when its result is known: the seamless wallet's credit (or betwin), a
  transfer vendor's round report, a lottery ticket's draw. Its fact (SETTLED) carries the
  round's bet, valid bet (= the bet of a settled round), win and net = win - bet (the
  player's result; the house's is its opposite);
- a void (rollback) writes a VOIDED fact that brings the round's valid bet to 0 and its bet
  and win to what is left after the refund; any other later change (a late win) is a
  CORRECTION of the difference. So the facts of a round always sum to its final figures,
  and a period counts a correction when it happens (closed periods are not rewritten);
- `change(before, after)` computes that correcting fact from a round's figures;
  `record_round(session, game_round, before)` writes it for a GameRound summary.

Reading (consumers: rebate, VIP, agents' pay, missions, limits ...)::

    await wager_facts.register_consumer("vip")
    done = await wager_facts.process("vip", handler, batch_size=500)

`handler(session, facts)` makes its effects in the given session; the consumer's position is
stored in the same transaction, so each fact is processed once per consumer, in stream order,
and a consumer that was down catches up from its position. A consumer whose work is one SQL
statement (the reports' rollup on PostgreSQL) uses `process_in_database(name, handler)`: its
handler gets the condition that picks the batch's facts, which never leave the database.

Stream order is (txid, id). On PostgreSQL ids from a sequence commit out of order (a
transaction holding id 10 may commit after id 11 was read), so each fact also stores its
writing transaction's id (`pg_current_xact_id()`) and a consumer reads only facts of
transactions older than its snapshot's xmin: every such transaction has ended, so no fact can
appear later below the position. A long-open writing transaction delays consumers (never
skips a fact). SQLite has one writer at a time, which commits in id order (txid 0).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Select,
    Table,
    Text,
    and_,
    bindparam,
    cast,
    func,
    insert,
    text,
    tuple_,
)
from sqlalchemy import literal as sql_literal
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.sql.dml import Insert
from sqlmodel import select as sqlmodel_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock, metrics
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from models.facts import FactKind, WagerFact, WagerFactConsumer
from models.games import GameRound, RoundStatus

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
MAX_AMOUNT = Decimal("1000000000000.00")
MAX_BATCH = 10_000
MAX_IN_DATABASE_BATCH = 1_000_000  # facts per batch that stays in the database
CODE_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
CATEGORY_PATTERN = re.compile(r"[A-Z0-9_]{1,16}")
CURRENCY_PATTERN = re.compile(r"[A-Z]{3}")
CONSUMER_PATTERN = re.compile(r"[a-z0-9_.-]{1,64}")
LAST_ID = 2**63 - 1

_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Fact:
    """One settled bet, or a correction of one (see the module docstring for the figures)."""

    member_id: int
    brand_id: int
    vendor: str
    game_code: str
    category: str  # the game's type: LIVE, RNG, SPORTS, ESPORTS, FISH, PVP, LOTT, ...
    currency: str
    round_ref: str  # the round's id at its vendor (vendor + round_ref name the round)
    bet: Decimal
    valid_bet: Decimal
    win: Decimal
    settled_at: datetime
    kind: FactKind = FactKind.SETTLED

    @property
    def net(self) -> Decimal:
        """The player's result: positive when they won more than they bet."""
        return self.win - self.bet


@dataclass(frozen=True)
class StoredFact:
    """A fact as read from the stream."""

    id: int
    txid: int
    member_id: int
    brand_id: int
    vendor: str
    game_code: str
    category: str
    currency: str
    round_ref: str
    kind: FactKind
    bet: Decimal
    valid_bet: Decimal
    win: Decimal
    net: Decimal
    settled_at: datetime


@dataclass(frozen=True)
class RoundFigures:
    """A round's money as its path keeps it; `closed` is None while open."""

    bet: Decimal
    win: Decimal
    closed: FactKind | None = None  # SETTLED or VOIDED

    @property
    def valid_bet(self) -> Decimal:
        return self.bet if self.closed is FactKind.SETTLED else ZERO


OPEN_ROUND = RoundFigures(ZERO, ZERO)


@dataclass(frozen=True)
class Change:
    """What a round's next fact says: its kind and the differences of its figures."""

    kind: FactKind
    bet: Decimal
    valid_bet: Decimal
    win: Decimal


def change(before: RoundFigures, after: RoundFigures) -> Change | None:
    """The fact that takes a round's recorded figures from `before` to `after`, None if no
    fact is due (the round is still open, or nothing changed). The facts written for a round
    sum to its figures as long as each of its changes goes through here."""
    if after.closed is None:
        return None
    if before.closed is None:
        before = OPEN_ROUND  # nothing is recorded for a round until it closes
        kind = after.closed
    elif after.closed is FactKind.VOIDED and before.closed is not FactKind.VOIDED:
        kind = FactKind.VOIDED
    else:
        kind = FactKind.CORRECTION
    differences = Change(
        kind,
        after.bet - before.bet,
        after.valid_bet - before.valid_bet,
        after.win - before.win,
    )
    if kind is FactKind.CORRECTION and not (
        differences.bet or differences.valid_bet or differences.win
    ):
        return None
    return differences


def _invalid() -> AppError:
    return AppError("wager-fact-invalid", 422)


def _amount(value: object, *, signed: bool) -> Decimal:
    if (
        not isinstance(value, Decimal)
        or not value.is_finite()
        or abs(value) > MAX_AMOUNT
        or value != value.quantize(CENT)
        or (not signed and value < 0)
    ):
        raise _invalid()
    return value.quantize(CENT)


def _valid_names(vendor: object, game_code: object, category: object, currency: object) -> bool:
    """The names a fact carries are well formed (remembered: a batch repeats them)."""
    key = (vendor, game_code, category, currency)
    if not all(isinstance(value, str) for value in key):
        return False
    return _names_ok(*key)


@lru_cache(maxsize=4096)
def _names_ok(vendor: str, game_code: str, category: str, currency: str) -> bool:
    return bool(
        CODE_PATTERN.fullmatch(vendor)
        and len(vendor) <= 32
        and CODE_PATTERN.fullmatch(game_code)
        and CATEGORY_PATTERN.fullmatch(category)
        and CURRENCY_PATTERN.fullmatch(currency)
    )


# The columns `_row` gives: all but the id and the writing transaction's.
_ROW_NAMES = tuple(c.name for c in _FACTS.columns if c.name not in {"id", "txid"})


def _row(fact: Fact) -> dict[str, object]:
    """The fact as a row to insert, or wager-fact-invalid."""
    try:
        kind = FactKind(fact.kind)
    except ValueError:
        raise _invalid() from None
    if (
        not _valid_names(fact.vendor, fact.game_code, fact.category, fact.currency)
        or not isinstance(fact.round_ref, str)
        or not CODE_PATTERN.fullmatch(fact.round_ref)
        or not all(
            isinstance(value, int) and value > 0 for value in (fact.member_id, fact.brand_id)
        )
        or not isinstance(fact.settled_at, datetime)
        or fact.settled_at.tzinfo is None
    ):
        raise _invalid()
    # A settled round's figures are never negative and its valid bet is at most its bet;
    # corrections and voids carry differences, of either sign.
    signed = kind is not FactKind.SETTLED
    bet = _amount(fact.bet, signed=signed)
    valid_bet = _amount(fact.valid_bet, signed=signed)
    win = _amount(fact.win, signed=signed)
    if kind is FactKind.SETTLED and valid_bet > bet:
        raise _invalid()
    return {
        "member_id": fact.member_id,
        "brand_id": fact.brand_id,
        "vendor": fact.vendor,
        "game_code": fact.game_code,
        "category": fact.category,
        "currency": fact.currency,
        "round_ref": fact.round_ref,
        "kind": kind.value,
        "bet": bet,
        "valid_bet": valid_bet,
        "win": win,
        "net": win - bet,
        "settled_at": fact.settled_at,
    }


def _txid(dialect: str) -> ColumnElement[int]:
    """The writing transaction's id (PostgreSQL), or 0 (SQLite: commits in id order)."""
    if dialect == "postgresql":
        return cast(cast(func.pg_current_xact_id(), Text), BigInteger)
    return sql_literal(0, BigInteger)


def _horizon() -> ColumnElement[int]:
    """PostgreSQL: the oldest transaction still running; every older one has ended."""
    return cast(cast(func.pg_snapshot_xmin(func.pg_current_snapshot()), Text), BigInteger)


def count_recorded(kind: FactKind, count: int) -> None:
    """The bets metric, for facts written (by `record` or a set statement of their own)."""
    metrics.BETS.labels(kind=kind.value).inc(count)


async def record(session: AsyncSession, facts: Sequence[Fact]) -> tuple[int, ...]:
    """Write the facts in the caller's transaction (the one of their ledger movement) and
    return their ids. One invalid fact raises wager-fact-invalid before anything is written.
    A second SETTLED or VOIDED fact of a round breaks a unique index: the IntegrityError
    fails the caller's transaction, as a repeated ledger key would (no savepoint is taken:
    this runs in every game round)."""
    if not facts:
        return ()
    if len(facts) > MAX_BATCH:
        raise _invalid()
    rows = [_row(fact) for fact in facts]
    for kind, count in Counter(str(row["kind"]) for row in rows).items():
        count_recorded(FactKind(kind), count)
    connection = await session.connection()
    dialect = connection.dialect.name
    if dialect == "postgresql" and len(rows) > 1:
        return await _record_many(connection, rows)
    result = await connection.execute(_insert_facts(dialect), rows if len(rows) > 1 else rows[0])
    return tuple(result.scalars().all())


async def record_selected(
    session: AsyncSession, kind: FactKind, rows: Select[Any], parameters: Mapping[str, Any]
) -> int:
    """Write one fact of `kind` per row of `rows` (run with `parameters`) in the caller's
    transaction, without the rows leaving the database (lottery settlement derives its bets'
    facts from their rows); returns how many. `rows` names every figure of a fact but its kind
    (`_ROW_NAMES`), each column labelled with its name; the rows come from stored bets the
    caller has validated. `rows` is a statement built once (its insert is kept for it)."""
    connection = await session.connection()
    # An INSERT's row count is kept only when asked for (SQLAlchemy's `preserve_rowcount`).
    written = await connection.execute(
        _insert_selected(rows, kind, connection.dialect.name),
        dict(parameters),
        execution_options={"preserve_rowcount": True},
    )
    count = int(written.rowcount)
    count_recorded(kind, count)
    return count


@lru_cache(maxsize=64)
def _insert_selected(rows: Select[Any], kind: FactKind, dialect: str) -> Insert:
    named = [column.name for column in rows.selected_columns]
    if sorted(named) != sorted(name for name in _ROW_NAMES if name != "kind"):
        raise _invalid()
    return insert(_FACTS).from_select(
        [*named, "kind", "txid"],
        rows.add_columns(sql_literal(kind.value).label("kind"), _txid(dialect).label("txid")),
    )


@lru_cache
def _insert_facts(dialect: str) -> Insert:
    """The insert of facts given as parameters, built once per engine (every round writes
    one, and building it cost more than running it)."""
    return insert(_FACTS).values(txid=_txid(dialect)).returning(_FACTS.c.id)


def bound_insert(prefix: str, dialect: str) -> Insert:
    """The insert of one fact whose values are bound under `prefix` (`bound_values`), for
    a caller that writes it within a statement of its own (the seamless wallet's run)."""
    values: dict[str, Any] = {
        name: bindparam(f"{prefix}{name}", type_=_FACTS.c[name].type) for name in _ROW_NAMES
    }
    return insert(_FACTS).values(txid=_txid(dialect), **values)


def bound_values(fact: Fact, prefix: str) -> dict[str, object]:
    """The fact's values for `bound_insert` (wager-fact-invalid as `record` raises it),
    counted as recorded."""
    row = _row(fact)
    count_recorded(FactKind(str(row["kind"])), 1)
    return {f"{prefix}{name}": value for name, value in row.items()}


# PostgreSQL writes a batch in one statement whose rows come as one JSON document: its text
# is the same for every batch size (a multi-row VALUES list would be parsed anew for each),
# and one string parameter costs the driver far less than an array per column. Ids come
# back with each row's (vendor, round_ref, kind), which is unique.
RECORD_MANY = text(
    """
INSERT INTO wager_fact (txid, member_id, brand_id, vendor, game_code, category, currency,
    round_ref, kind, bet, valid_bet, win, net, settled_at)
SELECT CAST(CAST(pg_current_xact_id() AS text) AS bigint), f.* FROM json_to_recordset(
    CAST(:rows AS json)
) AS f (member_id integer, brand_id integer, vendor varchar, game_code varchar,
    category varchar, currency varchar, round_ref varchar, kind varchar, bet numeric,
    valid_bet numeric, win numeric, net numeric, settled_at timestamptz)
RETURNING id, vendor, round_ref, kind
"""
)


def _json_value(value: object) -> object:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)  # Decimal: its exact text


async def _record_many(
    connection: AsyncConnection, rows: list[dict[str, object]]
) -> tuple[int, ...]:
    document = json.dumps(rows, default=_json_value, separators=(",", ":"))
    written = await connection.execute(RECORD_MANY, {"rows": document})
    ids = {(r.vendor, r.round_ref, r.kind): r.id for r in written}
    return tuple(ids[(row["vendor"], row["round_ref"], row["kind"])] for row in rows)


def round_fact(
    *,
    member_id: int,
    brand_id: int,
    vendor: str,
    game_code: str,
    category: str,
    currency: str,
    round_ref: str,
    settled_at: datetime,
    before: RoundFigures,
    after: RoundFigures,
) -> Fact | None:
    """The fact a round's change calls for (see `change`), None when none is due."""
    due = change(before, after)
    if due is None:
        return None
    return Fact(
        member_id=member_id,
        brand_id=brand_id,
        vendor=vendor,
        game_code=game_code,
        category=category,
        currency=currency,
        round_ref=round_ref,
        bet=due.bet,
        valid_bet=due.valid_bet,
        win=due.win,
        settled_at=settled_at,
        kind=due.kind,
    )


_CLOSED = {RoundStatus.SETTLED: FactKind.SETTLED, RoundStatus.ROLLED_BACK: FactKind.VOIDED}


def round_figures(game_round: GameRound) -> RoundFigures:
    """A game round summary's figures (the seamless wallet's and transfer vendors' rounds)."""
    return RoundFigures(
        game_round.bet_total, game_round.win_total, _CLOSED.get(RoundStatus(game_round.status))
    )


def fact_of_round(game_round: GameRound, before: RoundFigures) -> Fact | None:
    """The fact a game round's change from `before` calls for, if one is due."""
    return round_fact(
        member_id=game_round.member_id,
        brand_id=game_round.merchant_id,
        vendor=game_round.vendor,
        game_code=game_round.game_code,
        category=game_round.game_type,
        currency=game_round.currency,
        round_ref=game_round.round_id,
        settled_at=game_round.settled_at or clock.now(),
        before=before,
        after=round_figures(game_round),
    )


async def record_round(session: AsyncSession, game_round: GameRound, before: RoundFigures) -> None:
    """Write the fact a game round's change from `before` calls for, if one is due."""
    fact = fact_of_round(game_round, before)
    if fact is not None:
        await record(session, [fact])


# ---- consumers ------------------------------------------------------------------------------

Handler = Callable[[AsyncSession, Sequence[StoredFact]], Awaitable[None]]


def _consumer_name(name: str) -> str:
    if not isinstance(name, str) or not CONSUMER_PATTERN.fullmatch(name):
        raise AppError("wager-consumer-invalid", 422)
    return name


async def register_consumer(name: str, *, from_now: bool = False) -> None:
    """Make a consumer known; it starts at the stream's beginning, or with `from_now` after
    the facts of every transaction ended so far. Registering a known consumer changes
    nothing."""
    _consumer_name(name)
    async with write_transaction() as session:
        if await session.get(WagerFactConsumer, name) is not None:
            return
        consumer = WagerFactConsumer(name=name)
        if from_now:
            connection = await session.connection()
            if connection.dialect.name == "postgresql":
                horizon = (await connection.execute(core_select(_horizon()))).scalar_one()
                consumer.txid, consumer.fact_id = horizon - 1, LAST_ID
            else:
                last = (await connection.execute(core_select(func.max(_FACTS.c.id)))).scalar()
                consumer.fact_id = last or 0
        try:
            async with session.begin_nested():
                session.add(consumer)
        except IntegrityError:
            return  # registered meanwhile by another process


async def position(name: str) -> tuple[int, int]:
    """The consumer's position: the (txid, id) of the last fact it processed."""
    async with session_scope() as session:
        consumer = await session.get(WagerFactConsumer, _consumer_name(name))
        if consumer is None:
            raise AppError("wager-consumer-unknown", 404)
        return consumer.txid, consumer.fact_id


# The stream's columns in StoredFact's order: a batch's rows unpack by position (a row's
# mapping, made for each of thousands of facts, cost a tenth of a points batch).
_STORED_COLUMNS = tuple(_FACTS.c[field.name] for field in fields(StoredFact))


def _stored(row: Sequence[Any]) -> StoredFact:
    (fact_id, txid, member_id, brand_id, vendor, game_code, category, currency, round_ref,
     kind, bet, valid_bet, win, net, settled_at) = row  # fmt: skip
    return StoredFact(
        fact_id, txid, member_id, brand_id, vendor, game_code, category, currency, round_ref,
        FactKind(kind), Decimal(bet).quantize(CENT), Decimal(valid_bet).quantize(CENT),
        Decimal(win).quantize(CENT), Decimal(net).quantize(CENT), settled_at,
    )  # fmt: skip


def _after(consumer: WagerFactConsumer) -> Any:
    """The facts after the consumer's position, as a range of the stream's (txid, id) index.
    Written as `txid > t OR (txid = t AND id > i)` both engines scan the index from its start
    and filter: every batch then paid for every fact before it."""
    return tuple_(_FACTS.c.txid, _FACTS.c.id) > tuple_(consumer.txid, consumer.fact_id)


async def _locked_consumer(session: AsyncSession, name: str) -> WagerFactConsumer:
    consumer = await session.get(WagerFactConsumer, name, with_for_update=True)
    if consumer is None:
        raise AppError("wager-consumer-unknown", 404)
    return consumer


async def _ready(session: AsyncSession, consumer: WagerFactConsumer) -> list[Any]:
    """The facts the consumer may read next: after its position and, on PostgreSQL, only
    facts of transactions that have ended (none can commit below them later)."""
    connection = await session.connection()
    if connection.dialect.name == "postgresql":
        return [_after(consumer), _FACTS.c.txid < _horizon()]
    return [_after(consumer)]


def _moved(consumer: WagerFactConsumer, txid: int, fact_id: int, count: int) -> None:
    consumer.txid, consumer.fact_id = txid, fact_id
    consumer.processed += count
    consumer.updated_at = clock.now()


async def process(name: str, handler: Handler, *, batch_size: int = 500) -> int:
    """Hand the consumer's next facts (at most `batch_size`, in stream order) to `handler`
    and store the new position in the same transaction as the handler's effects; returns how
    many facts were processed (0: caught up). If the handler raises, nothing is stored and
    the same facts come again. Runs of one consumer queue on its row lock."""
    _consumer_name(name)
    if not 1 <= batch_size <= MAX_BATCH:
        raise AppError("wager-consumer-invalid", 422)
    async with write_transaction() as session:
        consumer = await _locked_consumer(session, name)
        statement = core_select(*_STORED_COLUMNS).where(*await _ready(session, consumer))
        connection = await session.connection()
        rows = (
            await connection.execute(
                statement.order_by(_FACTS.c.txid, _FACTS.c.id).limit(batch_size)
            )
        ).all()
        if not rows:
            return 0
        facts = [_stored(row) for row in rows]
        await handler(session, facts)
        _moved(consumer, facts[-1].txid, facts[-1].id, len(facts))
        session.add(consumer)
    return len(facts)


InDatabaseHandler = Callable[[AsyncSession, ColumnElement[bool]], Awaitable[None]]


async def process_in_database(
    name: str, handler: InDatabaseHandler, *, batch_size: int = 50_000
) -> int:
    """As `process`, for a consumer whose work is set-based SQL: `handler` gets the condition
    that picks the batch's facts from `wager_fact` (its next `batch_size` at most) and works
    on them inside the database, so they never travel to Python. The position moves in the
    same transaction; returns how many facts the batch held (0: caught up)."""
    _consumer_name(name)
    if not 1 <= batch_size <= MAX_IN_DATABASE_BATCH:
        raise AppError("wager-consumer-invalid", 422)
    async with write_transaction() as session:
        consumer = await _locked_consumer(session, name)
        ready = await _ready(session, consumer)
        connection = await session.connection()
        # The batch's last fact and its size in one forward read of the index (a backward
        # scan bounded by a row comparison reads PostgreSQL's index from its end).
        batch_keys = (
            core_select(_FACTS.c.txid, _FACTS.c.id)
            .where(*ready)
            .order_by(_FACTS.c.txid, _FACTS.c.id)
            .limit(batch_size)
            .subquery()
        )
        last = (
            await connection.execute(
                core_select(batch_keys.c.txid, batch_keys.c.id, func.count().over())
                .order_by(batch_keys.c.txid.desc(), batch_keys.c.id.desc())
                .limit(1)
            )
        ).first()
        if last is None:
            return 0
        txid, fact_id, count = (int(value) for value in last)
        batch = and_(_after(consumer), tuple_(_FACTS.c.txid, _FACTS.c.id) <= tuple_(txid, fact_id))
        await handler(session, batch)
        _moved(consumer, txid, fact_id, count)
        session.add(consumer)
    return count


async def catch_up(name: str, handler: Handler, *, batch_size: int = 500) -> int:
    """Process until caught up (as after a downtime); returns how many facts were processed."""
    total = 0
    while done := await process(name, handler, batch_size=batch_size):
        total += done
    return total


@dataclass(frozen=True)
class ConsumerLag:
    """How far a consumer is behind the fact stream."""

    name: str
    facts: int  # facts after its position
    seconds: float  # how long the oldest of them has waited (0: caught up)


async def consumer_lags(now: datetime) -> list[ConsumerLag]:
    """Every consumer's lag, for the operator's dashboard (read at each scrape)."""
    lags = []
    async with session_scope() as session:
        consumers = (await session.exec(sqlmodel_select(WagerFactConsumer))).all()
        connection = await session.connection()
        for consumer in consumers:
            count, oldest = (
                await connection.execute(
                    core_select(func.count(), func.min(_FACTS.c.settled_at)).where(_after(consumer))
                )
            ).one()
            if oldest is not None and oldest.tzinfo is None:
                oldest = oldest.replace(tzinfo=now.tzinfo)  # SQLite hands back naive UTC
            waited = max((now - oldest).total_seconds(), 0.0) if oldest is not None else 0.0
            lags.append(ConsumerLag(name=consumer.name, facts=int(count), seconds=waited))
    return lags

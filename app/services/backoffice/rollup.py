"""The reports' rollup: a consumer of the wager fact stream (app/services/wager_facts.py)
that adds each fact to its row of `wager_daily` (brand, day in the brand's time zone,
category, vendor), in the same transaction as its stream position, so a fact counts once.

PostgreSQL sums each batch inside the database; SQLite, which has no time zones in SQL, in
Python. The reports read a few hundred rollup rows instead of millions of facts. A report first
catches up (`refresh`): what settled a moment ago is in it. A brand's time zone is read
when its facts are added; a later change of time zone leaves earlier days as they were."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import ColumnElement, Date, Table, cast, func
from sqlalchemy import select as core_select
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.config import get_settings
from app.services import reporting, wager_facts
from app.services.brands import brands
from models import Merchant, WagerDaily, WagerFact

CONSUMER = "backoffice-daily"
# Facts per write transaction read into Python on SQLite: in embedded mode its write
# transactions run on the event loop's thread and hold it (bench_daily_report).
SQLITE_BATCH = 1000
IN_DATABASE_BATCH = 100_000  # facts per transaction summed inside PostgreSQL
_DAILY: Table = WagerDaily.__table__  # type: ignore[attr-defined]
_FACTS: Table = WagerFact.__table__  # type: ignore[attr-defined]
_MERCHANTS: Table = Merchant.__table__  # type: ignore[attr-defined]

Key = tuple[int, date, str, str]


async def _add(session: AsyncSession, facts: Sequence[wager_facts.StoredFact]) -> None:
    """SQLite: the batch's facts summed in Python (SQLite has no time zones), the day rows
    added to in one statement of many rows."""
    zones: dict[int, ZoneInfo] = {}
    sums: dict[Key, list[Decimal | int]] = {}
    for fact in facts:
        if fact.brand_id not in zones:
            zones[fact.brand_id] = ZoneInfo((await brands.by_id(fact.brand_id)).timezone)
        day = fact.settled_at.astimezone(zones[fact.brand_id]).date()
        row = sums.setdefault(
            (fact.brand_id, day, fact.category, fact.vendor),
            [Decimal(0), Decimal(0), Decimal(0), 0],
        )
        row[0] += fact.bet
        row[1] += fact.valid_bet
        row[2] += fact.win
        row[3] += 1
    connection = await session.connection()
    await connection.execute(
        _SQLITE_ADD,
        [
            {
                "brand_id": brand_id, "day": day, "category": category, "vendor": vendor,
                "bet": bet, "valid_bet": valid_bet, "win": win, "facts": count,
            }
            for (brand_id, day, category, vendor), (bet, valid_bet, win, count) in sorted(
                sums.items()
            )
        ],
    )  # fmt: skip


def _added(insert: Any) -> dict[str, Any]:
    """An upsert's conflict clause: the new sums are added to the day's row."""
    return {
        "index_elements": ["brand_id", "day", "category", "vendor"],
        "set_": {
            "bet": _DAILY.c.bet + insert.excluded.bet,
            "valid_bet": _DAILY.c.valid_bet + insert.excluded.valid_bet,
            "win": _DAILY.c.win + insert.excluded.win,
            "facts": _DAILY.c.facts + insert.excluded.facts,
        },
    }


# Built once: building one statement per day row cost more than running it.
_SQLITE_INSERT = sqlite.insert(_DAILY)
_SQLITE_ADD = _SQLITE_INSERT.on_conflict_do_update(**_added(_SQLITE_INSERT))


async def _add_in_database(session: AsyncSession, batch: ColumnElement[bool]) -> None:
    """PostgreSQL: the batch's facts summed per brand, local day (the brand's time zone, as
    `_add` reads it), category and vendor, and added to their rows in one statement."""
    facts, merchants = _FACTS, _MERCHANTS
    day = cast(func.timezone(merchants.c.timezone, facts.c.settled_at), Date)
    sums = (
        core_select(
            facts.c.brand_id, day, facts.c.category, facts.c.vendor,
            func.sum(facts.c.bet), func.sum(facts.c.valid_bet), func.sum(facts.c.win),
            func.count(),
        )
        .select_from(facts.join(merchants, merchants.c.id == facts.c.brand_id))
        .where(batch)
        .group_by(facts.c.brand_id, day, facts.c.category, facts.c.vendor)
    )  # fmt: skip
    insert = postgresql.insert(_DAILY).from_select(
        ["brand_id", "day", "category", "vendor", "bet", "valid_bet", "win", "facts"], sums
    )
    connection = await session.connection()
    await connection.execute(insert.on_conflict_do_update(**_added(insert)))


async def refresh(batch_size: int | None = None) -> int:
    """Add every fact not in the rollup yet, in write transactions of `batch_size` facts
    (this database's batch unless given); returns how many (0: it was up to date). On
    PostgreSQL the facts are summed inside the database."""
    await wager_facts.register_consumer(CONSUMER)
    if get_settings().is_sqlite:
        size = batch_size or SQLITE_BATCH
        return await wager_facts.catch_up(CONSUMER, _add, batch_size=size)
    total = 0
    while done := await wager_facts.process_in_database(
        CONSUMER, _add_in_database, batch_size=batch_size or IN_DATABASE_BATCH
    ):
        total += done
    return total


_KEYS = {
    "day": _DAILY.c.day,
    "category": _DAILY.c.category,
    "vendor": _DAILY.c.vendor,
}


def _money(value: object) -> Decimal:
    # SQLite keeps Numeric as REAL: its sums carry float noise below a cent.
    return Decimal(str(value if value is not None else 0)).quantize(Decimal("0.01"))


async def totals(
    session: AsyncSession, brand_id: int, first: date, last: date, by: str
) -> dict[str, reporting.Totals]:
    """A brand's sums over its local days first..last, per day (ISO date), category, vendor
    or in all ("all")."""
    key = _KEYS.get(by)
    columns = (
        func.sum(_DAILY.c.bet).label("bet"),
        func.sum(_DAILY.c.valid_bet).label("valid_bet"),
        func.sum(_DAILY.c.win).label("win"),
        func.sum(_DAILY.c.facts).label("facts"),
    )
    conditions = (_DAILY.c.brand_id == brand_id, _DAILY.c.day >= first, _DAILY.c.day <= last)
    connection = await session.connection()
    if key is None:
        statement = core_select(*columns).where(*conditions)
    else:
        statement = core_select(key.label("key"), *columns).where(*conditions).group_by(key)
    rows = (await connection.execute(statement)).all()
    return {
        (str(row.key) if key is not None else "all"): reporting.Totals(
            _money(row.bet), _money(row.valid_bet), _money(row.win), int(row.facts or 0)
        )
        for row in rows
        if row.facts
    }

"""The reports' rollup: a consumer of the wager fact stream (app/services/wager_facts.py)
that adds each fact to its row of `wager_daily` (brand, day in the brand's time zone,
category, vendor), in the same transaction as its stream position, so a fact counts once.

The reports read a few hundred rollup rows instead of millions of facts. A report first
catches up (`refresh`): what settled a moment ago is in it. A brand's time zone is read
when its facts are added; a later change of time zone leaves earlier days as they were."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import Table, func
from sqlalchemy import select as core_select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import dialect_insert
from app.services import reporting, wager_facts
from app.services.brands import brands
from models import WagerDaily

CONSUMER = "backoffice-daily"
BATCH = 5000
_DAILY: Table = WagerDaily.__table__  # type: ignore[attr-defined]

Key = tuple[int, date, str, str]


async def _add(session: AsyncSession, facts: Sequence[wager_facts.StoredFact]) -> None:
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
    for (brand_id, day, category, vendor), (bet, valid_bet, win, count) in sorted(sums.items()):
        insert = dialect_insert(connection, _DAILY).values(
            brand_id=brand_id, day=day, category=category, vendor=vendor,
            bet=bet, valid_bet=valid_bet, win=win, facts=count,
        )  # fmt: skip
        await connection.execute(
            insert.on_conflict_do_update(
                index_elements=["brand_id", "day", "category", "vendor"],
                set_={
                    "bet": _DAILY.c.bet + insert.excluded.bet,
                    "valid_bet": _DAILY.c.valid_bet + insert.excluded.valid_bet,
                    "win": _DAILY.c.win + insert.excluded.win,
                    "facts": _DAILY.c.facts + insert.excluded.facts,
                },
            )
        )


async def refresh(batch_size: int = BATCH) -> int:
    """Add every fact not in the rollup yet; returns how many (0: it was up to date)."""
    await wager_facts.register_consumer(CONSUMER)
    return await wager_facts.catch_up(CONSUMER, _add, batch_size=batch_size)


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

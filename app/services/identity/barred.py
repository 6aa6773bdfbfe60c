"""The list of people barred from betting (Brazil: the central self-exclusion platform and
the Bolsa Família / BPC recipients of SIGAP, IN 22/2025 and 31/2025; owners, staff and people
who can influence events, Lei 14.790 art. 26).

The operator loads each list from the regulator's CSV export (`python -m app.cli barred-import
FILE`): a header `cpf,list` then one row per person. The file is checked whole before
anything is written: one bad row (a CPF that fails its check digits, an unknown list) and
nothing changes. A list named in the file is replaced by the file's rows (the exports are
full snapshots); lists it does not name stay as they are.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.identity import cpf as cpf_rules
from models.identity import BarredList, BarredPerson

MAX_ROWS = 2_000_000
SHOWN_ERRORS = 20


@dataclass(frozen=True)
class ImportResult:
    lists: dict[str, int]  # list name -> rows now on it


@dataclass(frozen=True)
class BarredRow:
    cpf: str
    list_name: str
    source: str
    imported_at: datetime


def parse(text: str) -> list[tuple[str, str]]:
    """(cpf, list) pairs of a CSV export, or AppError("barred-import-invalid") naming the
    first bad lines."""
    reader = csv.reader(io.StringIO(text))
    header = [cell.strip().lower() for cell in next(reader, [])]
    if header[:2] != ["cpf", "list"]:
        raise AppError("barred-import-invalid", 422, {"lines": "1 (header: cpf,list)"})
    rows: dict[tuple[str, str], None] = {}
    bad: list[str] = []
    for number, cells in enumerate(reader, start=2):
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) < 2:
            bad.append(str(number))
            continue
        digits = cpf_rules.digits_of(cells[0])
        name = cells[1].strip().upper()
        if not cpf_rules.is_valid(digits) or name not in BarredList.__members__:
            bad.append(str(number))
            continue
        rows[(digits, name)] = None
        if len(rows) > MAX_ROWS:
            raise AppError("barred-import-too-large", 422, {"max": MAX_ROWS})
    if bad:
        raise AppError("barred-import-invalid", 422, {"lines": ", ".join(bad[:SHOWN_ERRORS])})
    return list(rows)


async def import_csv(text: str, source: str, now: datetime) -> ImportResult:
    """Replace each list the file names with its rows, in one transaction."""
    pairs = parse(text)
    names = sorted({name for _, name in pairs})
    async with write_transaction() as session:
        if names:
            await session.exec(delete(BarredPerson).where(col(BarredPerson.list_name).in_(names)))
        session.add_all(
            BarredPerson(cpf=digits, list_name=name, source=source[:120], imported_at=now)
            for digits, name in pairs
        )
        await session.flush()
        counts = (
            await session.exec(
                select(BarredPerson.list_name, func.count()).group_by(col(BarredPerson.list_name))
            )
        ).all()
    return ImportResult({name: count for name, count in counts})


async def is_barred(session: AsyncSession, cpf: str) -> bool:
    """Is this CPF on any barred list? (building block: the caller's session)"""
    found = (await session.exec(select(BarredPerson.cpf).where(BarredPerson.cpf == cpf))).first()
    return found is not None


async def rows(query: str = "", limit: int = 200) -> list[BarredRow]:
    """The list as the console shows it: newest first, or the rows of one CPF (prefix)."""
    digits = cpf_rules.digits_of(query)
    statement = select(BarredPerson)
    if digits:
        statement = statement.where(col(BarredPerson.cpf).startswith(digits))
    statement = statement.order_by(col(BarredPerson.imported_at).desc(), col(BarredPerson.cpf))
    async with session_scope() as session:
        found = (await session.exec(statement.limit(limit))).all()
    return [BarredRow(r.cpf, r.list_name, r.source, r.imported_at) for r in found]


async def counts() -> dict[str, int]:
    async with session_scope() as session:
        found = (
            await session.exec(
                select(BarredPerson.list_name, func.count()).group_by(col(BarredPerson.list_name))
            )
        ).all()
    return {name: count for name, count in found}

"""The audit log's hash chain: verify finds a changed, a removed and an inserted entry, and a
removed tail; appends from many tasks at once still make one chain; the CSV export."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import delete, insert, update

from app.core.db import session_scope, write_transaction
from app.services.backoffice import audit, logbook
from models import AuditEntry
from models.base import utcnow
from tests.support.backoffice import make_staff, tampering

ACTOR = audit.Actor(None, "test")


async def _append(count: int) -> list[AuditEntry]:
    made = []
    for n in range(count):
        async with write_transaction() as session:
            made.append(
                await audit.append(
                    session, ACTOR, "test.entry", now=utcnow(), target=f"t{n}", detail={"n": n}
                )
            )
    return made


async def _row(seq: int) -> dict[str, object]:
    async with session_scope() as session:
        entry = await session.get(AuditEntry, (await _id(seq)))
        assert entry is not None
        return entry.model_dump()


async def _id(seq: int) -> int:
    from sqlmodel import select

    async with session_scope() as session:
        found = (await session.exec(select(AuditEntry.id).where(AuditEntry.seq == seq))).one()
    assert found is not None
    return found


@pytest.fixture
async def chain() -> AsyncIterator[list[AuditEntry]]:
    assert (await audit.verify()).ok
    yield await _append(4)
    assert (await audit.verify()).ok, "a test left the chain broken"


async def test_an_intact_chain_verifies(chain: list[AuditEntry]) -> None:
    result = await audit.verify()
    assert result.ok and result.broken_at is None and result.checked >= len(chain)
    assert chain[1].prev_hash == chain[0].hash


async def test_a_changed_entry_is_found(chain: list[AuditEntry]) -> None:
    seq = chain[1].seq
    async with tampering() as session:
        await session.exec(
            update(AuditEntry).where(AuditEntry.seq == seq).values(target="tampered")  # type: ignore[call-overload]
        )
    result = await audit.verify()
    assert not result.ok and result.broken_at == seq and result.problem == "changed"
    async with tampering() as session:
        await session.exec(
            update(AuditEntry).where(AuditEntry.seq == seq).values(target=chain[1].target)  # type: ignore[call-overload]
        )


async def test_a_removed_entry_is_found(chain: list[AuditEntry]) -> None:
    seq = chain[1].seq
    row = await _row(seq)
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(AuditEntry.seq == seq))  # type: ignore[call-overload]
    result = await audit.verify()
    assert not result.ok and result.broken_at == seq + 1 and result.problem == "missing"
    async with tampering() as session:
        await session.exec(insert(AuditEntry).values(**row))  # type: ignore[call-overload]


async def test_an_inserted_entry_is_found(chain: list[AuditEntry]) -> None:
    # Make room after the second entry, then slip a forged entry into the gap.
    second, third = chain[1], chain[2]
    forged = AuditEntry(
        seq=third.seq,
        at=utcnow(),
        staff_name="forger",
        action="player.adjust",
        prev_hash=second.hash,
        hash="",
    )
    forged.hash = audit.entry_hash(second.hash, forged)
    later = [e.seq for e in chain[2:]]
    async with tampering() as session:
        for seq in reversed(later):
            await session.exec(
                update(AuditEntry).where(AuditEntry.seq == seq).values(seq=seq + 100_000)  # type: ignore[call-overload]
            )
        for seq in later:
            await session.exec(
                update(AuditEntry)  # type: ignore[call-overload]
                .where(AuditEntry.seq == seq + 100_000)
                .values(seq=seq + 1)
            )
        session.add(forged)
    result = await audit.verify()
    assert not result.ok and result.broken_at == third.seq + 1 and result.problem == "inserted"
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(AuditEntry.hash == forged.hash))  # type: ignore[call-overload]
        for seq in later:
            await session.exec(
                update(AuditEntry).where(AuditEntry.seq == seq + 1).values(seq=seq)  # type: ignore[call-overload]
            )


async def test_a_removed_tail_is_found(chain: list[AuditEntry]) -> None:
    last = chain[-1]
    row = await _row(last.seq)
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(AuditEntry.seq == last.seq))  # type: ignore[call-overload]
    result = await audit.verify()
    assert not result.ok and result.problem == "head" and result.broken_at == last.seq
    async with tampering() as session:
        await session.exec(insert(AuditEntry).values(**row))  # type: ignore[call-overload]


async def test_appends_at_once_make_one_chain() -> None:
    async def one(n: int) -> None:
        async with write_transaction() as session:
            await audit.append(session, ACTOR, "test.parallel", now=utcnow(), detail={"n": n})

    await asyncio.gather(*(one(n) for n in range(20)))
    assert (await audit.verify()).ok


async def test_a_rolled_back_action_leaves_no_entry() -> None:
    before = await audit.verify()
    with pytest.raises(RuntimeError):
        async with write_transaction() as session:
            await audit.append(session, ACTOR, "test.rollback", now=utcnow())
            raise RuntimeError("the action failed")
    after = await audit.verify()
    assert after.ok and after.checked == before.checked


async def test_csv_export_and_verify_from_the_console() -> None:
    await _append(1)
    admin = await make_staff("admin", None)
    async with write_transaction() as session:
        await audit.append(session, ACTOR, "test.csv", now=utcnow(), target="=HYPERLINK(1)")
    text = await logbook.export_csv(admin, utcnow())
    rows = list(csv.reader(io.StringIO(text)))
    assert tuple(rows[0]) == audit.CSV_COLUMNS
    assert any(r[4] == "test.csv" and r[6] == "'=HYPERLINK(1)" for r in rows[1:])
    assert rows[-1][4] == "audit.export"  # the export records itself
    assert (await logbook.verify(admin, utcnow())).ok

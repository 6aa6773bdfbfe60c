"""The audit log's keyed chain and its checkpoints, against someone with the database's rights
who edits, removes, inserts or truncates: an edit with the chain recomputed unkeyed or under a
guessed key breaks the MAC; one recomputed under the real key, a removed last entry and a
truncated tail differ from the checkpoints; an unkeyed rewrite of the whole log too. Appends
from many tasks at once still make one chain; a rolled-back action leaves no entry and no
checkpoint; the CSV export."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator, Callable

import pytest
from sqlalchemy import delete, insert, update
from sqlmodel import col, select

from app.core.config import get_settings
from app.core.db import session_scope, write_transaction
from app.services.backoffice import audit, logbook
from models import AuditEntry, AuditHead
from models.base import utcnow
from tests.helpers.backoffice import make_staff, tampering

pytestmark = pytest.mark.engines  # see the Makefile: runs on SQLite and on PostgreSQL

ACTOR = audit.Actor(None, "test")
Seal = Callable[[str, AuditEntry], str]


def _keyed(prev_hash: str, entry: AuditEntry) -> str:
    return audit.entry_mac(get_settings().audit_key(), prev_hash, entry)


def _guessed_key(prev_hash: str, entry: AuditEntry) -> str:
    return audit.entry_mac(b"a key the forger guessed", prev_hash, entry)


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


async def _rows(first: int) -> tuple[list[dict[str, object]], dict[str, object]]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(AuditEntry).where(AuditEntry.seq >= first).order_by(col(AuditEntry.seq))
            )
        ).all()
        head = await session.get(AuditHead, audit.HEAD_ID)
    assert head is not None
    return [row.model_dump() for row in rows], head.model_dump()


async def _put_back(rows: list[dict[str, object]], head: dict[str, object]) -> None:
    """The log as it was from `rows[0]` on, past the triggers."""
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(col(AuditEntry.seq) >= rows[0]["seq"]))  # type: ignore[call-overload]
        for row in rows:
            await session.exec(insert(AuditEntry).values(**row))  # type: ignore[call-overload]
        await session.exec(update(AuditHead).where(AuditHead.id == audit.HEAD_ID).values(**head))  # type: ignore[call-overload]


async def _rechain(first: int, seal: Seal, target: str | None = None) -> None:
    """As a forger with the database's rights: (change entry `first`'s target and) recompute
    every hash from `first` on with `seal`, and move the head row along."""
    async with tampering() as session:
        rows = (
            await session.exec(
                select(AuditEntry).where(AuditEntry.seq >= first - 1).order_by(col(AuditEntry.seq))
            )
        ).all()
        prev = rows[0].hash if rows[0].seq < first else audit.GENESIS
        for row in rows:
            if row.seq < first:
                continue
            if row.seq == first and target is not None:
                row.target = target
            row.prev_hash = prev
            row.hash = prev = seal(prev, row)
            session.add(row)
        head = await session.get(AuditHead, audit.HEAD_ID)
        assert head is not None
        head.seq, head.hash = rows[-1].seq, prev
        session.add(head)


async def _cut_tail(keep_until: int) -> None:
    """Remove every entry after `keep_until` and rewind the head row to it."""
    async with tampering() as session:
        kept = (await session.exec(select(AuditEntry).where(AuditEntry.seq == keep_until))).one()
        await session.exec(delete(AuditEntry).where(col(AuditEntry.seq) > keep_until))  # type: ignore[call-overload]
        await session.exec(
            update(AuditHead)  # type: ignore[call-overload]
            .where(AuditHead.id == audit.HEAD_ID)
            .values(seq=kept.seq, hash=kept.hash)
        )


@pytest.fixture
async def chain() -> AsyncIterator[list[AuditEntry]]:
    assert (await audit.verify()).ok
    made = await _append(4)
    rows, head = await _rows(made[0].seq)
    yield made
    await _put_back(rows, head)
    assert (await audit.verify()).ok, "a test left the chain broken"


async def test_an_intact_chain_verifies(chain: list[AuditEntry]) -> None:
    result = await audit.verify()
    assert result.ok and result.broken_at is None and result.checked >= len(chain)
    assert result.checkpoints >= len(chain) and result.unkeyed == 0
    assert chain[1].prev_hash == chain[0].hash
    assert chain[1].hash == _keyed(chain[0].hash, chain[1])
    assert chain[1].hash != audit.unkeyed_hash(chain[0].hash, chain[1])


async def test_a_changed_entry_is_found(chain: list[AuditEntry]) -> None:
    async with tampering() as session:
        await session.exec(
            update(AuditEntry).where(AuditEntry.seq == chain[1].seq).values(target="tampered")  # type: ignore[call-overload]
        )
    result = await audit.verify()
    assert not result.ok and result.broken_at == chain[1].seq and result.problem == "changed"


@pytest.mark.parametrize("seal", [audit.unkeyed_hash, _guessed_key], ids=["unkeyed", "guessed"])
async def test_an_edit_rechained_without_the_key_is_found(
    chain: list[AuditEntry], seal: Seal
) -> None:
    await _rechain(chain[1].seq, seal, target="someone-else")
    result = await audit.verify()
    assert not result.ok and result.broken_at == chain[1].seq and result.problem == "changed"


async def test_an_edit_rechained_with_the_key_differs_from_its_checkpoint(
    chain: list[AuditEntry],
) -> None:
    await _rechain(chain[1].seq, _keyed, target="someone-else")
    result = await audit.verify()
    assert not result.ok and result.broken_at == chain[1].seq and result.problem == "rewritten"


async def test_the_whole_log_rewritten_unkeyed_differs_from_the_checkpoints(
    chain: list[AuditEntry],
) -> None:
    # Every entry turned into a plain SHA-256 one, as if the log had never been keyed.
    rows, head = await _rows(1)
    first_checkpointed = min(audit.read_checkpoints([get_settings().audit_checkpoints]))
    await _rechain(1, audit.unkeyed_hash)
    result = await audit.verify()
    await _put_back(rows, head)
    assert not result.ok and result.problem == "rewritten"
    assert result.broken_at == first_checkpointed


async def test_a_removed_entry_is_found(chain: list[AuditEntry]) -> None:
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(AuditEntry.seq == chain[1].seq))  # type: ignore[call-overload]
    result = await audit.verify()
    assert not result.ok and result.broken_at == chain[1].seq and result.problem == "missing"


async def test_an_inserted_entry_is_found(chain: list[AuditEntry]) -> None:
    # Make room after the second entry, then slip in an entry forged with the key itself.
    second, third = chain[1], chain[2]
    forged = AuditEntry(
        seq=third.seq,
        at=utcnow(),
        staff_name="forger",
        action="player.adjust",
        prev_hash=second.hash,
        hash="",
    )
    forged.hash = _keyed(second.hash, forged)
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
    assert not result.ok and result.broken_at == third.seq and result.problem == "rewritten"


async def test_a_removed_last_entry_is_found_by_its_checkpoint(chain: list[AuditEntry]) -> None:
    await _cut_tail(chain[-2].seq)
    result = await audit.verify()
    assert not result.ok and result.problem == "truncated" and result.broken_at == chain[-1].seq


async def test_a_truncated_tail_is_found_by_the_checkpoints(chain: list[AuditEntry]) -> None:
    await _cut_tail(chain[0].seq)
    result = await audit.verify()
    assert not result.ok and result.problem == "truncated" and result.broken_at == chain[1].seq


async def test_a_tail_removed_with_the_checkpoint_file_is_found_by_a_copy(
    chain: list[AuditEntry],
) -> None:
    checkpoints = get_settings().audit_checkpoints
    copy = checkpoints.with_name("checkpoints-kept-elsewhere.log")
    checkpoints.rename(copy)
    try:
        await _cut_tail(chain[0].seq)
        alone = await audit.verify()
        with_copy = await audit.verify([copy])
    finally:
        copy.rename(checkpoints)
    assert not alone.ok and alone.problem == "unanchored"
    assert not with_copy.ok and with_copy.problem == "truncated"
    assert with_copy.broken_at == chain[1].seq


async def test_a_removed_last_entry_is_found_with_the_head_row_untouched(
    chain: list[AuditEntry],
) -> None:
    async with tampering() as session:
        await session.exec(delete(AuditEntry).where(AuditEntry.seq == chain[-1].seq))  # type: ignore[call-overload]
    result = await audit.verify()
    assert not result.ok and result.problem == "truncated" and result.broken_at == chain[-1].seq


async def test_appends_at_once_make_one_chain() -> None:
    async def one(n: int) -> None:
        async with write_transaction() as session:
            await audit.append(session, ACTOR, "test.parallel", now=utcnow(), detail={"n": n})

    await asyncio.gather(*(one(n) for n in range(20)))
    assert (await audit.verify()).ok


async def test_a_rolled_back_action_leaves_no_entry_and_no_checkpoint() -> None:
    before = await audit.verify()
    checkpoints = get_settings().audit_checkpoints.read_text()
    with pytest.raises(RuntimeError):
        async with write_transaction() as session:
            await audit.append(session, ACTOR, "test.rollback", now=utcnow())
            raise RuntimeError("the action failed")
    after = await audit.verify()
    assert after.ok and after.checked == before.checked
    assert get_settings().audit_checkpoints.read_text() == checkpoints


async def test_checkpoint_lines_name_the_head() -> None:
    (entry,) = await _append(1)
    line = await audit.head_checkpoint()
    assert line is not None and f"seq={entry.seq} count={entry.seq} mac={entry.hash}" in line
    written = get_settings().audit_checkpoints.read_text().splitlines()
    assert any(f"seq={entry.seq} count={entry.seq} mac={entry.hash}" in w for w in written)


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

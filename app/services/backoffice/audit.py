"""The audit log: every staff action and settings change, append-only, chained by SHA-256.

Each entry's hash is SHA-256 over the previous entry's hash and the entry's canonical JSON
(sorted keys). Appends lock the single `audit_head` row (`SELECT … FOR UPDATE` on
PostgreSQL; SQLite's write transaction already holds the database's write lock), so two
appends never chain to the same predecessor. An entry is written in the transaction of the
action it records: a rolled-back action leaves no entry, a committed one always has it.
`verify` walks the chain and names the first entry where it breaks: a changed entry (its hash
no longer matches), a removed one (a gap in the sequence or a previous hash that differs) or
an inserted one, and a removed tail (the head names a later entry).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.db import session_scope
from models import AuditEntry, AuditHead

GENESIS = "0" * 64
HEAD_ID = 1
_BATCH = 1000


@dataclass(frozen=True)
class Actor:
    """Who did it, as the log names them (a staff member, or the CLI / system)."""

    staff_id: int | None
    name: str


SYSTEM = Actor(None, "system")


@dataclass(frozen=True)
class EntryView:
    seq: int
    at: datetime
    staff_id: int | None
    staff_name: str
    action: str
    merchant_id: int | None
    target: str
    outcome: str
    detail: str
    hash: str


@dataclass(frozen=True)
class Verification:
    ok: bool
    checked: int
    broken_at: int | None  # the seq of the first entry found wrong (or the head's)
    problem: str  # "", "changed", "missing", "inserted", "head"


def _canonical(entry: AuditEntry) -> str:
    return json.dumps(
        {
            "seq": entry.seq,
            "at": entry.at.isoformat(),
            "staff_id": entry.staff_id,
            "staff_name": entry.staff_name,
            "action": entry.action,
            "merchant_id": entry.merchant_id,
            "target": entry.target,
            "outcome": entry.outcome,
            "detail": entry.detail,
        },
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )


def entry_hash(prev_hash: str, entry: AuditEntry) -> str:
    return hashlib.sha256((prev_hash + _canonical(entry)).encode()).hexdigest()


async def append(
    session: AsyncSession,
    actor: Actor,
    action: str,
    *,
    now: datetime,
    merchant_id: int | None = None,
    target: str = "",
    detail: Mapping[str, Any] | None = None,
    outcome: str = "ok",
) -> AuditEntry:
    """Add one entry at the end of the chain, inside the caller's write transaction."""
    head = (
        await session.exec(select(AuditHead).where(AuditHead.id == HEAD_ID).with_for_update())
    ).one()
    entry = AuditEntry(
        seq=head.seq + 1,
        at=now,
        staff_id=actor.staff_id,
        staff_name=actor.name[:64],
        action=action[:64],
        merchant_id=merchant_id,
        target=target[:120],
        outcome=outcome[:16],
        detail=json.dumps(dict(detail or {}), sort_keys=True, default=str, ensure_ascii=False),
        prev_hash=head.hash,
        hash="",
    )
    entry.hash = entry_hash(head.hash, entry)
    head.seq, head.hash = entry.seq, entry.hash
    session.add(entry)
    session.add(head)
    await session.flush()
    return entry


async def verify() -> Verification:
    """Walk the whole chain from its genesis; the first entry where it breaks, if any."""
    prev_hash, expected_seq, checked = GENESIS, 1, 0
    async with session_scope() as session:
        head = (await session.exec(select(AuditHead).where(AuditHead.id == HEAD_ID))).one()
        after = 0
        while True:
            batch = (
                await session.exec(
                    select(AuditEntry)
                    .where(AuditEntry.seq > after)
                    .order_by(col(AuditEntry.seq))
                    .limit(_BATCH)
                )
            ).all()
            if not batch:
                break
            for entry in batch:
                if entry.seq > expected_seq or entry.prev_hash != prev_hash:
                    problem = "missing" if entry.seq > expected_seq else "inserted"
                    return Verification(False, checked, entry.seq, problem)
                if entry.seq < expected_seq:
                    return Verification(False, checked, entry.seq, "inserted")
                if entry_hash(prev_hash, entry) != entry.hash:
                    return Verification(False, checked, entry.seq, "changed")
                prev_hash, expected_seq = entry.hash, expected_seq + 1
                checked += 1
            after = batch[-1].seq
    if head.seq != checked or head.hash != prev_hash:
        return Verification(False, checked, head.seq, "head")
    return Verification(True, checked, None, "")


def _view(entry: AuditEntry) -> EntryView:
    return EntryView(
        seq=entry.seq,
        at=entry.at,
        staff_id=entry.staff_id,
        staff_name=entry.staff_name,
        action=entry.action,
        merchant_id=entry.merchant_id,
        target=entry.target,
        outcome=entry.outcome,
        detail=entry.detail,
        hash=entry.hash,
    )


async def page(
    merchant_id: int | None, action: str, page_no: int, page_size: int
) -> tuple[list[EntryView], int]:
    """Newest first; a brand's staff sees its brand's entries (`merchant_id`), None sees all."""
    filters: list[Any] = []
    if merchant_id is not None:
        filters.append(AuditEntry.merchant_id == merchant_id)
    if action:
        filters.append(col(AuditEntry.action).startswith(action))
    async with session_scope() as session:
        total = (
            await session.exec(select(func.count()).select_from(AuditEntry).where(*filters))
        ).one()
        rows = (
            await session.exec(
                select(AuditEntry)
                .where(*filters)
                .order_by(col(AuditEntry.seq).desc())
                .offset((page_no - 1) * page_size)
                .limit(page_size)
            )
        ).all()
    return [_view(r) for r in rows], int(total)


CSV_COLUMNS = (
    "seq", "at", "staff_id", "staff_name", "action", "merchant_id", "target", "outcome",
    "detail", "hash",
)  # fmt: skip


async def export_csv(merchant_id: int | None) -> str:
    """Every entry (of the brand, or all), oldest first, as CSV."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    filters: list[Any] = []
    if merchant_id is not None:
        filters.append(AuditEntry.merchant_id == merchant_id)
    async with session_scope() as session:
        rows = (
            await session.exec(select(AuditEntry).where(*filters).order_by(col(AuditEntry.seq)))
        ).all()
    for r in rows:
        writer.writerow(
            [r.seq, r.at.isoformat(), r.staff_id or "", _cell(r.staff_name), _cell(r.action),
             r.merchant_id or "", _cell(r.target), r.outcome, _cell(r.detail), r.hash]
        )  # fmt: skip
    return out.getvalue()


def _cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text

"""The audit log: every staff action and settings change, append-only, in a keyed chain whose
head is also checkpointed outside the database.

Chain. Each entry's `hash` is HMAC-SHA256, under the audit key, of the previous entry's hash
and the entry's canonical JSON (sorted keys). The key is never in the database (AUDIT_LOG_KEY,
else a key file generated once into the data folder; production refuses to start without
the setting): whoever edits, removes or inserts an entry cannot recompute the chain after it.

Entries from before the key (a migrated database) keep their plain SHA-256. Re-chaining them
would need the append-only triggers off and the key inside a migration; instead the first
append under the key (the head row's `keyed` is still false) writes an `audit.keyed` entry
first, itself keyed, whose MAC covers the unkeyed chain's head (its detail names that head
and the count): editing an old entry changes that head and breaks the keyed entry. `verify`
accepts unkeyed entries only before the first keyed one.

Checkpoints. After the transaction of each append commits, one line
`<time> audit-checkpoint seq=N count=N mac=<hex>` is appended to a file outside the database
(AUDIT_CHECKPOINT_PATH, else data/audit_checkpoints.log); a rolled-back action leaves none.
Every append rather than every N entries or minutes, so that removing even the last entry is
seen. `verify` checks each checkpoint, from that file and from the copies an operator keeps off
the machine, against the entry it names: one past the end is a truncation, one whose MAC
differs a rewrite by someone who holds the key (or an unkeyed rewrite of every entry).

Order. Appends lock the single `audit_head` row (`SELECT … FOR UPDATE` on PostgreSQL;
SQLite's write transaction already holds the database's write lock) and `seq` is unique, so
two appends never chain to the same predecessor. An entry is written in the transaction of the
action it records: a rolled-back action leaves no entry, a committed one always has it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction
from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import clock
from app.core.config import get_settings
from app.core.csv_text import csv_text
from app.core.db import session_scope
from models import AuditEntry, AuditHead

GENESIS = "0" * 64
HEAD_ID = 1
KEYED_ACTION = "audit.keyed"
_BATCH = 1000
_CHECKPOINT = re.compile(r"audit-checkpoint seq=(\d+) count=(\d+) mac=([0-9a-f]{64})\b")
_PENDING = "audit_checkpoint"

logger = logging.getLogger(__name__)


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
    # "", "changed", "missing", "inserted", "head", "truncated" (a checkpoint names an entry
    # past the end), "rewritten" (an entry differs from its checkpoint), "unanchored" (a keyed
    # chain that no checkpoint names: a removed tail could not be seen)
    problem: str
    unkeyed: int = 0  # entries from before the key, anchored by the first keyed one
    checkpoints: int = 0  # checkpoints that named an entry found in the log


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


def entry_mac(key: bytes, prev_hash: str, entry: AuditEntry) -> str:
    return hmac.new(key, (prev_hash + _canonical(entry)).encode(), hashlib.sha256).hexdigest()


def unkeyed_hash(prev_hash: str, entry: AuditEntry) -> str:
    """The plain SHA-256 of the entries written before the chain was keyed."""
    return hashlib.sha256((prev_hash + _canonical(entry)).encode()).hexdigest()


def checkpoint_line(seq: int, mac: str, at: datetime) -> str:
    """One checkpoint of the chain's head: the entry, its MAC, the entries up to it, when."""
    return f"{at.isoformat(timespec='seconds')} audit-checkpoint seq={seq} count={seq} mac={mac}"


def read_checkpoints(paths: Iterable[Path]) -> dict[int, set[str]]:
    """The MACs checkpoints name, per seq, from these files (a missing file names none; other
    lines, as in an external log, are skipped)."""
    named: dict[int, set[str]] = {}
    for path in paths:
        if not path.exists():
            continue
        with path.open(encoding="utf-8", errors="replace") as lines:
            for line in lines:
                found = _CHECKPOINT.search(line)
                if found and found[1] == found[2]:
                    named.setdefault(int(found[1]), set()).add(found[3])
    return named


def _write_checkpoint(line: str) -> None:
    path = get_settings().audit_checkpoints
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_APPEND: each line lands whole at the end, whichever process writes it.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, (line + "\n").encode())
        finally:
            os.close(fd)
    except OSError:
        # The action has committed: its entry stands; only this checkpoint is lost.
        logger.exception("audit checkpoint not written to %s: %s", path, line)


def _checkpoint_on_commit(session: Session) -> None:
    pending: tuple[int, str] | None = session.info.pop(_PENDING, None)
    if pending is not None:
        seq, mac = pending
        _write_checkpoint(checkpoint_line(seq, mac, clock.now()))


def _no_checkpoint_on_rollback(session: Session, _previous: SessionTransaction) -> None:
    session.info.pop(_PENDING, None)


def _checkpoint_after_commit(session: AsyncSession, entry: AuditEntry) -> None:
    """The entry's checkpoint, written once its transaction commits (never for a rollback,
    including a savepoint's: that only delays the checkpoint to the next append)."""
    sync = session.sync_session
    sync.info[_PENDING] = (entry.seq, entry.hash)
    if not event.contains(sync, "after_commit", _checkpoint_on_commit):
        event.listen(sync, "after_commit", _checkpoint_on_commit)
        event.listen(sync, "after_soft_rollback", _no_checkpoint_on_rollback)


def _link(session: AsyncSession, head: AuditHead, key: bytes, entry: AuditEntry) -> None:
    entry.seq, entry.prev_hash = head.seq + 1, head.hash
    entry.hash = entry_mac(key, head.hash, entry)
    head.seq, head.hash = entry.seq, entry.hash
    session.add(entry)


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
    key = get_settings().audit_key()
    head = (
        await session.exec(select(AuditHead).where(AuditHead.id == HEAD_ID).with_for_update())
    ).one()
    if not head.keyed:
        if head.seq:
            marker = {"unkeyed_entries": head.seq, "unkeyed_head": head.hash}
            _link(session, head, key, _entry(SYSTEM, KEYED_ACTION, now, None, "", marker, "ok"))
        head.keyed = True
    entry = _entry(actor, action, now, merchant_id, target, detail, outcome)
    _link(session, head, key, entry)
    session.add(head)
    await session.flush()
    _checkpoint_after_commit(session, entry)
    return entry


def _entry(
    actor: Actor,
    action: str,
    now: datetime,
    merchant_id: int | None,
    target: str,
    detail: Mapping[str, Any] | None,
    outcome: str,
) -> AuditEntry:
    return AuditEntry(
        seq=0,
        at=now,
        staff_id=actor.staff_id,
        staff_name=actor.name[:64],
        action=action[:64],
        merchant_id=merchant_id,
        target=target[:120],
        outcome=outcome[:16],
        detail=json.dumps(dict(detail or {}), sort_keys=True, default=str, ensure_ascii=False),
        prev_hash="",
        hash="",
    )


async def head_checkpoint() -> str | None:
    """The checkpoint line of the chain's last entry (None for an empty log)."""
    async with session_scope() as session:
        head = (await session.exec(select(AuditHead).where(AuditHead.id == HEAD_ID))).one()
    return checkpoint_line(head.seq, head.hash, clock.now()) if head.seq else None


async def verify(checkpoint_copies: Iterable[Path] = ()) -> Verification:
    """Walk the chain from its genesis to the head under the key, and hold it against every
    checkpoint (the file's and these copies'); the first place where it breaks, if any.

    The checkpoints are read first and the walk stops at the head read next: appends
    committing meanwhile are past both, so a busy log never looks broken."""
    walk = _Walk(
        get_settings().audit_key(),
        read_checkpoints([get_settings().audit_checkpoints, *checkpoint_copies]),
    )
    async with session_scope() as session:
        head = (await session.exec(select(AuditHead).where(AuditHead.id == HEAD_ID))).one()
        async for entry in _entries_up_to(session, head.seq):
            problem = walk.step(entry)
            if problem:
                where = walk.expected_seq if problem == "missing" else entry.seq
                return walk.result(where, problem)
    return walk.end(head)


async def _entries_up_to(session: AsyncSession, last_seq: int) -> AsyncIterator[AuditEntry]:
    after = 0
    while True:
        batch = (
            await session.exec(
                select(AuditEntry)
                .where(AuditEntry.seq > after, AuditEntry.seq <= last_seq)
                .order_by(col(AuditEntry.seq))
                .limit(_BATCH)
            )
        ).all()
        if not batch:
            return
        for entry in batch:
            yield entry
        after = batch[-1].seq


@dataclass
class _Walk:
    """The chain walked entry by entry: the hash each entry must follow, the seq it must
    have, and what was counted (entries checked, old unkeyed ones, ones a checkpoint names)."""

    key: bytes
    named: Mapping[int, set[str]]
    prev_hash: str = GENESIS
    expected_seq: int = 1
    checked: int = 0
    unkeyed: int = 0
    matched: int = 0

    def step(self, entry: AuditEntry) -> str:
        """The entry's problem ("" when it follows the chain, which then moves past it)."""
        keyed = entry_mac(self.key, self.prev_hash, entry) == entry.hash
        # The old plain SHA-256 is accepted only before the first keyed entry.
        old = (
            not keyed
            and self.checked == self.unkeyed
            and unkeyed_hash(self.prev_hash, entry) == entry.hash
        )
        if entry.seq > self.expected_seq:
            return "missing"
        if entry.seq < self.expected_seq or entry.prev_hash != self.prev_hash:
            return "inserted"
        if not (keyed or old):
            return "changed"
        if any(mac != entry.hash for mac in self.named.get(entry.seq, ())):
            return "rewritten"
        self.unkeyed += old
        self.matched += entry.seq in self.named
        self.prev_hash, self.expected_seq = entry.hash, self.expected_seq + 1
        self.checked += 1
        return ""

    def result(self, where: int | None, problem: str) -> Verification:
        return Verification(not problem, self.checked, where, problem, self.unkeyed, self.matched)

    def end(self, head: AuditHead) -> Verification:
        """After the last entry: nothing a checkpoint names is gone, the head is the last
        entry, and a keyed chain is anchored by at least one checkpoint."""
        if any(seq > self.checked for seq in self.named):
            return self.result(self.checked + 1, "truncated")
        if head.seq != self.checked or head.hash != self.prev_hash:
            return self.result(head.seq, "head")
        if self.checked > self.unkeyed and not self.matched:
            return self.result(None, "unanchored")
        return self.result(None, "")


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
    filters: list[Any] = []
    if merchant_id is not None:
        filters.append(AuditEntry.merchant_id == merchant_id)
    async with session_scope() as session:
        rows = (
            await session.exec(select(AuditEntry).where(*filters).order_by(col(AuditEntry.seq)))
        ).all()
    # csv_text's formula guard keeps a staff name, target or detail from running as a formula
    return csv_text(
        CSV_COLUMNS,
        (
            [r.seq, r.at.isoformat(), r.staff_id or "", r.staff_name, r.action,
             r.merchant_id or "", r.target, r.outcome, r.detail, r.hash]
            for r in rows
        ),
    )  # fmt: skip

"""Proofs and backups: the ledger and game-round audit, the back office's audit chain, encrypted
backups and restores."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from app.core.db import dispose_engine, session_scope
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import backups
from app.services.backoffice import audit as audit_log
from app.services.ledger import audit
from app.services.seamless.round_audit import audit_rounds

_CHAIN_PROBLEMS = {
    "changed": "its MAC does not match it (edited, or the chain recomputed without the key)",
    "missing": "it is missing from the middle of the chain",
    "inserted": "it does not follow the entry before it (inserted or moved)",
    "head": "the head row names another end of the chain",
    "truncated": "a checkpoint names it or a later entry, which the log no longer has",
    "rewritten": "it differs from its checkpoint: the chain up to it was rewritten since "
    "(with the key, or turned unkeyed)",
    "unanchored": "no checkpoint names any keyed entry, so a removed tail could not be seen "
    "(pass the copies kept elsewhere with --checkpoints)",
}


async def audit_log_verify_command(copies: list[Path]) -> int:
    absent = [str(path) for path in copies if not path.is_file()]
    if absent:
        print(f"no such checkpoint file: {', '.join(absent)}", file=sys.stderr)
        return 2
    try:
        result = await audit_log.verify(copies)
    finally:
        await dispose_engine()
    if result.ok:
        unkeyed = f", {result.unkeyed} of them from before the key" if result.unkeyed else ""
        print(
            f"audit log: intact, {result.checked} entries checked{unkeyed}; "
            f"{result.checkpoints} checkpoints match"
        )
        return 0
    where, before = "", "checked"
    if result.broken_at is not None:
        where, before = f"at entry {result.broken_at} ", "before it are intact"
    print(
        f"audit log: BROKEN {where}({result.problem}): {_CHAIN_PROBLEMS[result.problem]}; "
        f"{result.checked} entries {before}"
    )
    return 1


async def audit_log_checkpoint_command() -> int:
    try:
        if not (await audit_log.verify()).ok:
            print("audit log: broken, no checkpoint given (see audit-log-verify)", file=sys.stderr)
            return 1
        line = await audit_log.head_checkpoint()
    finally:
        await dispose_engine()
    print(line or "audit log: empty, nothing to checkpoint")
    return 0


def backup_command(target: Path) -> int:
    try:
        info = backups.backup(target)
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 2
    print(
        f"backup: {target} ({info.kind}, schema {info.revision}, {info.size} bytes, "
        "AES-256-GCM under BACKUP_KEY)"
    )
    return 0


def backup_verify_command(source: Path) -> int:
    try:
        info = backups.verify(source)
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 1
    print(f"backup: {source} decrypts whole ({info.kind} of {info.created_at}, {info.size} bytes)")
    return 0


def restore_command(source: Path) -> int:
    """Restore, then prove the restored database: its ledger and its audit chain."""
    try:
        info = backups.restore(source)
    except AppError as refused:
        print(translate(refused.code, "en", **refused.params), file=sys.stderr)
        return 2
    print(f"restored: {info.kind} backup of {info.created_at} (schema {info.revision})")
    ledger = asyncio.run(audit_command())
    chain = asyncio.run(audit_log_verify_command([]))
    return ledger or chain


async def audit_command() -> int:
    async with session_scope() as session:
        report = await audit(session)
        rounds = await audit_rounds(session)
    await dispose_engine()
    differences = report.differences + rounds.differences
    for difference in differences:
        print(f"{difference.check} #{difference.subject_id}: {difference.detail}")
    print(
        f"ledger audit: {report.accounts_checked} accounts checked, "
        f"{report.transactions_checked} transactions checked, "
        f"{rounds.checked} game rounds checked, "
        f"{len(differences)} differences"
    )
    return 0 if not differences else 1

"""The protection retention log: every message to a member about their account, limits or
exclusion (date, time, channel, content as sent in their language) and every protection step
(channel LOG). Append-only; kept at least 5 years (Brazil, IN 31/2025); exportable as CSV."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlmodel import col, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core.csv_text import csv_text
from app.core.db import session_scope
from app.core.i18n import has_key, translate, ui_language
from app.services import inbox
from app.services.brands import Money, brands
from models import Member
from models.cashier import MessageKind
from models.protection import ProtectionRecord

RETENTION_YEARS = 5
LABELS = {
    "kind": ("protection.kind", "protection.exclusion"),
    "period": ("protection.period",),
}
MAX_EXPORT = 100_000


class Channel:
    INBOX = "INBOX"  # the member's inbox on the site and the API
    SITE = "SITE"  # shown on a page (a refusal, a reality check)
    LOG = "LOG"  # a protection step, no message


@dataclass(frozen=True)
class Record:
    id: int
    member_id: int
    event: str
    channel: str
    language: str
    content: str
    created_at: datetime


def member_language(member: Member, default: str = "PT") -> str:
    return ui_language(member.language or default)


async def log(
    session: AsyncSession,
    member: Member,
    event: str,
    now: datetime,
    *,
    channel: str = Channel.LOG,
    params: dict[str, Any] | None = None,
    language: str = "pt",
) -> None:
    """Keep one step or message (building block: the caller's transaction). `event` is a
    catalog key under `protection.event.`; its text in the member's language is the content,
    its amounts (Decimal params) written as the brand writes money: R$ 12,50."""
    assert member.id is not None
    values = {key: str(value) for key, value in (params or {}).items()}
    money = Money.of(await brands.by_id(member.merchant_id))
    shown = {
        key: money.in_message(value) if isinstance(value, Decimal) else str(value)
        for key, value in (params or {}).items()
    }
    content = translate(f"protection.event.{event}", language, **_labelled(shown, language))
    session.add(
        ProtectionRecord(
            merchant_id=member.merchant_id,
            member_id=member.id,
            event=event,
            channel=channel,
            language=language,
            content=content[:2000],
            params=values,
            created_at=now,
        )
    )


def _labelled(values: dict[str, Any], language: str) -> dict[str, Any]:
    """Codes shown as words in the content: a limit's kind and period, an exclusion's kind."""
    shown = dict(values)
    for key, prefixes in LABELS.items():
        code = values.get(key)
        for prefix in prefixes:
            if code is not None and has_key(f"{prefix}.{code}"):
                shown[key] = translate(f"{prefix}.{code}", language)
                break
    return shown


async def message(
    session: AsyncSession,
    member: Member,
    kind: MessageKind,
    event: str,
    now: datetime,
    params: dict[str, Any],
    language: str,
) -> None:
    """Post an inbox message and keep its content in the log, in one transaction."""
    assert member.id is not None
    values = {key: str(value) for key, value in params.items()}
    await inbox.post_message(session, member.id, kind, values)
    await log(session, member, event, now, channel=Channel.INBOX, params=params, language=language)


async def member_records(member_id: int, limit: int = 200) -> list[Record]:
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(ProtectionRecord)
                .where(ProtectionRecord.member_id == member_id)
                .order_by(col(ProtectionRecord.created_at).desc(), col(ProtectionRecord.id).desc())
                .limit(min(max(limit, 1), MAX_EXPORT))
            )
        ).all()
    return [_record(row) for row in rows]


def _record(row: ProtectionRecord) -> Record:
    assert row.id is not None
    return Record(
        row.id, row.member_id, row.event, row.channel, row.language, row.content, row.created_at
    )


async def export_csv(merchant_id: int, since: datetime, until: datetime) -> str:
    """The brand's records in [since, until) as CSV (for the regulator's inspection)."""
    async with session_scope() as session:
        rows = (
            await session.exec(
                select(ProtectionRecord)
                .where(
                    ProtectionRecord.merchant_id == merchant_id,
                    col(ProtectionRecord.created_at) >= since,
                    col(ProtectionRecord.created_at) < until,
                )
                .order_by(col(ProtectionRecord.id))
                .limit(MAX_EXPORT)
            )
        ).all()
    return csv_text(
        ["id", "member_id", "created_at_utc", "channel", "event", "language", "content"],
        (
            [
                row.id,
                row.member_id,
                row.created_at.isoformat(),
                row.channel,
                row.event,
                row.language,
                row.content,
            ]
            for row in rows
        ),
    )

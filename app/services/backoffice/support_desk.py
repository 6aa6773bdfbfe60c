"""The support desk in the console: a brand's tickets by status (waiting for us first, the
longest waiting on top), type and member or ticket number, one ticket's thread with its
images, and the answer and close (app/services/support/tickets.py's rules), each audited."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import col, func, select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import audit
from app.services.backoffice.staff import Staff, require
from app.services.brands import brands
from app.services.images import data_url
from app.services.support import tickets as ticket_rules
from models import Feedback, Member
from models.base import MAX_ID, saved_id

PAGE_SIZE = 20
MAX_PAGE = 10_000


@dataclass(frozen=True)
class TicketRow:
    id: int
    username: str  # "" for a visitor's feedback
    question_type: str
    status: str
    preview: str
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True)
class TicketPage:
    rows: tuple[TicketRow, ...]
    total: int
    page: int
    pages: int


@dataclass(frozen=True)
class TicketDetail:
    ticket: ticket_rules.TicketView
    merchant_id: int
    username: str
    images: int


@dataclass(frozen=True)
class TicketFilter:
    status: str = ticket_rules.OPEN  # "" for every status
    question_type: str = ""
    search: str = ""  # a username prefix, or "#123" / "123" for a ticket number
    page: int = 1


def _checked(found: TicketFilter) -> TicketFilter:
    status = found.status.strip().upper()
    kind = found.question_type.strip().lower()
    if status and status not in ticket_rules.STATUSES:
        raise AppError("bo-filter-invalid", status=422)
    if kind and kind not in ticket_rules.QUESTION_TYPES:
        raise AppError("bo-filter-invalid", status=422)
    if not 1 <= found.page <= MAX_PAGE:
        raise AppError("bo-filter-invalid", status=422)
    return TicketFilter(status, kind, " ".join(found.search.split())[:64], found.page)


async def tickets(staff: Staff, code: str, wanted: TicketFilter, now: datetime) -> TicketPage:
    """One page of the brand's tickets: the longest waiting first."""
    brand_id = (await brands.by_code(code)).id
    await require(staff, "support.view", brand_id, now)
    found = _checked(wanted)
    filters: list[Any] = [Feedback.merchant_id == brand_id]
    if found.status:
        filters.append(Feedback.status == found.status)
    if found.question_type:
        filters.append(Feedback.question_type == found.question_type)
    number = found.search.removeprefix("#")
    if number.isdigit():
        filters.append(Feedback.id == min(int(number), MAX_ID))
    elif found.search:
        filters.append(col(Member.username).startswith(found.search.lower(), autoescape=True))
    statement = (
        select(Feedback, Member.username)
        .outerjoin(Member, col(Member.id) == Feedback.member_id)
        .where(*filters)
    )
    async with session_scope() as session:
        total = (await session.exec(select(func.count()).select_from(statement.subquery()))).one()
        rows = (
            await session.exec(
                statement.order_by(col(Feedback.updated_at), col(Feedback.id))
                .offset((found.page - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
            )
        ).all()
    return TicketPage(
        rows=tuple(
            TicketRow(
                id=saved_id(ticket.id),
                username=username or "",
                question_type=ticket.question_type,
                status=ticket.status,
                preview=ticket.content[:80],
                created_at=ticket.created_at,
                updated_at=ticket.updated_at,
            )
            for ticket, username in rows
        ),
        total=total,
        page=found.page,
        pages=max(1, -(-total // PAGE_SIZE)),
    )


async def _ticket_brand(ticket_id: int) -> int:
    async with session_scope() as session:
        brand_id = (
            await session.exec(select(Feedback.merchant_id).where(Feedback.id == ticket_id))
        ).first()
    if brand_id is None:
        raise AppError("feedback-not-found", status=404)
    return brand_id


async def ticket(staff: Staff, ticket_id: int, now: datetime) -> TicketDetail:
    """A ticket with its whole thread (the member's messages and the answers)."""
    await require(staff, "support.view", await _ticket_brand(ticket_id), now)
    async with session_scope() as session:
        found = (
            await session.exec(
                select(Feedback, Member.username)
                .outerjoin(Member, col(Member.id) == Feedback.member_id)
                .where(Feedback.id == ticket_id)
            )
        ).one()
        thread = await ticket_rules.replies_of(session, [ticket_id])
    row, username = found
    return TicketDetail(
        ticket_rules.ticket_view(row, thread.get(ticket_id, [])),
        row.merchant_id,
        username or "",
        len(row.images),
    )


async def ticket_image(staff: Staff, ticket_id: int, index: int, now: datetime) -> str:
    """One of the ticket's images (0-based) as a data URL."""
    await require(staff, "support.view", await _ticket_brand(ticket_id), now)
    async with session_scope() as session:
        row = await session.get(Feedback, ticket_id)
    assert row is not None
    if not 0 <= index < len(row.images):
        raise AppError("image-missing", status=404)
    return await data_url(ticket_rules.IMAGE_FOLDER, row.images[index])


async def answer(staff: Staff, ticket_id: int, body: str, now: datetime) -> None:
    """Answer the ticket as this staff member; the member's inbox is told."""
    brand_id = await _ticket_brand(ticket_id)
    await require(staff, "support.reply", brand_id, now)
    async with write_transaction() as session:
        answered = await ticket_rules.reply_in(
            session, brand_id, ticket_id, staff.username, body, now
        )
        await audit.append(
            session, staff.actor, "support.answer", now=now, merchant_id=brand_id,
            target=f"ticket:{ticket_id}", detail={"chars": len(body.strip())},
        )  # fmt: skip
    await ticket_rules.answered(answered)


async def close(staff: Staff, ticket_id: int, now: datetime) -> None:
    """Close the ticket: no more messages on it either way."""
    brand_id = await _ticket_brand(ticket_id)
    await require(staff, "support.reply", brand_id, now)
    async with write_transaction() as session:
        await ticket_rules.close_in(session, brand_id, ticket_id, now)
        await audit.append(
            session, staff.actor, "support.close", now=now, merchant_id=brand_id,
            target=f"ticket:{ticket_id}",
        )  # fmt: skip

"""Support tickets and feedback: plain text bounded in words (spec 5) with up to 3 images,
then a thread of the operator's answers and the member's follow-ups.

    OPEN (waiting for the operator) --operator answers--> ANSWERED (waiting for the member)
    ANSWERED --member follows up--> OPEN;   OPEN or ANSWERED --operator closes--> CLOSED

Every answer tells the member's inbox. Staff work the queue in the console
(app/services/backoffice/support_desk.py); operators with an API token answer over
`POST /wps/operator/feedback/{id}/reply`.

Images are personal data kept no longer than needed: a ticket closed for the configured number
of days (`support_image_retention_days`) loses its image files; its text and thread stay
(`forget_old_images`, run daily by app/jobs/support_image_retention.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlmodel import col, func, select
from sqlmodel.ext.asyncio.session import AsyncSession

from app.core import rate_limit
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import inbox, wallet_events
from app.services.accounts import limits
from app.services.brands import Brand
from app.services.images import image_suffixes, remove, store
from models import Feedback, FeedbackReply
from models.base import saved_id
from models.cashier import MessageKind

# Spec 5: feedback "must be between {0} and {1} words"; the character cap guards the column.
FEEDBACK_MIN_WORDS = 3
FEEDBACK_MAX_WORDS = 500
FEEDBACK_MAX_CHARS = 4000
QUESTION_TYPES = ("deposit", "withdraw", "game", "customer_service", "application", "other")
MAX_REPLY_CHARS = 2000
MAX_IMAGES = 3
MAX_FOLLOW_UPS = 20  # a member's messages under one ticket
IMAGE_FOLDER = "feedback"
OPEN, ANSWERED, CLOSED = "OPEN", "ANSWERED", "CLOSED"
STATUSES = (OPEN, ANSWERED, CLOSED)


def word_count(text: str) -> int:
    """Words as a reader counts them: runs of characters between whitespace."""
    return len(text.split())


async def submit_feedback(
    brand: Brand,
    member_id: int | None,
    question_type: str,
    content: str,
    ip: str,
    images: Sequence[bytes] = (),
    now: datetime | None = None,
) -> int:
    """A ticket (of `question_type`, or "other" when it names none of QUESTION_TYPES);
    feedback without a login is limited per address. Nothing is stored when the text or any
    image is refused."""
    text = content.strip()
    if not FEEDBACK_MIN_WORDS <= word_count(text) <= FEEDBACK_MAX_WORDS:
        raise AppError(
            "feedback-words",
            status=422,
            params={"min": FEEDBACK_MIN_WORDS, "max": FEEDBACK_MAX_WORDS},
        )
    if len(text) > FEEDBACK_MAX_CHARS:
        raise AppError("feedback-length", status=422, params={"min": 1, "max": FEEDBACK_MAX_CHARS})
    if member_id is None:  # before the images are decoded: that is the costly part
        await rate_limit.consume(limits.ANONYMOUS_FEEDBACK_PER_ADDRESS, ip)
    suffixes = await image_suffixes(images, MAX_IMAGES)
    stored = await store(IMAGE_FOLDER, images, suffixes)
    ticket = Feedback(
        merchant_id=brand.id,
        member_id=member_id,
        question_type=question_type if question_type in QUESTION_TYPES else "other",
        content=text,
        images=stored,
    )
    if now is not None:
        ticket.created_at = ticket.updated_at = now
    try:
        async with write_transaction() as session:
            session.add(ticket)
    except BaseException:
        await remove(IMAGE_FOLDER, stored)
        raise
    return saved_id(ticket.id)


@dataclass(frozen=True)
class ReplyView:
    author: str
    body: str
    created_at: datetime
    from_member: bool = False


@dataclass(frozen=True)
class TicketView:
    id: int
    question_type: str
    content: str
    status: str  # OPEN, ANSWERED, CLOSED
    created_at: datetime
    replies: tuple[ReplyView, ...]
    image_count: int = 0


async def replies_of(session: AsyncSession, ids: Sequence[int]) -> dict[int, list[ReplyView]]:
    """Each ticket's thread after its first message, in order."""
    replies = (
        await session.exec(
            select(FeedbackReply)
            .where(col(FeedbackReply.feedback_id).in_(ids))
            .order_by(col(FeedbackReply.id))
        )
    ).all()
    by_ticket: dict[int, list[ReplyView]] = {}
    for reply in replies:
        by_ticket.setdefault(reply.feedback_id, []).append(
            ReplyView(reply.author, reply.body, reply.created_at, reply.from_member)
        )
    return by_ticket


def ticket_view(ticket: Feedback, replies: Sequence[ReplyView]) -> TicketView:
    return TicketView(
        id=saved_id(ticket.id),
        question_type=ticket.question_type,
        content=ticket.content,
        status=ticket.status,
        created_at=ticket.created_at,
        replies=tuple(replies),
        image_count=len(ticket.images),
    )


async def member_tickets(member_id: int, limit: int = 20) -> list[TicketView]:
    """The member's tickets, newest first, with their threads in order."""
    async with session_scope() as session:
        tickets = (
            await session.exec(
                select(Feedback)
                .where(Feedback.member_id == member_id)
                .order_by(col(Feedback.id).desc())
                .limit(limit)
            )
        ).all()
        by_ticket = await replies_of(session, [saved_id(t.id) for t in tickets])
    return [ticket_view(t, by_ticket.get(saved_id(t.id), [])) for t in tickets]


def _message_text(body: str) -> str:
    text = body.strip() if isinstance(body, str) else ""
    if not 1 <= len(text) <= MAX_REPLY_CHARS:
        raise AppError("feedback-length", status=422, params={"min": 1, "max": MAX_REPLY_CHARS})
    return text


async def reply_in(
    session: AsyncSession, brand_id: int, ticket_id: int, author: str, body: str, now: datetime
) -> Feedback:
    """An operator's answer to an open or answered ticket of their brand: kept under the
    ticket, which becomes ANSWERED; its member (if any) gets an inbox message. Building
    block: the caller's transaction; tell `answered` after the commit."""
    text = _message_text(body)
    ticket = await session.get(Feedback, ticket_id, with_for_update=True)
    if ticket is None or ticket.merchant_id != brand_id:
        raise AppError("feedback-not-found", status=404)
    if ticket.status == CLOSED:
        raise AppError("feedback-closed", status=409)
    session.add(FeedbackReply(feedback_id=ticket_id, author=author[:64], body=text, created_at=now))
    ticket.status, ticket.updated_at = ANSWERED, now
    session.add(ticket)
    if ticket.member_id is not None:
        await inbox.post_message(
            session, ticket.member_id, MessageKind.NEW_MAIL, {"ticket": ticket_id}
        )
    return ticket


async def answered(ticket: Feedback) -> None:
    """After an answer's commit: the member's open pages refresh their badges."""
    if ticket.member_id is not None:
        await wallet_events.balance_changed(ticket.member_id)


async def reply(brand_id: int, ticket_id: int, author: str, body: str, now: datetime) -> int:
    """An operator (API token) answers a ticket of their brand; the ticket's id."""
    async with write_transaction() as session:
        ticket = await reply_in(session, brand_id, ticket_id, author, body, now)
    await answered(ticket)
    return saved_id(ticket.id)


async def close_in(session: AsyncSession, brand_id: int, ticket_id: int, now: datetime) -> Feedback:
    """Close a ticket of the brand (no more messages either way). Building block."""
    ticket = await session.get(Feedback, ticket_id, with_for_update=True)
    if ticket is None or ticket.merchant_id != brand_id:
        raise AppError("feedback-not-found", status=404)
    if ticket.status == CLOSED:
        raise AppError("feedback-closed", status=409)
    ticket.status, ticket.updated_at = CLOSED, now
    session.add(ticket)
    return ticket


async def follow_up(member_id: int, ticket_id: int, body: str, now: datetime) -> TicketView:
    """The member writes again under their own ticket (not closed): it is OPEN again, waiting
    for the operator. Limited per member and per ticket."""
    text = _message_text(body)
    await rate_limit.consume(limits.FEEDBACK_FOLLOW_UPS_PER_MEMBER, str(member_id))
    async with write_transaction() as session:
        ticket = await session.get(Feedback, ticket_id, with_for_update=True)
        if ticket is None or ticket.member_id != member_id:
            raise AppError("feedback-not-found", status=404)
        if ticket.status == CLOSED:
            raise AppError("feedback-closed", status=409)
        sent = (
            await session.exec(
                select(func.count())
                .select_from(FeedbackReply)
                .where(FeedbackReply.feedback_id == ticket_id, col(FeedbackReply.from_member))
            )
        ).one()
        if sent >= MAX_FOLLOW_UPS:
            raise AppError("feedback-follow-ups", status=409, params={"max": MAX_FOLLOW_UPS})
        session.add(
            FeedbackReply(
                feedback_id=ticket_id, author="", body=text, created_at=now, from_member=True
            )
        )
        ticket.status, ticket.updated_at = OPEN, now
        session.add(ticket)
        thread = await replies_of(session, [ticket_id])
    return ticket_view(ticket, thread.get(ticket_id, []))


RETENTION_BATCH = 500  # tickets per pass: a long backlog is worked off over a few passes


async def forget_old_images(now: datetime, keep: timedelta) -> int:
    """Remove the images of tickets closed (no message since) for longer than `keep`; the
    number of images removed. The rows lose the names first, then the files go: a crash in
    between leaves unnamed files behind, never a ticket naming a missing image."""
    removed: list[str] = []
    while True:
        async with write_transaction() as session:
            tickets = (
                await session.exec(
                    select(Feedback)
                    .where(
                        Feedback.status == CLOSED,
                        col(Feedback.updated_at) < now - keep,
                        func.json_array_length(Feedback.images) > 0,
                    )
                    .order_by(col(Feedback.updated_at))
                    .limit(RETENTION_BATCH)
                )
            ).all()
            batch = [name for ticket in tickets for name in ticket.images]
            for ticket in tickets:
                ticket.images = []
                session.add(ticket)
        await remove(IMAGE_FOLDER, batch)
        removed += batch
        if len(tickets) < RETENTION_BATCH:
            return len(removed)

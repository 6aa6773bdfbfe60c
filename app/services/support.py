"""Support tickets and feedback: plain text only, bounded in words (spec 5)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import col, select

from app.core import rate_limit
from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services import inbox, wallet_events
from app.services.accounts import limits
from app.services.brands import Brand
from models import Feedback, FeedbackReply
from models.base import saved_id
from models.cashier import MessageKind

# Spec 5: feedback "must be between {0} and {1} words"; the character cap guards the column.
FEEDBACK_MIN_WORDS = 3
FEEDBACK_MAX_WORDS = 500
FEEDBACK_MAX_CHARS = 4000


def word_count(text: str) -> int:
    """Words as a reader counts them: runs of characters between whitespace."""
    return len(text.split())


async def submit_feedback(
    brand: Brand, member_id: int | None, question_type: str, content: str, ip: str
) -> int:
    """A ticket; feedback without a login is limited per address."""
    text = content.strip()
    if not FEEDBACK_MIN_WORDS <= word_count(text) <= FEEDBACK_MAX_WORDS:
        raise AppError(
            "feedback-words",
            status=422,
            params={"min": FEEDBACK_MIN_WORDS, "max": FEEDBACK_MAX_WORDS},
        )
    if len(text) > FEEDBACK_MAX_CHARS:
        raise AppError("feedback-length", status=422, params={"min": 1, "max": FEEDBACK_MAX_CHARS})
    if member_id is None:
        await rate_limit.consume(limits.ANONYMOUS_FEEDBACK_PER_ADDRESS, ip)
    ticket = Feedback(
        merchant_id=brand.id, member_id=member_id, question_type=question_type, content=text
    )
    async with write_transaction() as session:
        session.add(ticket)
    assert ticket.id is not None
    return ticket.id


QUESTION_TYPES = ("deposit", "withdraw", "game", "customer_service", "application", "other")
MAX_REPLY_CHARS = 2000


@dataclass(frozen=True)
class ReplyView:
    author: str
    body: str
    created_at: datetime


@dataclass(frozen=True)
class TicketView:
    id: int
    question_type: str
    content: str
    status: str  # OPEN, ANSWERED
    created_at: datetime
    replies: tuple[ReplyView, ...]


async def member_tickets(member_id: int, limit: int = 20) -> list[TicketView]:
    """The member's tickets, newest first, with the operators' replies in order."""
    async with session_scope() as session:
        tickets = (
            await session.exec(
                select(Feedback)
                .where(Feedback.member_id == member_id)
                .order_by(col(Feedback.id).desc())
                .limit(limit)
            )
        ).all()
        ids = [t.id for t in tickets if t.id is not None]
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
            ReplyView(reply.author, reply.body, reply.created_at)
        )
    return [
        TicketView(
            id=saved_id(t.id),
            question_type=t.question_type,
            content=t.content,
            status=t.status,
            created_at=t.created_at,
            replies=tuple(by_ticket.get(saved_id(t.id), [])),
        )
        for t in tickets
    ]


async def reply(brand_id: int, ticket_id: int, author: str, body: str, now: datetime) -> int:
    """An operator answers a ticket of their brand: the reply is kept under the ticket, the
    ticket is ANSWERED and its member (if any) gets an inbox message."""
    text = body.strip()
    if not 1 <= len(text) <= MAX_REPLY_CHARS:
        raise AppError("feedback-length", status=422, params={"min": 1, "max": MAX_REPLY_CHARS})
    async with write_transaction() as session:
        ticket = await session.get(Feedback, ticket_id, with_for_update=True)
        if ticket is None or ticket.merchant_id != brand_id:
            raise AppError("feedback-not-found", status=404)
        answer = FeedbackReply(feedback_id=ticket_id, author=author[:64], body=text, created_at=now)
        session.add(answer)
        ticket.status = "ANSWERED"
        session.add(ticket)
        if ticket.member_id is not None:
            await inbox.post_message(
                session, ticket.member_id, MessageKind.NEW_MAIL, {"ticket": ticket_id}
            )
    if ticket.member_id is not None:
        await wallet_events.balance_changed(ticket.member_id)  # the member's badges refresh
    return saved_id(answer.id)

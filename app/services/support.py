"""Support tickets and feedback: plain text only, bounded length."""

from __future__ import annotations

from app.core import rate_limit
from app.core.db import write_transaction
from app.core.errors import AppError
from app.services.accounts import limits
from app.services.brands import Brand
from models import Feedback

FEEDBACK_MIN_CHARS = 10
FEEDBACK_MAX_CHARS = 2000


async def submit_feedback(
    brand: Brand, member_id: int | None, question_type: str, content: str, ip: str
) -> int:
    """A ticket; feedback without a login is limited per address."""
    text = content.strip()
    if not FEEDBACK_MIN_CHARS <= len(text) <= FEEDBACK_MAX_CHARS:
        raise AppError(
            "feedback-length",
            status=422,
            params={"min": FEEDBACK_MIN_CHARS, "max": FEEDBACK_MAX_CHARS},
        )
    if member_id is None:
        await rate_limit.consume(limits.ANONYMOUS_FEEDBACK_PER_ADDRESS, ip)
    ticket = Feedback(
        merchant_id=brand.id, member_id=member_id, question_type=question_type, content=text
    )
    async with write_transaction() as session:
        session.add(ticket)
    assert ticket.id is not None
    return ticket.id

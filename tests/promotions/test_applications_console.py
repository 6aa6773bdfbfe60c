"""Activity applications in the console: marketing staff of the brand see what the member
sent (comment, images), take it into review and decide; a rejection needs a note; each step
is audited and the member's inbox is told; another brand's staff is refused and a decided
application cannot be decided again."""

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal
from uuid import uuid4

import pytest
from PIL import Image
from sqlmodel import select

from app.core.db import session_scope
from app.core.errors import AppError
from app.services.backoffice import applications as console
from app.services.promotions import applications, offers
from app.services.promotions.offers import PromotionSpec
from models import AuditEntry
from models.base import utcnow
from models.cashier import MemberMessage, MessageKind
from models.promotions import EntryStatus, PromotionKind, RewardKind
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff, merchant_id


def picture(kind: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (5, 5), (90, 10, 160)).save(buffer, format=kind)
    return buffer.getvalue()


async def _application() -> tuple[int, int]:
    """(entry id, member id) of a new application to a new BR1 activity with two images."""
    brand_id = await merchant_id("BR1")
    now = utcnow()
    spec = PromotionSpec(
        code=f"A{uuid4().hex[:10].upper()}",
        kind=PromotionKind.ACTIVITY,
        content={"en": {"title": "Share a win", "summary": "", "terms": ""}},
        starts_at=now - timedelta(hours=1),
        ends_at=now + timedelta(days=1),
        reward_kind=RewardKind.CASH,
        reward_amount=Decimal("5.00"),
        budget=Decimal("100.00"),
    )
    promotion_id = await offers.define(brand_id, spec)
    member = await make_member("BR1")
    assert member.id is not None
    view = await applications.apply(
        brand_id, member.id, promotion_id, "won 12x", [picture("PNG"), picture("JPEG")], now
    )
    assert view.entry_id is not None
    return view.entry_id, member.id


async def _audited(member_id: int) -> list[str]:
    async with session_scope() as session:
        found = await session.exec(
            select(AuditEntry.action)
            .where(AuditEntry.target == f"member:{member_id}")
            .order_by(AuditEntry.seq)  # type: ignore[arg-type]
        )
        return list(found.all())


async def _messages(member_id: int) -> list[str]:
    async with session_scope() as session:
        found = await session.exec(
            select(MemberMessage.kind).where(MemberMessage.member_id == member_id)
        )
        return list(found.all())


async def test_review_then_approve_is_audited_and_told() -> None:
    entry_id, member_id = await _application()
    staff = await make_staff("marketing", "BR1")
    [listed] = [
        v for v in await console.application_queue(staff, "BR1", utcnow()) if v.entry_id == entry_id
    ]
    assert (listed.status, listed.comment, len(listed.images)) == (
        EntryStatus.APPLYING,
        "won 12x",
        2,
    )
    assert (await console.application_image(staff, entry_id, 0, utcnow())).startswith(
        "data:image/png;base64,"
    )
    assert (await console.application_image(staff, entry_id, 1, utcnow())).startswith(
        "data:image/jpeg;base64,"
    )
    with pytest.raises(AppError) as missing:
        await console.application_image(staff, entry_id, 2, utcnow())
    assert missing.value.code == "image-missing"

    await console.start_review(staff, entry_id, utcnow())
    assert (await applications.application(entry_id)).status is EntryStatus.PROCESS
    with pytest.raises(AppError) as no_note:
        await console.decide(staff, entry_id, False, "   ", utcnow())
    assert no_note.value.code == "staff-reason-required"
    assert (await applications.application(entry_id)).status is EntryStatus.PROCESS

    other = await make_staff("marketing", "BR2")
    with pytest.raises(AppError) as refused:
        await console.decide(other, entry_id, True, "", utcnow())
    assert refused.value.code == "staff-forbidden"

    await console.decide(staff, entry_id, True, "", utcnow())
    decided = await applications.application(entry_id)
    assert (decided.status, decided.reviewed_by) == (EntryStatus.ISSUED, staff.username)
    assert await _messages(member_id) == [MessageKind.APPLICATION_APPROVED]
    assert await _audited(member_id) == [
        "promotion.application.process",
        "promotion.application.approve",
    ]
    with pytest.raises(AppError) as again:
        await console.decide(staff, entry_id, False, "changed my mind", utcnow())
    assert again.value.code == "promo-review-invalid"


async def test_a_rejection_carries_its_note_to_the_member() -> None:
    entry_id, member_id = await _application()
    staff = await make_staff("marketing", "BR1")
    await console.decide(staff, entry_id, False, "  The   image is unreadable ", utcnow())
    decided = await applications.application(entry_id)
    assert (decided.status, decided.review_note) == (
        EntryStatus.REJECTED,
        "The image is unreadable",
    )
    async with session_scope() as session:
        [message] = (
            await session.exec(select(MemberMessage).where(MemberMessage.member_id == member_id))
        ).all()
    assert (message.kind, message.params["note"]) == (
        MessageKind.APPLICATION_REJECTED,
        "The image is unreadable",
    )
    assert entry_id not in {
        v.entry_id for v in await console.application_queue(staff, "BR1", utcnow())
    }

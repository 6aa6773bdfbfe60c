"""Support tickets end to end in the services: a member's ticket with images (a refused image
stores nothing), the desk's queue (waiting longest first, filters, search, paging, only the
brand's), the thread, an answer (audited, the member's inbox told), the member's follow-up
(OPEN again, only on their own ticket) and the close (no more messages either way)."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image
from sqlmodel import select

from app.core.db import session_scope, write_transaction
from app.core.errors import AppError
from app.services.backoffice import support_desk
from app.services.backoffice.support_desk import TicketFilter
from app.services.brands import brands
from app.services.images import folder_path
from app.services.support import tickets
from models import AuditEntry, Feedback, FeedbackReply
from models.base import utcnow
from models.cashier import MemberMessage, MessageKind
from tests.helpers.accounts import make_member
from tests.helpers.backoffice import make_staff
from tests.helpers.images import HOSTILE_IMAGES


def picture(kind: str = "PNG") -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (6, 6), (10, 120, 200)).save(buffer, format=kind)
    return buffer.getvalue()


async def _ticket(member_id: int | None, text: str, images: tuple[bytes, ...] = ()) -> int:
    return await tickets.submit_feedback(
        await brands.by_code("BR1"), member_id, "withdraw", text, "10.1.2.3", images, utcnow()
    )


async def _stored_images(ticket_id: int) -> list[str]:
    async with session_scope() as session:
        ticket = await session.get(Feedback, ticket_id)
    assert ticket is not None
    return ticket.images


async def test_a_ticket_keeps_its_images_and_staff_see_them() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    ticket_id = await _ticket(member.id, "my PIX did not arrive", (picture(), picture("JPEG")))
    names = await _stored_images(ticket_id)
    assert [n[-3:] for n in names] == ["png", "jpg"]
    assert all((folder_path(tickets.IMAGE_FOLDER) / n).is_file() for n in names)
    [mine] = await tickets.member_tickets(member.id)
    assert (mine.id, mine.image_count, mine.status) == (ticket_id, 2, tickets.OPEN)

    staff = await make_staff("support", "BR1")
    first = await support_desk.ticket_image(staff, ticket_id, 0, utcnow())
    second = await support_desk.ticket_image(staff, ticket_id, 1, utcnow())
    assert first.startswith("data:image/png;base64,")
    assert second.startswith("data:image/jpeg;base64,")
    with pytest.raises(AppError) as missing:
        await support_desk.ticket_image(staff, ticket_id, 2, utcnow())
    assert missing.value.code == "image-missing"


@pytest.mark.parametrize(
    ("images", "code"),
    [
        ((picture(),) * 4, "too-many-images"),
        ((b"GIF89a not allowed",), "image-type"),
        ((picture(), b"\x89PNG\r\n\x1a\n" + b"broken" * 8), "image-type"),
        *(((picture(), image), code) for image, code in HOSTILE_IMAGES),
    ],
)
async def test_a_refused_image_stores_nothing(images: tuple[bytes, ...], code: str) -> None:
    member = await make_member("BR1")
    assert member.id is not None
    folder = folder_path(tickets.IMAGE_FOLDER)
    before = set(folder.iterdir()) if folder.exists() else set()
    with pytest.raises(AppError) as refused:
        await _ticket(member.id, "please look at these", images)
    assert refused.value.code == code
    assert await tickets.member_tickets(member.id) == []
    assert (set(folder.iterdir()) if folder.exists() else set()) == before


async def test_answer_follow_up_and_close() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    ticket_id = await _ticket(member.id, "where is my withdrawal")
    staff = await make_staff("support", "BR1")

    await support_desk.answer(staff, ticket_id, "  Paid at 10:02, please check.  ", utcnow())
    detail = await support_desk.ticket(staff, ticket_id, utcnow())
    assert detail.username == member.username and detail.ticket.status == tickets.ANSWERED
    assert [(r.author, r.body, r.from_member) for r in detail.ticket.replies] == [
        (staff.username, "Paid at 10:02, please check.", False)
    ]
    async with session_scope() as session:
        told = (
            await session.exec(select(MemberMessage).where(MemberMessage.member_id == member.id))
        ).all()
        audited = (
            await session.exec(
                select(AuditEntry.action).where(AuditEntry.target == f"ticket:{ticket_id}")
            )
        ).all()
    assert [(m.kind, m.params) for m in told] == [(MessageKind.NEW_MAIL, {"ticket": ticket_id})]
    assert audited == ["support.answer"]

    again = await tickets.follow_up(member.id, ticket_id, "Still nothing.", utcnow())
    assert again.status == tickets.OPEN
    assert [r.from_member for r in again.replies] == [False, True]
    stranger = await make_member("BR1")
    with pytest.raises(AppError) as not_theirs:
        await tickets.follow_up(stranger.id or 0, ticket_id, "me too", utcnow())
    assert not_theirs.value.code == "feedback-not-found"
    with pytest.raises(AppError) as empty:
        await tickets.follow_up(member.id, ticket_id, "   ", utcnow())
    assert empty.value.code == "feedback-length"

    await support_desk.close(staff, ticket_id, utcnow())
    for attempt in (
        tickets.follow_up(member.id, ticket_id, "hello?", utcnow()),
        support_desk.answer(staff, ticket_id, "one more thing", utcnow()),
        support_desk.close(staff, ticket_id, utcnow()),
    ):
        with pytest.raises(AppError) as closed:
            await attempt
        assert closed.value.code == "feedback-closed"
    [mine] = await tickets.member_tickets(member.id)
    assert mine.status == tickets.CLOSED and len(mine.replies) == 2


async def test_follow_ups_per_ticket_are_bounded() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    ticket_id = await _ticket(member.id, "a long conversation starts")
    async with session_scope() as session:
        for n in range(tickets.MAX_FOLLOW_UPS):
            session.add(
                FeedbackReply(feedback_id=ticket_id, author="", body=f"note {n}", from_member=True)
            )
        await session.commit()
    with pytest.raises(AppError) as bounded:
        await tickets.follow_up(member.id, ticket_id, "and one more", utcnow())
    assert bounded.value.code == "feedback-follow-ups"


async def test_the_queue_waits_longest_first_with_filters_and_search() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    first = await _ticket(member.id, "first problem here")
    second = await _ticket(member.id, "second problem here")
    visitor = await _ticket(None, "a visitor writes")
    now = utcnow()
    async with session_scope() as session:
        for ticket_id, moment in ((first, now), (second, now - timedelta(hours=1))):
            ticket = await session.get(Feedback, ticket_id)
            assert ticket is not None
            ticket.updated_at = moment
            session.add(ticket)
        await session.commit()
    staff = await make_staff("support", "BR1")
    waiting = await support_desk.tickets(
        staff, "BR1", TicketFilter(search=member.username.upper()), utcnow()
    )
    assert [row.id for row in waiting.rows] == [second, first]  # the longest waiting first
    assert (waiting.total, waiting.pages, waiting.rows[0].preview) == (
        2,
        1,
        "second problem here",
    )

    by_number = await support_desk.tickets(
        staff, "BR1", TicketFilter(status="", search=f"#{visitor}"), utcnow()
    )
    assert [(row.id, row.username) for row in by_number.rows] == [(visitor, "")]
    await support_desk.answer(staff, first, "done", utcnow())
    answered = await support_desk.tickets(
        staff, "BR1", TicketFilter(status="answered", search=member.username), utcnow()
    )
    assert [row.id for row in answered.rows] == [first]
    typed = await support_desk.tickets(
        staff, "BR1", TicketFilter(status="", question_type="deposit", search=member.username),
        utcnow(),
    )  # fmt: skip
    assert typed.rows == () and typed.pages == 1
    for bad in (
        TicketFilter(status="LOST"),
        TicketFilter(question_type="lottery"),
        TicketFilter(page=0),
    ):
        with pytest.raises(AppError) as refused:
            await support_desk.tickets(staff, "BR1", bad, utcnow())
        assert refused.value.code == "bo-filter-invalid"

    other_brand = await make_staff("support", "BR2")
    theirs = await support_desk.tickets(
        other_brand, "BR2", TicketFilter(status="", search=f"#{first}"), utcnow()
    )
    assert theirs.rows == ()
    with pytest.raises(AppError) as forbidden:
        await support_desk.ticket(other_brand, first, utcnow())
    assert forbidden.value.code == "staff-forbidden"


async def test_paging(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(support_desk, "PAGE_SIZE", 2)
    member = await make_member("BR1")
    assert member.id is not None
    made = [await _ticket(member.id, f"ticket number {n}") for n in range(3)]
    staff = await make_staff("support", "BR1")
    pages = [
        await support_desk.tickets(
            staff, "BR1", TicketFilter(search=member.username, page=page), utcnow()
        )
        for page in (1, 2, 3)
    ]
    assert [[row.id for row in found.rows] for found in pages] == [made[:2], made[2:], []]
    assert {(found.total, found.pages) for found in pages} == {(3, 2)}


async def _set(ticket_id: int, status: str, updated_days_ago: int) -> None:
    async with write_transaction() as session:
        ticket = await session.get(Feedback, ticket_id)
        assert ticket is not None
        ticket.status, ticket.updated_at = status, utcnow() - timedelta(days=updated_days_ago)
        session.add(ticket)


async def test_images_of_tickets_closed_long_ago_are_removed_and_their_text_stays() -> None:
    member = await make_member("BR1")
    assert member.id is not None
    old_closed = await _ticket(member.id, "old closed ticket here", (picture(), picture()))
    new_closed = await _ticket(member.id, "new closed ticket here", (picture(),))
    old_open = await _ticket(member.id, "old open ticket here", (picture(),))
    await _set(old_closed, tickets.CLOSED, 200)
    await _set(new_closed, tickets.CLOSED, 10)
    await _set(old_open, tickets.OPEN, 200)
    gone = await _stored_images(old_closed)
    kept = await _stored_images(new_closed) + await _stored_images(old_open)

    assert await tickets.forget_old_images(utcnow(), timedelta(days=180)) >= 2
    assert await _stored_images(old_closed) == []
    assert not any((folder_path(tickets.IMAGE_FOLDER) / name).exists() for name in gone)
    assert await _stored_images(new_closed) + await _stored_images(old_open) == kept
    assert all((folder_path(tickets.IMAGE_FOLDER) / name).is_file() for name in kept)
    async with session_scope() as session:
        ticket = await session.get(Feedback, old_closed)
    assert ticket is not None and ticket.content == "old closed ticket here"
    # Nothing left to remove: a second pass changes nothing.
    assert await tickets.forget_old_images(utcnow(), timedelta(days=180)) == 0

"""Feedback and complaints: a ticket (question type, content and up to 3 images) from
members and visitors (visitors limited per address by the service), the member's tickets
with their conversation and a follow-up under each ticket not closed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import reflex as rx
from pydantic import StringConstraints

from app.core import clock
from app.core.errors import AppError
from app.services import gates
from app.services.images import read_uploads
from app.services.support import tickets
from state.accounts.auth import current_member, member_id_or_none
from state.guard import ARGS, LOGIN, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.rows import row_of
from state.site import current_brand, page_visitor

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("FeedbackState.", "follow_up load submit", gates.SUPPORT),
}

FEEDBACK_UPLOAD = "feedback-images"
# What the content box may hold (the service counts words and caps characters itself).
LongText = Annotated[str, StringConstraints(max_length=tickets.FEEDBACK_MAX_CHARS + 1)]


@dataclass
class ThreadLine:
    from_member: bool = False
    body: str = ""
    time: str = ""  # ISO, shown in the browser's time zone


@dataclass
class TicketRow:
    id: int = 0
    question_type: str = ""
    content: str = ""
    status: str = ""
    time: str = ""
    image_count: int = 0
    replies: list[ThreadLine] = field(default_factory=list)


def ticket_row(ticket: tickets.TicketView) -> TicketRow:
    return row_of(
        TicketRow,
        ticket,
        time=ticket.created_at.isoformat(),
        replies=[
            ThreadLine(r.from_member, r.body, r.created_at.isoformat()) for r in ticket.replies
        ],
    )


class FeedbackState(MemberPage, rx.State):
    tickets: list[TicketRow] = []
    error: str = ""
    notice: str = ""
    # The ticket whose follow-up the error or the notice is about (shown under it), 0 for the
    # new ticket's form.
    about_ticket: int = 0

    async def _query(self) -> None:
        member_id = await member_id_or_none(self)
        self.tickets = (
            []
            if member_id is None
            else [ticket_row(t) for t in await tickets.member_tickets(member_id)]
        )

    @rx.event
    async def load(self) -> None:
        self.error, self.notice, self.about_ticket = "", "", 0
        await self._query()

    @rx.event
    @checked
    @member_action
    async def submit(
        self, files: list[rx.UploadFile], question_type: Name = "", content: LongText = ""
    ) -> Any:
        """A ticket of the type chosen, with the content typed and the images chosen, for the
        member logged in on this browser, or a visitor's (rate limited)."""
        self.about_ticket = 0
        ticket = await tickets.submit_feedback(
            await current_brand(self),
            await member_id_or_none(self),
            question_type,
            content,
            page_visitor(self).ip,
            await read_uploads(files, tickets.MAX_IMAGES),
            clock.now(),
        )
        self.error = ""
        await self._say("feedback.sent", ticket=ticket)
        await self._query()
        return [rx.set_value("feedback-content", ""), rx.clear_selected_files(FEEDBACK_UPLOAD)]

    @rx.event
    @checked
    @member_action
    async def follow_up(self, form: Form) -> Any:
        """The member writes again under one of their own tickets (the service checks it is
        theirs and not closed)."""
        ticket = str(form.get("ticket", ""))
        member = await current_member(self)
        assert member.id is not None
        if not ticket.isdigit() or not 1 <= int(ticket) < 2**31:
            raise AppError("feedback-not-found", status=404)
        # Its answer goes under the ticket when the page shows it (a forged id: at the top).
        self.about_ticket = next((row.id for row in self.tickets if row.id == int(ticket)), 0)
        await tickets.follow_up(member.id, int(ticket), str(form.get("body", "")), clock.now())
        self.error = ""
        await self._say("feedback.follow_up_sent")
        await self._query()
        return None


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "FeedbackState.load": f"tickets of the {LOGIN}",
    "FeedbackState.submit": (
        f"Reflex upload (body size limit); images checked by content; {ARGS} (one of the question "
        f"types, at most 4,001 characters); ticket of the {LOGIN}, or a visitor's limited per "
        "address"
    ),
    "FeedbackState.follow_up": (
        f"{ARGS}; only under a ticket of the {LOGIN} (not closed), limited per member"
    ),
}

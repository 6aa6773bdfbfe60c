"""Console: the support desk (tickets and feedback by status, type and member; one ticket's
thread with its images; answer and close). The rules and the audit are in
app/services/backoffice/support_desk.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.services.backoffice import support_desk
from app.services.support import tickets
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Index, checked
from state.rows import row_of


@dataclass
class ThreadLine:
    from_member: bool = False
    author: str = ""
    body: str = ""
    at: str = ""  # ISO, shown in the browser's time zone


@dataclass
class TicketLine:
    id: int = 0
    username: str = ""  # "—" for a visitor's
    type: str = ""
    status: str = ""
    preview: str = ""
    at: str = ""  # ISO, the last message's


class SupportDeskState(console.PagedConsolePage, console.BrandConsolePage, rx.State):
    status: str = tickets.OPEN
    question_type: str = ""
    search_text: str = ""
    total: int = 0
    rows: list[TicketLine] = []
    ticket_id: int = 0
    ticket_user: str = ""
    ticket_type: str = ""
    ticket_status: str = ""  # the code (OPEN, ANSWERED, CLOSED)
    ticket_status_text: str = ""
    thread: list[ThreadLine] = []
    image_count: int = 0
    image_url: str = ""

    async def _refresh(self) -> Any:
        staff = await console.brand_scope(self)
        found = await support_desk.tickets(
            staff,
            self.brand,
            support_desk.TicketFilter(self.status, self.question_type, self.search_text, self.page),
            clock.now(),
        )
        lang = await console.ui_lang(self)
        self.rows = [
            row_of(
                TicketLine,
                row,
                username=row.username or "—",
                type=translate(f"feedback.type.{row.question_type}", lang),
                status=translate(f"feedback.status.{row.status}", lang),
                at=console.iso(row.updated_at),
            )
            for row in found.rows
        ]
        self.page, self.pages, self.total = found.page, found.pages, found.total
        return await self._show(self.ticket_id) if self.ticket_id else None

    async def _show(self, ticket_id: int) -> Any:
        found = await support_desk.ticket(await console.current_staff(self), ticket_id, clock.now())
        view, lang = found.ticket, await console.ui_lang(self)
        self.ticket_id, self.ticket_user = view.id, found.username
        self.ticket_type = translate(f"feedback.type.{view.question_type}", lang)
        self.ticket_status = view.status
        self.ticket_status_text = translate(f"feedback.status.{view.status}", lang)
        first = ThreadLine(True, found.username, view.content, view.created_at.isoformat())
        self.thread = [first] + [
            ThreadLine(r.from_member, r.author, r.body, r.created_at.isoformat())
            for r in view.replies
        ]
        self.image_count, self.image_url = found.images, ""
        return None

    def _forget(self) -> None:
        self.page, self.ticket_id, self.thread, self.image_url = 1, 0, [], ""

    @rx.event
    @checked
    async def filter(self, form: Form) -> Any:
        """The filter form: status, type and a username or ticket number."""
        self.status = console.form_text(form, "status", 16)
        self.question_type = console.form_text(form, "question_type", 32)
        self.search_text = console.form_text(form, "search", 64)
        self.error = self.notice = ""
        return await self._first_page()

    @rx.event
    @checked
    async def open_ticket(self, ticket_id: console.RowId) -> Any:
        self.error = self.notice = ""
        return await self._show(ticket_id)

    @rx.event
    @checked
    async def show_image(self, index: Index) -> Any:
        """One image of the ticket open on the page."""
        staff = await console.current_staff(self)
        self.image_url = await support_desk.ticket_image(staff, self.ticket_id, index, clock.now())
        return None

    @rx.event
    @checked
    async def answer(self, form: Form) -> Any:
        """The answer typed under the ticket open on the page."""
        return await self._act(
            lambda staff: support_desk.answer(
                staff,
                self.ticket_id,
                console.form_text(form, "body", tickets.MAX_REPLY_CHARS + 1),
                clock.now(),
            )
        )

    @rx.event
    async def close_ticket(self) -> Any:
        return await self._act(lambda staff: support_desk.close(staff, self.ticket_id, clock.now()))


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "SupportDeskState.load": STAFF,
    "SupportDeskState.pick_brand": f"{ARGS}; {STAFF}",
    "SupportDeskState.filter": f"{ARGS}; {STAFF}",
    "SupportDeskState.next_page": STAFF,
    "SupportDeskState.previous_page": STAFF,
    "SupportDeskState.open_ticket": f"{ARGS}; {STAFF}",
    "SupportDeskState.show_image": f"{ARGS}; {STAFF}",
    "SupportDeskState.answer": f"{ARGS}; {STAFF}",
    "SupportDeskState.close_ticket": STAFF,
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (console.MenuItem(routes.ADMIN_SUPPORT, "bo-support", "support.view", place=160),)

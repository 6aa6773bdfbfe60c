"""Feedback and complaints: a ticket (question type and content) from members and visitors
(visitors limited per address by the service), the member's tickets with the replies."""

from __future__ import annotations

from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.services import support
from state.auth import current_login
from state.errors import describe
from state.guard import Form, checked
from state.site import SiteState, current_brand, page_visitor


class FeedbackState(rx.State):
    tickets: list[dict[str, Any]] = []
    error: str = ""
    notice: str = ""

    async def _member_id(self) -> int | None:
        try:
            return (await current_login(self)).member.id
        except AppError:
            return None

    async def _query(self) -> None:
        member_id = await self._member_id()
        if member_id is None:
            self.tickets = []
            return
        self.tickets = [
            {
                "id": str(t.id),
                "type": t.question_type,
                "content": t.content,
                "status": t.status,
                "time": t.created_at.isoformat(),
                "replies": [{"body": r.body, "time": r.created_at.isoformat()} for r in t.replies],
            }
            for t in await support.member_tickets(member_id)
        ]

    @rx.event
    async def load(self) -> None:
        self.error, self.notice = "", ""
        await self._query()

    @rx.event
    @checked
    async def submit(self, form: Form) -> Any:
        """A ticket for the member logged in on this browser, or a visitor's (rate limited)."""
        lang = (await self.get_state(SiteState)).ui_lang
        kind = str(form.get("question_type", ""))
        if kind not in support.QUESTION_TYPES:
            kind = "other"
        try:
            ticket = await support.submit_feedback(
                await current_brand(self),
                await self._member_id(),
                kind,
                str(form.get("content", "")),
                page_visitor(self).ip,
            )
        except AppError as exc:
            _, self.error = describe(exc, lang)
            self.notice = ""
            return None
        self.error = ""
        self.notice = translate("feedback.sent", lang, ticket=ticket)
        await self._query()
        return rx.set_value("feedback-content", "")

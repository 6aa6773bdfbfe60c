"""Console: activity applications waiting for a decision, their images, the review and the
decision. The rules and the audit are in app/services/backoffice/applications.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.services.backoffice import applications
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Index, checked


@dataclass
class ApplicationLine:
    """An activity application (the field names are the table's column keys)."""

    id: int = 0
    promotion: str = ""
    username: str = ""
    status: str = ""  # translated
    applying: bool = False  # not yet taken into review
    comment: str = ""
    images: int = 0
    at: str = ""  # ISO


class ApplicationsConsoleState(console.BrandConsolePage, rx.State):
    rows: list[ApplicationLine] = []
    image_url: str = ""
    image_of: str = ""

    async def _refresh(self) -> Any:
        staff = await console.brand_scope(self)
        found = await applications.application_queue(staff, self.brand, clock.now())
        lang = await console.ui_lang(self)
        self.rows = [
            ApplicationLine(
                id=view.entry_id,
                promotion=view.promotion_code,
                username=view.username,
                status=translate(f"promo.status.{view.status.value.lower()}", lang),
                applying=view.status.value == "APPLYING",
                comment=view.comment or "—",
                images=len(view.images),
                at=console.iso(view.created_at),
            )
            for view in found
        ]
        return None

    def _forget(self) -> None:
        self.image_url = self.image_of = ""

    @rx.event
    @checked
    async def show_image(self, entry_id: console.RowId, index: Index) -> Any:
        staff = await console.current_staff(self)
        self.image_url = await applications.application_image(staff, entry_id, index, clock.now())
        self.image_of = f"#{entry_id} · {index + 1}"
        return None

    @rx.event
    @checked
    async def start_review(self, entry_id: console.RowId) -> Any:
        return await self._act(
            lambda staff: applications.start_review(staff, entry_id, clock.now()), forget=True
        )

    @rx.event
    @checked
    async def decide(self, form: Form) -> Any:
        """The row's form: its application (hidden), the decision pressed and the note."""
        entry = console.form_id(form, "entry", "promo-review-invalid", 422)
        return await self._act(
            lambda staff: applications.decide(
                staff,
                entry,
                console.form_text(form, "decision", 8) == "approve",
                console.form_text(form, "note", 500),
                clock.now(),
            ),
            forget=True,
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "ApplicationsConsoleState.load": STAFF,
    "ApplicationsConsoleState.pick_brand": f"{ARGS}; {STAFF}",
    "ApplicationsConsoleState.show_image": f"{ARGS}; {STAFF}",
    "ApplicationsConsoleState.start_review": f"{ARGS}; {STAFF}",
    "ApplicationsConsoleState.decide": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (
    console.MenuItem(
        routes.ADMIN_APPLICATIONS, "bo-activity-applications", "promotions.view", place=190
    ),
)

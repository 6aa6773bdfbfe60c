"""Console: team transfers held for review (fan-out, round trip) and their decision. The
rules and the audit are in app/services/backoffice/transfer_reviews.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import translate
from app.services.backoffice import transfer_reviews
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, checked


@dataclass
class HeldRow:
    id: str = ""
    sender: str = ""
    receiver: str = ""
    amount: str = ""
    flag: str = ""  # the pattern, translated
    at: str = ""  # ISO


class TransferReviewsState(console.ConsolePage, rx.State):
    held: list[HeldRow] = []

    async def _refresh(self) -> Any:
        found = await transfer_reviews.queue(await console.current_staff(self), clock.now())
        lang = await console.ui_lang(self)
        written = await console.brand_money(row.merchant_id for row in found)
        self.held = [
            HeldRow(
                id=str(row.id),
                sender=row.sender,
                receiver=row.receiver,
                amount=console.money_of(row.amount, lang, written[row.merchant_id]),
                flag=translate(f"bo-flag-{row.flag}", lang),
                at=console.iso(row.created_at),
            )
            for row in found
        ]
        return None

    @rx.event
    @checked
    async def decide(self, form: Form) -> Any:
        """The row's form: its transfer (hidden), the outcome chosen and the note typed."""
        transfer = console.form_text(form, "transfer", 12)
        return await self._act(
            lambda staff: transfer_reviews.decide(
                staff,
                int(transfer) if transfer.isdigit() else 0,
                console.form_text(form, "outcome", 16),
                console.form_text(form, "note", 200),
                clock.now(),
            )
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "TransferReviewsState.load": STAFF,
    "TransferReviewsState.decide": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (
    console.MenuItem(
        routes.ADMIN_TRANSFER_REVIEWS, "bo-transfer-reviews", "transfers.view", place=150
    ),
)

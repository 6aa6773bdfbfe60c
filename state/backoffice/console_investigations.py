"""Console: the investigation queue (withdrawal parts reported not received), their proof
image and their close. The rules and the audit are in
app/services/backoffice/investigations.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.services.backoffice import investigations
from state.backoffice import console
from state.guard import ARGS, STAFF, Form, Name, checked
from state.guard import Index as PartNo


@dataclass
class CaseRow:
    order: str = ""
    username: str = ""
    amount: str = ""
    parts: str = ""  # the parts reported, with their amounts
    first_proof: int = 0  # the first part with a proof image; 0 for none (parts count from 1)
    at: str = ""  # ISO


class InvestigationsState(console.ConsolePage, rx.State):
    cases: list[CaseRow] = []
    proof_url: str = ""
    proof_of: str = ""

    async def _refresh(self) -> Any:
        found = await investigations.queue(await console.current_staff(self), clock.now())
        lang = await console.ui_lang(self)
        written = await console.brand_money(case.merchant_id for case in found)
        self.cases = [
            CaseRow(
                order=case.order_no,
                username=case.username,
                amount=console.money_of(case.amount, lang, written[case.merchant_id]),
                parts=", ".join(
                    f"#{p.part_no} {console.money_of(p.amount, lang, written[case.merchant_id])}"
                    for p in case.parts
                ),
                first_proof=next((p.part_no for p in case.parts if p.has_proof), 0),
                at=console.iso(case.updated_at),
            )
            for case in found
        ]
        return None

    def _forget(self) -> None:
        self.proof_url = self.proof_of = ""

    @rx.event
    @checked
    async def show_proof(self, order_no: Name, part_no: PartNo) -> Any:
        staff = await console.current_staff(self)
        self.proof_url = await investigations.proof(staff, order_no, part_no, clock.now())
        self.proof_of = f"{order_no} #{part_no}"
        return None

    @rx.event
    @checked
    async def close(self, form: Form) -> Any:
        """The row's form: its order (hidden), the outcome chosen and the note typed."""
        return await self._act(
            lambda staff: investigations.close(
                staff,
                console.form_text(form, "order", 40),
                console.form_text(form, "outcome", 16),
                console.form_text(form, "note", 200),
                clock.now(),
            ),
            forget=True,
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "InvestigationsState.load": STAFF,
    "InvestigationsState.show_proof": f"{ARGS}; {STAFF}",
    "InvestigationsState.close": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (
    console.MenuItem(
        routes.ADMIN_INVESTIGATIONS, "bo-investigations", "payments.investigate", place=140
    ),
)

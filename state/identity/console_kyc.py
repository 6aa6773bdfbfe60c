"""Console: identity verification (the review queue, approve or reject) and the barred list.
Every rule is in app/services/backoffice/kyc.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.i18n import has_key, translate
from app.core.i18n.formatting import format_day
from app.services.backoffice import kyc, player360
from state.backoffice.console import (
    ConsolePage,
    MenuItem,
    RowId,
    current_staff,
    form_text,
    ui_lang,
)
from state.guard import ARGS, STAFF, Form, checked
from state.rows import row_of, text


def liveness_text(row: kyc.KycRow, lang: str) -> str:
    """The liveness verdict for staff: the outcome (with its score), and why when not passed."""
    if not row.liveness:
        return translate("kyc.liveness.none", lang)
    verdict = translate(f"kyc.liveness.{row.liveness}", lang, score=row.liveness_score)
    why = f"kyc.liveness.why.{row.liveness_reason}"
    return f"{verdict}: {translate(why, lang)}" if has_key(why) else verdict


@dataclass
class ReviewRow:
    id: int = 0  # the member's
    username: str = ""
    cpf: str = ""  # masked
    name: str = ""
    claimed: str = ""  # the birth date claimed (ISO), "" when none
    created: str = ""  # ISO, "" when not submitted
    why: str = ""
    documents: int = 0
    liveness: str = ""  # the provider's verdict on the images, translated


@dataclass
class BarredCount:
    list_name: str = ""
    count: int = 0


@dataclass
class BarredLine:
    cpf: str = ""
    list_name: str = ""
    source: str = ""
    at: str = ""  # ISO


class KycState(ConsolePage, rx.State):
    rows: list[ReviewRow] = []
    selected: int = 0
    selected_name: str = ""
    selected_documents: int = 0
    selected_cpf: str = ""  # whole, to compare with the document (the reveal is audited)
    document_urls: list[str] = []
    barred_query: str = ""
    barred_counts: list[BarredCount] = []
    barred_rows: list[BarredLine] = []

    async def _refresh(self) -> Any:
        staff = await current_staff(self)
        found = await kyc.queue(staff, clock.now())
        listed = await kyc.barred_list(staff, self.barred_query, clock.now())
        lang = await ui_lang(self)
        self.rows = [
            row_of(
                ReviewRow,
                r,
                id=r.member_id,
                name=r.full_name,
                claimed=format_day(r.claimed_birth_date, lang) if r.claimed_birth_date else "",
                created=text(r.submitted_at and r.submitted_at.isoformat()),
                why=translate(f"kyc.why.{r.reason}", lang)
                if has_key(f"kyc.why.{r.reason}")
                else r.reason,
                liveness=liveness_text(r, lang),
            )
            for r in found
        ]
        self.barred_counts = [
            BarredCount(list_name=name, count=count)
            for name, count in sorted(listed.counts.items())
        ]
        self.barred_rows = [
            row_of(BarredLine, r, at=r.imported_at.isoformat()) for r in listed.rows
        ]
        if self.selected and not any(r.id == self.selected for r in self.rows):
            self._forget()
        return None

    def _forget(self) -> None:
        self.selected, self.selected_name, self.selected_documents = 0, "", 0
        self.selected_cpf = ""
        self.document_urls = []

    @rx.event
    @checked
    async def open(self, member_id: RowId) -> Any:
        """The identity to decide: the whole CPF (audited) and the documents as thumbnails,
        to compare with each other."""
        row = next((r for r in self.rows if r.id == member_id), None)
        self._forget()
        self.error = self.notice = self.acted = ""
        if row is None:
            return None
        staff = await current_staff(self)
        cpf = await player360.reveal_cpf(staff, member_id, clock.now(), purpose="kyc")
        urls = [
            await kyc.document(staff, member_id, index, clock.now())
            for index in range(row.documents)
        ]
        self.selected, self.selected_name, self.selected_documents = (
            member_id,
            row.name,
            row.documents,
        )
        self.selected_cpf, self.document_urls = cpf, urls
        return None

    async def _decide(self, approve: bool, form: dict[str, Any]) -> Any:
        status = await kyc.decide(
            await current_staff(self),
            self.selected,
            approve,
            form_text(form, "reason", 200),
            form_text(form, "birthDate", 10),
            clock.now(),
        )
        self._forget()
        return await self._read_after_action(
            "kyc.approved" if status == "VERIFIED" else "kyc.rejected"
        )

    @rx.event
    @checked
    async def approve(self, form: Form) -> Any:
        return await self._decide(True, form)

    @rx.event
    @checked
    async def reject(self, form: Form) -> Any:
        return await self._decide(False, form)

    @rx.event
    @checked
    async def reverify(self, form: Form) -> Any:
        """Re-verification on risk: a verified member's identity goes back under review."""
        typed = form_text(form, "member", 12)
        member_id = int(typed) if typed.isdigit() else 0
        reason = form_text(form, "reason", 200)
        await kyc.reverify(await current_staff(self), member_id, reason, clock.now())
        return await self._read_after_action("kyc.reverified")

    @rx.event
    @checked
    async def search_barred(self, form: Form) -> Any:
        self.barred_query = form_text(form, "cpf", 14)
        return await self._refresh()


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "KycState.load": STAFF,
    "KycState.open": f"{ARGS}; a row already loaded for this {STAFF}; the CPF's reveal audited",
    "KycState.approve": f"{ARGS}; {STAFF}",
    "KycState.reject": f"{ARGS}; {STAFF}",
    "KycState.search_barred": f"{ARGS}; {STAFF}",
    "KycState.reverify": f"{ARGS}; {STAFF}",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_KYC, "kyc.nav", "kyc.view", place=90),)

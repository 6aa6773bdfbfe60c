"""Console: the audit log (entries newest first with a filter, the chain check showing where
it breaks, the CSV export)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import logbook
from state.console import ConsolePage, current_staff, failed, form_text, text, ui_lang
from state.guard import Form, checked

PAGE_SIZE = 50


@dataclass
class EntryRow:
    seq: int = 0
    at: str = ""  # ISO
    staff: str = ""
    action: str = ""
    brand: str = ""  # the brand's id, "" for the whole platform
    target: str = ""
    outcome: str = ""
    detail: str = ""  # cut at 300 characters
    hash: str = ""  # its first 12 characters


class AuditState(ConsolePage, rx.State):
    action: str = ""
    page: int = 1
    total: int = 0
    rows: list[EntryRow] = []
    verified: bool = False
    chain_ok: bool = False
    chain_text: str = ""

    async def _refresh(self) -> Any:
        try:
            found, total = await logbook.entries(
                await current_staff(self), self.action, self.page, clock.now()
            )
        except AppError as exc:
            return await failed(self, exc)
        self.error = ""
        self.total = total
        self.rows = [
            EntryRow(
                seq=e.seq,
                at=e.at.isoformat(timespec="seconds"),
                staff=e.staff_name,
                action=e.action,
                brand=text(e.merchant_id),
                target=e.target,
                outcome=e.outcome,
                detail=e.detail[:300],
                hash=e.hash[:12],
            )
            for e in found
        ]
        return None

    def _forget(self) -> None:
        self.verified = False
        self.page = 1

    @rx.event
    @checked
    async def filter(self, form: Form) -> Any:
        self.action = form_text(form, "action", 64)
        self.page = 1
        return await self._refresh()

    @rx.event
    async def next_page(self) -> Any:
        if self.page * PAGE_SIZE < self.total:
            self.page += 1
        return await self._refresh()

    @rx.event
    async def previous_page(self) -> Any:
        self.page = max(1, self.page - 1)
        return await self._refresh()

    @rx.event
    async def verify(self) -> Any:
        try:
            result = await logbook.verify(await current_staff(self), clock.now())
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
        self.verified = True
        self.chain_ok = result.ok
        if result.ok:
            self.chain_text = translate("bo-chain-ok", lang, count=result.checked)
        elif result.broken_at is None:
            self.chain_text = translate("bo-chain-unanchored", lang)
        else:
            self.chain_text = translate(
                "bo-chain-broken", lang, seq=result.broken_at, problem=result.problem
            )
        return None

    @rx.event
    async def export(self) -> Any:
        try:
            data = await logbook.export_csv(await current_staff(self), clock.now())
        except AppError as exc:
            return await failed(self, exc)
        return rx.download(data=data, filename="audit-log.csv", mime_type="text/csv")

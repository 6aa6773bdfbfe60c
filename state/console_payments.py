"""Console: payments (the withdrawal queue, four-eyes approvals, deposits)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import approvals, payments
from app.services.protection import payouts
from state.console import ConsolePage, RowId, current_staff, failed, form_text, money, ui_lang
from state.guard import Form, Name, checked


@dataclass
class WithdrawalRow:
    order: str = ""
    username: str = ""
    amount: str = ""
    remaining: str = ""
    status: str = ""
    approval: str = ""  # "yes" (translated) when it waits for a second staff member, else ""
    created: str = ""  # ISO
    waiting: str = ""  # minutes since the request, said to be over the payout limit


@dataclass
class ApprovalRow:
    id: int = 0
    kind: str = ""
    summary: str = ""
    amount: str = ""
    requested_by: int = 0  # the staff member's id
    created: str = ""  # ISO


@dataclass
class DepositRow:
    order: str = ""
    username: str = ""
    channel: str = ""
    amount: str = ""
    status: str = ""
    created: str = ""  # ISO


class PaymentsState(ConsolePage, rx.State):
    withdrawals: list[WithdrawalRow] = []
    approvals: list[ApprovalRow] = []
    deposits: list[DepositRow] = []

    async def _refresh(self) -> Any:
        try:
            staff = await current_staff(self)
            now = clock.now()
            queue = await payments.queue(staff, 1, now)
            deposits = await payments.deposits(staff, 1, now)
            waiting = await approvals.pending(staff, now) if staff.may("approvals.view") else []
        except AppError as exc:
            return await failed(self, exc)
        lang = await ui_lang(self)
        self.withdrawals = [
            WithdrawalRow(
                order=w.order_no,
                username=w.username,
                amount=money(w.amount, lang),
                remaining=money(w.remaining, lang),
                status=w.status,
                approval=translate("bo-yes", lang) if w.needs_approval else "",
                created=w.created_at.isoformat(timespec="seconds"),
                waiting=translate(
                    "bo-waiting-over" if w.over_payout_limit else "bo-waiting",
                    lang,
                    minutes=w.waiting_minutes,
                    limit=payouts.PAYOUT_LIMIT_MINUTES,
                ),
            )
            for w in queue
        ]
        self.approvals = [
            ApprovalRow(
                id=a.id,
                kind=a.kind,
                summary=a.summary,
                amount=money(a.amount, lang),
                requested_by=a.requested_by,
                created=a.created_at.isoformat(timespec="seconds"),
            )
            for a in waiting
        ]
        self.deposits = [
            DepositRow(
                order=d.order_no,
                username=d.username,
                channel=d.channel,
                amount=money(d.amount, lang),
                status=d.status,
                created=d.created_at.isoformat(timespec="seconds"),
            )
            for d in deposits
        ]
        return None

    @rx.event
    @checked
    async def pay(self, order_no: Name) -> Any:
        """Pay the whole rest of the order; above the threshold it waits for approval."""
        try:
            paid = await payments.pay(await current_staff(self), order_no, "", clock.now())
        except AppError as exc:
            return await failed(self, exc)
        return await self._read_after_action(
            "bo-waiting-approval" if paid.approval_id else "bo-done"
        )

    @rx.event
    @checked
    async def reject(self, form: Form) -> Any:
        return await self._act(
            lambda staff: payments.reject(
                staff, form_text(form, "order", 40), form_text(form, "reason", 200), clock.now()
            )
        )

    @rx.event
    @checked
    async def approve(self, request_id: RowId) -> Any:
        try:
            done = await approvals.approve(await current_staff(self), request_id, clock.now())
        except AppError as exc:
            return await failed(self, exc)
        if done.status == approvals.FAILED:
            refreshed = await self._refresh()
            self.error = translate(str(done.result.get("error", "")), await ui_lang(self))
            return refreshed
        return await self._read_after_action()

    @rx.event
    @checked
    async def decline(self, form: Form) -> Any:
        request_id = form_text(form, "id", 12)
        if not request_id.isdigit():
            return await failed(self, AppError("approval-unknown", 404))
        return await self._act(
            lambda staff: approvals.reject(
                staff, int(request_id), form_text(form, "reason", 200), clock.now()
            )
        )

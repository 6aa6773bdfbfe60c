"""Console: payments (the withdrawal queue with the payout's confirmation, four-eyes
approvals read in words, deposits)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import reflex as rx

from app import routes
from app.core import clock
from app.core.errors import AppError
from app.core.i18n import translate
from app.services.backoffice import approvals, payments
from app.services.brands import Money, brands
from app.services.protection import payouts
from state.backoffice.console import (
    ConsolePage,
    MenuItem,
    RowId,
    brand_money,
    current_staff,
    form_id,
    form_text,
    iso,
    money,
    money_of,
    ui_lang,
    word,
)
from state.guard import ARGS, STAFF, Form, Name, checked
from state.rows import row_of


@dataclass
class WithdrawalRow:
    order: str = ""
    username: str = ""
    amount: str = ""
    remaining: str = ""
    status: str = ""  # in words
    approval: str = ""  # "yes" (translated) when it waits for a second staff member, else ""
    created: str = ""  # ISO
    waiting: str = ""  # minutes since the request, said to be over the payout limit


@dataclass
class ApprovalRow:
    """An open request in words: what, for whom, who asked and why."""

    id: int = 0
    what: str = ""
    amount: str = ""
    member: str = ""
    maker: str = ""
    reason: str = ""
    created: str = ""  # ISO
    may_decide: bool = False
    why_not: str = ""  # why this staff member cannot decide it
    evidence: str = ""  # the console page that shows what it is about
    evidence_label: str = ""


@dataclass
class DepositRow:
    order: str = ""
    username: str = ""
    channel: str = ""
    amount: str = ""
    status: str = ""  # in words
    created: str = ""  # ISO


@dataclass
class PayoutFacts:
    """The payout's confirmation, in words and the reader's formats."""

    order: str = ""
    username: str = ""
    amount: str = ""
    payee: str = ""
    verified_name: str = ""
    names_match: bool = True
    key: str = ""  # "PIX (CPF): 123…"
    own_cpf: str = ""  # the own-CPF check in words, "" for another key type
    own_cpf_ok: bool = True
    kyc: str = ""
    since_payout: str = ""  # deposits and bets since the last payout
    rule: str = ""  # the withdrawal rule's state
    rule_met: bool = True
    totals: str = ""  # deposits, bets and wins over the member's life
    risk: list[str] = field(default_factory=list)
    needs_approval: bool = False


def _member_words(found: approvals.Explained) -> str:
    if found.member_name and found.member_username:
        return f"{found.member_name} ({found.member_username})"
    return found.member_username


def approval_words(found: approvals.Explained, lang: str, written: Money | None = None) -> str:
    """What a request asks, as a sentence (its money as its brand writes it: `written`)."""
    request = found.request
    amount = _in_words(request.amount, lang, written)
    member = _member_words(found)
    if request.kind == payments.PAY_KIND:
        return translate("bo.ask.pay", lang, amount=amount, member=member, order=found.order_no)
    if request.kind == "balance.adjust":
        key = "bo.ask.debit" if found.direction == "debit" else "bo.ask.credit"
        return translate(key, lang, amount=amount, member=member)
    if request.kind == "agent.contract" and found.contract_kind:
        return translate(
            "bo.ask.contract",
            lang,
            member=member,
            kind=translate(f"agent.kind.{found.contract_kind}", lang),
            period=translate(f"agent.period.{found.contract_period}", lang),
            rate=money(request.amount, lang),  # the offer's highest rate, in percent
        )
    return f"{word('approval-kind', request.kind, lang)}: {request.summary}"


def _evidence(found: approvals.Explained, lang: str) -> tuple[str, str]:
    """Where the checker reads what a request is about, and the link's words: the player's
    360 view (a payout, an adjustment, a contract), the lottery issues or the channels."""
    if found.member_id is not None:
        page = f"{routes.ADMIN_PLAYERS}?member={found.member_id}"
        return page, translate("bo.ask.see-player", lang)
    if found.request.kind.startswith("lottery."):
        return routes.ADMIN_LOTTERY, translate("bo.ask.see-issues", lang)
    if found.request.kind.startswith("channel."):
        return routes.ADMIN_CHANNELS, translate("bo.ask.see-channels", lang)
    return "", ""


def _why_not(found: approvals.Explained, staff_id: int, lang: str) -> str:
    if found.may_decide:
        return ""
    if found.request.requested_by == staff_id:
        return translate("bo.ask.own", lang)
    return translate("bo.ask.no-permission", lang)


def _facts(review: payments.PayoutReview, lang: str, written: Money) -> PayoutFacts:
    kind = word("payout-kind", review.account_kind, lang)
    key_kind = f"{kind} ({word('pix-key', review.key_type, lang)})" if review.key_type else kind
    verified = review.verified_name
    return row_of(
        PayoutFacts,
        review,
        order=review.order_no,
        amount=money_of(review.amount, lang, written),
        payee=review.payee_name,
        verified_name=verified or translate("bo.pay.no-verified-name", lang),
        names_match=not verified or _same(verified, review.payee_name),
        key=f"{key_kind}: {review.key}",
        own_cpf=(
            ""
            if review.own_cpf is None
            else translate("bo.pay.own-cpf" if review.own_cpf else "bo.pay.other-cpf", lang)
        ),
        own_cpf_ok=review.own_cpf is not False,
        kyc=word("kyc", review.kyc_status, lang)
        if review.kyc_status
        else translate("bo.360.no-kyc", lang),
        since_payout=translate(
            "bo.pay.since",
            lang,
            deposits=money_of(review.deposited_since, lang, written),
            wagered=money_of(review.wagered_since, lang, written),
        ),
        rule=translate(
            "bo.pay.rule-met" if review.rule_met else "bo.pay.rule-not-met",
            lang,
            required=money_of(review.wagering_required, lang, written),
            wagered=money_of(review.wagered_since, lang, written),
        ),
        totals=translate(
            "bo.pay.totals",
            lang,
            deposits=money_of(review.deposits_total, lang, written),
            bets=money_of(review.bets_total, lang, written),
            wins=money_of(review.wins_total, lang, written),
        ),
        risk=[translate(f"bo.risk.{f.code}", lang, count=f.count) for f in review.risk],
    )


def _written(found: approvals.Explained, written: dict[int, Money]) -> Money | None:
    """How the request's brand writes money; None for a platform-wide request or one whose
    amount is not money (a contract's rate)."""
    merchant_id = found.request.merchant_id
    if merchant_id is None or found.request.kind == "agent.contract":
        return None
    return written[merchant_id]


def _in_words(amount: Any, lang: str, written: Money | None) -> str:
    return money_of(amount, lang, written) if written else money(amount, lang)


def _same(a: str, b: str) -> bool:
    return " ".join(a.upper().split()) == " ".join(b.upper().split())


class PaymentsState(ConsolePage, rx.State):
    _paying: str = ""  # the order the open confirmation shows
    withdrawals: list[WithdrawalRow] = []
    approvals: list[ApprovalRow] = []
    deposits: list[DepositRow] = []
    reviewing: bool = False
    review: PayoutFacts = PayoutFacts()

    async def _refresh(self) -> Any:
        staff = await current_staff(self)
        now = clock.now()
        queue = await payments.queue(staff, 1, now)
        deposits = await payments.deposits(staff, 1, now)
        waiting = await approvals.explained(staff, now) if staff.may("approvals.view") else []
        lang = await ui_lang(self)
        written = await brand_money(
            [w.merchant_id for w in queue]
            + [d.merchant_id for d in deposits]
            + [a.request.merchant_id for a in waiting if a.request.merchant_id is not None]
        )
        self.withdrawals = [
            row_of(
                WithdrawalRow,
                w,
                order=w.order_no,
                amount=money_of(w.amount, lang, written[w.merchant_id]),
                remaining=money_of(w.remaining, lang, written[w.merchant_id]),
                status=word("withdrawal", w.status, lang),
                approval=translate("bo-yes", lang) if w.needs_approval else "",
                created=iso(w.created_at),
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
            row_of(
                ApprovalRow,
                a,
                id=a.request.id,
                what=approval_words(a, lang, _written(a, written)),
                amount=_in_words(a.request.amount, lang, _written(a, written)),
                member=_member_words(a),
                reason=a.maker_reason,
                created=iso(a.request.created_at),
                why_not=_why_not(a, staff.id, lang),
                evidence=_evidence(a, lang)[0],
                evidence_label=_evidence(a, lang)[1],
            )
            for a in waiting
        ]
        self.deposits = [
            row_of(
                DepositRow,
                d,
                order=d.order_no,
                amount=money_of(d.amount, lang, written[d.merchant_id]),
                status=word("deposit", d.status, lang),
                created=iso(d.created_at),
            )
            for d in deposits
        ]
        return None

    def _forget(self) -> None:
        self._paying = ""
        self.reviewing = False
        self.review = PayoutFacts()

    @rx.event
    @checked
    async def review_pay(self, order_no: Name) -> Any:
        """Open the payout's confirmation: nothing is paid until it is confirmed."""
        self.acted = "pay"
        found = await payments.payout_review(await current_staff(self), order_no, clock.now())
        self.error = self.notice = ""
        written = Money.of(await brands.by_id(found.merchant_id))
        self.review = _facts(found, await ui_lang(self), written)
        self._paying = found.order_no
        self.reviewing = True
        return None

    @rx.event
    def close_review(self) -> None:
        self._forget()
        self.error = self.notice = self.acted = ""

    @rx.event
    @checked
    async def pay(self, form: Form) -> Any:
        """Pay the order the confirmation shows (the whole rest); above the threshold it waits
        for a second staff member, with the payer's reason."""
        self.acted = "pay"
        order_no, amount, payee = self._paying, self.review.amount, self.review.payee
        if not order_no:
            raise AppError("withdrawal-order-unknown", 404)
        paid = await payments.pay(
            await current_staff(self),
            order_no,
            "",
            clock.now(),
            form_text(form, "reason", 200),
        )
        self._forget()
        self.acted = ""
        lang = await ui_lang(self)
        refreshed = await self._refresh()
        if not self.error:
            self.notice = translate(
                "bo.pay.filed" if paid.approval_id else "bo.pay.paid",
                lang,
                amount=amount,
                payee=payee,
                order=order_no,
            )
        return refreshed

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
        self.acted = f"approval-{request_id}"
        what = next((a.what for a in self.approvals if a.id == request_id), "")
        done = await approvals.approve(await current_staff(self), request_id, clock.now())
        lang = await ui_lang(self)
        self.acted = ""
        refreshed = await self._refresh()
        if done.status == approvals.FAILED:
            self.error = translate(str(done.result.get("error", "")), lang)
            self.notice = ""
        elif not self.error:
            self.notice = translate("bo.ask.approved", lang, what=what)
        return refreshed

    @rx.event
    @checked
    async def decline(self, form: Form) -> Any:
        request_id = form_id(form, "id", "approval-unknown")
        return await self._act(
            lambda staff: approvals.reject(
                staff, request_id, form_text(form, "reason", 200), clock.now()
            ),
            at=f"approval-{request_id}",
        )


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "PaymentsState.load": STAFF,
    "PaymentsState.review_pay": f"{ARGS}; {STAFF}; payments.pay",
    "PaymentsState.close_review": "closes this tab's confirmation",
    "PaymentsState.pay": (
        f"{ARGS}; {STAFF}; the order the confirmation shows; four-eyes above threshold"
    ),
    "PaymentsState.reject": f"{ARGS}; {STAFF}",
    "PaymentsState.approve": f"{ARGS}; {STAFF}; never the requester",
    "PaymentsState.decline": f"{ARGS}; {STAFF}; never the requester",
}


# Its entry in the console's menu (components/backoffice/console.py orders them by place).
CONSOLE_MENU = (MenuItem(routes.ADMIN_PAYMENTS, "bo-payments", "payments.view", place=30),)

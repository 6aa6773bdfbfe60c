"""The withdraw screen: payment password, payout accounts, the request, and the member's
withdrawals with the receipt confirmation (spec 4, withdrawal confirmation)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import reflex as rx

from app import routes
from app.core.errors import AppError
from app.core.i18n import translate
from app.services import gates
from app.services.accounts import payment_password
from app.services.brands import Money
from app.services.cashier import payout_accounts, withdrawals
from app.services.identity import onboarding
from state import follow
from state.accounts.auth import current_member, member_or_none
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, Name, checked, field_id
from state.member_page import MemberPage, member_action
from state.site import current_brand, current_path, page_visitor, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each("WithdrawState.", "follow_balance load received relabel", gates.READ),
    "WithdrawState.not_received": gates.UNDER_WAY,
    **gates.each("WithdrawState.", "set_payment_password bind_account", gates.ACCOUNT),
    "WithdrawState.request": gates.WITHDRAWAL,
}

PROOF_UPLOAD = "withdraw-proof"
# The page's forms: a refusal shows beside the button of the form that was sent.
PASSWORD_FORM = "payment-password-form"  # noqa: S105 (a test id)
ACCOUNTS_FORM = "payout-account-form"
REQUEST_FORM = "withdraw-form"
ORDERS = "withdraw-orders"


# What a form's success empties: the account just added and the login password, the amount
# requested and the payment password (a password typed stays on the page no longer than it is
# needed).
ACCOUNT_FIELDS = ("pixKey", "bankCode", "accountNumber", "password")
REQUEST_FIELDS = ("amount", "paymentPassword")


def _emptied(*names: str) -> list[Any]:
    return [rx.set_value(field_id(name), "") for name in names]


@dataclass
class PayoutChoice:
    id: str = ""
    label: str = ""  # masked


@dataclass
class BankChoice:
    code: str = ""
    name: str = ""


@dataclass
class OrderRow:
    """A withdrawal order as the member's list shows it."""

    order_no: str = ""
    status: str = ""
    amount: str = ""  # formatted, as the three below
    paid: str = ""
    remaining: str = ""
    awaiting: bool = False  # a paid part waits for the member's confirmation


class WithdrawState(MemberPage, rx.State):
    has_payment_password: bool = False
    payee_name_missing: bool = False
    verify_first: bool = False  # an identity not verified yet: the page says so first
    balance: str = ""
    limits: str = ""
    turnover_left: str = ""
    turnover_progress: str = ""  # what is wagered of what the rule asks, in words
    turnover_percent: int = 0
    accounts: list[PayoutChoice] = []
    # The kind of account the form adds (the brand's first: PIX in reais, else a bank
    # account) and, for a bank account, the market's best-known banks.
    payout_method: str = "PIX"
    banks: list[BankChoice] = []
    orders: list[OrderRow] = []
    errors: dict[str, str] = {}
    error: str = ""
    error_link: str = ""  # the page that lifts the refusal (state/gates.py's remedy)
    error_at: str = ""  # the form the error belongs to (its test id)
    # "Withdrawal requested": belongs to its moment, so a reload, a payout or another
    # language clears it (issue 35).
    notice: str = ""
    _notice_order: str = ""  # the order the notice is about, and its status then
    _notice_status: str = ""

    def _clear_messages(self) -> None:
        self.errors, self.error, self.error_at, self.notice = {}, "", "", ""

    @rx.event
    async def load(self) -> None:
        """The page loads (or reloads): what an earlier moment said is gone."""
        self._clear_messages()
        await self._read()

    async def _read(self) -> None:
        member = await member_or_none(self)
        if member is None:
            return
        brand, lang = await current_brand(self), await ui_lang(self)
        info = await withdrawals.overview(brand, member)
        self.verify_first = not (await onboarding.view(member)).active
        self.has_payment_password = info.payment_password.is_set
        self.payee_name_missing = info.payee_name_missing
        money = Money.of(brand)
        self.balance = money.write(info.cash, lang)
        self.limits = translate(
            "withdraw.limits",
            lang,
            min=money.write(info.rules.min_amount, lang),
            max=money.write(info.rules.max_amount, lang),
            count=info.rules.daily_count - info.used_today,
        )
        turnover = info.turnover
        self.turnover_left = money.write(turnover.remaining, lang) if turnover.remaining > 0 else ""
        self.turnover_progress = translate(
            "withdraw.turnover-progress",
            lang,
            wagered=money.write(min(turnover.wagered, turnover.required), lang),
            required=money.write(turnover.required, lang),
        )
        self.turnover_percent = turnover.percent
        self.accounts = [
            PayoutChoice(id=str(a.id), label=payout_accounts.masked(a))
            for a in await payout_accounts.member_accounts(member)
        ]
        self.payout_method = next(iter(payout_accounts.methods(brand.currency)), "")
        self.banks = [
            BankChoice(code=code, name=name)
            for code, name in payout_accounts.known_banks(brand.currency)
        ]
        views, _ = await withdrawals.member_orders(member)
        self.orders = [
            OrderRow(
                order_no=view.order.order_no,
                status=view.order.status,
                amount=money.write(view.order.amount, lang),
                paid=money.write(view.order.paid_amount, lang),
                remaining=money.write(view.order.remaining_amount, lang),
                awaiting=view.awaiting_amount > 0,
            )
            for view in views
        ]

    @rx.event
    async def follow_balance(self) -> None:
        """Money moved (a part paid, an order rejected): the open withdraw page shows it
        without a reload, and once the requested order has moved on its notice is gone."""
        if await current_path(self) != routes.WITHDRAW:
            return
        await self._read()
        if self.notice and self._noticed_status() != self._notice_status:
            self.notice = ""

    @rx.event
    async def relabel(self) -> None:
        """The language changed: the page in the new one, without the notice of before
        (it was written in the other language)."""
        if await current_path(self) == routes.WITHDRAW:
            await self.load()

    def _noticed_status(self) -> str:
        return next((o.status for o in self.orders if o.order_no == self._notice_order), "")

    @rx.event
    @gated
    @checked
    @member_action(at=PASSWORD_FORM)
    async def set_payment_password(self, form: Form) -> Any:
        member = await current_member(self)
        await payment_password.set_payment_password(
            await current_brand(self),
            member,
            str(form.get("loginPassword", "")),
            str(form.get("paymentPassword", "")),
            str(form.get("confirmPaymentPassword", "")),
            page_visitor(self).ip,
        )
        self._clear_messages()
        await self._read()
        return None

    @rx.event
    @gated
    @checked
    @member_action(at=ACCOUNTS_FORM)
    async def bind_account(self, form: Form) -> Any:
        await payout_accounts.bind(
            await current_member(self),
            payout_accounts.PayoutAccountInput(
                kind=self.payout_method,
                holder_name=str(form.get("holderName", "")),
                pix_key_type=str(form.get("pixKeyType", "")),
                pix_key=str(form.get("pixKey", "")),
                bank_code=str(form.get("bankCode", "")),
                account_number=str(form.get("accountNumber", "")),
            ),
            str(form.get("password", "")),
            page_visitor(self).ip,
        )
        self._clear_messages()
        await self._read()
        return _emptied(*ACCOUNT_FIELDS)

    @rx.event
    @gated
    @checked
    @member_action(at=REQUEST_FORM)
    async def request(self, form: Form) -> Any:
        member = await current_member(self)
        try:
            account_id = int(form.get("accountId") or 0)
        except ValueError:
            raise AppError("payout-account-unknown", status=404) from None
        view = await withdrawals.request_withdrawal(
            await current_brand(self),
            member,
            form.get("amount", ""),
            account_id,
            str(form.get("paymentPassword", "")),
        )
        self._clear_messages()
        await self._say("withdraw.requested", orderNo=view.order.order_no)
        self._notice_order = view.order.order_no
        await self._read()
        self._notice_status = self._noticed_status()
        return [WalletState.refresh, *_emptied(*REQUEST_FIELDS)]

    @rx.event
    @checked
    @member_action(at=ORDERS)
    async def received(self, order_no: Name) -> Any:
        await withdrawals.confirm_receipt(await current_member(self), order_no, "RECEIVED", None)
        self._clear_messages()
        await self._read()
        return None

    @rx.event
    @checked
    @member_action(at=ORDERS)
    async def not_received(self, files: list[rx.UploadFile], order_no: Name = "") -> Any:
        """Reflex's upload endpoint hands the files (its size limit is the app's body
        limit, app/api/main.py) and the order they are about; only the first file is read."""
        member = await current_member(self)
        proof = await files[0].read() if files else None
        await withdrawals.confirm_receipt(member, order_no, "NOT_RECEIVED", proof)
        self._clear_messages()
        await self._read()
        return rx.clear_selected_files(PROOF_UPLOAD)


follow.after_balance(routes.WITHDRAW, WithdrawState.follow_balance)
follow.AFTER_LANGUAGE.append(WithdrawState.relabel)


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "WithdrawState.load": LOGIN,
    "WithdrawState.follow_balance": f"the withdraw page only; {LOGIN}",
    "WithdrawState.relabel": f"the withdraw page only; {LOGIN}",
    "WithdrawState.set_payment_password": f"{ARGS}; {LOGIN}; login password",
    "WithdrawState.bind_account": f"{ARGS}; {LOGIN}",
    "WithdrawState.request": f"{ARGS}; {LOGIN}; payment password",
    "WithdrawState.received": f"{ARGS}; orders of the {LOGIN}",
    "WithdrawState.not_received": (
        f"Reflex upload (body size limit); {ARGS}; orders of the {LOGIN}"
    ),
}

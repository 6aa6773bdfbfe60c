"""The deposit screen (depositv2) and the sandbox provider's checkout page."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core.i18n import translate
from app.core.i18n.formatting import format_money, format_points
from app.services import gates
from app.services.brands import Money
from app.services.cashier import deposits, sandbox, withdrawals
from app.services.identity import onboarding
from app.services.qr import qr_svg_data_uri
from models.cashier import DepositOrder, DepositStatus
from state.accounts.auth import AuthState, current_login, member_or_none, trial_gate
from state.gates import gated
from state.guard import ARGS, GUEST, LOGIN, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "CashierState.",
        "load new_deposit pick_channel set_amount watch_order",
        gates.READ,
    ),
    "CashierState.create": gates.DEPOSIT,
    **gates.each("SandboxState.", "load settle", gates.SANDBOX),
}


async def _money(state: rx.State) -> Money:
    """How the brand writes its amounts: R$ and cents (none in dong)."""
    return Money.of(await current_brand(state))


ORDER_WATCH_SECONDS = 15 * 60
WATCH_STALE_SECONDS = 6  # no beat for this long: the watch died with its process


@dataclass
class ChannelView:
    code: str = ""
    limits: str = ""  # min, max and fee, in the visitor's language
    # One-tap amounts, plain numbers the page writes as money (R$ 20; its name: R$ 20,00).
    quick_amounts: list[str] = field(default_factory=list)


@dataclass
class OrderView:
    """The deposit order just made, as the screen follows it."""

    order_no: str = ""
    amount: str = ""  # formatted, as credited
    credited: str = ""
    status: str = ""
    pending: bool = False  # payment details show only while the order waits for payment
    pix_code: str = ""
    qr: str = ""
    checkout_url: str = ""


class CashierState(MemberPage, rx.State):
    channels: list[ChannelView] = []
    channel: str = "PIX"
    amount: str = ""  # the last one-tap amount chosen (the box itself is the browser's)
    amount_key: int = 0  # a new one-tap amount remounts the box with it
    has_order: bool = False
    order: OrderView = OrderView()
    error: str = ""
    error_link: str = ""  # where the refused member can fix it ("" when nowhere)
    wagering_rule: str = ""  # the withdrawal's wagering, said before the money goes in
    verify_first: bool = False  # an identity not verified yet: the page says so first
    _watching: str = ""
    _watch_beat: float = 0.0

    def _show(self, order: DepositOrder, lang: str, money: Money, session_id: int | None) -> None:
        pending = order.status == DepositStatus.PENDING
        pix_code = (order.pix_code or "") if pending else ""
        self.has_order = True
        self.order = OrderView(
            order_no=order.order_no,
            amount=money.write(order.amount, lang),
            credited=money.write(order.credited_amount, lang),
            status=order.status,
            pending=pending,
            pix_code=pix_code,
            qr=qr_svg_data_uri(pix_code) if pix_code else "",
            checkout_url=sandbox.checkout_url(order, session_id) if pending else "",
        )

    @rx.event
    async def load(self) -> Any:
        auth = await self.get_state(AuthState)
        # The page is a real member's: a trial user gets the deposit gate, a guest nothing.
        if not auth.is_login or auth.is_trial:
            return await trial_gate(self, "deposit")
        brand = await current_brand(self)
        lang, money = await ui_lang(self), Money.of(brand)
        self.channels = [
            ChannelView(
                code=c.code,
                limits=translate(
                    "cashier.limits",
                    lang,
                    min=money.write(c.min_amount, lang),
                    max=money.write(c.max_amount, lang),
                    fee=f"{c.fee_percent.normalize()}%",
                ),
                quick_amounts=[str(a) for a in deposits.quick_amounts(c, brand.currency)],
            )
            for c in await deposits.channels(brand)
        ]
        codes = [c.code for c in self.channels]
        if self.channel not in codes:  # the first the brand offers (not every market has PIX)
            self.channel = codes[0] if codes else ""
        self.wagering_rule = ""
        member = await member_or_none(self)
        self.verify_first = member is not None and not (await onboarding.view(member)).active
        if member is not None:
            times = await withdrawals.wagering_multiplier(brand, member)
            if times > 0:
                self.wagering_rule = translate(
                    "cashier.wagering_rule", lang, times=format_points(times, lang)
                )
        self._forget_order()
        return None

    def _forget_order(self) -> None:
        """The screen back to a new order. The amount stays: a visitor may have typed it
        while the page was still loading."""
        self.has_order, self.order = False, OrderView()
        self.error, self.error_link = "", ""

    @rx.var
    def pix_offered(self) -> bool:
        """The page's PIX tutorial is for brands that take PIX."""
        return any(c.code == "PIX" for c in self.channels)

    @rx.var
    def quick_amounts(self) -> list[str]:
        """The chosen channel's one-tap amounts."""
        return next((c.quick_amounts for c in self.channels if c.code == self.channel), [])

    @rx.event
    @checked
    def pick_channel(self, code: Name) -> None:
        self.channel = code
        self.error = ""

    @rx.event
    @checked
    def set_amount(self, value: Name) -> None:
        self.amount = value[:16]
        self.amount_key += 1

    @rx.event
    def new_deposit(self) -> None:
        self._forget_order()
        self.amount = ""

    @rx.event
    @gated
    @checked
    @member_action
    async def create(self, form: Form) -> Any:
        login = await current_login(self)
        order = await deposits.create_deposit(
            await current_brand(self),
            login.member,
            self.channel,
            form.get("amount", ""),
            session_id=login.session_id,
        )
        self.error, self.error_link = "", ""
        self._show(order, await ui_lang(self), await _money(self), login.session_id)
        return CashierState.watch_order

    @rx.event(background=True)
    async def watch_order(self) -> None:
        """Follow the order until the provider settles it (the balance follows by itself)."""
        async with self:
            order_no = self.order.order_no
            alive = time.time() - self._watch_beat < WATCH_STALE_SECONDS
            if not order_no or (self._watching == order_no and alive):
                return  # one watch per tab: the running one serves this order
            self._watching, self._watch_beat = order_no, time.time()
        for _ in range(ORDER_WATCH_SECONDS // 2):
            await asyncio.sleep(2)
            async with self:
                if self._watching != order_no:
                    return  # a newer order is watched
                self._watch_beat = time.time()
            order = await deposits.order_by_number(order_no)
            if order.status != DepositStatus.PENDING:
                async with self:
                    if self.order.order_no == order_no:
                        self._show(order, await ui_lang(self), await _money(self), order.session_id)
                return


class SandboxState(MemberPage, rx.State):
    """The sandbox provider's own checkout page: pay or fail, then it calls our webhook."""

    _ticket: str = ""
    order_no: str = ""
    amount: str = ""
    status: str = ""
    outcome: str = ""
    error: str = ""

    @rx.event
    @member_action
    async def load(self) -> None:
        lang = await ui_lang(self)
        self.order_no = self.router.url.path.rstrip("/").rsplit("/", 1)[-1][:40]
        self._ticket = self.router.url.query_parameters.get("ticket", "")[:64]
        self.outcome = ""
        order = await sandbox.checkout(self.order_no, self._ticket)
        self.error = ""
        self.amount = format_money(Decimal(order.amount), order.currency, lang)
        self.status = order.status

    @rx.event
    @checked
    @member_action
    async def settle(self, paid: bool) -> None:
        status = await sandbox.pay(self.order_no, self._ticket, paid is True)
        lang = await ui_lang(self)
        self.outcome = translate("sandbox.done", lang, outcome=f"HTTP {status}")
        self.status = (await deposits.order_by_number(self.order_no)).status


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "CashierState.load": f"{GUEST}: the brand's channels",
    "CashierState.pick_channel": ARGS,
    "CashierState.set_amount": ARGS,
    "CashierState.new_deposit": GUEST,
    "CashierState.create": f"{ARGS}; deposit for the {LOGIN}",
    "CashierState.watch_order": "one watch per tab; this tab's own order",
    "SandboxState.load": "sandbox provider page (off in production)",
    "SandboxState.settle": f"{ARGS}; sandbox provider (off in production)",
}

"""The deposit screen (depositv2) and the sandbox provider's checkout page."""

from __future__ import annotations

import asyncio
import time
from decimal import Decimal
from typing import Any

import reflex as rx

from app.core.errors import AppError
from app.core.i18n import translate
from app.core.i18n.formatting import format_amount
from app.services.cashier import deposits, sandbox
from app.services.qr import qr_svg_data_uri
from models.cashier import DepositOrder, DepositStatus
from state.auth import AuthState, current_login
from state.guard import Form, Name, checked
from state.site import SiteState, current_brand, require_open

ORDER_WATCH_SECONDS = 15 * 60
WATCH_STALE_SECONDS = 6  # no beat for this long: the watch died with its process


class CashierState(rx.State):
    channels: list[dict[str, str]] = []
    channel: str = "PIX"
    order: dict[str, str] = {}
    error: str = ""
    _watching: str = ""
    _watch_beat: float = 0.0

    async def _lang(self) -> str:
        return (await self.get_state(SiteState)).ui_lang

    def _show(self, order: DepositOrder, lang: str, session_id: int | None) -> None:
        self.order = {
            "orderNo": order.order_no,
            "amount": format_amount(order.amount, lang),
            "credited": format_amount(order.credited_amount, lang),
            "status": order.status,
            "pixCode": order.pix_code or "",
            "qr": qr_svg_data_uri(order.pix_code) if order.pix_code else "",
            "checkoutUrl": sandbox.checkout_url(order, session_id),
        }

    @rx.event
    async def load(self) -> Any:
        auth = await self.get_state(AuthState)
        if not auth.is_login:
            return None
        if auth.is_trial:
            return AuthState.gate("deposit")
        site = await self.get_state(SiteState)
        brand = await current_brand(self)
        lang = site.ui_lang
        self.channels = [
            {
                "code": c.code,
                "limits": translate(
                    "cashier.limits",
                    lang,
                    min=format_amount(c.min_amount, lang),
                    max=format_amount(c.max_amount, lang),
                    fee=f"{c.fee_percent.normalize()}%",
                ),
            }
            for c in await deposits.channels(brand)
        ]
        self.order = {}
        self.error = ""
        return None

    @rx.event
    @checked
    def pick_channel(self, code: Name) -> None:
        self.channel = code
        self.error = ""

    @rx.event
    def new_deposit(self) -> None:
        self.order = {}
        self.error = ""

    @rx.event
    @checked
    async def create(self, form: Form) -> Any:
        site = await self.get_state(SiteState)
        lang = site.ui_lang
        try:
            await require_open(self, money=True)
            login = await current_login(self)
            brand = await current_brand(self)
            order = await deposits.create_deposit(
                brand,
                login.member,
                self.channel,
                form.get("amount", ""),
                session_id=login.session_id,
            )
        except AppError as exc:
            self.error = translate(exc.code, lang, **exc.params)
            return None
        self.error = ""
        self._show(order, lang, login.session_id)
        return CashierState.watch_order

    @rx.event(background=True)
    async def watch_order(self) -> None:
        """Follow the order until the provider settles it (the balance follows by itself)."""
        async with self:
            order_no = self.order.get("orderNo", "")
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
                    if self.order.get("orderNo") == order_no:
                        self._show(order, await self._lang(), order.session_id)
                return


class SandboxState(rx.State):
    """The sandbox provider's own checkout page: pay or fail, then it calls our webhook."""

    _ticket: str = ""
    order_no: str = ""
    amount: str = ""
    status: str = ""
    outcome: str = ""
    error: str = ""

    @rx.event
    async def load(self) -> None:
        lang = (await self.get_state(SiteState)).ui_lang
        self.order_no = self.router.url.path.rstrip("/").rsplit("/", 1)[-1][:40]
        self._ticket = self.router.url.query_parameters.get("ticket", "")[:64]
        self.outcome = ""
        try:
            order = await sandbox.checkout(self.order_no, self._ticket)
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return
        self.error = ""
        self.amount = f"{order.currency} {format_amount(Decimal(order.amount), lang)}"
        self.status = order.status

    @rx.event
    @checked
    async def settle(self, paid: bool) -> None:
        lang = (await self.get_state(SiteState)).ui_lang
        try:
            status = await sandbox.pay(self.order_no, self._ticket, paid is True)
        except AppError as exc:
            self.error = translate(exc.code, lang)
            return
        self.outcome = translate("sandbox.done", lang, outcome=f"HTTP {status}")
        self.status = (await deposits.order_by_number(self.order_no)).status

"""The wallet screen (transferFund): main and transfer-vendor wallets, moves between them; a
refused move shows in `error` (state/member_page.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import uuid4

import reflex as rx

from app import routes
from app.core.i18n import translate
from app.services import gates
from app.services.brands import Money
from app.services.cashier import transfers
from state.accounts.auth import AuthState, current_member, trial_gate
from state.cashier.wallet import WalletState
from state.gates import gated
from state.guard import ARGS, LOGIN, Form, Name, checked
from state.member_page import MemberPage, member_action
from state.site import current_brand, ui_lang

# The gate of each public handler (the kinds of doors of app/services/gates.py):
# `state.gates.gated` reads its row as the class is made: it comes before the classes.
HANDLER_GATES: dict[str, gates.Door] = {
    **gates.each(
        "TransferState.",
        "fill_max load pick_vendor set_amount set_direction",
        gates.READ,
    ),
    **gates.each("TransferState.", "submit recall_all", gates.MONEY),
}


@dataclass
class VendorWallet:
    """A transfer vendor's wallet as the screen shows it."""

    vendor: str = ""
    name: str = ""
    balance: str = ""  # formatted
    raw: str = ""  # the amount, for the "all" button
    maintenance: bool = False


class TransferState(MemberPage, rx.State):
    # One id per intended transfer: a double submit of the same form replays, never pays twice.
    _request_id: str = ""
    main: str = ""
    main_raw: str = "0"
    total: str = ""
    bonus: str = ""  # the bonus the total counts, "" without one (no wallet lists it)
    recallable: bool = False  # a game's wallet holds money to bring back
    wallets: list[VendorWallet] = []
    vendor: str = ""
    direction: str = transfers.Direction.IN.value
    amount: str = ""
    error: str = ""
    notice: str = ""

    async def _reload(self) -> None:
        lang, brand = await ui_lang(self), await current_brand(self)
        money = Money.of(brand)  # every balance as the site writes money: R$ 1.234,50
        found = await transfers.wallets(brand, await current_member(self))
        self.main = money.write(found.cash, lang)
        self.main_raw = str(found.cash)
        self.total = money.write(found.sum_balance, lang)
        self.bonus = money.write(found.bonus, lang) if found.bonus > 0 else ""
        self.recallable = found.vendor_total > 0
        self.wallets = [
            VendorWallet(
                vendor=w.vendor,
                name=w.name,
                balance=money.write(w.balance, lang),
                raw=str(w.balance),
                maintenance=w.maintenance,
            )
            for w in found.vendors
        ]
        usable = [w.vendor for w in self.wallets if not w.maintenance]
        if self.vendor not in usable:
            self.vendor = usable[0] if usable else ""

    @rx.event
    async def load(self) -> Any:
        auth = await self.get_state(AuthState)
        # The page is a real member's: a trial user gets the deposit gate, a guest nothing.
        if not auth.is_login or auth.is_trial:
            return await trial_gate(self, "deposit")
        if transfers.is_single(await current_brand(self)):
            return rx.redirect(routes.HOME)
        self._request_id = uuid4().hex
        self.amount = self.error = self.notice = ""
        await self._reload()
        return None

    @rx.event
    @checked
    def pick_vendor(self, vendor: Name) -> None:
        self.vendor = vendor
        self.error = ""

    @rx.event
    @checked
    def set_direction(self, direction: Name) -> None:
        self.direction = direction if direction in transfers.DIRECTIONS else "IN"
        self.error = ""

    @rx.event
    @checked
    def set_amount(self, value: Name) -> None:
        self.amount = value

    @rx.event
    def fill_max(self) -> None:
        """All of the source wallet: main for IN, the chosen vendor wallet for OUT."""
        if self.direction == transfers.Direction.IN:
            self.amount = self.main_raw
        else:
            self.amount = next((w.raw for w in self.wallets if w.vendor == self.vendor), "")

    @rx.event
    @gated
    @checked
    @member_action
    async def submit(self, form: Form) -> Any:
        lang = await ui_lang(self)
        brand = await current_brand(self)
        done = await transfers.transfer(
            brand,
            await current_member(self),
            vendor=self.vendor,
            direction=self.direction,
            # The amount the field's own events set (processed in order before this one),
            # before the form's copy: a page re-rendered by another event between typing
            # and its echo may have put the old value back in the field.
            amount=self.amount or form.get("amount", ""),
            request_id=self._request_id,
        )
        self._request_id = uuid4().hex
        self.amount = self.error = ""
        shown = Money.of(brand).write(done.amount, lang)
        self.notice = translate("transfer.done", lang, amount=shown)
        await self._reload()
        return WalletState.refresh

    @rx.event
    @gated
    @member_action
    async def recall_all(self) -> Any:
        lang = await ui_lang(self)
        member = await current_member(self)
        brand = await current_brand(self)
        done = await transfers.recall_all(brand, member, uuid4().hex)
        moved = sum(done.moved.values(), transfers.ZERO)
        shown = Money.of(brand).write(moved, lang)
        self.error = ""
        self.notice = (
            translate("transfer.recalled", lang, amount=shown)
            if moved
            else translate("transfer.nothing_to_recall", lang)
        )
        await self._reload()
        return WalletState.refresh


# Each public handler's check: any browser may call it (tests/security/test_handlers.py).
HANDLER_CHECKS: dict[str, str] = {
    "TransferState.load": LOGIN,
    "TransferState.pick_vendor": ARGS,
    "TransferState.set_direction": ARGS,
    "TransferState.set_amount": ARGS,
    "TransferState.fill_max": "this tab's loaded wallets",
    "TransferState.submit": f"{ARGS}; wallets of the {LOGIN}",
    "TransferState.recall_all": f"wallets of the {LOGIN}",
}
